"""What the real-editor checks of the compile-health scenario expect, computed from the server's
own report of the workspace (no numbers written down by hand):

    inductor-lens report <ws>/torch_trace --path-map /workspace/proj=<ws> --json \
        | python3 tests/e2e/health_expected.py <ws> > expected-health.json

The workspace holds the logs of ../shared/traces/torch-2.14-cpu/graph_breaks and
recompiles_health and the model file health.py. Only the standard library: it runs under the
plain interpreter the extension is tested with; times are worded by ``inductor_lens.text``.
"""

import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "server"))
from inductor_lens.text import format_seconds, plural  # noqa: E402


def base(compile_id: str) -> str:
    return re.sub(r"_\d+$", "", compile_id)


def main() -> None:
    workspace = sys.argv[1]
    report = json.load(sys.stdin)
    events, compiles = report["compile_events"], report["compiles"]
    breaks = [e for e in events if e["kind"] == "graph_break" and e["location"] and e["location"]["file"].endswith("/health.py")]
    with open(os.path.join(workspace, "health.py")) as fh:
        lines = fh.read().split("\n")
    # (a) health.py: a warning on each line where the graph broke; the hover of the explicit
    # graph_break() shows PyTorch's hint.
    explicit = next(e for e in breaks if "graph_break()" in lines[e["location"]["line"] - 1])
    # (b) Gate.forward: its compiles (frame compiles, attempts together) and their recompiles.
    gate = [c for c in compiles if c["function"] and c["function"]["name"] == "forward" and c["function"]["file"].endswith("/health.py")]
    ids = {(c["trace"], base(c["compile_id"])) for c in gate}
    recompiles = {(e["trace"], base(e["compile_id"])) for e in events if e["kind"] == "recompile"} & ids
    seconds = sum(c["compile_time_s"] for c in gate)
    gate_line = gate[0]["function"]["line"]
    problems = (
        sum(1 for e in events if e["kind"] == "graph_break")
        + len({(e["trace"], base(e["compile_id"])) for e in events if e["kind"] == "recompile"})
        + len({(e["trace"], base(e["compile_id"])) for e in events if e["kind"] == "failure"})
    )
    json.dump(
        {
            "scenario": "health",
            "modelFile": "health.py",
            "breakLines": [e["location"]["line"] for e in breaks],
            "breakMessages": [e["message"] for e in breaks],
            "hoverLine": explicit["location"]["line"],
            # the compiled function the explicit graph break is in: its `def` line
            "explicitFunctionLine": next(
                c["function"]["line"]
                for c in compiles
                if c["function"] and base(c["compile_id"]) == base(explicit["compile_id"]) and c["trace"] == explicit["trace"]
            ),
            "hoverHint": explicit["hint"].split("\n")[0],
            "gateLine": gate_line,
            "gateCode": lines[gate_line - 1].strip(),
            "gateLens": f"compiled {len(ids)}× · {plural(len(recompiles), 'recompile')} · {format_seconds(seconds)} compiling",
            "recompiles": len(recompiles),
            "statusText": f"{plural(problems, 'compile problem')}",
            "healthNode": f"{plural(len({(c['trace'], base(c['compile_id'])) for c in compiles}), 'compile')} · "
            f"{plural(sum(1 for e in events if e['kind'] == 'graph_break'), 'graph break')}",
        },
        sys.stdout,
        indent=1,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
