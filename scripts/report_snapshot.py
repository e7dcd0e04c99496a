"""Write (or compare) `inductor-lens report --json` for every case in ../shared/traces and tests/data.

A change that must not change answers is checked with it:

    python scripts/report_snapshot.py write BEFORE_DIR     # on the old commit
    python scripts/report_snapshot.py compare BEFORE_DIR   # on the new one: exit 1 on any byte difference

Every case is reported with the same ``--cache-dir`` (a folder inside the snapshot directory
that is emptied first), so extracted paths are the same across runs.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("INDUCTOR_LENS_SHARED", os.path.join(os.path.dirname(REPO), "shared"))
ROOTS = (os.path.join(SHARED, "traces"), os.path.join(REPO, "tests", "data"))
CACHE = os.path.join(tempfile.gettempdir(), "inductor-lens-report-snapshot-cache")


def cases() -> list[str]:
    """Every case folder (``torch-*/<case>``) under the shared traces and tests/data."""
    return sorted(p for root in ROOTS for p in glob.glob(os.path.join(root, "torch-*", "*")) if os.path.isdir(p))


def report(case: str) -> bytes:
    """The report's JSON bytes for one case (stdout of the installed CLI in this interpreter)."""
    shutil.rmtree(CACHE, ignore_errors=True)
    cmd = [sys.executable, "-m", "inductor_lens", "report", case, "--json", "--cache-dir", CACHE, "--no-cache"]
    return subprocess.run(cmd, capture_output=True, check=False, timeout=600).stdout


def name(case: str) -> str:
    return case.replace(os.sep, "_").strip("_") + ".json"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("write", "compare"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, folder = argv
    os.makedirs(folder, exist_ok=True)
    differ = 0
    for case in cases():
        data = report(case)
        target = os.path.join(folder, name(case))
        if mode == "write":
            with open(target, "wb") as fh:
                fh.write(data)
            continue
        with open(target, "rb") as fh:
            same = fh.read() == data
        differ += not same
        print(f"{'same   ' if same else 'DIFFERS'} {os.path.relpath(case, os.path.dirname(REPO))}")
    if mode == "compare":
        print(f"{len(cases()) - differ} of {len(cases())} cases byte-identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
