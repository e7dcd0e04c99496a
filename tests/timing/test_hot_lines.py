"""Where the time goes (timing/hot_lines.py): the ranking that adds up, the user's call sites of
compiled code, what a frame's file is, and a PyTorch-API line's caller; on real traces."""

from __future__ import annotations

import os

import pytest
from conftest import REPO, case_dir, raw_records
from inductor_lens.files.cache import Cache
from inductor_lens.files.trace_paths import code_kind
from inductor_lens.index.trace_index import load
from inductor_lens.open_traces import TraceRequest, open_traces
from inductor_lens.timing.hot_lines import call_sites, hot_lines, innermost_user_frame

BERT = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda", "profile_bert_train")


@pytest.fixture(scope="module")
def cnn(tmp_path_factory):
    return open_traces(TraceRequest([case_dir("torch-2.11-cuda/profile_cnn")]), cache=Cache(str(tmp_path_factory.mktemp("c")))).index


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    return open_traces(TraceRequest([BERT]), cache=Cache(str(tmp_path_factory.mktemp("b")))).index


def test_the_ranking_adds_up_to_what_was_measured(cnn):
    hot = hot_lines(cnn.kernels)
    total = sum(k.measured.total_us for k in cnn.kernels if k.measured)
    assert hot.measured and hot.runs == [3] and hot.total_us == pytest.approx(total)
    shares = [r.share_us for r in hot.rows]
    assert shares == sorted(shares, reverse=True)
    assert sum(shares) == pytest.approx(hot.lines_us) and hot.lines_us == pytest.approx(total)  # every launch has a model line
    assert sum(r.percent for r in hot.rows) == pytest.approx(100.0)
    for r in hot.rows:  # the forward/backward split is the share, and no share exceeds its kernels' time
        assert sum(r.by_graph.values()) == pytest.approx(r.share_us) and r.share_us <= r.kernels_us + 1e-9
    top = hot.rows[0]
    assert (top.frame.basename, top.frame.line, round(top.percent, 1)) == ("models.py", 42, 50.5)
    assert hot.heading().startswith("where the time goes: 267 µs measured over 3 profiled runs, 100% of it on 5 model lines")


def test_without_a_profile_lines_rank_by_launches_and_say_so(load_case):
    index = load_case("torch-2.11-cuda/gpt2_train")
    hot = hot_lines(index.kernels)
    assert not hot.measured and hot.runs == [] and all(r.share_us is None and r.percent is None for r in hot.rows)
    launches = [r.launches for r in hot.rows]
    assert launches == sorted(launches, reverse=True) and launches[0] == 50
    assert "no profile, so not time" in hot.heading()


def test_the_users_call_of_a_hugging_face_model_is_its_call_site(bert):
    """Every kernel's stack is in transformers; the compile's dynamo_start stack names the script."""
    assert all(code_kind(f.file) != "user" for k in bert.kernels for f in k.frames)
    sites = call_sites(bert.graphs)
    (site,) = [s for s in sites if s.innermost]
    assert (os.path.basename(site.frame.file), site.frame.line, site.frame.code) == (
        "models_r20.py",
        140,
        "out = cm(input_ids=ids, attention_mask=mask, labels=labels)",
    )
    assert site.compile_ids == ["0/0", "0/1"] and [g.kind for g in site.graphs] == ["forward", "backward"] * 2
    assert site.kernels == len(bert.kernels) == 188 and site.percent == pytest.approx(100.0)
    # the outer frames (main(), the profiled loop) call it too; the line runs once per compile only where it says so
    outer = {(s.frame.line, tuple(s.compile_ids)) for s in sites if not s.innermost}
    assert (52, ("0/0",)) in outer and (55, ("0/1",)) in outer
    # the frames are those of the log's dynamo_start records, without the compiled function's own
    (log,) = [os.path.join(BERT, "trace", f) for f in os.listdir(os.path.join(BERT, "trace"))]
    starts = [env["dynamo_start"]["stack"] for _, env, _ in raw_records(log) if "dynamo_start" in env]
    assert {(fr["line"], fr.get("loc")) for fr in starts[0][:-1]} >= {(140, site.frame.code)}
    assert innermost_user_frame(bert.kernels[0].frames, bert.kernels[0].graph.call_stack) == site.frame


def test_a_pytorch_api_model_line_names_its_caller(load_case):
    """GPT-2's loss pads its labels through torch/nn/functional.py: the line names transformers' call."""
    index = load_case("torch-2.11-cuda/gpt2_train")
    (pad,) = [r for r in hot_lines(index.kernels).rows if r.frame.basename == "functional.py"]
    assert pad.frame.code == "return torch._C._nn.pad(input, pad, mode, value)"
    assert pad.caller is not None and code_kind(pad.caller.file) == "library" and "pad(" in pad.caller.code


@pytest.mark.parametrize(
    "path, kind",
    [
        ("/workspace/proj/models.py", "user"),
        ("C:\\Users\\me\\proj\\train.py", "user"),
        ("/home/u/torch/train.py", "user"),
        ("/opt/venv/lib/python3.12/site-packages/transformers/models/bert/modeling_bert.py", "library"),
        ("/usr/lib/python3.12/contextlib.py", "library"),
        ("/opt/venv/lib/python3.12/site-packages/torch/nn/functional.py", "torch_api"),
        ("/home/u/pytorch/torch/nn/modules/linear.py", "torch_api"),
        ("/opt/venv/lib/python3.12/site-packages/torch/_dynamo/compiled_autograd.py", "torch"),
        ("/opt/venv/lib/python3.12/site-packages/torch/autograd/graph.py", "torch"),
        ("<eval_with_key>.7", "generated"),
    ],
)
def test_code_kind(path, kind):
    assert code_kind(path) == kind


def test_an_extern_launchs_time_goes_to_the_line_of_the_op_it_runs(bert):
    """A new user's finding: the attention kernels (20% of the BERT run) showed as 4.8% on the
    attention line, their time spread over the reshapes and mask lines their post-grad nodes name;
    the transpose after it got 3.6%. An extern or fallback launch runs one op: its line gets it."""
    attention = [k for k in bert.kernels if k.measured and "scaled_dot_product" in k.name]
    assert {k.kind for k in attention} == {"fallback"} and len(attention) == 4
    rows = {(r.frame.basename, r.frame.line): r for r in hot_lines(bert.kernels).rows}
    sdpa = rows[("sdpa_attention.py", 158)]
    on_it = sum(k.measured.total_us for k in attention)  # each attention launch's whole time is on its line
    assert sdpa.share_us >= on_it - 1e-6 and sdpa.percent > 20.0
    transpose = rows[("sdpa_attention.py", 168)]  # attn_output.transpose(1, 2).contiguous(): was 38.6 µs
    assert transpose.share_us == 0.0 and any(k in transpose.kernels for k in attention)  # named, but moves no data


def test_a_call_line_without_code_in_the_trace_says_null_not_an_empty_string(tmp_path):
    """PyTorch 2.6 writes no code in a ``dynamo_start`` stack: the report's ``calls`` have
    ``code: null`` (the contract: unknown values are null; a fresh user's trial read ``""``), still
    resolved with a path map, and the table line has no blank where the code would be."""
    from conftest import TRACES
    from inductor_lens.report.json_report import calls_json
    from inductor_lens.report.table import call_site_texts

    opened = open_traces(
        TraceRequest([case_dir("torch-2.6-cpu/mlp_train")], path_maps=[("/workspace/proj", TRACES)]), cache=Cache(str(tmp_path))
    )
    calls = calls_json(opened.index, opened.resolver, None)
    assert calls and all(c["code"] is None for c in calls)
    assert calls[0]["file"] == "/workspace/proj/models.py" and calls[0]["resolved"] == os.path.join(TRACES, "models.py")
    texts = call_site_texts(call_sites(opened.index.graphs))
    assert texts and all(t.startswith("  models.py:") and ":  —" not in t and "  — calls compile" in t for t in texts), texts
    assert not any(f"{c['line']}    —" in t for c in calls for t in texts), texts


def test_two_runs_given_together_are_said_to_be_summed(tmp_path):
    """A CPU run (PyTorch 2.14) and a GPU run (2.11) of the same model given together: their
    launches were summed per model line with no word (a fresh user's trial); the heading and a note
    now say so, and point to ``diff``.  A job's ranks keep their own heading, one trace none."""
    both = load([case_dir("torch-2.14-cpu/mlp_train"), case_dir("torch-2.11-cuda/mlp_train")], Cache(str(tmp_path / "a")), disk_cache=False)
    hot = hot_lines(both.kernels)
    assert (hot.traces, hot.ranks) == (2, 0)
    assert "; the launches of 2 traces summed): 5 lines" in hot.heading()
    assert [n for n in hot.notes() if "not the ranks of one job" in n] == [
        "these lines sum 2 traces that are not the ranks of one job: give one trace for one run's lines; "
        "to compare two runs: inductor-lens diff A B"
    ]
    assert max(r.launches for r in hot.rows) == 9  # models.py:26, 4 + 5 launches
    ranks = hot_lines(load([case_dir("torch-2.14-cpu/ddp")], Cache(str(tmp_path / "b")), disk_cache=False).kernels)
    assert (ranks.traces, ranks.ranks) == (2, 2) and "the launches of 2 ranks summed" in ranks.heading()
    assert not [n for n in ranks.notes() if "not the ranks" in n]
    one = hot_lines(load([case_dir("torch-2.11-cuda/mlp_train")], Cache(str(tmp_path / "c")), disk_cache=False).kernels)
    assert one.traces == 1 and "summed" not in one.heading() and not [n for n in one.notes() if "not the ranks" in n]
