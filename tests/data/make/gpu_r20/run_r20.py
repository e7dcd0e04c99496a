"""Run the round-20 trace cases in parallel and pack them into <=16 MiB .tar.xz archives.

python run_r20.py [--out DIR] [--jobs N] [--start-by S] [--kill-at S] [--dev cuda|cpu] [case ...]

Same recipe as ../shared/gen_traces/run_all.py (TORCH_TRACE, INDUCTOR_PROVENANCE, a private
TORCHINDUCTOR_CACHE_DIR per case, FX/AOT caches off, TORCH_LOGS=output_code), plus: model files
copied to /workspace/proj (and the edited copy to /workspace/proj_edit), the Inductor cache copied
beside the trace as <case>/inductor_cache, a large profile_trace.json gzipped, per-case case.json,
and archives sized to fit the device tool's limits (8 files back, 16 MiB each, 64 MiB together).
"""
import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tarfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
#: the model files, where the repository keeps them (../shared does not travel to the GPU machine):
#: models.py is ../shared/gen_traces/models.py unchanged; the edited copy is the cnn_train_edit fixture's
PAIRS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "pairs")  # tests/data/pairs
SOURCES = {"models.py": os.path.join(PAIRS, "models.py"), "models_r20.py": os.path.join(HERE, "models_r20.py"),
           "models_edit.py": os.path.join(PAIRS, "torch-2.11-cuda", "cnn_train_edit", "models.py")}
WORKSPACE = "/workspace/proj"
WORKSPACE_EDIT = "/workspace/proj_edit"
RUNS = os.environ.get("RUNS", "/workspace/runs")

PROV0 = {"INDUCTOR_PROVENANCE": "0"}
BENCH = {"TORCHINDUCTOR_BENCHMARK_KERNEL": "1"}

# name: dict(case=model case, script=file in the workspace, ws=workspace, env=extra env,
#            tc=keep Triton's compiled kernels even when archives run short, what=description)
# "{case_dir}" in an env value is replaced by the case's folder.
CASES = {
    # 1. static vs max-autotune (Triton GEMM templates)
    "mlp_train": dict(case="mlp_train", tc=True, what="models.py mlp_train (reference side of several pairs)"),
    "mlp_train_autotune": dict(
        case="mlp_train_autotune", script="models_r20.py", tc=True,
        env={"TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS": "TRITON"},
        what="mlp_train compiled with mode='max-autotune-no-cudagraphs', GEMM backends TRITON only: "
             "every GEMM a triton_tem_fused_* template"),
    "mlp_train_autotune_default": dict(
        case="mlp_train_autotune", script="models_r20.py", tc=True,
        what="mlp_train compiled with mode='max-autotune-no-cudagraphs', default GEMM backends "
             "(ATEN,TRITON,CPP): autotuning may keep extern mm for some GEMMs"),
    # 2. edit of the model file
    "cnn_train": dict(case="cnn_train", what="models.py cnn_train"),
    "cnn_train_edit": dict(
        case="cnn_train", ws=WORKSPACE_EDIT,
        what="cnn_train from /workspace/proj_edit/models.py: 2 lines inserted above SmallCNN, first F.relu -> F.gelu"),
    # 3. batch size
    "gpt2_train": dict(case="gpt2_train", what="models.py gpt2_train (batch 2, seq 64)"),
    "gpt2_train_b8": dict(case="gpt2_train_b8", script="models_r20.py", what="gpt2_train with batch 8, seq 64"),
    # 4. dynamic shapes
    "mlp_train_dynamic": dict(case="mlp_train_dynamic", script="models_r20.py",
                              what="mlp_train compiled with dynamic=True"),
    # 5. no provenance
    "mlp_train_noprov": dict(case="mlp_train", env=PROV0, what="mlp_train with INDUCTOR_PROVENANCE=0"),
    # 6. another fusion/kernel kind
    "cnn_train_nopersist": dict(case="cnn_train", env={"TORCHINDUCTOR_PERSISTENT_REDUCTIONS": "0"},
                                what="cnn_train with persistent reductions off: looped triton_red_ kernels"),
    # 7. throughput
    "profile_cnn_bench": dict(case="profile_cnn", env=BENCH, tc=True,
                              what="models.py profile_cnn with TORCHINDUCTOR_BENCHMARK_KERNEL=1"),
    "profile_gpt2_train_bench": dict(case="profile_gpt2_train", script="models_r20.py", env=BENCH, tc=True,
                                     what="GPT-2 2-layer training under torch.profiler, TORCHINDUCTOR_BENCHMARK_KERNEL=1"),
    "profile_bert_train_bench": dict(case="profile_bert_train", script="models_r20.py", env=BENCH,
                                     what="profile_bert_train with TORCHINDUCTOR_BENCHMARK_KERNEL=1 (issue 25's held-out kind)"),
    "profile_convnext_train_bench": dict(case="profile_convnext_train", script="models_r20.py", env=BENCH,
                                         what="profile_convnext_train with TORCHINDUCTOR_BENCHMARK_KERNEL=1"),
    "mlp_train_autotune_bench": dict(
        case="mlp_train_autotune", script="models_r20.py",
        env={"TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS": "TRITON", **BENCH},
        what="mlp_train_autotune (every GEMM a Triton template) with TORCHINDUCTOR_BENCHMARK_KERNEL=1"),
    "profile_gpt2_train": dict(case="profile_gpt2_train", script="models_r20.py", tc=True,
                               what="GPT-2 2-layer training under torch.profiler (warm-up + 3 steps)"),
    # 8. Triton cache in its own folder
    "gpt2_train_tc": dict(case="gpt2_train", env={"TRITON_CACHE_DIR": "{case_dir}/triton_cache"}, tc=True,
                          what="gpt2_train with TRITON_CACHE_DIR=<case>/triton_cache"),
    # 9-11. origin rules: prov/noprov pairs
    "convnext_train": dict(case="convnext_train", script="models_r20.py",
                           what="timm convnext_atto training, batch 4, 64x64, 2 steps"),
    "convnext_train_noprov": dict(case="convnext_train", script="models_r20.py", env=PROV0,
                                  what="convnext_train with INDUCTOR_PROVENANCE=0"),
    "bert_train": dict(case="bert_train", script="models_r20.py",
                       what="HF BertForSequenceClassification (2 layers, hidden 128) training, batch 4, seq 32, 2 steps"),
    "bert_train_noprov": dict(case="bert_train", script="models_r20.py", env=PROV0,
                              what="bert_train with INDUCTOR_PROVENANCE=0"),
    "ln_conv_train": dict(case="ln_conv_train", script="models_r20.py",
                          what="models_r20.LNConv: conv -> permute -> LayerNorm -> permute -> conv -> gelu -> mean -> linear, 2 steps"),
    "ln_conv_train_noprov": dict(case="ln_conv_train", script="models_r20.py", env=PROV0,
                                 what="ln_conv_train with INDUCTOR_PROVENANCE=0"),
    # 12. multi-kernel
    "gpt2_train_multikernel": dict(case="gpt2_train", env={"TORCHINDUCTOR_MULTI_KERNEL": "1"}, tc=True,
                                   what="gpt2_train with TORCHINDUCTOR_MULTI_KERNEL=1"),
    # 13. hot lines in the user's script
    "profile_bert_train": dict(case="profile_bert_train", script="models_r20.py",
                               what="bert_train under torch.profiler (warm-up + 3 steps)"),
    "profile_convnext_train": dict(case="profile_convnext_train", script="models_r20.py",
                                   what="convnext_train under torch.profiler (warm-up + 3 steps)"),
}

# longest first, so the slow compiles overlap the short ones
ORDER = ["mlp_train_autotune_bench", "profile_convnext_train_bench", "profile_bert_train_bench", "mlp_train_autotune", "mlp_train_autotune_default", "gpt2_train_multikernel", "profile_convnext_train",
         "convnext_train", "convnext_train_noprov", "profile_gpt2_train_bench", "profile_gpt2_train",
         "gpt2_train_tc", "gpt2_train", "gpt2_train_b8", "profile_bert_train", "bert_train", "bert_train_noprov",
         "profile_cnn_bench", "cnn_train", "cnn_train_edit", "cnn_train_nopersist", "ln_conv_train",
         "ln_conv_train_noprov", "mlp_train", "mlp_train_noprov", "mlp_train_dynamic"]
assert sorted(ORDER) == sorted(CASES), set(ORDER) ^ set(CASES)

KEEP_EXT = (".log", ".py", ".json", ".txt", ".md", ".gz", ".best_config", ".source", ".ttir", ".ttgir",
            ".llir", ".ptx", ".cubin")
TRITON_EXT = (".source", ".ttir", ".ttgir", ".llir", ".ptx", ".cubin")
MAX_FILE = 40 * 1024 * 1024
MIB = 1024 * 1024
T0 = time.time()


def log(*a):
    print(f"[{time.time() - T0:6.1f}s]", *a, flush=True)


def keep(path):
    return path.endswith(KEEP_EXT) and os.path.getsize(path) <= MAX_FILE


def is_triton(rel):
    """A file of Triton's compile cache (inductor_cache/triton/... or triton_cache/...)."""
    parts = rel.split(os.sep)
    return ("triton_cache" in parts or (len(parts) > 2 and parts[1] == "inductor_cache" and parts[2] == "triton")) \
        and not rel.endswith(".py")


def setup():
    os.makedirs(WORKSPACE, exist_ok=True)
    os.makedirs(WORKSPACE_EDIT, exist_ok=True)
    for f in ("models.py", "models_r20.py"):
        shutil.copy(SOURCES[f], os.path.join(WORKSPACE, f))
    shutil.copy(SOURCES["models_edit.py"], os.path.join(WORKSPACE_EDIT, "models.py"))


def versions(outroot):
    cmds = [
        [sys.executable, "-c", "import torch,triton;print(torch.__version__,triton.__version__)"],
        [sys.executable, "-c", "import transformers,timm,torchvision;print('transformers',transformers.__version__,"
                               "'timm',timm.__version__,'torchvision',torchvision.__version__)"],
        [sys.executable, "-c", "import torch;print(torch.cuda.get_device_name() if torch.cuda.is_available() else 'no cuda',"
                               "torch.version.cuda, torch.cuda.get_device_capability() if torch.cuda.is_available() else '')"],
        ["nvidia-smi", "-L"],
        [sys.executable, "-V"],
        ["uname", "-a"],
    ]
    out = []
    for c in cmds:
        try:
            r = subprocess.run(c, capture_output=True, text=True, timeout=120)
            out.append("$ " + " ".join(c) + "\n" + r.stdout + r.stderr)
        except Exception as e:  # noqa: BLE001
            out.append("$ " + " ".join(c) + f"\nfailed: {e}\n")
    text = "\n".join(out)
    with open(os.path.join(outroot, "VERSIONS.txt"), "w") as f:
        f.write(text)
    log(text)


def copy_tree(src, dst):
    """Copy the kept files of src under dst."""
    n = 0
    for dirpath, _, files in os.walk(src):
        for f in files:
            p = os.path.join(dirpath, f)
            if keep(p):
                q = os.path.join(dst, os.path.relpath(p, src))
                os.makedirs(os.path.dirname(q), exist_ok=True)
                shutil.copy2(p, q)
                n += 1
    return n


def compress_size(outroot, name, skip_triton):
    """xz size of one case folder, used to plan the groups (not shipped)."""
    members = list(files_of(outroot, name, skip_triton))
    if not members:
        return 0
    r = subprocess.run(["tar", "-cf", "-", "-C", outroot, "--no-recursion", *members],
                       stdout=subprocess.PIPE, check=True)
    x = subprocess.run(["xz", "-6", "-T2", "-c"], input=r.stdout, stdout=subprocess.PIPE, check=True)
    return len(x.stdout)


def files_of(outroot, name, skip_triton=False):
    top = os.path.join(outroot, name)
    if os.path.isfile(top):
        yield name
        return
    for dirpath, _, files in os.walk(top):
        for f in sorted(files):
            p = os.path.join(dirpath, f)
            rel = os.path.relpath(p, outroot)
            if not keep(p):
                continue
            if skip_triton and is_triton(rel):
                continue
            yield rel


def run_case(outroot, name, args, stop):
    spec = CASES[name]
    d = os.path.join(outroot, name)
    now = time.time() - T0
    if stop.is_set() or now > args.start_by:
        return dict(name=name, rc="not started", secs=0)
    timeout = max(10, min(args.case_timeout, args.kill_at - now))
    ws = spec.get("ws", WORKSPACE)
    script = os.path.join(ws, spec.get("script", "models.py"))
    cache = os.path.join("/tmp", "torchinductor_" + name)
    shutil.rmtree(cache, ignore_errors=True)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    extra = {k: v.replace("{case_dir}", d) for k, v in spec.get("env", {}).items()}
    env = dict(os.environ)
    env.update(
        TORCH_TRACE=os.path.join(d, "trace"),
        INDUCTOR_PROVENANCE="1",
        TORCHINDUCTOR_CACHE_DIR=cache,
        TORCHINDUCTOR_FX_GRAPH_CACHE="0",
        TORCHINDUCTOR_AUTOGRAD_CACHE="0",
        TORCH_LOGS="output_code",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    argv = [sys.executable, script, spec["case"], args.dev, d]
    full_env = {k: env[k] for k in sorted(env) if k.startswith(("TORCH", "INDUCTOR", "TRITON", "PYTHON"))}
    t0 = time.time()
    log("start", name, "timeout", round(timeout))
    with open(os.path.join(d, "stdout.log"), "w") as so, open(os.path.join(d, "stderr.log"), "w") as se:
        try:
            rc = subprocess.run(argv, cwd=d, env=env, stdout=so, stderr=se, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    secs = round(time.time() - t0, 1)
    # the model files this case ran, beside it
    for f in ("models.py", "models_r20.py") if ws == WORKSPACE else ("models.py",):
        if f == "models.py" or spec.get("script") == f:
            shutil.copy(os.path.join(ws, f), os.path.join(d, f))
    n_cache = copy_tree(cache, os.path.join(d, "inductor_cache")) if os.path.isdir(cache) else 0
    pt = os.path.join(d, "profile_trace.json")
    if os.path.isfile(pt) and os.path.getsize(pt) > 2 * MIB:
        with open(pt, "rb") as fi, gzip.open(pt + ".gz", "wb", compresslevel=6) as fo:
            shutil.copyfileobj(fi, fo)
        os.remove(pt)
    info = dict(name=name, rc=rc, secs=secs, argv=argv, cwd=d, extra_env=extra, env=full_env,
                script=script, what=spec.get("what", ""), tc=spec.get("tc", False), cache_files=n_cache)
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(info, f, indent=1)
    try:
        info["xz_full"] = compress_size(outroot, name, False)
        info["xz_lite"] = compress_size(outroot, name, True)
    except Exception as e:  # noqa: BLE001
        info["xz_full"] = info["xz_lite"] = 0
        log("size estimate failed", name, e)
    log(f"end {name}: rc={rc} {secs}s cache_files={n_cache} xz_full={info['xz_full']} xz_lite={info['xz_lite']}")
    return info


def plan(results, cap, bins, budget):
    """Choose which cases ship their Triton caches and put the cases into at most `bins` groups."""
    ok = [r for r in results if r.get("rc") != "not started"]
    full = {r["name"]: True for r in ok}
    size = lambda r: r["xz_full"] if full[r["name"]] else r["xz_lite"]  # noqa: E731
    # drop Triton caches, non-[TC] cases first, biggest first, until everything fits
    for tc in (False, True):
        for r in sorted((r for r in ok if r["tc"] == tc), key=lambda r: -(r["xz_full"] - r["xz_lite"])):
            if sum(map(size, ok)) <= budget and all(size(x) <= cap for x in ok):
                break
            full[r["name"]] = False
    groups = []  # first fit decreasing
    for r in sorted(ok, key=lambda r: -size(r)):
        for g in groups:
            if g["size"] + size(r) <= cap:
                g["members"].append(r["name"])
                g["size"] += size(r)
                break
        else:
            groups.append(dict(members=[r["name"]], size=size(r)))
    if len(groups) > bins:
        log("WARNING: more groups than files allowed; the smallest groups are merged past the cap")
        while len(groups) > bins:
            groups.sort(key=lambda g: g["size"])
            a = groups.pop(0)
            groups[0]["members"] += a["members"]
            groups[0]["size"] += a["size"]
    return full, groups


def pack(outroot, out, results, args):
    full, groups = plan(results, args.cap * MIB, args.bins, args.budget * MIB)
    top = ["VERSIONS.txt", "results.json", "models.py", "models_r20.py", "models_edit.py"]
    for f, src in [*SOURCES.items(), ("run_r20.py", os.path.join(HERE, "run_r20.py")), ("README.md", os.path.join(HERE, "README.md"))]:
        if os.path.exists(src):
            shutil.copy(src, os.path.join(outroot, f))
    top.append("run_r20.py")
    for r in results:
        r["triton_shipped"] = full.get(r["name"])
    with open(os.path.join(outroot, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    archives = []
    for i, g in enumerate(sorted(groups, key=lambda g: -g["size"])):
        members = []
        for name in g["members"]:
            members += list(files_of(outroot, name, skip_triton=not full[name]))
        if i == 0:
            members += [t for t in top if os.path.exists(os.path.join(outroot, t))]
        archive = os.path.join(out, f"traces_r20_{i}.tar.xz")
        lst = os.path.join("/tmp", f"members_{i}.txt")
        with open(lst, "w") as f:
            f.write("\n".join(members) + "\n")
        subprocess.run(["tar", "-cf", archive, "-I", "xz -6 -T0", "-C", outroot, "--no-recursion", "-T", lst],
                       check=True)
        sz = os.path.getsize(archive)
        archives.append((archive, sz, g["members"]))
        log("archive", archive, sz, g["members"])
    return archives


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--out", default=os.environ.get("OUT", "/tmp/r20_out"))
    ap.add_argument("--runs", default=RUNS)
    ap.add_argument("--dev", default="cuda")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "6")))
    ap.add_argument("--start-by", type=float, default=330, help="start no case after this many seconds")
    ap.add_argument("--kill-at", type=float, default=470, help="stop every case at this many seconds")
    ap.add_argument("--case-timeout", type=float, default=float(os.environ.get("CASE_TIMEOUT", "420")))
    ap.add_argument("--cap", type=float, default=15.0, help="MiB per archive")
    ap.add_argument("--bins", type=int, default=7, help="archives at most (one more file: summary.txt)")
    ap.add_argument("--budget", type=float, default=60.0, help="MiB for all archives together")
    args = ap.parse_args()
    names = args.cases or ORDER
    names = [n for n in ORDER if n in names] + [n for n in names if n not in ORDER]
    outroot = args.runs
    os.makedirs(outroot, exist_ok=True)
    os.makedirs(args.out, exist_ok=True)
    setup()
    versions(outroot)
    stop = threading.Event()
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda n: run_case(outroot, n, args, stop), names))
    log("cases done")
    archives = pack(outroot, args.out, results, args)
    lines = [open(os.path.join(outroot, "VERSIONS.txt")).read(), ""]
    for r in results:
        lines.append(f"{r['name']}: rc={r['rc']} {r['secs']}s cache_files={r.get('cache_files')} "
                     f"xz_full={r.get('xz_full')} xz_lite={r.get('xz_lite')} triton_shipped={r.get('triton_shipped')}")
    for a, sz, m in archives:
        lines.append(f"archive {os.path.basename(a)} {sz} {' '.join(m)}")
    lines.append(f"total {time.time() - T0:.1f}s")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write(text)
    print(text, flush=True)


if __name__ == "__main__":
    main()
