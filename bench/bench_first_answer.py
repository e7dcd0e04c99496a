"""Benchmark: how soon the language server answers in a file the user opens, on a big log.

Usage::

    .venv/bin/python bench/make_big_traces.py .bench/big          # once: the ~342 MB log
    .venv/bin/python bench/bench_first_answer.py .bench/big [--repeat 5]

Each run starts ``inductor-lens serve`` over stdio with an empty cache folder (cold: no index
cache), the big log as its trace and a site-packages folder holding the transformers files its
frames name (rebuilt from the trace's own frames, as tests/test_server_e2e.py does), and opens
two files at once, the way a user does after starting the editor:

* an output code (the Inductor cache file of GPT-2's backward, beside the log as the Inductor
  cache is when the run is on this machine), and
* a model file (transformers' ``modeling_gpt2.py``), whose lines all 152 graphs' kernels come from.

It then asks for a hover and the code lenses (``codeLens`` + ``codeLens/resolve`` of the first) of
each, again every 20 ms until they answer with content, and prints the time from ``didOpen`` to
the first such answer, the time until the whole index is ready (``inductorLens/kernels``), and
the server's peak RSS (``VmHWM``), and from the server's log its scan time and the CPU time it spent
until the first answers (what the machine's load does not change much).  Medians of ``--repeat`` runs.  Not a test; CI does not run it.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from lsprotocol import types
from pygls.lsp.client import LanguageClient

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("INDUCTOR_LENS_SHARED", os.path.join(os.path.dirname(REPO), "shared"))
SOURCE = os.path.join(SHARED, "traces", "torch-2.11-cuda", "gpt2_l12_train")
POLL = 0.02
VERBOSE = "--verbose" in sys.argv


def site_packages(out: str) -> str:
    """transformers files whose lines carry the traced code, from the source log's frames."""
    (log,) = glob.glob(os.path.join(SOURCE, "trace", "*.log"))
    files: dict[str, dict[int, str]] = {}
    text = open(log, encoding="utf-8", errors="replace").read().replace("\\n", "\n")
    for m in re.finditer(r'File \\?"[^"\\]+/site-packages/(transformers/[^"\\]+)\\?", line (\d+), in \S+\n +([^\n]*)', text):
        files.setdefault(m.group(1), {})[int(m.group(2))] = m.group(3).strip().replace('\\"', '"')
    for rel, lines in files.items():
        target = os.path.join(out, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as fh:
            fh.write("\n".join(lines.get(n, "") for n in range(1, max(lines) + 1)) + "\n")
    return out


def targets(big_log: str, site: str, scratch: str) -> dict[str, tuple[str, int, int]]:
    """(path, 1-based line, column) to hover in the output code and in the model file, read off
    ``report --json`` of the source log (same code, same frames)."""
    exe = os.path.join(os.path.dirname(sys.executable), "inductor-lens")
    out = subprocess.run(
        [exe, "report", SOURCE, "--json", "--cache-dir", os.path.join(scratch, "setup")], capture_output=True, check=True
    ).stdout
    kernels = json.loads(out)["kernels"]
    backward = [k for k in kernels if k["graph"] == "backward" and k["launches"]]
    code = max({k["launches"][0]["path"] for k in backward}, key=lambda p: sum(1 for k in backward if k["launches"][0]["path"] == p))
    launch = next(k for k in backward if k["launches"][0]["path"] == code)
    line = launch["launches"][0]["line"]
    text = open(code).read().split("\n")[line - 1]
    col = text.index(launch["name"].split(".")[-1]) + 1 if launch["name"].split(".")[-1] in text else len(text) - len(text.lstrip())
    model = os.path.join(site, "transformers", "models", "gpt2", "modeling_gpt2.py")
    lines = [s["line"] for k in kernels for s in k["model_lines"] if s["file"].endswith("models/gpt2/modeling_gpt2.py")]
    mline = statistics.mode(lines)
    mtext = open(model).read().split("\n")[mline - 1]
    # the big log's graphs find this code beside them, as the Inductor cache of a local run
    beside = os.path.join(os.path.dirname(big_log), "torchinductor")
    if not os.path.exists(beside):
        os.symlink(os.path.join(SOURCE, "torchinductor"), beside)
    # the report points at its extracted copy; the user opens the Inductor cache file with that text
    text = open(code).read().rstrip("\n")
    cached = next(
        os.path.join(d, n)
        for d, _, names in os.walk(os.path.join(SOURCE, "torchinductor"))
        for n in names
        if n.endswith(".py") and open(os.path.join(d, n)).read().rstrip("\n") == text
    )
    code = os.path.join(os.path.dirname(big_log), "torchinductor", os.path.relpath(cached, os.path.join(SOURCE, "torchinductor")))
    return {"output code": (code, line, col), "model file": (model, mline, len(mtext) - len(mtext.lstrip()) + 1)}


def vmhwm_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration):
        return float("nan")


async def one_run(big_log: str, site: str, files: dict[str, tuple[str, int, int]]) -> dict[str, float]:
    cache = tempfile.mkdtemp(prefix="il-first-")
    client = LanguageClient("bench", "0")
    client.feature("inductorLens/status")(lambda params: None)
    client.feature(types.WORKSPACE_CODE_LENS_REFRESH)(lambda params: None)
    client.feature(types.CLIENT_REGISTER_CAPABILITY)(lambda params: None)
    client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)(lambda params: None)
    client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda params: None)
    logged: list[str] = []
    client.feature(types.WINDOW_LOG_MESSAGE)(lambda params: logged.append(params.message))
    try:
        await client.start_io(sys.executable, "-m", "inductor_lens", "serve", "--cache-dir", cache)
        pid = client._server.pid  # type: ignore[attr-defined]
        caps = types.ClientCapabilities(
            workspace=types.WorkspaceClientCapabilities(code_lens=types.CodeLensWorkspaceClientCapabilities(refresh_support=True))
        )
        await client.initialize_async(
            types.InitializeParams(
                capabilities=caps,
                root_uri="file://" + os.path.dirname(big_log),
                initialization_options={"traces": [big_log], "sitePackages": [site], "discovery": {"enabled": False}},
            )
        )
        client.initialized(types.InitializedParams())
        t0 = time.perf_counter()
        for path, _, _ in files.values():
            client.text_document_did_open(
                types.DidOpenTextDocumentParams(
                    text_document=types.TextDocumentItem(uri="file://" + path, language_id="python", version=1, text=open(path).read())
                )
            )
        result: dict[str, float] = {}

        async def first_hover(what: str, path: str, line: int, col: int) -> None:
            while True:
                found = await client.text_document_hover_async(
                    types.HoverParams(
                        text_document=types.TextDocumentIdentifier(uri="file://" + path), position=types.Position(line - 1, col)
                    )
                )
                if found is not None:
                    result[f"{what}: first hover"] = time.perf_counter() - t0
                    if VERBOSE:  # its last line (a partial answer from a big log's first part says so there)
                        print(f"  {what}: first hover's last line: {found.contents.value.splitlines()[-1][:160]}")
                    return
                await asyncio.sleep(POLL)

        async def first_lens(what: str, path: str) -> None:
            while True:
                found = await client.text_document_code_lens_async(
                    types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri="file://" + path))
                )
                if VERBOSE and not found:
                    print(f"  {what}: codeLens empty at {time.perf_counter() - t0:.3f} s")
                if found:
                    listed = time.perf_counter() - t0
                    resolved = await client.code_lens_resolve_async(found[0])
                    if VERBOSE:
                        print(f"  {what}: codeLens answered {listed:.3f} s, resolved {time.perf_counter() - t0:.3f} s")
                    if resolved.command is not None and resolved.command.command:
                        result[f"{what}: first lenses"] = time.perf_counter() - t0
                        if VERBOSE:
                            print(f"  {what}: first lens of {len(found)}: {resolved.command.title[:160]}")
                        return
                await asyncio.sleep(POLL)

        async def ready() -> None:
            await client.protocol.send_request_async("inductorLens/kernels", {"summary": True, "limit": 1})
            result["whole index ready"] = time.perf_counter() - t0

        jobs = [first_hover(w, *f) for w, f in files.items()] + [first_lens(w, f[0]) for w, f in files.items()] + [ready()]
        await asyncio.wait_for(asyncio.gather(*jobs), 600)
        result["server peak RSS (MB)"] = vmhwm_mb(pid)
        for message in logged:
            found = re.search(r"first answers .* after the start \(scan ([\d.]+)s; ([\d.]+)s of CPU\)", message)
            if found:
                result["server: scan (s)"], result["server: CPU until first answers (s)"] = float(found[1]), float(found[2])
            if VERBOSE and "warning" not in message:
                print("  server:", message[:200])
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        return result
    finally:
        shutil.rmtree(cache, ignore_errors=True)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("root", help="the folder bench/make_big_traces.py wrote")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--verbose", action="store_true", help="print the server's log messages")
    parser.add_argument(
        "--only",
        choices=["output code", "model file"],
        help="open this file alone (the default opens both at once: each one's requests then wait behind the other's)",
    )
    args = parser.parse_args()
    big_log = os.path.abspath(os.path.join(args.root, "big", "dedicated_log_torch_trace_big.log"))
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", os.path.join(REPO, "server", "inductor_lens")], check=True, stdout=subprocess.DEVNULL
    )
    scratch = tempfile.mkdtemp(prefix="il-first-setup-")
    try:
        site = site_packages(os.path.join(scratch, "site-packages"))
        files = targets(big_log, site, scratch)
        if args.only:
            files = {args.only: files[args.only]}
        load = os.getloadavg()[0]
        runs = []
        for _ in range(args.repeat):
            runs.append(await one_run(big_log, site, files))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(
        f"{os.path.getsize(big_log) / 1e6:.0f} MB log, cold (empty cache folder); {os.cpu_count()} cores, load average "
        f"{load:.2f} at start, {os.getloadavg()[0]:.2f} at the end; medians of {len(runs)} runs (all runs in brackets)"
        + (f"; the {args.only} opened alone" if args.only else "")
    )
    for key in runs[0]:
        values = [r[key] for r in runs]
        unit = "" if "(" in key else " s"
        print(f"  {key:32s} {statistics.median(values):8.2f}{unit}   [{' '.join(f'{v:.2f}' for v in values)}]")


if __name__ == "__main__":
    asyncio.run(main())
