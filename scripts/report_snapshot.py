"""Write (or compare) `inductor-lens report --json` for every case in ../shared/traces and tests/data.

A change that must not change answers is checked with it:

    python scripts/report_snapshot.py write BEFORE_DIR     # on the old commit
    python scripts/report_snapshot.py compare BEFORE_DIR   # on the new one: exit 1 on any byte difference

and, without keeping the old commit's outputs around (what tests/report/test_report_unchanged.py checks):

    python scripts/report_snapshot.py digests tests/report_digests.json [BEFORE_DIR]   # SHA-256 per case
    python scripts/report_snapshot.py check tests/report_digests.json                  # exit 1 on a difference

A digest is taken over the JSON with the checkout-dependent folders written as ``<shared>``,
``<repo>`` and ``<cache>`` (so another checkout of the same commit gives the same digests);
``digests`` reads the outputs ``write`` left in BEFORE_DIR when given, else runs the report.
Every case is reported with the same ``--cache-dir`` (a folder that is emptied first), so
extracted paths are the same across runs.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import re
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


_FRAME_FILE = re.compile(rb'\{"str": \["([^"]+)", \d+\]\}')
_INDUCTOR_CACHE = re.compile(rb"/tmp/torchinductor_[A-Za-z0-9_.+-]+")


def paths_that_exist_here() -> list[str]:
    """The files and Inductor cache folders the cases' logs name (the machine they were made on)
    that exist on this machine.  The index reads a frame's file when its path exists, so where
    one does the reports differ from the recorded digests: the fixtures name only folders no
    machine has (``/workspace/proj``, ``/opt/venv-2.13``...), and this says when one does."""
    named: set[bytes] = set()
    for case in cases():
        for log in glob.glob(os.path.join(case, "**", "*.log"), recursive=True):
            data = open(log, "rb").read()
            named.update(_FRAME_FILE.findall(data))
            named.update(_INDUCTOR_CACHE.findall(data))
    found = []
    for raw in sorted(named):
        path = raw.decode("utf-8", "replace")
        if path.startswith("/") and os.path.exists(path):
            found.append(path)
    return found


def report(case: str, cache: str = CACHE) -> bytes:
    """The report's JSON bytes for one case (stdout of the installed CLI in this interpreter)."""
    shutil.rmtree(cache, ignore_errors=True)
    cmd = [sys.executable, "-m", "inductor_lens", "report", case, "--json", "--cache-dir", cache, "--no-cache"]
    return subprocess.run(cmd, capture_output=True, check=False, timeout=600).stdout


def name(case: str) -> str:
    return case.replace(os.sep, "_").strip("_") + ".json"


def case_key(case: str) -> str:
    """A case's name independent of the checkout: ``traces/torch-2.11-cuda/mlp_infer``, ``data/torch-2.13-cpu/cond``."""
    root = next(r for r in ROOTS if case.startswith(r + os.sep))
    return os.path.basename(root) + "/" + os.path.relpath(case, root).replace(os.sep, "/")


def digest(data: bytes, cache: str = CACHE) -> str:
    """SHA-256 of a report with the checkout's folders replaced by placeholders."""
    marks = sorted(((SHARED, b"<shared>"), (REPO, b"<repo>"), (cache, b"<cache>")), key=lambda m: -len(m[0]))
    for folder, mark in marks:  # as they appear inside JSON strings
        data = data.replace(json.dumps(os.path.abspath(folder))[1:-1].encode(), mark)
    return hashlib.sha256(data).hexdigest()


def current_digests(cache: str = CACHE) -> dict[str, str]:
    """``{case key: digest}`` of the report this checkout gives for every case."""
    return {case_key(case): digest(report(case, cache), cache) for case in cases()}


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[0] not in ("write", "compare", "digests", "check"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, target = argv[:2]
    if mode == "digests":
        if len(argv) == 3:  # from the outputs `write` left (made by the old commit)
            found = {case_key(c): digest(open(os.path.join(argv[2], name(c)), "rb").read()) for c in cases()}
            found["_from"] = os.path.basename(os.path.normpath(argv[2]))
        else:
            found = current_digests()
            head = subprocess.run(["git", "-C", REPO, "log", "-1", "--format=%h %s"], capture_output=True, text=True, check=False)
            found["_from"] = head.stdout.strip() or "unknown commit"
        with open(target, "w") as fh:
            json.dump(found, fh, indent=1, sort_keys=True)
            fh.write("\n")
        return 0
    if mode == "check":
        want = {k: v for k, v in json.load(open(target)).items() if not k.startswith("_")}
        got = current_digests()
        differ = sorted(k for k in set(want) | set(got) if want.get(k) != got.get(k))
        for key in differ:
            print(f"DIFFERS {key}")
        print(f"{len(got) - len(differ)} of {len(got)} cases give the recorded report")
        return 1 if differ else 0
    folder = target
    os.makedirs(folder, exist_ok=True)
    differ_count = 0
    for case in cases():
        data = report(case)
        path = os.path.join(folder, name(case))
        if mode == "write":
            with open(path, "wb") as fh:
                fh.write(data)
            continue
        with open(path, "rb") as fh:
            same = fh.read() == data
        differ_count += not same
        print(f"{'same   ' if same else 'DIFFERS'} {os.path.relpath(case, os.path.dirname(REPO))}")
    if mode == "compare":
        print(f"{len(cases()) - differ_count} of {len(cases())} cases byte-identical")
    return 1 if differ_count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
