"""Measured time per model line that adds up (line_time.py, ``lines`` in report --json)."""

from __future__ import annotations

import os
import re
from collections import Counter

import pytest
from conftest import case_dir
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.model import Measured
from inductor_lens.report.json_report import index_json
from inductor_lens.timing.join import join_profiles_beside_traces
from inductor_lens.timing.line_time import line_times

_FILE = re.compile(r"^\s*# File: (?P<file>.+?):(?P<line>\d+) in ")
_NODE = re.compile(r"^\s*(?P<name>\w+)(?::\s*\"[^\"]*\")? = ")


def _profiled(case: str, cache: str):
    index = load([case_dir(case)], Cache(cache))
    join_profiles_beside_traces(index)
    return index, index_json(index, None)


@pytest.fixture(scope="module")
def cnn(tmp_path_factory):
    return _profiled("torch-2.11-cuda/profile_cnn", str(tmp_path_factory.mktemp("c")))


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    return _profiled("torch-2.11-cuda/profile", str(tmp_path_factory.mktemp("c")))


@pytest.mark.parametrize("which", ["cnn", "gpt2"])
def test_line_shares_add_up_to_the_attributed_time(which, request):
    index, data = request.getfixturevalue(which)
    attributed = sum(k["measured"]["total_us"] for k in data["kernels"] if k["measured"])
    assert attributed > 100  # 267.4 µs (profile_cnn), 315.7 µs (profile): real device time
    # every measured kernel has a model line here, so the lines carry all of it
    assert all(k["model_lines"] for k in data["kernels"] if k["measured"])
    rows = data["lines"]
    assert rows and all(r["measured"] is not None for r in rows)
    assert sum(r["measured"]["share_us"] for r in rows) == pytest.approx(attributed, abs=0.01)
    for row in rows:
        share, whole = row["measured"]["share_us"], row["measured"]["kernels_us"]
        assert 0 <= share <= whole + 1e-6, row
        # the whole time is the listed kernels' (each has one launch: debug handles)
        by_key = {(k["compile_id"], k["graph"], k["key"]): k for k in data["kernels"]}
        listed = [by_key[(k["compile_id"], k["graph"], k["key"])] for k in row["kernels"]]
        assert whole == pytest.approx(sum(k["measured"]["total_us"] for k in listed), abs=0.01)
        assert row["launches"] == sum(len(k["launches"]) for k in listed)
    # the old per-line sums double-counted: they add up to more than the run
    assert sum(r["measured"]["kernels_us"] for r in rows) > 1.2 * attributed


def test_profile_join_times_each_launch(cnn):
    index, _ = cnn
    measured = [k for k in index.kernels if k.measured is not None]
    assert len(measured) == 16
    for k in measured:
        assert len(k.measured.launch_us) == len(k.launches) and sum(k.measured.launch_us) == pytest.approx(k.measured.total_us, abs=0.01)


def _node_lines(post_grad_path: str) -> dict[str, tuple[str, int, str]]:
    """Node name -> its ``# File:`` (file, line) and its ATen op (``view``, ``convolution``...),
    read off the post-grad graph text (independently)."""
    out: dict[str, tuple[str, int, str]] = {}
    where = None
    with open(post_grad_path) as fh:
        for text in fh:
            m = _FILE.match(text)
            if m:
                where = (m["file"], int(m["line"]))
                continue
            n = _NODE.match(text)
            if n and where is not None:
                op = re.search(r"torch\.ops\.aten\.(\w+)\.", text)
                out[n["name"]] = (*where, op.group(1) if op else "")
            elif not text.strip():
                where = None
    return out


#: view and layout ops: the rule leaves them out while a launch computes anything else
_VIEWS = {"view", "_unsafe_view", "reshape", "permute", "transpose", "t", "expand", "unsqueeze", "squeeze", "select", "slice", "alias"}


def test_models_py_41_share_by_the_stated_rule(cnn):
    """``x = F.max_pool2d(x, 2)``: its forward kernel's whole time, plus the part of the backward kernel
    it shares with lines 40 and 42 in proportion to the post-grad nodes of each line that compute
    something (views and layout changes left out)."""
    index, data = cnn
    (row,) = [r for r in data["lines"] if r["file"].endswith("models.py") and r["line"] == 41]
    assert [k["key"] for k in row["kernels"]] == [
        "triton_poi_fused_max_pool2d_with_indices_1:3",
        "triton_red_fused_convolution_backward_max_pool2d_with_indices_max_pool2d_with_indices_backward_native_batch_norm_backward_threshold_backward_1:4",
    ]
    expected = 0.0
    for ref in row["kernels"]:
        (k,) = [k for k in index.kernels if k.key == ref["key"] and k.graph.kind == ref["graph"]]
        lines = _node_lines(k.graph.post_grad.path)
        named = [lines[n] for n in k.post_grad_nodes if n in lines and lines[n][0].endswith("models.py")]
        counts = Counter(line for _, line, op in named if op not in _VIEWS) or Counter(line for _, line, _ in named)
        model = {f.line for f in k.model_lines}
        weights = {line: counts[line] for line in model}
        assert weights[41] > 0
        expected += k.measured.total_us * weights[41] / sum(weights.values())
    assert row["measured"]["share_us"] == pytest.approx(expected, abs=0.01)
    assert 5.0 < row["measured"]["share_us"] < row["measured"]["kernels_us"]  # 5.9 of 27.2 µs


def test_lines_without_a_profile(load_case):
    data = index_json(load_case("torch-2.11-cuda/gpt2_train"), None)
    assert data["lines"] and all(r["measured"] is None for r in data["lines"])
    (c_fc,) = [r for r in data["lines"] if r["file"].endswith("pytorch_utils.py") and r["line"] == 119]
    assert c_fc["code"] == "x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)"
    assert c_fc["launches"] >= 9  # every forward GEMM (and backward kernels of the same line)


def test_a_kernel_without_debug_handles_splits_per_launch(tmp_path):
    """PyTorch 2.6: one bare ``extern_kernels.addmm`` launched for fc1 (models.py:23) and fc2 (:26);
    each launch's time goes to its own line (times set by hand: there is no 2.6 profile)."""
    index = load([case_dir("torch-2.6-cpu/mlp_train")], Cache(str(tmp_path)))
    (addmm,) = [k for k in index.kernels if k.graph.kind == "forward" and k.key == "extern_kernels.addmm"]
    assert len(addmm.launches) == 2
    addmm.measured = Measured(runs=2, events=2, total_us=40.0, mean_us=20.0, launch_us=(10.0, 30.0))
    own = line_times([addmm]).own
    got = {os.path.basename(f) + f":{line}": (row.share_us, row.kernels_us, row.launches) for (f, line, _code), row in own.items()}
    assert got == {"models.py:23": (10.0, 10.0, 1), "models.py:26": (30.0, 30.0, 1)}


def test_call_lines_get_the_inclusive_share(gpt2):
    """A call line outside the innermost frames (GPT-2's ``hidden_states = block(``) gets the shares
    of the model lines below it, never more than the run."""
    index, data = gpt2
    times = line_times(index.kernels)
    attributed = sum(k.measured.total_us for k in index.kernels if k.measured)
    block = [
        row
        for (f, line, _code), row in times.through.items()
        if f.endswith("modeling_gpt2.py") and row.frame.code.startswith("hidden_states = block(")
    ]
    assert len(block) == 1
    share = block[0].share_us
    assert share is not None and 0 < share < attributed
    # the c_attn call line: only the c_attn GEMMs (and their fused neighbours' shares) run under it
    (c_attn,) = [
        row
        for (f, line, _code), row in times.through.items()
        if row.frame.code.startswith("query_states, key_states, value_states = self.c_attn(")
    ]
    assert c_attn.share_us is not None and c_attn.share_us <= c_attn.kernels_us


def test_pass_made_nodes_weigh_for_their_compile_time_line(tmp_path):
    """gpt2_train_noprov's loss graph: the online-softmax kernel's pass-made node
    (``prepare_softmax_online_default``, printed without a ``# File:`` line) counts for the line
    PyTorch gives it (modeling_gpt2.py:702), so that line gets its share of a measured launch."""
    index = load([case_dir("torch-2.11-cuda/gpt2_train_noprov")], Cache(str(tmp_path)))
    graph = next(g for g in index.graphs if g.compile_id == "3/0" and g.kind == "forward")
    kernel = next(k for k in graph.kernels if "prepare_softmax_online" in k.name)
    kernel.measured = Measured(runs=1, events=1, total_us=30.0, mean_us=30.0, launch_us=(30.0,))
    rows = line_times([kernel]).own
    shares = {key[1]: row.parts[0].share_us for key, row in rows.items()}
    # three post-grad nodes: a view (line 67: moves no data, so no share while others compute),
    # log (line 40) and the pass-made one (line 702)
    assert shares == pytest.approx({67: 0.0, 40: 15.0, 702: 15.0})


def _walked(kernels, through: bool):
    """The launch-by-launch walk, for kernels without measured time: per model line and per call
    line, in first-seen order, its first frame and each kernel's launches naming it."""
    from inductor_lens.timing.line_time import LaunchSplits

    splits = LaunchSplits()
    own: dict = {}
    calls: dict = {}
    for kernel in kernels:
        if kernel.measured is not None:
            continue
        for launch in kernel.launches:
            frames = launch.frames if len(kernel.launches) > 1 else kernel.frames
            split = splits.split(kernel, launch, frames)
            if split is None:
                continue
            for frame, key, _ in split.rows:
                row = own.setdefault(key, (frame, {}))
                row[1][id(kernel)] = row[1].get(id(kernel), 0) + 1
            for key, outer, _ in split.below(frames) if through else ():
                row = calls.setdefault(key, (outer, {}))
                row[1][id(kernel)] = row[1].get(id(kernel), 0) + 1
    return own, calls


@pytest.mark.parametrize(
    "case", ["torch-2.14-cpu/ddp", "torch-2.11-cuda/recompiles", "torch-2.11-cuda/gpt2_train_noprov", "torch-2.11-cuda/gpt2_train"]
)
def test_unmeasured_kernels_count_their_launches_as_the_launch_by_launch_walk_does(case, load_case):
    """line_times works out once per launch list what an unmeasured kernel adds to each line
    (kernels copied across ranks and repeated compiles share theirs); the walk over every launch
    gives the same lines, in the same order, with the same frames, kernels and launch counts."""
    kernels = load_case(case).kernels
    assert kernels and all(k.measured is None for k in kernels)
    for through in (False, True):
        got = line_times(kernels, through=through)
        own, calls = _walked(kernels, through)
        for rows, want in ((got.own, own), (got.through, calls)):
            assert list(rows) == list(want)
            for key, row in rows.items():
                assert row.frame is want[key][0]
                assert {id(p.kernel): p.launches for p in row.parts} == want[key][1]
                assert [id(p.kernel) for p in row.parts] == list(want[key][1])
        assert got.own
    copies = {(id(k.launches), id(k.frames)) for k in kernels}
    if case == "torch-2.14-cpu/ddp":
        assert len(copies) < len(kernels)  # the second rank's kernels share the first's lists
