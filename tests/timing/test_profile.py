"""Measured launches and device time from real torch.profiler traces, joined to the index."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from collections import defaultdict

import pytest
from conftest import REPO, case_dir
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.readers.chrome_trace import CUT_OFF, read_chrome_trace
from inductor_lens.timing.join import aten_name, join_profile, join_profiles_beside_traces

PROFILE = os.path.join(case_dir("torch-2.11-cuda/profile"), "profile_trace.json")
PROFILE_CNN = os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json")


def _events(path):
    with open(path) as fh:
        return json.load(fh)["traceEvents"]


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    index = load([os.path.join(case_dir("torch-2.11-cuda/profile"), "trace")], Cache(str(tmp_path_factory.mktemp("c"))))
    return index, join_profile(index, PROFILE)


def test_triton_counts_and_times_equal_the_trace(gpt2):
    """Per kernel name: measured runs and total = a direct count and sum over the file's kernel events."""
    index, result = gpt2
    direct = defaultdict(lambda: [0, 0.0])
    for e in _events(PROFILE):
        if e.get("cat") == "kernel":
            direct[e["name"]][0] += 1
            direct[e["name"]][1] += e["dur"]
    got = defaultdict(lambda: [0, 0.0])
    for k in index.kernels:
        if k.kind not in ("extern", "fallback"):
            assert k.measured is not None, k.key
            got[k.name][0] += k.measured.events
            got[k.name][1] += k.measured.total_us
    assert got and set(got) <= set(direct)
    for name, (count, total) in got.items():
        assert count == direct[name][0] and total == pytest.approx(direct[name][1], abs=0.01), name
    # a kernel launched at two sites: each launch gets its own runs (3 profiled runs each)
    twice = [k for k in index.kernels if k.name == "triton_poi_fused_cat_split_transpose_view_1"]
    assert len(twice) == 2 and [k.measured.runs for k in twice] == [3, 3]


def test_every_device_kernel_attributed_exactly_once(gpt2):
    index, result = gpt2
    total = sum(1 for e in _events(PROFILE) if e.get("cat") == "kernel")
    attributed = sum(k.measured.events for k in index.kernels if k.measured)
    unattributed = sum(c for c, _ in result.unattributed.values())
    assert total == 93 and attributed + unattributed == total and unattributed == 0
    assert result.calls == [("0/0", "inference")] * 3


def test_extern_time_lands_on_the_right_launch(gpt2):
    """Follow each device kernel's External id to its CPU op and up (by time on the same thread)
    to the top-level op of the compiled call; the n-th aten::mm there is the n-th mm launch."""
    index, _ = gpt2
    events = _events(PROFILE)
    ops = [e for e in events if e.get("cat") == "cpu_op"]
    by_ext = {e["args"]["External id"]: e for e in ops}
    calls = sorted((e for e in ops if e["name"].startswith("## Call CompiledFxGraph")), key=lambda e: e["ts"])
    inside = lambda inner, outer: outer["ts"] <= inner["ts"] and inner["ts"] + inner["dur"] <= outer["ts"] + outer["dur"] + 1e-3
    expected = defaultdict(float)  # (op name, position among that op's top-level calls) -> device µs
    for call in calls:
        top = sorted(
            (
                o
                for o in ops
                if o is not call
                and inside(o, call)
                and o["name"].startswith("aten::")
                and not any(p is not call and p is not o and inside(o, p) and p["name"] != call["name"] and inside(p, call) for p in ops)
            ),
            key=lambda o: o["ts"],
        )
        position = {}
        for o in top:
            position[id(o)] = sum(1 for t in top if t["name"] == o["name"] and t["ts"] < o["ts"])
        for e in events:
            if e.get("cat") != "kernel":
                continue
            op = by_ext.get(e["args"].get("External id"))
            if op is None or not inside(op, call):
                continue
            owner = next((t for t in top if inside(op, t)), None)
            if owner is not None:
                expected[(owner["name"], position[id(owner)])] += e["dur"]
    graph = index.graphs[0]
    externs = [k for k in graph.kernels if k.kind in ("extern", "fallback")]
    counts = defaultdict(int)
    for k in sorted(externs, key=lambda k: k.launches[0].line):
        op = aten_name(k.name)
        assert k.measured.total_us == pytest.approx(expected[(op, counts[op])], abs=0.01), k.key
        counts[op] += 1
    assert counts["aten::mm"] == 7 and counts["aten::addmm"] == 2


def test_training_profile_forward_backward_and_unattributed(tmp_path):
    index = load([os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "trace")], Cache(str(tmp_path / "c")))
    result = join_profile(index, PROFILE_CNN)
    assert sorted(set(result.calls)) == [("0/0", "backward"), ("0/0", "forward")]
    backward = {k.key: k for g in index.graphs if g.kind == "backward" for k in g.kernels}
    assert all(k.measured is not None and k.measured.runs == 3 for k in backward.values())
    conv = backward["torch.ops.aten.convolution_backward.default:3"]
    assert conv.measured.events == 9  # cuDNN runs several kernels per convolution_backward
    total = sum(1 for e in _events(PROFILE_CNN) if e.get("cat") == "kernel")
    attributed = sum(k.measured.events for k in index.kernels if k.measured)
    unattributed = result.unattributed_json()
    assert attributed + sum(u["count"] for u in unattributed) == total == 87
    names = " ".join(u["name"] for u in unattributed)
    assert "softmax_warp_forward" in names and "multi_tensor_apply_kernel" in names  # eager loss and optimizer


def test_a_kernel_launched_at_several_sites_without_debug_handles_runs_once_per_call(tmp_path):
    """cnn_train_noprov (no debug handles): ``extern_kernels.convolution`` is one kernel launched at
    two sites; each graph call runs it once, at both.  Its runs were counted per launch (6, not the
    profile's 3 calls), which halved its time per run and doubled its GB/s (190 against 95) and its
    model lines' (models.py:40 192.6 against 124.8 GB/s with debug handles); the document said
    "3-6 runs" (a fresh user's trial).  The same profile joined to the run with debug handles
    (cnn_train, the same model) is the reference: its two launches' kernels sum to the same."""
    noprov = load([case_dir("torch-2.11-cuda/cnn_train_noprov")], Cache(str(tmp_path / "a")))
    join_profile(noprov, PROFILE_CNN)
    handles = load([case_dir("torch-2.11-cuda/cnn_train")], Cache(str(tmp_path / "b")))
    join_profile(handles, PROFILE_CNN)
    measured = [k for k in noprov.kernels if k.measured is not None]
    assert len(measured) == 12 and {k.measured.runs for k in measured} == {3}
    several = [k for k in measured if len(k.launches) > 1]
    assert {k.name for k in several} >= {"extern_kernels.convolution", "extern_kernels.mm", "triton_poi_fused_add_copy__4"}
    for kernel in several:
        same = [k for k in handles.kernels if k.name == kernel.name and k.graph.kind == kernel.graph.kind]
        assert len(same) == len(kernel.launches) and all(k.measured.runs == 3 for k in same)
        assert kernel.measured.events == sum(k.measured.events for k in same)
        assert kernel.measured.total_us == pytest.approx(sum(k.measured.total_us for k in same), abs=0.01)
        assert kernel.measured.mean_us == pytest.approx(kernel.measured.total_us / 3, abs=0.001)
    conv = next(k for k in several if k.name == "extern_kernels.convolution" and k.graph.kind == "forward")
    assert conv.measured.total_us == pytest.approx(32.672) and conv.measured.mean_us == pytest.approx(10.891)
    from inductor_lens.report.json_report import index_json

    docs = [index_json(index, None) for index in (noprov, handles)]
    assert [d["measured"]["runs"] for d in docs] == [[3], [3]]
    rates = [{(r["file"].rsplit("/", 1)[-1], r["line"]): r["measured"].get("gbps") for r in d["lines"] if r["measured"]} for d in docs]
    assert rates[0] == rates[1] and rates[0][("models.py", 40)] == pytest.approx(124.807)


def test_gzip_and_streamed_traces_read_the_same(tmp_path, monkeypatch):
    from inductor_lens.readers import chrome_trace

    plain = read_chrome_trace(PROFILE)
    gz = tmp_path / "profile_trace.json.gz"
    with open(PROFILE, "rb") as src, gzip.open(gz, "wb") as dst:
        shutil.copyfileobj(src, dst)
    streamed = read_chrome_trace(str(gz))
    monkeypatch.setattr(chrome_trace, "STREAM_BYTES", 0)
    also_streamed = read_chrome_trace(PROFILE)
    for other in (streamed, also_streamed):
        assert [(k.name, k.dur, k.external_id) for k in other.kernels] == [(k.name, k.dur, k.external_id) for k in plain.kernels]
        assert [(o.name, o.parent) for o in other.ops] == [(o.name, o.parent) for o in plain.ops]
        assert other.warnings == []


def test_report_joins_profile_beside_the_trace(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", case_dir("torch-2.11-cuda/profile_cnn"), "--json", "--cache-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    doc = json.loads(proc.stdout)
    step = doc["profiles"][0].pop("step")
    eager = doc["profiles"][0].pop("eager")
    # no Python stacks: the eager time (loss, SGD) is by the outermost aten:: op that launched it
    assert eager["stacks"] is False and eager["lines_us"] == 0 and eager["total_us"] == step["other_device_us"]
    assert eager["by_op"][0] == {"op": "aten::cross_entropy_loss", "us": 8.511}
    assert doc["profiles"] == [{"path": PROFILE_CNN, "device_events": 87, "graph_calls": 6, "device": "NVIDIA H200"}]
    assert step["steps"] is None and step["stacks"] is False and step["compiled_device_us"] > step["other_device_us"] > 0
    # measured.total_us: every activity launched in compiled code (memsets too), of which the lines hold the joined kernels'
    assert doc["measured"]["total_us"] == step["compiled_device_us"] >= doc["measured"]["lines_us"] >= 0.9 * step["compiled_device_us"]
    measured = [k for k in doc["kernels"] if k["measured"]]
    fields = {
        "runs",
        "events",
        "total_us",
        "mean_us",
        "clock",
        "gbps",
        "tflops",
        "peak_fraction",
        "bound",
        "roof",
        "device",
        "hbm_fraction",
        "compute_fraction",
        "compute_roof",
        "compute_roof_from",
        "note",
    }
    assert len(measured) == 16 and all(set(k["measured"]) == fields for k in measured)
    assert {k["measured"]["device"] for k in measured} == {"H200"}
    assert {k["measured"]["clock"] for k in measured} == {"device"}  # a CUDA run: every kernel has device events
    assert sum(u["count"] for u in doc["unattributed"]) == 21
    # --profile on a trace without one beside it
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "inductor_lens",
            "report",
            os.path.join(case_dir("torch-2.11-cuda/profile"), "trace"),
            "--profile",
            PROFILE,
            "--json",
            "--cache-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    doc = json.loads(proc.stdout)
    assert all(k["measured"] for k in doc["kernels"]) and doc["unattributed"] == []


def test_broken_profile_is_a_warning(tmp_path):
    bad = tmp_path / "profile_trace.json"
    bad.write_text(open(PROFILE).read()[:5000])
    index = load([os.path.join(case_dir("torch-2.11-cuda/profile"), "trace")], Cache(str(tmp_path / "c")))
    result = join_profile(index, str(bad))
    # cut off mid-write: said, and what the events before the cut hold is still read (issue 45)
    assert any(w.file == str(bad) and w.message == CUT_OFF for w in index.warnings)
    assert len(result.calls) <= 1 and result.step is not None
    bad.write_text(open(PROFILE).read()[:1500])  # cut before any event: nothing joined, said
    index = load([os.path.join(case_dir("torch-2.11-cuda/profile"), "trace")], Cache(str(tmp_path / "c")))
    result = join_profile(index, str(bad))
    assert result.calls == [] and any(w.file == str(bad) and w.message == CUT_OFF for w in index.warnings)
    assert all(k.measured is None for k in index.kernels)


def test_cpu_only_profile_measures_cpp_kernels_and_extern_calls_in_cpu_time(tmp_path):
    """tests/data/torch-2.13-cpu/capture_profile: a CPU training run captured by ``inductor-lens capture
    --profile`` (TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1).  No device events: each C++ kernel's time is
    its ``graph_<N>_<name>`` op and each extern call's its ``aten::`` op under the graph call, summed
    here straight from the file; forward and backward calls are told apart as the profiler nests them."""
    case = case_dir("torch-2.13-cpu/capture_profile")
    profile = next(os.path.join(case, "trace", f) for f in os.listdir(os.path.join(case, "trace")) if f.startswith("profile_"))
    index = load([os.path.join(case, "trace")], Cache(str(tmp_path)))
    join_profiles_beside_traces(index)
    assert [p.path for p in index.profiles] == [profile] and index.profiles[0].device_events == 0
    ops = [e for e in _events(profile) if e.get("ph") == "X" and e.get("cat") == "cpu_op"]
    calls = [e for e in ops if e["name"].startswith("## Call CompiledFxGraph")]
    backward_ops = [e for e in ops if e["name"] == "CompiledFunctionBackward"]

    def inside(e, outer):
        return outer["ts"] <= e["ts"] and e["ts"] + e["dur"] <= outer["ts"] + outer["dur"]

    backward_calls = [c for c in calls if any(inside(c, b) for b in backward_ops)]
    assert (len(calls), len(backward_calls)) == (5, 3)  # 1 call + 2 warm-up calls before the window, 5 recorded
    kernels = index.kernels
    assert len(kernels) == 10 and all(k.measured is not None and k.measured.clock == "cpu" for k in kernels)
    for k in kernels:
        assert k.measured.runs == (3 if k.graph.kind == "backward" else 2), k.key
    for k in (k for k in kernels if k.kind == "cpp"):
        direct = [e["dur"] for e in ops if e["name"].endswith("_" + k.name) and e["name"].startswith("graph_")]
        assert len(direct) == k.measured.runs and k.measured.total_us == pytest.approx(sum(direct), abs=1e-3), k.key
    # extern calls: the n-th aten::mm directly under a call is the n-th extern_kernels.mm launch of its graph
    for graph in index.graphs:
        mine = backward_calls if graph.kind == "backward" else [c for c in calls if c not in backward_calls]
        for k in (k for k in graph.kernels if k.kind == "extern"):
            op = "aten::" + k.name.split(".")[1]
            same = sorted((x for x in graph.kernels if x.name == k.name), key=lambda x: x.launches[0].line)
            nth = same.index(k)
            direct = []
            for call in mine:
                children = sorted((e for e in ops if e["name"] == op and inside(e, call)), key=lambda e: e["ts"])
                direct.append(children[nth]["dur"])
            assert k.measured.total_us == pytest.approx(sum(direct), abs=1e-3), k.key
    # the hover says what was measured: CPU time, not device time
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.files.resolve import PathResolver
    from inductor_lens.lsp.features.hover import kernel_markdown

    cpp = next(k for k in kernels if k.kind == "cpp")
    text = kernel_markdown(Snapshot(index, PathResolver([("/workspace/proj", case)])), cpp)
    assert f"**Measured:** {cpp.measured.runs} runs · " in text and " CPU time (" in text and "device" not in text


@pytest.mark.parametrize("first", ["gpt2_infer", "profile"])
def test_a_profile_joins_the_run_whose_process_it_measured(first, tmp_path):
    """Two traces and one profile: the profile's calls go to the graphs of the log written by the
    process the profile measured (its pid, 427), whatever the order of the paths (a new user's
    finding: all 24 measurements went to gpt2_infer when it came first)."""
    from inductor_lens.timing.join import join_profile

    paths = [case_dir(f"torch-2.11-cuda/{c}") + "/trace" for c in ("gpt2_infer", "profile")]
    if first == "profile":
        paths.reverse()
    index = load(paths, Cache(str(tmp_path)), disk_cache=False)
    join = join_profile(index, os.path.join(case_dir("torch-2.11-cuda/profile"), "profile_trace.json"))
    assert join is not None and join.calls
    measured = {os.path.basename(os.path.dirname(os.path.dirname(k.graph.trace))) for g in index.graphs for k in g.kernels if k.measured}
    assert measured == {"profile"}
    assert sum(1 for g in index.graphs for k in g.kernels if k.measured) == 24


def test_a_profile_whose_device_events_name_no_launch_is_said(tmp_path):
    """Device kernel events without their ``args`` (no ``External id``) cannot be tied to the
    launches that made them: said once, instead of every kernel reading 'measured 0.0 µs' (a new
    user's finding)."""
    from inductor_lens.timing.join import join_profile

    folder = case_dir("torch-2.11-cuda/profile")
    with open(os.path.join(folder, "profile_trace.json")) as fh:
        doc = json.load(fh)
    for event in doc["traceEvents"]:
        if event.get("cat") == "kernel":
            event.pop("args", None)
    stripped = tmp_path / "profile_trace.json"
    stripped.write_text(json.dumps(doc))
    index = load([folder + "/trace"], Cache(str(tmp_path / "c")), disk_cache=False)
    join_profile(index, str(stripped))
    said = [w.message for w in index.warnings if w.file == str(stripped)]
    assert len(said) == 1 and said[0].startswith("none of its 93 device kernel events names the launch it came from"), said


def test_a_second_profile_of_the_same_trace_says_it_replaces_the_first(tmp_path):
    """Two profiles of one run: a kernel shows one measurement, the later profile's; that is said
    (a new user's finding: the first profile's times were replaced silently while both were
    listed as joined)."""
    from inductor_lens.timing.join import join_profile

    folder = case_dir("torch-2.11-cuda/profile")
    first = tmp_path / "first.json"
    shutil.copy(os.path.join(folder, "profile_trace.json"), first)
    index = load([folder + "/trace"], Cache(str(tmp_path / "c")), disk_cache=False)
    join_profile(index, str(first))
    assert not index.warnings
    join_profile(index, os.path.join(folder, "profile_trace.json"))
    said = [w.message for w in index.warnings]
    assert said == ["its times replace those of first.json for 24 kernel(s) of the same trace (one profile per kernel is shown)"]


@pytest.mark.parametrize("content", [b"[]", b"{}", b'{"traceEvents": 3}', b"garbage"])
def test_a_profile_that_is_no_profiler_trace_is_said(content, tmp_path):
    """``--profile`` given JSON that is no profiler trace (``[]``, ``{}``) was ignored without a
    word, and gzipped garbage said only 'no traceEvents array' (a new user's finding)."""
    from inductor_lens.timing.join import join_profile

    path = tmp_path / ("p.json.gz" if content == b"garbage" else "p.json")
    path.write_bytes(gzip.compress(content) if content == b"garbage" else content)
    index = load([case_dir("torch-2.11-cuda/profile") + "/trace"], Cache(str(tmp_path / "c")), disk_cache=False)
    join_profile(index, str(path))
    assert [w.message for w in index.warnings if w.file == str(path)] == ["not a torch.profiler trace: no traceEvents array (not joined)"]


def test_a_training_profile_with_graph_breaks_measures_every_kernel(tmp_path):
    """GPT-2 training on an H200 (tests/data/pairs, made this round): the forward graph comes from a
    restarted compile (the log's ``1/0_1``; the profiler's region reads ``1/0``), and each backward
    call's fwdbwd flow ends inside a profiler step that holds every backward's flow. Before, only
    the loss function's 3 calls were joined (3 of 74 kernels measured, 1.09 ms of device time left
    unattributed); now all 12 graph calls and every kernel."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.open_traces import TraceRequest, open_traces

    case = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda", "profile_gpt2_train")
    index = open_traces(TraceRequest([case]), cache=Cache(str(tmp_path))).index
    (profile,) = index.profiles
    assert len(profile.calls) == 12
    assert sorted(set(profile.calls)) == [("1/0_1", "backward"), ("1/0_1", "forward"), ("3/0", "backward"), ("3/0", "forward")]
    kernels = index.kernels
    assert len(kernels) == 74 and all(k.measured is not None and k.measured.runs == 3 for k in kernels)
    assert sum(u["total_us"] for u in profile.unattributed_json()) < 60


def test_a_profile_beside_the_trace_joined_instead_of_a_broken_given_one_is_said(tmp_path):
    """``report profile_cnn --profile BROKEN``: the given profile is not joined (said), so the one
    beside the trace is, by the profile policy; that was silent, and the time shown looked like the
    given profile's (a fresh user's trial).  With the given profile intact, nothing is said."""
    from inductor_lens.open_traces import TraceRequest, open_traces

    broken = tmp_path / "cut.json"
    with open(PROFILE_CNN, "rb") as fh:
        broken.write_bytes(fh.read()[:1500])  # cut off before its first event
    trace = case_dir("torch-2.11-cuda/profile_cnn")
    opened = open_traces(TraceRequest([trace], profiles=[str(broken)]), cache=Cache(str(tmp_path / "a")))
    said = [(w.file, w.message) for w in opened.index.warnings]
    assert said[0] == (str(broken), CUT_OFF)
    assert said[1][0] == str(broken) and said[1][1].endswith("not joined")
    assert said[2:] == [(PROFILE_CNN, "joined from beside the trace: the profile given with --profile did not measure it")]
    assert [p.path for p in opened.index.profiles] == [PROFILE_CNN] and any(k.measured for k in opened.index.kernels)
    opened = open_traces(TraceRequest([trace], profiles=[PROFILE_CNN]), cache=Cache(str(tmp_path / "b")))
    assert not opened.index.warnings
    opened = open_traces(TraceRequest([trace]), cache=Cache(str(tmp_path / "c")))
    assert not opened.index.warnings and [p.path for p in opened.index.profiles] == [PROFILE_CNN]


@pytest.mark.parametrize("events", ["[]", '[1, null, "a", {"ph": "X"}]'])
def test_a_profile_with_no_events_is_said(events, tmp_path):
    """A profile whose traceEvents hold no op or kernel was dropped without a word (a fresh user's trial)."""
    empty = tmp_path / "empty.json"
    empty.write_text(f'{{"traceEvents": {events}}}')
    index = load([case_dir("torch-2.11-cuda/mlp_train")], Cache(str(tmp_path / "c")), disk_cache=False)
    assert join_profile(index, str(empty)) is not None and not index.profiles
    assert [(w.file, w.message) for w in index.warnings] == [(str(empty), "profile has no CPU op or device kernel events; not joined")]
