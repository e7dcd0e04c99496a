"""A profile cut off mid-write, beside its trace (a new user's trial): tf_plain's profile (round 45,
H100, PyTorch 2.11) cut at 88%, 90% and 95% of its bytes.  Kineto writes every CPU op first, then
each launching thread's runtime calls and device events in time order (the main thread's, then
the autograd thread's), so a cut keeps every graph call's CPU ops but loses the later launches'
device events: at 88% the forward's last runs, at 90% nearly all of the backward, at 95% its last
runs.  The truth is the whole profile: a run the cut kept has the same device time there."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from gpu_runs import unpack
from inductor_lens.files.cache import Cache
from inductor_lens.open_traces import TraceRequest, open_traces
from inductor_lens.report.json_report import index_json
from inductor_lens.timing.step import step_line

CUTS = (0.88, 0.90, 0.95)


def _opened(folder: str, cache: str):
    opened = open_traces(TraceRequest([folder], disk_cache=False), cache=Cache(cache))
    return opened, json.loads(json.dumps(index_json(opened.index, opened.resolver)))


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    root = tmp_path_factory.mktemp("gpu")
    folder = unpack("tf_plain", str(root / "tf_plain"))
    return folder, *_opened(folder, str(root / "c"))


@pytest.fixture(scope="module", params=CUTS)
def cut(whole, request, tmp_path_factory):
    folder = whole[0]
    root = tmp_path_factory.mktemp(f"cut{request.param}")
    shutil.copytree(os.path.join(folder, "trace"), root / "trace")
    shutil.copy(os.path.join(folder, "train.py"), root / "train.py")
    data = open(os.path.join(folder, "profile_trace.json"), "rb").read()
    (root / "profile_trace.json").write_bytes(data[: int(len(data) * request.param)])
    return str(root), *_opened(str(root), str(root / "c")), request.param


def _kernels(opened) -> dict:
    return {(g.kind, g.compile_id, k.key): k for g in opened.index.graphs for k in g.kernels}


def _key(row: dict) -> tuple:
    return (row["graph"], row["compile_id"], row["key"])


def test_a_kernel_is_timed_over_the_runs_the_cut_kept(whole, cut):
    """Each kernel's time per run is over the runs whose device time the cut kept (within the
    whole profile's fastest and slowest run of it), and its rate is never above its fastest run's:
    before, the runs of every call counted, with the time of those left (mean 3 runs' time / 5)."""
    full, part = _kernels(whole[1]), _kernels(cut[1])
    partial = 0
    for row in cut[2]["kernels"]:
        kernel = part[_key(row)]
        m, truth = kernel.measured, full[_key(row)].measured
        if m is None or not m.events:
            continue
        assert len(kernel.launches) == 1 and truth.runs == m.runs == 5
        partial += m.events < truth.events  # runs whose device events the cut lost
        assert min(truth.run_us) - 1e-3 <= row["measured"]["mean_us"] <= max(truth.run_us) + 1e-3, row["key"]
        if row["bytes"]:
            assert row["measured"]["gbps"] <= row["bytes"] / min(truth.run_us) / 1e3 * (1 + 1e-3), row["key"]
    assert partial or cut[3] == 0.90  # at 90% the forward's runs are whole, the backward's lost (no time)


def test_a_line_moves_only_what_was_measured(whole, cut):
    """A model line's rate: the bytes and FLOPs of the runs whose time the cut kept over that
    time, so never above the best run of any of its kernels in the whole profile, its share of a
    roof never above theirs; its time lower than the whole profile's (lower coverage).  Before,
    every line's bytes of all launches went over the forward's time alone: 145-266% of a peak
    (the SDPA line: 103 TFLOP/s, 154% of FP32; 29.5 after, 30.8 in the whole profile)."""
    full = _kernels(whole[1])
    by_line: dict[tuple, list] = {}
    for row in whole[2]["kernels"]:
        m = full[_key(row)].measured
        if m is not None and m.run_us and row["measured"]["gbps"]:
            best = row["measured"]["mean_us"] / min(m.run_us)  # the fastest run's rate over the mean's
            for at in row["model_lines"]:
                by_line.setdefault((at["file"], at["line"]), []).append((row["measured"], best))
    whole_lines = {(r["file"], r["line"]): r for r in whole[2]["lines"]}
    checked = 0
    for row in cut[2]["lines"]:
        got = row.get("measured") or {}
        if not got.get("gbps"):
            continue
        kernels = by_line[(row["file"], row["line"])]
        for field in ("hbm_fraction", "compute_fraction", "gbps", "tflops"):
            if got.get(field) is not None:
                top = max((m[field] or 0.0) * best for m, best in kernels)
                assert got[field] <= top * (1 + 1e-3), (row["line"], field, got[field], top)
        assert got["share_us"] <= whole_lines[(row["file"], row["line"])]["measured"]["share_us"] + 1e-3
        checked += 1
    assert checked >= 8


def test_the_cut_says_which_figures_are_short(whole, cut):
    """The warning names the file and counts the compiled launches left without a device event;
    the step line says GPU busy and device time are short and idle long.  Before, the only word
    was the reader's "the step's last figures may be short"."""
    folder, opened = cut[:2]
    path = os.path.join(folder, "profile_trace.json")
    said = [w.message for w in opened.index.warnings if w.file == path]
    (profile,) = opened.index.profiles
    lost, launches = profile.untimed
    assert 0 < lost < launches == whole[1].index.profiles[0].untimed[1]
    assert any(m.startswith(f"{lost} of the {launches} compiled-kernel launches") and "GPU busy, device time" in m for m in said), said
    line = step_line(profile.step)
    assert "GPU busy" in line and "(short)" in line and "idle" in line and "(long)" in line and "cut off" in line
    assert profile.step.gpu_busy_us < whole[1].index.profiles[0].step.gpu_busy_us
    assert "(short)" not in step_line(whole[1].index.profiles[0].step) and whole[1].index.profiles[0].untimed[0] == 0


def test_the_graph_table_says_which_graphs_lost_runs(whole, cut):
    """The graphs table's measured time says '(cut off)' on a graph some of whose runs lost their
    device events (it said '0.0 µs · 5 runs' for the backward at 90%), and only there."""
    import subprocess
    import sys

    from conftest import REPO

    env = {**os.environ, "PYTHONPATH": os.path.join(REPO, "server"), "COLUMNS": "200"}
    cmd = [sys.executable, "-m", "inductor_lens", "report", cut[0], "--no-cache", "--cache-dir", os.path.join(cut[0], "c")]
    table = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300).stdout
    for graph in cut[1].index.graphs:
        kernels = [k.measured for k in graph.kernels if k.measured is not None and k.measured.runs]
        lost = any(m.events < whole_kernel.measured.events for m, whole_kernel in zip(kernels, _same(whole[1], graph), strict=True))
        (row,) = [t for t in table.splitlines() if re.search(rf"│ {re.escape(graph.compile_id)}\s+│ {graph.kind}\s+│", t)]
        assert ("(cut off)" in row) == lost, row
    assert "(cut off)" in table


def _same(opened, graph) -> list:
    """The kernels of ``graph``'s twin in ``opened`` (measured ones, in order)."""
    (twin,) = [g for g in opened.index.graphs if (g.kind, g.compile_id) == (graph.kind, graph.compile_id)]
    return [k for k in twin.kernels if k.measured is not None and k.measured.runs]


def test_a_cut_cuda_graph_profile_says_which_calls_lost_their_replays(tmp_path):
    """tf_ro (``mode="reduce-overhead"``: kernels run as CUDA-graph replays, device events of their
    own) cut at 90%: the backward's replays are lost with their ``cudaGraphLaunch`` calls, so its
    calls join no graph and no launch is left without a device event to count; it said only the
    reader's "cut off mid-write?".  The calls are counted now: 5 of the whole profile's 10."""
    folder = unpack("tf_ro", str(tmp_path / "tf_ro"))
    whole = open_traces(TraceRequest([folder], disk_cache=False), cache=Cache(str(tmp_path / "c"))).index.profiles[0]
    data = open(os.path.join(folder, "profile_trace.json"), "rb").read()
    with open(os.path.join(folder, "profile_trace.json"), "wb") as fh:
        fh.write(data[: int(len(data) * 0.9)])
    opened = open_traces(TraceRequest([folder], disk_cache=False), cache=Cache(str(tmp_path / "c2")))
    (profile,) = opened.index.profiles
    lost, calls = profile.untimed_calls
    assert calls == whole.untimed_calls[1] == len(whole.calls) == 10 and whole.untimed_calls[0] == 0
    assert lost == calls - len(profile.calls) == 5  # the calls the cut file still joins are whole
    said = [w.message for w in opened.index.warnings if w.file == os.path.join(folder, "profile_trace.json")]
    assert any(m.startswith(f"{lost} of its {calls} compiled-graph calls have no device event") for m in said), said
    assert "(short)" in step_line(profile.step) and "(short)" not in step_line(whole.step)
