"""What the real-editor checks of the "where the time goes" scenarios expect, computed from the
server's own report of the workspace (no numbers written down by hand):

    inductor-lens report <ws>/torch_trace --json | python3 tests/e2e/hot_expected.py <ws> NAME > expected-hot-NAME.json

The user's own call of the compiled code (the innermost ``calls`` row: its lens), the first row of
the Hot Lines view (by share with a profile, by launches without), and, when that row's file is in
the workspace, its heat mark. Wording from the server's ``inductor_lens.text``.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "server"))
from inductor_lens.text import format_us, plural  # noqa: E402


def pct(p: float | None) -> str:
    """As the Hot Lines view writes a percent (hotLineModel.ts ``pct``)."""
    if p is None:
        return ""
    return f"{p:.0f}%" if p >= 10 else f"{p:.1f}%" if p >= 0.1 else "<0.1%"


def main() -> None:
    workspace, name = sys.argv[1], sys.argv[2]
    report = json.load(sys.stdin)
    measured = report["measured"] is not None
    (call,) = [c for c in report["calls"] if c["innermost"]]
    kinds: dict[str, int] = {}
    wanted = {(g["trace"], g["compile_id"], g["graph"]) for g in call["graphs"]}
    for k in report["kernels"]:
        if (k["trace"], k["compile_id"], k["graph"]) in wanted:
            kinds[k["graph"]] = kinds.get(k["graph"], 0) + 1
    lens = f"calls compile {', '.join(call['compile_ids'])}: {plural(call['kernels'], 'kernel')} (" + " · ".join(
        f"{n} {kind}" for kind, n in kinds.items()
    )
    codes = sorted(
        {
            os.path.basename(la["path"])
            for k in report["kernels"]
            if (k["trace"], k["compile_id"], k["graph"]) in wanted
            for la in k["launches"]
        }
    )
    rows = report["lines"]
    kernels_us = sum(k["measured"]["total_us"] for k in report["kernels"] if k.get("measured"))
    if measured:
        top = max(rows, key=lambda r: r["measured"]["share_us"] if r["measured"] else 0)
        label = f"{pct(top['measured']['percent'])} · {os.path.basename(top['file'])}:{top['line']}"
    else:
        top = sorted(rows, key=lambda r: -r["launches"])[0]
        label = f"{plural(top['launches'], 'launch')} · {os.path.basename(top['file'])}:{top['line']}"
    local = top["resolved"] is not None and os.path.abspath(top["resolved"]).startswith(os.path.abspath(workspace) + os.sep)
    expected = {
        "scenario": "hot",
        "name": name,
        "workspace": workspace,
        "measured": measured,
        "file": os.path.basename(call["file"]),
        "callLine": call["line"],
        "callCode": call["code"],
        "callLens": lens,
        # the lens's percent is of every measured kernel's time (the status bar's total; report's
        # measured.total_us also counts every other activity compiled code launched, issue 45)
        "callTime": f"{format_us(call['measured_us'])} ({100.0 * call['measured_us'] / kernels_us:.0f}%" if measured else None,
        "outputCodes": codes,
        "topRow": label,
        "topCode": top["code"],
        "heatFile": os.path.basename(top["file"]) if local else None,
        "heatLine": top["line"] if local else None,
    }
    json.dump(expected, sys.stdout, indent=2, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
