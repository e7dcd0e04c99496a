"""What the real-editor checks of the profile scenario expect, computed from the server's own
report of the workspace (no numbers written down by hand):

    inductor-lens report <ws>/torch_trace --profile <ws>/profile_trace.json --json \
        | python3 tests/e2e/profile_expected.py <ws> <model line> > expected-profile.json

Only the standard library: it runs under the plain interpreter the extension is tested with.
Times and counts are worded by the server's own ``inductor_lens.text`` (standard library only).
"""

import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "server"))
from inductor_lens.text import format_us, plural  # noqa: E402


def short_name(k: dict, with_handle: bool) -> str:
    """The Kernels view's short kernel name (client/src/kernels.ts kernelShortName, re-stated here
    as the check's oracle): prefixes dropped, the middle of a long name elided."""
    name = k["name"]
    for pattern, repl in (
        (r"^extern_kernels\.", ""),
        (r"^torch\.ops\.(aten\.)?", ""),
        (r"^aten\.", ""),
        (r"^aoti_torch_[a-z]+_", ""),
        (r"\.default$", ""),
        (r"^triton_([a-z]+)_fused_", r"\1 "),
        (r"^cpp_fused_", "cpp "),
    ):
        name = re.sub(pattern, repl, name)
    if len(name) > 30:
        head = -(-29 * 55 // 100)  # ceil((30 - 1) * 0.55)
        name = name[:head] + "…" + name[len(name) - (29 - head) :]
    handle = k["key"][len(k["name"]) :] if k["key"].startswith(k["name"] + ":") else ""
    return name + (handle if with_handle else "")


def where(k: dict) -> str:
    """The module the label names, else its first model line (+N)."""
    module = k.get("module") or " + ".join(k.get("modules") or [])
    if module:
        return module + (" (shared)" if k.get("module_shared") else "")
    lines = k["model_lines"]
    return f"{os.path.basename(lines[0]['file'])}:{lines[0]['line']}" + (f" +{len(lines) - 1}" if len(lines) > 1 else "") if lines else ""


def main() -> None:
    workspace, model_line = sys.argv[1], int(sys.argv[2])
    report = json.load(sys.stdin)
    kernels = report["kernels"]
    measured = [k for k in kernels if k.get("measured")]
    if not measured:
        sys.exit("no kernel of the report is measured: is the profile beside the trace?")

    # (a) A Triton kernel launch of the output code: its lens starts with runs and total time, its
    # hover says the same.
    triton = next(k for k in measured if k["kind"] not in ("extern", "fallback") and k["launches"] and k["definition"])
    m = triton["measured"]
    launch = triton["launches"][0]

    # (b) The model line: every kernel with a frame of its stack on it (what the server's model-line
    # lens counts), and the line's share of their measured time (its `lines` row: the shares of all
    # lines add up to the attributed time).
    on_line = [k for k in kernels if any(os.path.basename(f["file"]) == "models.py" and f["line"] == model_line for f in k["source"])]
    (row,) = [r for r in report["lines"] if os.path.basename(r["file"]) == "models.py" and r["line"] == model_line]
    line_us = row["measured"]["share_us"]
    ops = sum(len(k["post_grad_nodes"]) for k in on_line)

    def speed_of(m):
        if m.get("bound") == "latency":  # below a tenth of both roofs (issue 50 item 4): the phrase up to its reasons
            return f"{m['gbps']:.3g} GB/s · latency-bound (small kernel): "
        if m.get("bound") == "compute":
            return f"{m['tflops']:.3g} TFLOP/s · {m['peak_fraction'] * 100:.0f}% of H200 {m['roof']} · compute-bound — "
        return f"{m['gbps']:.3g} GB/s · {m['peak_fraction'] * 100:.0f}% of H200 HBM · memory-bound — "

    # The line's compiled time per profiled step (issue 45), over the window when the profile has no
    # step markers; its percent is of every measured kernel's time (the status bar's total).
    steps = [(p.get("step") or {}).get("steps") for p in report["profiles"]]
    per_step = sum(steps) if steps and all(steps) else None

    def per(us):
        return f"{us / per_step / 1000:.2f} ms/step" if per_step else f"{format_us(us)}/window"

    compiled = per(line_us)
    measured_us = sum(k["measured"]["total_us"] for k in measured)

    # (c) The unattributed device kernels, slowest first.
    unattributed = sorted(report["unattributed"], key=lambda u: -u["total_us"])
    runs = sum(u["count"] for u in unattributed)
    total_unattributed = sum(u["total_us"] for u in unattributed)

    # Sorting the Kernels view by measured time: the slowest kernel of each graph comes first, under
    # its label (the debug handle for extern kernels and for a name used twice in the graph).
    def label(k):
        shared = sum(1 for o in kernels if o["graph"] == k["graph"] and o["compile_id"] == k["compile_id"] and o["name"] == k["name"]) > 1
        text = short_name(k, k["kind"] in ("extern", "fallback") or shared)
        text = f"{where(k)} · {text}" if where(k) else text  # the module (or line) first: what tells rows apart
        return f"{format_us(k['measured']['total_us'])}  {text}" if k.get("measured") else text

    slowest = {}
    for k in sorted(measured, key=lambda k: -k["measured"]["total_us"]):
        slowest.setdefault(k["graph"], label(k))

    expected = {
        "scenario": "profile",
        "workspace": workspace,
        "profile": os.path.join(workspace, "profile_trace.json"),
        "kernels": len(kernels),
        "measuredKernels": len(measured),
        "statusText": f"{plural(len(kernels), 'kernel')} · {format_us(sum(k['measured']['total_us'] for k in measured))}",
        "kernel": triton["name"],
        "outputCodeName": os.path.basename(launch["path"]),
        "definitionLine": triton["definition"]["line"],
        "launchLine": launch["line"],
        # ... then how close to the H200 it ran (report --json's gbps and peak_fraction; a Triton
        # reduction, so memory-bound against the HBM)
        "launchLens": f"{plural(m['runs'], 'run')} · {format_us(m['total_us'])} · "
        + (f"{m['gbps']:.3g} GB/s · {m['peak_fraction'] * 100:.0f}% of H200 HBM · memory-bound · " if m.get("bound") == "memory" else ""),
        "hoverMeasured": f"Measured: {plural(m['runs'], 'run')} · {format_us(m['total_us'])} device time"
        f" ({format_us(m['mean_us'])} per run",
        "kernelLabel": label(triton),
        "kernelDescription": f"{plural(m['runs'], 'run')} · {triton['kind']}",
        "modelLine": model_line,
        "modelLineCode": next(
            f["code"] for k in on_line for f in k["source"] if os.path.basename(f["file"]) == "models.py" and f["line"] == model_line
        ),
        # the lens's compiled time carries its percent of every measured kernel's time
        "modelLineTotal": f"compiled {compiled} ({100.0 * line_us / measured_us:.0f}%)",
        "modelLineShare": compiled,
        "modelLineLens": f"{plural(len(on_line), 'kernel')} · {plural(ops, 'op')} · compiled {compiled}",
        # how close to the H200 the line runs: its `lines` row's figures, up to the kernel names
        # (" — ") or, latency-bound, up to its reasons
        "modelLineSpeed": speed_of(row["measured"]),
        "modelLineWhole": per(row["measured"]["kernels_us"]),
        "unattributedDescription": f"{plural(len(unattributed), 'kernel')} · {plural(runs, 'run')} · {format_us(total_unattributed)}",
        "unattributedTop": f"{plural(unattributed[0]['count'], 'run')} · {format_us(unattributed[0]['total_us'])}",
        "unattributedCount": len(unattributed),
        "slowestByGraph": slowest,
    }
    json.dump(expected, sys.stdout, indent=2, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
