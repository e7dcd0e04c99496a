"""Compare `inductor-lens report --json --cache-dir FIXED` of two source trees on every case of ../shared/traces.

python scripts/compare_reports.py BEFORE_SERVER_DIR AFTER_SERVER_DIR [CASE...]
(each DIR holds the inductor_lens package, e.g. a `git archive BASE server | tar -x` copy and
./server).  The per-launch provenance fields added by issue 11 are dropped before comparing
(launches keep path and line), so what remains is every other difference, listed per case and
field.  Prints one line per case; exit 0 always (it reports).
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

LAUNCH_EXTRA = ("post_grad_nodes", "pre_grad_nodes", "aten_ops", "model_lines", "provenance")


def report(server: str, case: str, cache: str) -> dict:
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, PYTHONPATH=server)
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from inductor_lens.cli import main; sys.exit(main())",
            "report",
            case,
            "--json",
            "--cache-dir",
            cache,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    ).stdout
    doc = json.loads(out)
    for k in doc["kernels"]:
        k["launches"] = [{f: v for f, v in la.items() if f not in LAUNCH_EXTRA} for la in k["launches"]]
    return doc


def main() -> None:
    before, after, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "..", "shared", "traces")
    cases = cases or sorted(p for p in glob.glob(os.path.join(root, "torch-*", "*")) if os.path.isdir(p))
    cache = os.path.join(tempfile.gettempdir(), "inductor-lens-compare-cache")
    for case in cases:
        a, b = report(before, case, cache), report(after, case, cache)
        diffs: dict[str, int] = {}
        ka = {(k["compile_id"], k["graph"], k["key"]): k for k in a["kernels"]}
        kb = {(k["compile_id"], k["graph"], k["key"]): k for k in b["kernels"]}
        if set(ka) != set(kb):
            diffs["kernel keys"] = len(set(ka) ^ set(kb))
        for key in set(ka) & set(kb):
            for field in ka[key]:
                if ka[key][field] != kb[key].get(field):
                    diffs[field] = diffs.get(field, 0) + 1
        if a["warnings"] != b["warnings"]:
            diffs["warnings"] = abs(len(a["warnings"]) - len(b["warnings"])) or 1
        name = os.path.relpath(case, root)
        print(
            f"{name}: "
            + (
                "same (apart from the per-launch fields)"
                if not diffs
                else "differs in " + ", ".join(f"{f} ({n} kernels)" for f, n in sorted(diffs.items()))
            )
        )


if __name__ == "__main__":
    main()
