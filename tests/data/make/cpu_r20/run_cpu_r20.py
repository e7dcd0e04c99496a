"""Round-20 CPU trace pairs: the same models.py cases traced with PyTorch 2.13 and 2.14.

    python3 run_cpu_r20.py [--out OUTDIR] [--only V/CASE ...]

Runs one case at a time (OMP_NUM_THREADS=1), each in a fresh run folder /tmp/runs_r20/V/CASE with
    TORCH_TRACE=<run>/trace INDUCTOR_PROVENANCE=1 TORCHINDUCTOR_CACHE_DIR=/tmp/torchinductor_r20_V_CASE
    TORCHINDUCTOR_FX_GRAPH_CACHE=0 TORCHINDUCTOR_AUTOGRAD_CACHE=0 TORCH_LOGS=output_code
    OMP_NUM_THREADS=1 PYTHONUNBUFFERED=1
and cwd the run folder:  /tmp/venvV/bin/python /tmp/ws_r20/proj/models.py CASE cpu <run>.
Then rewrites the machine's paths in every log with scripts/rewrite_trace_paths.py
(/tmp/ws_r20/proj/ -> /workspace/proj/, /tmp/venv213/ -> /opt/venv-2.13/,
/tmp/venv214/ -> /opt/venv-2.14/, /tmp/runs_r20/ -> /workspace/runs/), checks none remain, copies
each trace/ to <out>/torch-V-cpu/CASE/trace/ (with stdout.txt, stderr.txt, case.json beside it),
and writes <out>/results.json.  The venvs must exist (see README.md).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
REWRITE = os.path.join(REPO, "scripts", "rewrite_trace_paths.py")
SHARED_MODELS = os.path.join(os.path.dirname(REPO), "shared", "gen_traces", "models.py")  # ../shared beside the checkout
WS = "/tmp/ws_r20/proj"
RUNS = "/tmp/runs_r20"
VENVS = {"2.13": "/tmp/venv213", "2.14": "/tmp/venv214"}
MAPS = [f"{WS}/=/workspace/proj/", "/tmp/venv213/=/opt/venv-2.13/",
        "/tmp/venv214/=/opt/venv-2.14/", f"{RUNS}/=/workspace/runs/"]
LEAKS = ["/tmp/ws_r20", "/tmp/venv21", "/tmp/runs_r20"]

# (version, name, models.py case, extra env)
CASES = [(v, c, c, {}) for v in ("2.13", "2.14") for c in ("mlp_train", "cnn_train", "gpt2_train")]
CASES.append(("2.14", "mlp_train_noprov", "mlp_train", {"INDUCTOR_PROVENANCE": "0"}))


def run_case(v, name, case, extra, out):
    run = os.path.join(RUNS, v, name)
    shutil.rmtree(run, ignore_errors=True)
    os.makedirs(run)
    cache = f"/tmp/torchinductor_r20_{v}_{name}"
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ)
    env.update(TORCH_TRACE=f"{run}/trace", INDUCTOR_PROVENANCE="1", TORCHINDUCTOR_CACHE_DIR=cache,
               TORCHINDUCTOR_FX_GRAPH_CACHE="0", TORCHINDUCTOR_AUTOGRAD_CACHE="0",
               TORCH_LOGS="output_code", OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1")
    env.update(extra)
    py = f"{VENVS[v]}/bin/python"
    argv = [py, f"{WS}/models.py", case, "cpu", run]
    t0 = time.time()
    with open(f"{run}/stdout.txt", "wb") as so, open(f"{run}/stderr.txt", "wb") as se:
        rc = subprocess.call(argv, cwd=run, env=env, stdout=so, stderr=se)
    secs = round(time.time() - t0, 1)
    ver = subprocess.run([py, "-c", "import torch; print(torch.__version__)"],
                         capture_output=True, text=True).stdout.strip()
    logs = sorted(os.path.join(run, "trace", f) for f in os.listdir(os.path.join(run, "trace")))
    texts = [os.path.join(run, f) for f in ("stdout.txt", "stderr.txt")]
    subprocess.check_call([sys.executable, REWRITE, *logs, *sum((["--map", m] for m in MAPS), [])])
    # stdout/stderr are not traces (no MD5s): plain prefix replacement
    for t in texts:
        data = open(t, "rb").read()
        for m in MAPS:
            src, dst = m.split("=", 1)
            data = data.replace(src.encode(), dst.encode())
        open(t, "wb").write(data)
    leaks = {}
    for f in logs + texts:
        data = open(f, "rb").read()
        n = sum(data.count(s.encode()) for s in LEAKS)
        if n:
            leaks[os.path.basename(f)] = n
    kernels = {os.path.basename(f): open(f, "rb").read().count(b"inductor_output_code") for f in logs}
    info = dict(version=v, torch=ver, name=name, case=case, rc=rc, seconds=secs,
                argv=[a.replace(WS + "/", "/workspace/proj/").replace(RUNS + "/", "/workspace/runs/")
                      .replace(VENVS[v] + "/", f"/opt/venv-{v}/") for a in argv],
                env_extra={k: env[k] for k in ("TORCH_TRACE", "INDUCTOR_PROVENANCE", "TORCHINDUCTOR_CACHE_DIR",
                                                "TORCHINDUCTOR_FX_GRAPH_CACHE", "TORCHINDUCTOR_AUTOGRAD_CACHE",
                                                "TORCH_LOGS", "OMP_NUM_THREADS", "PYTHONUNBUFFERED")},
                logs={os.path.basename(f): os.path.getsize(f) for f in logs},
                output_code_lines=kernels, leaks=leaks)
    info["env_extra"]["TORCH_TRACE"] = info["env_extra"]["TORCH_TRACE"].replace(RUNS + "/", "/workspace/runs/")
    dst = os.path.join(out, f"torch-{v}-cpu", name)
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(os.path.join(run, "trace"), os.path.join(dst, "trace"))
    for t in texts:
        shutil.copy(t, dst)
    json.dump(info, open(os.path.join(dst, "case.json"), "w"), indent=1)
    print(json.dumps(info), flush=True)
    return info


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True, help="where the case folders go")
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    os.makedirs(WS, exist_ok=True)
    shutil.copy(SHARED_MODELS, f"{WS}/models.py")
    os.makedirs(a.out, exist_ok=True)
    shutil.copy(SHARED_MODELS, os.path.join(a.out, "models.py"))
    resf = os.path.join(a.out, "results.json")
    results = json.load(open(resf)) if os.path.exists(resf) else {}
    for v, name, case, extra in CASES:
        if a.only and f"{v}/{name}" not in a.only:
            continue
        results[f"{v}/{name}"] = run_case(v, name, case, extra, a.out)
        json.dump(results, open(resf, "w"), indent=1)


if __name__ == "__main__":
    main()
