"""The speed work changes no answer: ``report --json`` of every case in ../shared/traces and
tests/data hashes to what the code before it gave (``tests/report_digests.json``, written by
``scripts/report_snapshot.py digests`` from the outputs of the commit named there).

A change that alters answers on purpose records new digests with the same script (and says so).
"""

from __future__ import annotations

import importlib.util
import json
import os

from conftest import REPO

DIGESTS = os.path.join(REPO, "tests", "report_digests.json")


def _snapshot_module():
    spec = importlib.util.spec_from_file_location("report_snapshot", os.path.join(REPO, "scripts", "report_snapshot.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_case_gives_the_recorded_report(tmp_path):
    snap = _snapshot_module()
    want = {k: v for k, v in json.load(open(DIGESTS)).items() if not k.startswith("_")}
    cases = snap.cases()
    assert len(cases) >= 40 and set(want) == {snap.case_key(c) for c in cases}
    cache = str(tmp_path / "cache")
    differ = []
    for case in cases:
        data = snap.report(case, cache)
        assert data.startswith(b"{"), case
        if snap.digest(data, cache) != want[snap.case_key(case)]:
            differ.append(snap.case_key(case))
    # the usual cause of a difference on another machine: a file the logs name exists there (the
    # index reads it); the fixtures name only folders no machine should have
    here = snap.paths_that_exist_here() if differ else []
    assert not differ, (differ, f"files the logs name that exist on this machine: {here[:8]}")
