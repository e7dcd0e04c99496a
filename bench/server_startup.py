"""Benchmark: how long ``python -m inductor_lens serve`` takes to answer ``initialize``, and to
index a workspace, under the byte-code settings a user's environment may have; and where the
import time goes (``-X importtime``).  The companion of bench/editor_open.sh (which measures the
same in a real editor); plain JSON-RPC over stdio, so it runs on an interpreter without pygls.

Usage::

    python3 bench/server_startup.py [--libs DIR] [--workspace WS] [--repeat 3] [--json OUT]

``--libs``: the folder put first on PYTHONPATH (default: the installed extension's bundled/libs
under .editor-e2e/bench-open/ext, else bundled/libs), copied to a scratch folder first so that no
``__pycache__`` is written into it.  ``--workspace``: a workspace folder with a trace (default:
bench/editor_open.sh's ws-mlp) whose indexing is timed after ``initialized``.

Variants (each run a fresh process; "cold" = no byte code yet, "warm" = the previous run's):
  * ``nopyc``: PYTHONDONTWRITEBYTECODE=1 and no ``__pycache__`` (every start compiles every module);
  * ``inplace-cold`` / ``inplace-warm``: byte code written beside the sources (the default without
    PYTHONDONTWRITEBYTECODE: what a user gets from the second start on);
  * ``prefix-cold`` / ``prefix-warm``: PYTHONDONTWRITEBYTECODE unset, PYTHONPYCACHEPREFIX=<scratch>;
  * ``*-nofork``: the same without the fork server serve() starts at once (patched out);
  * ``prefix-dontwrite-warm``: PYTHONDONTWRITEBYTECODE=1 *and* PYTHONPYCACHEPREFIX pointing at the
    warm prefix folder (Python still reads byte code it finds; it only writes none).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_libs() -> str:
    ext = os.path.join(REPO, ".editor-e2e", "bench-open", "ext")
    if os.path.isdir(ext):
        for name in sorted(os.listdir(ext)):
            libs = os.path.join(ext, name, "bundled", "libs")
            if name.startswith("inductor-lens.") and os.path.isdir(libs):
                return libs
    return os.path.join(REPO, "bundled", "libs")


class Rpc:
    def __init__(self, argv: list[str], env: dict[str, str], cwd: str | None) -> None:
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd)
        self.next_id = 0

    def send(self, obj: dict) -> None:
        body = json.dumps(obj).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self) -> dict:
        length = 0
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("server closed stdout")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.proc.stdout.read(length))

    def wait_for(self, test) -> dict:
        """Reads messages (answering the server's requests with null) until test(msg) holds."""
        while True:
            msg = self.read()
            if "method" in msg and "id" in msg:  # a request from the server
                result = [{}] if msg["method"] == "workspace/configuration" else None
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
            if test(msg):
                return msg


def one_run(python: str, libs: str, env_over: dict[str, str | None], workspace: str, cache: str, importtime: bool) -> dict:
    env = dict(os.environ)
    for k, v in env_over.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    env["PYTHONPATH"] = libs
    env["XDG_CACHE_HOME"] = cache
    env["TMPDIR"] = cache  # the fork server's multiprocessing folder goes with the run's scratch
    argv = [python] + (["-X", "importtime"] if importtime else [])
    if env_over.get("NO_FORK_SERVER"):  # serve() without its fork server (an experiment, not a setting)
        argv += [
            "-c",
            "import sys, runpy, inductor_lens.index.loader as l; l.start_scan_processes = lambda: None; "
            "sys.argv = ['inductor_lens', 'serve']; runpy.run_module('inductor_lens', run_name='__main__', alter_sys=True)",
        ]
    else:
        argv += ["-m", "inductor_lens", "serve"]
    rpc = Rpc(argv, env, workspace)
    uri = "file://" + workspace
    init = rpc.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": uri,
            "workspaceFolders": [{"uri": uri, "name": "ws"}],
            "capabilities": {"window": {"workDoneProgress": True}, "workspace": {"configuration": True}},
            "initializationOptions": {"pathMappings": {"/workspace/proj": workspace}},
        },
    )
    rpc.wait_for(lambda m: m.get("id") == init and "method" not in m)
    t_init = time.perf_counter() - rpc.t0
    rpc.notify("initialized", {})
    rpc.wait_for(lambda m: m.get("method") == "inductorLens/status" and m["params"].get("state") == "ready")
    t_ready = time.perf_counter() - rpc.t0
    shut = rpc.request("shutdown", None)
    rpc.wait_for(lambda m: m.get("id") == shut and "method" not in m)
    rpc.notify("exit", None)
    try:
        _, err = rpc.proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        rpc.proc.kill()
        _, err = rpc.proc.communicate()
    out = {"initialize_s": round(t_init, 3), "ready_s": round(t_ready, 3)}
    if importtime:
        out["imports"] = parse_importtime(err.decode(errors="replace"))
    return out


def parse_importtime(text: str) -> dict:
    """Self time summed by top-level package, and the cumulative time of the top-level imports."""
    by_pkg: dict[str, int] = {}
    top: list[tuple[int, str]] = []
    for line in text.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if not m:
            continue
        self_us, cum_us, indent, name = int(m.group(1)), int(m.group(2)), len(m.group(3)), m.group(4)
        pkg = name.split(".")[0]
        by_pkg[pkg] = by_pkg.get(pkg, 0) + self_us
        if indent == 1:
            top.append((cum_us, name))
    total = sum(by_pkg.values())
    return {
        "total_ms": round(total / 1000, 1),
        "by_package_ms": {k: round(v / 1000, 1) for k, v in sorted(by_pkg.items(), key=lambda kv: -kv[1])[:15]},
        "slowest_top_level_ms": {n: round(c / 1000, 1) for c, n in sorted(top, reverse=True)[:12]},
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--libs", default=default_libs())
    ap.add_argument("--workspace", default=os.path.join(REPO, ".editor-e2e", "bench-open", "ws-mlp"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", default=os.path.join(REPO, "bench", "results", "server_startup.json"))
    args = ap.parse_args()
    if not os.path.isdir(args.workspace):
        sys.exit(f"no workspace {args.workspace}: run bench/editor_open.sh first (or pass --workspace)")
    scratch = tempfile.mkdtemp(
        prefix="il-startup-",
        dir=os.path.join(REPO, ".editor-e2e", "tmp") if os.path.isdir(os.path.join(REPO, ".editor-e2e", "tmp")) else None,
    )
    results: dict[str, list[dict]] = {}

    def fresh_libs(name: str) -> str:
        dst = os.path.join(scratch, name, "libs")
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(args.libs, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        return dst

    def run(variant: str, libs: str, env: dict, importtime: bool = False) -> dict:
        cache = tempfile.mkdtemp(dir=scratch)  # the server's index cache: cold every run
        r = one_run(args.python, libs, env, args.workspace, cache, importtime)
        results.setdefault(variant, []).append(r)
        print(f"{variant:24s} initialize {r['initialize_s']:.3f}s  ready {r['ready_s']:.3f}s", flush=True)
        return r

    nowrite = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": None}
    write = {"PYTHONDONTWRITEBYTECODE": None, "PYTHONPYCACHEPREFIX": None}
    for i in range(args.repeat):
        libs = fresh_libs("nopyc")
        run("nopyc", libs, nowrite)
        libs = fresh_libs("inplace")
        run("inplace-cold", libs, write)
        run("inplace-warm", libs, write)
        prefix = os.path.join(scratch, f"prefix-{i}")
        libs = fresh_libs("prefix")
        run("prefix-cold", libs, {**write, "PYTHONPYCACHEPREFIX": prefix})
        run("prefix-warm", libs, {**write, "PYTHONPYCACHEPREFIX": prefix})
        run("prefix-dontwrite-warm", libs, {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": prefix})
        run("prefix-warm-nofork", libs, {**write, "PYTHONPYCACHEPREFIX": prefix, "NO_FORK_SERVER": "1"})
        libs = fresh_libs("nopyc-nofork")
        run("nopyc-nofork", libs, {**nowrite, "NO_FORK_SERVER": "1"})
    # where the import time goes, without and with byte code (without the fork server, whose
    # interpreter would write its own import times to the same stderr)
    libs = fresh_libs("it-nopyc")
    it_nopyc = run("importtime-nopyc", libs, {**nowrite, "NO_FORK_SERVER": "1"}, importtime=True)["imports"]
    libs = fresh_libs("it-warm")
    run("importtime-warm(prime)", libs, write)
    it_warm = run("importtime-warm", libs, {**write, "NO_FORK_SERVER": "1"}, importtime=True)["imports"]

    summary = {
        variant: {
            "initialize_s_median": statistics.median(r["initialize_s"] for r in rs),
            "ready_s_median": statistics.median(r["ready_s"] for r in rs),
            "runs": rs,
        }
        for variant, rs in results.items()
    }
    print("\nmedians (s): variant, spawn→initialize answered, spawn→status ready")
    for variant, s in summary.items():
        print(f"  {variant:24s} {s['initialize_s_median']:.3f}  {s['ready_s_median']:.3f}")
    for label, it in (("no byte code", it_nopyc), ("warm byte code", it_warm)):
        print(f"\n-X importtime, {label}: {it['total_ms']} ms of imports (self time summed)")
        print("  by package:", ", ".join(f"{k} {v}" for k, v in it["by_package_ms"].items()))
        print("  slowest top-level imports (cumulative):", ", ".join(f"{k} {v}" for k, v in it["slowest_top_level_ms"].items()))
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    doc = {
        "python": args.python,
        "libs": args.libs,
        "workspace": args.workspace,
        "nproc": os.cpu_count(),
        "loadavg": os.getloadavg(),
        "variants": summary,
        "importtime_nopyc": it_nopyc,
        "importtime_warm": it_warm,
    }
    with open(args.json, "w") as fh:  # the checkout's own path as <repo>: a result names no folder of the machine
        fh.write(json.dumps(doc, indent=2).replace(REPO, "<repo>"))
    print(f"\nwrote {args.json}")
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
