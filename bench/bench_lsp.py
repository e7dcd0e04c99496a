"""Benchmark: hover, definition and code-lens latency over stdio on a real trace.

Usage: ``.venv/bin/python bench/bench_lsp.py [TRACE_PATH] [--rounds N]``
(default: ../shared/traces/torch-2.11-cuda/gpt2_l12_train/trace).  Starts ``inductor-lens serve``
as a subprocess (like an editor would), waits for the index, then times requests at every
kernel launch and definition of every output code, round-trip as the client sees it.
Prints p50 / p99 / max in milliseconds.  Not a test; CI does not run it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

from lsprotocol import types
from pygls.lsp.client import LanguageClient

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = os.path.join(os.path.dirname(REPO), "shared", "traces", "torch-2.11-cuda", "gpt2_l12_train", "trace")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("trace", nargs="?", default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sample", type=int, default=0, help="time at most this many positions (random, seeded)")
    args = parser.parse_args()
    args.trace = os.path.abspath(args.trace)
    client = LanguageClient("bench", "0")
    client.feature("inductorLens/status")(lambda params: None)
    cache = tempfile.mkdtemp(prefix="il-bench-lsp-")
    await client.start_io(sys.executable, "-m", "inductor_lens", "serve", "--cache-dir", cache)
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri="file://" + os.path.dirname(args.trace),
            initialization_options={"traces": [args.trace], "discovery": {"enabled": False}},
        )
    )
    client.initialized(types.InitializedParams())
    t0 = time.perf_counter()
    kernels = await asyncio.wait_for(client.protocol.send_request_async("inductorLens/kernels", {}), 3600)
    print(f"index ready after {1000 * (time.perf_counter() - t0):.0f} ms: {len(kernels)} kernels")
    positions = []
    for k in kernels:
        get = (lambda o, n: o[n]) if isinstance(k, dict) else getattr
        for loc in list(get(k, "launches")) + ([get(k, "definition")] if get(k, "definition") else []):
            positions.append((get(loc, "path"), get(loc, "line")))
    if args.sample and len(positions) > args.sample:
        import random

        positions = random.Random(0).sample(positions, args.sample)
    documents = sorted({p for p, _ in positions})
    times: dict[str, list[float]] = {"hover": [], "definition": [], "codeLens": [], "codeLens/resolve": []}
    for _ in range(args.rounds):
        for path, line in positions:
            ident = types.TextDocumentIdentifier(uri="file://" + path)
            text = open(path).read().split("\n")[line - 1]
            col = len(text) - len(text.lstrip()) + 2
            p = types.Position(line - 1, col)
            t = time.perf_counter()
            await client.text_document_hover_async(types.HoverParams(text_document=ident, position=p))
            times["hover"].append(time.perf_counter() - t)
            t = time.perf_counter()
            await client.text_document_definition_async(types.DefinitionParams(text_document=ident, position=p))
            times["definition"].append(time.perf_counter() - t)
        for path in documents:
            t = time.perf_counter()
            found = await client.text_document_code_lens_async(
                types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri="file://" + path))
            )
            times["codeLens"].append(time.perf_counter() - t)
            for lens in found or []:
                t = time.perf_counter()
                await client.code_lens_resolve_async(lens)
                times["codeLens/resolve"].append(time.perf_counter() - t)
    print(f"{'request':12s} {'n':>6s} {'p50 ms':>8s} {'p99 ms':>8s} {'max ms':>8s}")
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"{name:12s} {len(ms):6d} {statistics.median(ms):8.2f} {pct(ms, 0.99):8.2f} {max(ms):8.2f}")
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


if __name__ == "__main__":
    asyncio.run(main())
