"""The whole step on real GPU training runs (round 45, H100, PyTorch 2.11; tests/data/make/gpu_r45):
a plain loop, an ``.item()`` graph break, ``mode="reduce-overhead"`` (CUDA graphs) and a regional
Llama compile, each profiled with ``schedule(wait=1, warmup=2, active=5)`` with and without Python
stacks.  The truth is ``step_truth.py``'s reading of the raw JSON, not the product's code."""

from __future__ import annotations

import json
import os

import pytest
from gpu_runs import RUNS, unpack
from inductor_lens.files.cache import Cache
from inductor_lens.open_traces import TraceRequest, open_traces
from inductor_lens.readers.chrome_trace import read_chrome_trace
from inductor_lens.timing.step import step_line, step_of
from step_truth import host_truth, load, truth

FIGURES = ("wall_us", "gpu_busy_us", "gpu_idle_us", "compiled_device_us", "other_device_us", "sync_us")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("gpu")
    return {run: unpack(run, str(root / run)) for run in RUNS}


@pytest.fixture(scope="module")
def reports(runs, tmp_path_factory):
    """``report --json``'s document per run (the profile with stacks, beside the trace)."""
    from inductor_lens.report.json_report import index_json

    out = {}
    for run, folder in runs.items():
        opened = open_traces(TraceRequest([folder]), cache=Cache(str(tmp_path_factory.mktemp("c"))))
        out[run] = json.loads(json.dumps(index_json(opened.index, opened.resolver)))
    return out


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("stacks", [True, False])
def test_step_figures_equal_the_profiles_own(runs, run, stacks):
    path = os.path.join(runs[run], "profile_trace.json" if stacks else os.path.join("nostack", "profile_trace.json"))
    step = step_of(read_chrome_trace(path))
    ours, want = step.to_json(), truth(load(path))
    assert ours["steps"] == want["steps"] == 5
    for key in FIGURES:
        assert ours[key] == pytest.approx(want[key], abs=1e-3), key
    assert ours["step_us"] == pytest.approx(want["step_us"], abs=1e-3)
    assert ours["stacks"] is stacks
    assert ("Python stacks" in step_line(step)) is stacks


@pytest.mark.parametrize("run", RUNS)
def test_measured_total_is_compiled_device_time_and_lines_hold_nine_tenths(reports, runs, run):
    """``measured.total_us`` = the compiled code's device time (CUDA-graph replays included), and
    the part at model lines is at least 90% of it (issue 45)."""
    doc = reports[run]
    want = truth(load(os.path.join(runs[run], "profile_trace.json")))["compiled_device_us"]
    assert doc["measured"]["total_us"] == pytest.approx(want, rel=1e-6)
    assert doc["measured"]["lines_us"] >= 0.9 * want


def test_cuda_graph_replays_land_on_the_same_lines_as_the_plain_run(reports):
    """``mode="reduce-overhead"``: its kernels run as CUDA-graph replays (``cudaGraphLaunch``), which
    joined nothing before ('profile matched no compiled graph'). The same model run without CUDA
    graphs (tf_plain) gives each line its device time; the replays give each line within 15% of it."""

    def shares(doc):
        return {row["line"]: row["measured"]["share_us"] for row in doc["lines"] if row.get("measured") and row["kernels"]}

    plain, graphs = shares(reports["tf_plain"]), shares(reports["tf_ro"])
    assert set(plain) == set(graphs) and len(plain) >= 10
    for line, us in plain.items():
        assert graphs[line] == pytest.approx(us, rel=0.15), line
    assert reports["tf_ro"]["profiles"][0]["graph_calls"] == 10


def test_host_time_at_the_call_site(reports, runs):
    """tf_plain compiles the whole model, called at ``logits = forward(idx)``: its ``host_us`` is the
    CPU time of every outermost compiled region (forward on the main thread, backward on the
    autograd thread), read off the raw profile; per step, over the 5 steps."""
    doc = reports["tf_plain"]
    (site,) = [c for c in doc["calls"] if c["innermost"]]
    want = host_truth(load(os.path.join(runs["tf_plain"], "profile_trace.json")))
    assert site["code"] == "logits = forward(idx)"
    assert site["host_us"] == pytest.approx(want, rel=1e-6)
    assert site["host_us_per_step"] == pytest.approx(want / 5, rel=1e-6)


def test_a_profile_cut_before_its_device_events_says_what_it_lost(runs, tmp_path):
    """tf_plain's profile without stacks cut in half (a new user's trial): Kineto writes the CPU ops
    first, so the half holds no device event and no CUDA runtime call.  Said as lost, never as a
    CPU-only profile, and no kernel gets its launching op's CPU time as its time."""
    from inductor_lens.report.json_report import index_json

    data = open(os.path.join(runs["tf_plain"], "nostack", "profile_trace.json"), "rb").read()
    cut = tmp_path / "p.json"
    cut.write_bytes(data[: len(data) // 2])
    assert b'"cat": "kernel"' not in cut.read_bytes() and b'"cat": "cuda_runtime"' not in cut.read_bytes()
    request = TraceRequest([os.path.join(runs["tf_plain"], "trace")], profiles=[str(cut)], disk_cache=False)
    opened = open_traces(request, cache=Cache(str(tmp_path / "c")))
    said = [w.message for w in opened.index.warnings if w.file == str(cut)]
    assert any(m.startswith("its device events were not reached: it names NVIDIA H100 80GB HBM3") for m in said), said
    (profile,) = opened.index.profiles
    line = step_line(profile.step)
    assert "not reached" in line and "CPU-only" not in line
    # the GPU figures are unknown, not 0: the line said "GPU busy 0.00 · idle 25.6" beside "unknown"
    assert "GPU busy unknown · idle unknown · device time unknown" in line and "GPU busy 0" not in line
    block = profile.step.to_json()
    assert [block[k] for k in ("gpu_busy_us", "gpu_idle_us", "compiled_device_us", "other_device_us")] == [None] * 4
    assert not [k.name for g in opened.index.graphs for k in g.kernels if k.measured and k.measured.clock == "cpu"]
    assert "(CPU time)" not in json.dumps(index_json(opened.index, opened.resolver))


@pytest.mark.parametrize("run", ["tf_plain", "tf_item", "tf_ro"])  # llama_regional's lines are in transformers
def test_report_reads_the_model_file_beside_the_run(reports, runs, run):
    """report's lines resolve the trace's /workspace/proj/train.py to the copy beside the run, as the
    eager join and diff do (issue 45's rule, files/resolve.py): it said ``resolved: null`` without
    --path-map.  Every train.py line's code is that copy's line."""
    here = os.path.join(runs[run], "train.py")
    model = open(here).read().splitlines()
    rows = [r for r in reports[run]["lines"] if r["file"].endswith("/train.py")]
    assert rows and all(r["resolved"] == here for r in rows)
    assert all(model[r["line"] - 1].strip() == r["code"].strip() for r in rows if r.get("code"))


def test_two_runs_whose_model_files_differ_keep_their_lines_apart(reports, runs, tmp_path):
    """``report tf_plain tf_item``: line 94 is ``opt.step()`` in tf_plain and the loss in tf_item,
    line 48 ``return self.fc2(h)`` and the ``.item()`` test; rows were merged by line number (the
    optimizer's row carried tf_item's loss time).  Now each keeps its own code and time, and the
    different code under one path is said."""
    from inductor_lens.report.json_report import index_json

    opened = open_traces(TraceRequest([runs["tf_plain"], runs["tf_item"]]), cache=Cache(str(tmp_path / "c")))
    doc = json.loads(json.dumps(index_json(opened.index, opened.resolver)))
    rows = {(r["line"], r["code"].strip()): r for r in doc["lines"] if r["file"].endswith("/train.py")}
    alone = {run: {(x["line"], x["code"].strip()): x for x in reports[run]["lines"]} for run in ("tf_plain", "tf_item")}
    for line, run in ((94, "tf_plain"), (94, "tf_item"), (48, "tf_plain"), (48, "tf_item")):
        code = open(os.path.join(runs[run], "train.py")).read().splitlines()[line - 1].strip()
        mine = alone[run][(line, code)]["measured"]
        both = rows[(line, code)]["measured"]
        assert both["eager_us"] == pytest.approx(mine["eager_us"]) if mine["eager_us"] else both["eager_us"] in (None, 0.0)
    assert len([key for key in rows if key[0] == 94]) == 2 and len([key for key in rows if key[0] == 48]) == 2
    said = [w["message"] for w in doc["warnings"] if w["message"].startswith("the same path has different code in the runs")]
    assert len(said) == 1 and "inductor-lens diff" in said[0]
