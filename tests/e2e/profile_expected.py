"""What the real-editor checks of the profile scenario expect, computed from the server's own
report of the workspace (no numbers written down by hand):

    inductor-lens report <ws>/torch_trace --profile <ws>/profile_trace.json --json \
        | python3 tests/e2e/profile_expected.py <ws> <model line> > expected-profile.json

Only the standard library: it runs under the plain interpreter the extension is tested with.
Times and counts are worded by the server's own ``inductor_lens.text`` (standard library only).
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "server"))
from inductor_lens.text import format_us, plural  # noqa: E402


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
    # lens counts), and their total measured time.
    on_line = [k for k in kernels
               if any(os.path.basename(f["file"]) == "models.py" and f["line"] == model_line for f in k["source"])]
    line_us = sum(k["measured"]["total_us"] for k in on_line if k.get("measured"))
    ops = sum(len(k["post_grad_nodes"]) for k in on_line)

    # (c) The unattributed device kernels, slowest first.
    unattributed = sorted(report["unattributed"], key=lambda u: -u["total_us"])
    runs = sum(u["count"] for u in unattributed)
    total_unattributed = sum(u["total_us"] for u in unattributed)

    # Sorting the Kernels view by measured time: the slowest kernel of each graph comes first, under
    # its label (the debug handle for extern kernels and for a name used twice in the graph).
    def label(k):
        shared = sum(1 for o in kernels if o["graph"] == k["graph"] and o["compile_id"] == k["compile_id"] and o["name"] == k["name"]) > 1
        return k["key"] if k["kind"] in ("extern", "fallback") or shared else k["name"]
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
        "launchLens": f"{plural(m['runs'], 'run')} · {format_us(m['total_us'])} · ",
        "hoverMeasured": f"Measured: {plural(m['runs'], 'run')} · {format_us(m['total_us'])} device time"
                         f" ({format_us(m['mean_us'])} per run",
        "kernelDescription": f"{plural(m['runs'], 'run')} · {format_us(m['total_us'])}",
        "modelLine": model_line,
        "modelLineCode": next(f["code"] for k in on_line for f in k["source"]
                              if os.path.basename(f["file"]) == "models.py" and f["line"] == model_line),
        "modelLineTotal": format_us(line_us),
        "modelLineLens": f"{plural(len(on_line), 'kernel')} · {plural(ops, 'op')} · {format_us(line_us)}",
        "unattributedDescription": f"{plural(len(unattributed), 'kernel')} · {plural(runs, 'run')} · {format_us(total_unattributed)}",
        "unattributedTop": f"{plural(unattributed[0]['count'], 'run')} · {format_us(unattributed[0]['total_us'])}",
        "unattributedCount": len(unattributed),
        "slowestByGraph": slowest,
    }
    json.dump(expected, sys.stdout, indent=2, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
