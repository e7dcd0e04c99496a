"""Compile health of every PyTorch era: compile time in each release's metrics fields, the three
forms of ``dynamo_graph_break_reason`` (a graph break, a graph break that skips the frame, the
``WON'T CONVERT`` of a backend failure), graph breaks known only from ``restart_reasons`` (2.4,
2.5), and compiles in log order.

Inputs: the reduced bug inputs (../shared/bugs/23: a late-2024 nightly's ``_us``-only metrics;
../shared/bugs/25: PyTorch 2.13's ``WON'T CONVERT`` records) and logs derived from the real traces
by rewriting records with their payload MD5s recomputed (tests/corpus.py), never written by hand.
Expected values are read off the inputs by conftest's independent mini-reader (``raw_records``).
"""

from __future__ import annotations

import io
import json
import os
import re

import pytest
from conftest import SHARED, case_log, compile_id, raw_records
from corpus import envelope, join, payload, records, set_payload
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.files.cache import Cache
from inductor_lens.files.resolve import PathResolver
from inductor_lens.health.queries import compiled_functions, health_counts, problems_by_compile
from inductor_lens.index.trace_index import load
from inductor_lens.lsp.features import health as lsp_health
from inductor_lens.report.health import print_health
from inductor_lens.report.json_report import index_json
from inductor_lens.text import format_seconds

BUGS = os.path.join(SHARED, "bugs")
BUG23 = os.path.join(BUGS, "23", "simple.log")
BUG25_DIR = os.path.join(BUGS, "25")
BUG25 = os.path.join(BUG25_DIR, "dedicated_log_torch_trace_8nymtomm.log")
GB = "dynamo_graph_break_reason"

#: each time of a compile in the forms PyTorch wrote it: (phase key, the seconds field, the µs field)
TIMES = (
    ("compile_time_s", "entire_frame_compile_time_s", "dynamo_cumulative_compile_time_us"),
    ("backend_compile_time_s", "backend_compile_time_s", "aot_autograd_cumulative_compile_time_us"),
    ("inductor_compile_time_s", "inductor_compile_time_s", "inductor_cumulative_compile_time_us"),
    ("code_gen_time_s", "code_gen_time_s", "inductor_code_gen_cumulative_compile_time_us"),
)


def _load(path: str, cache_dir: str):
    return load([path], Cache(cache_dir), disk_cache=False)


def _rewrite(log: str, out_dir, edit) -> str:
    """A copy of ``log`` (same file name, in ``out_dir``) whose records went through
    ``edit(env, payload text) -> (env, payload text) | None`` (``None`` drops the record); changed
    envelopes are written again and payload MD5s recomputed."""
    new = []
    for rec in records(open(log, "rb").read()):
        try:
            prefix, env = envelope(rec)
        except (AttributeError, ValueError):
            new.append(rec)
            continue
        text = b"\n".join(payload(rec)).decode()
        result = edit(json.loads(json.dumps(env)), text)
        if result is None:
            continue
        env2, text2 = result
        if env2 == env and text2 == text:
            new.append(rec)
        elif "has_payload" in env2:
            new.append(set_payload([prefix + json.dumps(env2).encode()], text2.encode().split(b"\n")))
        else:
            new.append([prefix + json.dumps(env2).encode()])
    path = os.path.join(str(out_dir), os.path.basename(log))
    with open(path, "wb") as fh:
        fh.write(join(new))
    return path


def _metrics(log: str) -> list[tuple[int, str, dict]]:
    """(line, compile id, compilation_metrics) of every metrics record, in log order."""
    return [
        (n, compile_id(env), env["compilation_metrics"])
        for n, env, _ in raw_records(log)
        if isinstance(env.get("compilation_metrics"), dict)
    ]


def _breaks(log: str) -> list[tuple[int, str, str]]:
    """(line, compile id, payload) of every dynamo_graph_break_reason record, in log order."""
    return [(n, compile_id(env), text) for n, env, text in raw_records(log) if (env.get("artifact") or {}).get("name") == GB]


def _table(index, trace: str) -> str:
    from rich.console import Console

    console = Console(width=240, file=io.StringIO(), record=True, color_system=None)
    print_health(index, trace, console)
    return console.export_text()


def _base(cid: str) -> str:
    return re.sub(r"_\d+$", "", cid)


# ------------------------------------------------------------------ compile time in every form


def test_23_compile_time_from_the_cumulative_us_fields(cache_dir):
    ((line, cid, m),) = _metrics(BUG23)
    assert all(m.get(s) is None for _, s, _ in TIMES)  # this nightly wrote only the µs forms
    doc = index_json(_load(BUG23, cache_dir), None)
    (c,) = doc["compiles"]
    assert (c["compile_id"], c["record_line"]) == (cid, line)
    assert c["compile_time_s"] == m["dynamo_cumulative_compile_time_us"] / 1e6 == 1.659332
    for key, _, us in TIMES[1:]:
        assert c["phases"][key] == m[us] / 1e6
    assert (c["phases"]["backend_compile_time_s"], c["phases"]["inductor_compile_time_s"], c["phases"]["code_gen_time_s"]) == (
        1.30709,
        0.706575,
        0.529174,
    )
    # one key per phase: no µs-named duplicate of a phase the _s key already holds
    assert not {k for k in c["phases"] if "cumulative" in k}
    assert c["phases"]["pre_grad_pass_time_s"] == m["pre_grad_pass_time_us"] / 1e6
    index = _load(BUG23, cache_dir)
    assert f"{format_seconds(1.659332)} compiling" in _table(index, BUG23)


def _only(log: str, out_dir, keep: str) -> str:
    """``log`` with every compile time written in one form only: ``keep`` = ``"us"`` drops the
    seconds fields (as the late-2024 nightlies wrote), ``"s"`` the µs ones (as 2.4 and 2.5 wrote)."""

    def edit(env, text):
        for key in ("compilation_metrics", "bwd_compilation_metrics"):
            m = env.get(key)
            if isinstance(m, dict):
                for _, s, us in TIMES + (("", "dynamo_time_before_restart_s", "dynamo_compile_time_before_restart_us"),):
                    m.pop(s if keep == "us" else us, None)
                if keep == "s":
                    m.pop("duration_us", None)
        return env, text

    return _rewrite(log, out_dir, edit)


@pytest.mark.parametrize("case", ["torch-2.14-cpu/graph_breaks", "torch-2.6-cpu/cnn_train", "torch-2.11-cuda/recompiles"])
@pytest.mark.parametrize("keep", ["us", "s"])
def test_each_form_alone_gives_the_same_times(tmp_path, cache_dir, case, keep):
    """A release that wrote only one form (µs: late-2024 nightlies; s: 2.4, 2.5) gets the times a
    release writing both gets, from the values of that form."""
    src = case_log(case)
    dst = _only(src, tmp_path, keep)
    both = {c.compile_id: c for c in _load(src, cache_dir).compiles}
    one = {c.compile_id: c for c in _load(dst, cache_dir).compiles}
    assert list(both) == list(one)
    checked = 0
    for line, cid, m in _metrics(src):
        for key, s, us in TIMES:
            got = one[cid].compile_time_s if key == "compile_time_s" else one[cid].phases.get(key)
            field = us if keep == "us" else s
            expected = None if m.get(field) is None else m[field] / 1e6 if keep == "us" else m[field]
            if key == "compile_time_s" and expected is None and keep == "us" and m.get("duration_us") is not None:
                expected = m["duration_us"] / 1e6
            assert got == expected, (cid, key, line)
            checked += expected is not None
            if expected is not None:  # the same value a release writing both forms gets
                assert got == (both[cid].compile_time_s if key == "compile_time_s" else both[cid].phases.get(key))
    assert checked > 0


def test_the_seconds_field_wins_when_both_forms_disagree(tmp_path, cache_dir):
    """The rule when several forms are present: the ``_s`` field (2.6+ copies it from the µs one)."""
    src = case_log("torch-2.14-cpu/graph_breaks")

    def edit(env, text):
        m = env.get("compilation_metrics")
        if isinstance(m, dict) and m.get("dynamo_cumulative_compile_time_us") is not None:
            m["dynamo_cumulative_compile_time_us"] *= 3
            m["aot_autograd_cumulative_compile_time_us"] = 1
        return env, text

    dst = _rewrite(src, tmp_path, edit)
    compiles = {c.compile_id: c for c in _load(dst, cache_dir).compiles}
    for _, cid, m in _metrics(dst):
        if m.get("entire_frame_compile_time_s") is not None:
            assert compiles[cid].compile_time_s == m["entire_frame_compile_time_s"] != m["dynamo_cumulative_compile_time_us"] / 1e6
        if m.get("backend_compile_time_s") is not None:
            assert compiles[cid].phases["backend_compile_time_s"] == m["backend_compile_time_s"]


def test_backward_inductor_time_from_either_form(tmp_path, cache_dir):
    src = case_log("torch-2.6-cpu/cnn_train")
    bwd = [env["bwd_compilation_metrics"] for _, env, _ in raw_records(src) if "bwd_compilation_metrics" in env]
    assert bwd and all(b.get("inductor_cumulative_compile_time_us") is not None for b in bwd)
    for keep in ("us", "s"):
        out = tmp_path / keep
        out.mkdir()
        (c,) = _load(_only(src, out, keep), cache_dir).compiles
        field = "inductor_cumulative_compile_time_us" if keep == "us" else "inductor_compile_time_s"
        assert c.phases["backward_inductor_compile_time_s"] == (bwd[-1][field] / 1e6 if keep == "us" else bwd[-1][field])


# ------------------------------------------------------------------ WON'T CONVERT (bug 25)


def _exception_of(text: str) -> str:
    """The exception a WON'T CONVERT traceback ends with, its module path dropped."""
    body = text.split("========== The above exception occurred", 1)[0]
    line = [l for l in body.split("\n") if l and not l[0].isspace() and not l.startswith(("=", "WON'T", "Traceback"))][-1]
    name, _, message = line.partition(": ")
    return f"{name.rsplit('.', 1)[-1]}: {message}"


def test_25_wont_convert_is_a_conversion_failure_not_a_graph_break(cache_dir):
    raw = _breaks(BUG25)
    user = [(n, cid, t) for n, cid, t in raw if t.startswith("Graph break in user code at ")]
    wont = [(n, cid, t) for n, cid, t in raw if t.startswith("WON'T CONVERT ")]
    assert len(user) + len(wont) == len(raw) and wont
    index = _load(BUG25, cache_dir)
    breaks = [e for e in index.compile_events if e.kind == "graph_break"]
    assert [(e.record_line, e.compile_id) for e in breaks] == [(n, cid) for n, cid, _ in user]
    assert [e.compile_id for e in breaks] == ["0/0", "0/0_1", "1/0", "5/0"]
    for e, (_, _, text) in zip(breaks, user, strict=True):
        file, line = re.match(r"Graph break in user code at (.+):(\d+)\n", text).groups()
        assert (e.location.file, e.location.line) == (file, int(line))
        assert "TorchDynamo Stack Trace" not in e.message
    failures = [e for e in index.compile_events if e.kind == "conversion_failure"]
    assert [(e.record_line, e.compile_id) for e in failures] == [(n, cid) for n, cid, _ in wont]
    for e, (_, _, text) in zip(failures, wont, strict=True):
        name, file, line = re.match(r"WON'T CONVERT (\S+) (.+) line (\d+)\n", text).groups()
        assert (e.location.file, e.location.line, e.location.function) == (file, int(line), name)
        assert e.message == _exception_of(text)
    assert (failures[0].location.basename, failures[0].location.line) == ("hops.py", 11)
    assert failures[0].message == "DataDependentOutputException: aten._local_scalar_dense.default"
    with open(BUG25) as fh:  # the target line shows the exception itself
        log_lines = fh.read().split("\n")
    assert (
        log_lines[failures[0].target_line - 1]
        == "\ttorch._subclasses.fake_tensor.DataDependentOutputException: aten._local_scalar_dense.default"
    )
    assert not [w for w in index.warnings if "unknown form" in w.message]
    counts = health_counts(index.compiles, index.compile_events)
    assert counts.graph_breaks == 4
    compiles = {c.compile_id: c for c in index.compiles}
    assert sum(c.graph_breaks for c in compiles.values()) == 4 and compiles["0/0_1"].graph_breaks == 2


def test_25_report_table_json_and_editor(cache_dir):
    index = _load(BUG25, cache_dir)
    table = _table(index, BUG25)
    assert "4 graph breaks" in table and "TorchDynamo Stack Trace" not in table
    assert "won't convert: DataDependentOutputException: aten._local_scalar_dense.default" in table
    assert table.count("graph break at ") == 4
    doc = index_json(index, None)
    kinds = [(e["compile_id"], e["kind"]) for e in doc["compile_events"]]
    assert kinds.count(("0/0", "conversion_failure")) == 1 and sum(k == "graph_break" for _, k in kinds) == 4
    ctx = Snapshot(index, PathResolver([("/workspace/proj", BUG25_DIR)]))
    hops = os.path.join(BUG25_DIR, "hops.py")
    diags = lsp_health.diagnostics(ctx, hops)
    (wont,) = [d for d in diags if d.code == "conversion-failure"]
    assert wont.range.start.line + 1 == 11 == next(n for n, l in enumerate(open(hops), 1) if "def forward" in l)
    assert wont.message == (
        "Won't convert forward, compile 0/0: the backend compiler raised DataDependentOutputException: aten._local_scalar_dense.default"
    )
    assert not [d for d in diags if "TorchDynamo Stack Trace" in d.message]
    assert lsp_health.problem_counts(index)["graphBreaks"] == 4


def test_wont_convert_short_form(tmp_path, cache_dir):
    """``format_error_msg``'s shorter text (``... line N \\ndue to: \\n<traceback>``) reads the same."""

    def edit(env, text):
        if (env.get("artifact") or {}).get("name") == GB and text.startswith("WON'T CONVERT "):
            head, _, rest = text.partition("\n========== TorchDynamo Stack Trace ==========\n")
            return env, f"{head} \ndue to: \n{rest.split('========== The above exception')[0]}"
        return env, text

    dst = _rewrite(BUG25, tmp_path, edit)
    before = [(e.compile_id, e.message, e.location) for e in _load(BUG25, cache_dir).compile_events if e.kind == "conversion_failure"]
    index = _load(dst, cache_dir)
    assert [(e.compile_id, e.message, e.location) for e in index.compile_events if e.kind == "conversion_failure"] == before
    assert not [w for w in index.warnings if "unknown form" in w.message]


# ------------------------------------------------------------------ a graph break that skips the frame


@pytest.mark.parametrize("form", ["2.13", "2.6"])
def test_skip_form_is_a_graph_break_at_the_innermost_user_frame(tmp_path, cache_dir, form):
    """``convert_frame.py``'s record of a break it cannot resume from, made from a real record's
    user frames and traceback in the words of each release."""
    src = case_log("torch-2.14-cpu/graph_breaks")

    def edit(env, text):
        if (env.get("artifact") or {}).get("name") != GB:
            return env, text
        user = text.split("User code traceback:\n", 1)[1].split("\n\nTraceback (most recent call last):", 1)[0] + "\n"
        tb = "Traceback (most recent call last):" + text.split("Traceback (most recent call last):", 1)[1]
        if form == "2.6":
            return env, f"Graph break: skip: from user code at:\n{user}\n{tb}"
        last = re.findall(r'File "(.+)", line (\d+), in (\S+)', user)[-1]
        return env, (
            "Graph break: torch.compile cannot properly resume from this graph break, which results in a skip.\n"
            f"torch.compile will skip tracing the frame {last[2]} ({last[0]} line {last[1]}) and fall back to eager.\n"
            f"The graph break occurred in the following user code:\n{user}\n{tb}"
        )

    dst = _rewrite(src, tmp_path, edit)
    original = [e for e in _load(src, cache_dir).compile_events if e.kind == "graph_break"]
    index = _load(dst, cache_dir)
    skipped = [e for e in index.compile_events if e.kind == "graph_break"]
    assert len(skipped) == len(original) == len(_breaks(src)) == 3
    for a, b in zip(original, skipped, strict=True):
        assert (b.compile_id, b.location.file, b.location.line, b.location.code) == (
            a.compile_id,
            a.location.file,
            a.location.line,
            a.location.code,
        )
        assert (b.message, b.hint, b.url) == (a.message, a.hint, a.url)
        assert [f.line for f in b.stack] == [f.line for f in a.stack]
    assert not [w for w in index.warnings if "unknown form" in w.message]


# ------------------------------------------------------------------ graph breaks from restart_reasons


def _graph_break_restarts(m: dict) -> list[str]:
    return [r for r in m.get("restart_reasons") or [] if not r.startswith("<class '")]


@pytest.mark.parametrize("case", ["torch-2.14-cpu/graph_breaks", "torch-2.8-cpu/graph_break", "torch-2.11-cuda/graph_break"])
def test_without_break_records_restart_reasons_are_the_graph_breaks(tmp_path, cache_dir, case):
    """A log as PyTorch 2.4 / 2.5 wrote it (no dynamo_graph_break_reason): a graph break per
    graph-break restart reason of each compile, none for other restarts (a class name)."""
    src = case_log(case)
    dst = _rewrite(src, tmp_path, lambda env, text: None if (env.get("artifact") or {}).get("name") == GB else (env, text))
    assert _breaks(src) and not _breaks(dst)
    index = _load(dst, cache_dir)
    breaks = [e for e in index.compile_events if e.kind == "graph_break"]
    expected = [(_base(cid), line, r) for line, cid, m in _metrics(dst) for r in _graph_break_restarts(m)]
    assert [(e.compile_id, e.record_line) for e in breaks] == [(cid, line) for cid, line, _ in expected]
    assert all(e.location is None and e.record == "compilation_metrics" for e in breaks)
    # the same graph breaks as the records said: per frame compile, the same messages and hints
    original = [e for e in _load(src, cache_dir).compile_events if e.kind == "graph_break"]
    assert sorted((e.compile_id, e.message, e.hint) for e in breaks) == sorted((_base(e.compile_id), e.message, e.hint) for e in original)
    per_compile = {c.compile_id: c.graph_breaks for c in _load(src, cache_dir).compiles}
    assert {c.compile_id: c.graph_breaks for c in index.compiles} == per_compile
    if case != "torch-2.14-cpu/graph_breaks":  # these logs restart once more for a float tensorified
        assert any(r.startswith("<class '") for _, _, m in _metrics(src) for r in m.get("restart_reasons") or [])


@pytest.mark.parametrize("case", ["torch-2.14-cpu/graph_breaks", "torch-2.8-cpu/graph_break", "torch-2.11-cuda/graph_break"])
def test_break_records_and_restart_reasons_are_never_counted_twice(cache_dir, case):
    src = case_log(case)
    index = _load(src, cache_dir)
    assert any(_graph_break_restarts(m) for _, _, m in _metrics(src))
    breaks = [e for e in index.compile_events if e.kind == "graph_break"]
    assert [(e.record_line, e.compile_id) for e in breaks] == [(n, cid) for n, cid, _ in _breaks(src)]
    assert sum(c.graph_breaks for c in index.compiles) == len(_breaks(src))


def test_restart_breaks_only_where_no_record_covers_the_compile(tmp_path, cache_dir):
    """Records removed for one frame compile only: that compile's breaks come from its restart
    reasons, the others' from their records."""
    src = case_log("torch-2.14-cpu/graph_breaks")
    dst = _rewrite(
        src, tmp_path, lambda env, text: None if (env.get("artifact") or {}).get("name") == GB and compile_id(env) == "2/0" else (env, text)
    )
    index = _load(dst, cache_dir)
    got = [(e.compile_id, e.record) for e in index.compile_events if e.kind == "graph_break"]
    restarts = {_base(cid): len(_graph_break_restarts(m)) for _, cid, m in _metrics(dst)}
    assert restarts["2/0"] == 1
    assert got == [("0/0", GB), ("2/0", "compilation_metrics"), ("4/0", GB)]


def test_a_2024_restart_reason_reads_as_a_graph_break(tmp_path, cache_dir):
    """2.4's restart reason is a one-line message (``'skip function graph_break in file ...'``):
    derived from the 2.14 log by writing each graph-break restart reason as its first line."""
    src = case_log("torch-2.14-cpu/graph_breaks")

    def edit(env, text):
        if (env.get("artifact") or {}).get("name") == GB:
            return None
        m = env.get("compilation_metrics")
        if isinstance(m, dict) and m.get("restart_reasons"):
            m["restart_reasons"] = [r.split("\n", 1)[0] for r in m["restart_reasons"]]
        return env, text

    index = _load(_rewrite(src, tmp_path, edit), cache_dir)
    breaks = [e for e in index.compile_events if e.kind == "graph_break"]
    assert [e.message for e in breaks] == [r.split("\n", 1)[0] for _, _, m in _metrics(src) for r in _graph_break_restarts(m)]
    assert all(e.explanation is None and e.hint is None for e in breaks)


# ------------------------------------------------------------------ log order


def test_compiles_in_log_order_also_one_cut_before_its_metrics(tmp_path, cache_dir):
    """Bug 25's compiles in the order of the log; with compile 1/0's metrics record cut, compile
    1/0 (known from its dynamo_start) still sits where the log has it, in the JSON, the table and
    the compiled functions."""
    order = [cid for _, cid, _ in _metrics(BUG25)]
    index = _load(BUG25, cache_dir)
    assert [c.compile_id for c in index.compiles] == order
    assert [c["compile_id"] for c in index_json(index, None)["compiles"]] == order
    dst = _rewrite(BUG25, tmp_path, lambda env, text: None if "compilation_metrics" in env and compile_id(env) == "1/0" else (env, text))
    starts = {compile_id(env): n for n, env, _ in raw_records(dst) if "dynamo_start" in env}
    cut = _load(dst, cache_dir)
    expected = [cid for _, cid in sorted([(n, cid) for n, cid, _ in _metrics(dst)] + [(starts["1/0"], "1/0")])]
    assert [c.compile_id for c in cut.compiles] == expected == ["0/0_1", "1/0", "2/0", "3/0", "4/0", "5/0", "6/0"]
    assert [c["compile_id"] for c in index_json(cut, None)["compiles"]] == expected
    rows = [m.group(1) for m in re.finditer(r"^│ (\S+) +│", _table(cut, dst), re.M) if m.group(1) != "compile"]
    assert rows == expected
    assert [fn.compiles[0].compile_id for fn in compiled_functions(cut.compiles, cut.compile_events)] == expected
    events = [e.record_line for e in cut.compile_events]
    assert events == sorted(events)
    assert list(problems_by_compile(cut.compile_events)) == ["0/0", "1/0", "5/0"]


def test_a_failure_reason_whose_first_line_only_introduces_the_exception(cache_dir):
    """Found by a new user's trial (shared/bugs/22 multi_rank_logs, a nightly's test log): the
    failure read ``backend='broken_backend' raised:`` and stopped; the exception is its next line."""
    import os

    from conftest import SHARED
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    index = load([os.path.join(SHARED, "bugs", "22", "multi_rank_logs")], Cache(cache_dir))
    failures = [e for e in index.compile_events if e.kind == "failure"]
    assert failures and all(e.message == "backend='broken_backend' raised: RuntimeError: broken backend" for e in failures)
