"""The editor's answers on the round-45 H100 runs (tests/data/torch-2.11-cuda, unpacked): Compare
with Trace... of tf_bs (batch 32) against tf_plain (batch 16) says each line's time moved although
no line's kernels changed (issue 50 item 1), in a short lens with the time per step first (item 2);
Hot Lines holds each line's eager time (issue 45). The step count is read off each profile's
ProfilerStep# annotations here; the lines' times are report --json's for the same runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from inductor_lens.analysis.comparison import compare
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.lsp.features.compare import compare_answer
from inductor_lens.lsp.features.hot_lines import hot_lines_answer
from inductor_lens.open_traces import TraceRequest, open_traces

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "timing"))
from gpu_runs import unpack  # noqa: E402


def _steps(profile: str) -> int:
    with open(profile, encoding="utf-8") as fh:
        events = json.load(fh)["traceEvents"]
    return sum(1 for e in events if e.get("cat") == "user_annotation" and str(e.get("name", "")).startswith("ProfilerStep#"))


def _open(run: str):
    return open_traces(TraceRequest([run], path_maps=[("/workspace/proj", run)], roots=[run]))


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("runs")
    return {name: unpack(name, str(base / name)) for name in ("tf_plain", "tf_bs")}


def _report_lines(run: str, cache: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", run, "--json", "--cache-dir", cache], capture_output=True, text=True, check=True
    ).stdout
    return {(os.path.basename(r["file"]), r["line"]): r for r in json.loads(out)["lines"]}


def test_a_batch_size_change_moves_every_line_in_time_with_the_same_kernels(runs, tmp_path):
    a, b = _open(runs["tf_plain"]), _open(runs["tf_bs"])
    answer = compare_answer(Snapshot(b.index, b.resolver), compare(a.index, b.index, [runs["tf_plain"]], ["this workspace"]))
    steps_a, steps_b = (
        _steps(os.path.join(runs["tf_plain"], "profile_trace.json")),
        _steps(os.path.join(runs["tf_bs"], "profile_trace.json")),
    )
    assert (steps_a, steps_b) == (5, 5)
    rows = answer["rows"]
    assert len(rows) == answer["summary"]["lines"] == 10 and answer["summary"]["changed"] == answer["summary"]["added"] == 0
    lines_a, lines_b = _report_lines(runs["tf_plain"], str(tmp_path / "ca")), _report_lines(runs["tf_bs"], str(tmp_path / "cb"))
    for row in rows:
        assert row["change"] == "same" and row["moved"] == "more", row
        ra, rb = lines_a[(row["file"], row["line"])], lines_b[(row["file"], row["line"])]
        # each line's compiled time per step is report's share of that line over the steps
        assert row["time_a_us"] == pytest.approx(ra["measured"]["share_us"] / steps_a, rel=1e-3)
        assert row["time_b_us"] == pytest.approx(rb["measured"]["share_us"] / steps_b, rel=1e-3)
        assert row["time_b_us"] > 1.05 * row["time_a_us"]
        pct = round(100 * (row["time_b_us"] / row["time_a_us"] - 1))
        assert f"/step (+{pct}%) · same " in row["lens"] and row["lens"].endswith(" kernels")
        assert "/step" in row["lens"] and len(row["lens"]) <= 60
    sdpa = next(r for r in rows if r["code"].startswith("y = F.scaled_dot_product_attention("))
    assert sdpa["lens"] == "977 µs → 1.7 ms/step (+70%) · same 2 kernels"


def test_hot_lines_hold_each_lines_eager_time_ranked_with_the_compiled_share(runs, tmp_path):
    run = _open(runs["tf_plain"])
    answer = hot_lines_answer(Snapshot(run.index, run.resolver))
    report = _report_lines(runs["tf_plain"], str(tmp_path / "c"))
    ranked = [(os.path.basename(r["file"]), r["line"] + 1) for r in answer["rows"]]

    def time(k):
        m = report[k]["measured"]
        return (m["share_us"] or 0) + (m.get("eager_us") or 0)

    # ranked as report ranks: the compiled share plus the eager time, opt.step() among the first
    by_report = sorted((k for k in report if time(k) > 0), key=lambda k: -time(k))
    assert ranked[: len(by_report)] == by_report
    assert ranked.index(("train.py", 94)) == 2
    opt = next(r for r in answer["rows"] if r["code"] == "opt.step()")
    assert opt["eager_us"] == pytest.approx(report[("train.py", opt["line"] + 1)]["measured"]["eager_us"], rel=1e-3)
    assert opt["eager_call"] == "step" and opt["share_us"] == 0
    loss = next(r for r in answer["rows"] if r["code"].startswith("loss = F.cross_entropy("))
    assert loss["eager_call"] == "cross_entropy" and loss["eager_us"] > 1000
    assert answer["steps"][0]["steps"] == 5 and answer["steps"][0]["line"].startswith("step 25.6 ms (5 steps)")
