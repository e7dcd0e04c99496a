"""Count what each extracted case holds (for MANIFEST.md).

python summarize.py OUTDIR   -> a Markdown table on stdout
"""
import collections
import glob
import json
import os
import re
import sys

ENV_RE = re.compile(r"^\S+ \S+ \d+ \S+\] (\{.*\})$")
# launches in the wrapper; `name.run(*args, ...)` is the per-kernel benchmark harness (BENCHMARK_KERNEL=1), not a launch
LAUNCH_RE = re.compile(r"^\s*(triton_(?:poi|per|red|tem)_\w+|multi_kernel_\d+)\.run\((?!\*args)|(extern_kernels\.\w+)\(", re.M)


def records(path):
    cur = None
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("\t"):
                if cur is not None:
                    cur[1].append(line[1:])
            elif line:
                m = ENV_RE.match(line)
                if m:
                    if cur is not None:
                        yield cur
                    cur = (json.loads(m.group(1)), [])
    if cur is not None:
        yield cur


def case_row(d):
    name = os.path.basename(d)
    logs = sorted(glob.glob(os.path.join(d, "trace", "*.log")))
    n_code = n_map = n_empty = n_kern = n_stack = 0
    launches = collections.Counter()
    for lg in logs:
        for env, payload in records(lg):
            if "inductor_output_code" in env:
                n_code += 1
                for a, b in LAUNCH_RE.findall("\n".join(payload)):
                    k = a or b
                    k = k if k.startswith(("extern", "multi")) else "_".join(k.split("_")[:2])
                    launches[re.sub(r"_\d+$", "", k)] += 1
            art = env.get("artifact", {}).get("name", "")
            if art == "inductor_provenance_tracking_node_mappings":
                n_map += 1
                data = json.loads("\n".join(payload))
                if set(data) <= {"version"}:
                    n_empty += 1
                n_kern += len(data.get("cppCodeToPost", {}))
            elif art == "inductor_provenance_tracking_kernel_stack_traces":
                n_stack += len(json.loads("\n".join(payload)))
    kib = sum(os.path.getsize(x) for x in logs) // 1024
    tri = set()
    for p in glob.glob(os.path.join(d, "inductor_cache", "triton", "*", "*", "*.cubin")) + \
            glob.glob(os.path.join(d, "triton_cache", "*", "*.cubin")):
        tri.add(os.path.dirname(p))
    best = len(glob.glob(os.path.join(d, "inductor_cache", "*", "*.best_config")))
    prof = [os.path.basename(p) for p in glob.glob(os.path.join(d, "profile_trace.json*"))]
    info = json.load(open(os.path.join(d, "case.json")))
    launch = ", ".join(f"{k} {v}" for k, v in sorted(launches.items()))
    return (f"| {name} | {info['rc']} | {info['secs']} | {kib} | {n_code} | {n_map} ({n_empty}) | {n_kern} | {n_stack} "
            f"| {len(tri)} | {best} | {' '.join(prof) or '-'} | {launch} |")


def main():
    root = sys.argv[1]
    print("| case | rc | s | log KiB | output codes | mapping artifacts (empty) | kernels in node mappings "
          "| kernel stack-trace entries | Triton cache kernels (with .cubin) | .best_config | profile | launches in output code |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for d in sorted(glob.glob(os.path.join(root, "*", "case.json"))):
        print(case_row(os.path.dirname(d)))


if __name__ == "__main__":
    main()
