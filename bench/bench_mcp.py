"""Benchmark: ``inductor-lens mcp``'s ``hot_lines`` called over stdio by the official MCP SDK's client,
three ways on one run: the first call of a server on an empty cache folder (the log indexed), the
second call on the same server (the document kept while its inputs hold), and the first call of a
second server on the now warm cache folder (the on-disk index cache).  Each call is timed at the
client, from the request to the parsed result; the servers' start-up is not counted.

Usage::

    .venv/bin/python bench/bench_mcp.py [RUN] [--repeat 5] [--limit 0.3]

``RUN`` defaults to ``../shared/traces/torch-2.11-cuda/gpt2_l12_train`` (a 9 MB log).  Prints each
figure's median and best over ``--repeat`` servers, and exits 1 when the second call's median is over
``--limit`` seconds.  Not a test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("INDUCTOR_LENS_SHARED", os.path.join(os.path.dirname(REPO), "shared"))
DEFAULT = os.path.join(SHARED, "traces", "torch-2.11-cuda", "gpt2_l12_train")


async def timed_calls(run: str, cache: str, calls: int) -> list[float]:
    """Seconds of ``calls`` successive ``hot_lines(run)`` calls to one fresh server on ``cache``."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "inductor_lens", "mcp", "--cache-dir", cache],
        env={"PYTHONPATH": os.path.join(REPO, "server")},
    )
    out = []
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await session.list_tools()
        for _ in range(calls):
            start = time.perf_counter()
            result = await session.call_tool("hot_lines", {"path": run, "top": 10})
            out.append(time.perf_counter() - start)
            if result.is_error or not result.structured_content or not result.structured_content["lines"]:
                raise SystemExit(f"hot_lines {run}: {result.content}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", nargs="?", default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=float, default=0.3, help="seconds the second call may take (median)")
    args = parser.parse_args()
    cold, second, warm_first = [], [], []
    for _ in range(args.repeat):
        cache = tempfile.mkdtemp(prefix="bench_mcp_")
        try:
            first, again = anyio.run(timed_calls, args.run, cache, 2)
            cold.append(first)
            second.append(again)
            warm_first.append(anyio.run(timed_calls, args.run, cache, 1)[0])
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    print(f"hot_lines {args.run} (top 10), {args.repeat} servers, seconds at the client:")
    for name, times in (
        ("first call, empty cache folder", cold),
        ("second call, same server", second),
        ("first call, new server, warm cache", warm_first),
    ):
        print(f"  {name:<36} median {statistics.median(times):.3f}  best {min(times):.3f}")
    ok = statistics.median(second) < args.limit
    print(f"second call: {statistics.median(second):.3f} s {'<' if ok else '>='} {args.limit} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
