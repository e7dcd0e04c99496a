"""Compile health read off the real traces: graph breaks, recompilations, failures, compiled
functions and compile times, exactly as PyTorch's records state them.

Expected values come from the log through conftest's independent mini-reader (``raw_records``)
and from the model file itself (``health.py``, ``models.py``), not from the package.
"""

from __future__ import annotations

import hashlib
import json
import os
import re

import pytest
from conftest import TRACES, case_log, compile_id, raw_records
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.report.json_report import index_json

HEALTH_PY = os.path.join(TRACES, "health.py")
MODELS_PY = os.path.join(TRACES, "models.py")


def _line_no(path: str, text: str) -> int:
    """1-based line of the first line of ``path`` containing ``text``."""
    with open(path) as fh:
        return next(n for n, line in enumerate(fh, 1) if text in line)


def _raw(case: str):
    """(breaks [(cid, file, line, payload)], recompile reasons {cid: [reasons]}, metrics {cid: dict})."""
    breaks, reasons, metrics = [], {}, {}
    for _, env, payload in raw_records(case_log(case)):
        cid = compile_id(env)
        name = (env.get("artifact") or {}).get("name")
        if name == "dynamo_graph_break_reason":
            m = re.match(r"Graph break in user code at (.+):(\d+)\n", payload)
            breaks.append((cid, m.group(1), int(m.group(2)), payload))
        elif name == "recompile_reasons":
            try:
                value = json.loads(payload)
            except ValueError:
                value = [payload]
            reasons[cid] = value
        elif "compilation_metrics" in env:
            metrics[cid] = env["compilation_metrics"]
    return breaks, reasons, metrics


@pytest.fixture(scope="module")
def index_of(cache_dir):
    memo = {}

    def _index(case):
        if case not in memo:
            memo[case] = load([case_log(case)], Cache(cache_dir), lazy=True)
        return memo[case]

    return _index


def _events(index, kind):
    return [e for e in index.compile_events if e.kind == kind]


# ------------------------------------------------------------------------------- graph breaks


def test_graph_breaks_214_at_their_lines_with_pytorch_reason_explanation_and_hint(index_of):
    index = index_of("torch-2.14-cpu/graph_breaks")
    breaks = _events(index, "graph_break")
    raw_breaks, _, _ = _raw("torch-2.14-cpu/graph_breaks")
    # print, .item() and the explicit graph_break() break the graph; 2.14 traces copy.deepcopy
    assert [(e.compile_id, e.location.file, e.location.line) for e in breaks] == [(c, f, n) for c, f, n, _ in raw_breaks]
    lines = [
        _line_no(HEALTH_PY, 'print("debug", y.shape)'),
        _line_no(HEALTH_PY, "n = int(y.sum().item())"),
        _line_no(HEALTH_PY, "torch._dynamo.graph_break()"),
    ]
    assert (
        [(e.location.file, e.location.line) for e in breaks]
        == [("/workspace/proj/health.py", n) for n in lines]
        == [("/workspace/proj/health.py", 29), ("/workspace/proj/health.py", 36), ("/workspace/proj/health.py", 42)]
    )
    assert [e.location.function for e in breaks] == ["noisy", "data_dependent", "explicit_break"]
    assert breaks[0].location.code == 'print("debug", y.shape)  # a side effect: graph break'
    assert [e.message for e in breaks] == [
        "Failed to trace builtin operator",
        "Unsupported Tensor.item() call with capture_scalar_outputs=False",
        "Call to `torch._dynamo.graph_break()`",
    ]
    for event, (_, _, _, payload) in zip(breaks, raw_breaks, strict=True):
        payload = payload.split("\nUser code traceback:")[0]  # Dynamo's own traceback repeats the message
        explanation = re.search(r"\n  Explanation: (.*)\n", payload).group(1)
        hints = re.findall(r"\n  Hint: (.*)", payload)
        assert event.explanation == explanation and event.hint == "\n".join(hints)
        assert event.url == re.search(r"please visit: (\S+)", payload).group(1)
    assert breaks[2].hint == "Remove the `torch._dynamo.graph_break()` call."
    assert breaks[0].hint.count("\n") == 2  # three hints, in PyTorch's order
    # the user stack, outermost first, ends at the break
    assert [(f.function, f.line) for f in breaks[1].stack] == [
        ("<module>", 110),
        ("main", 103),
        ("case_graph_breaks", 61),
        ("data_dependent", 36),
    ]


def test_graph_break_counts_per_compile_and_compiled_functions_214(index_of):
    index = index_of("torch-2.14-cpu/graph_breaks")
    _, _, metrics = _raw("torch-2.14-cpu/graph_breaks")
    got = {c.compile_id: (c.function.file, c.function.line, c.function.function) for c in index.compiles}
    assert got == {cid: (m["co_filename"], m["co_firstlineno"], m["co_name"]) for cid, m in metrics.items()}
    assert len(got) == 7 and got["6/0"] == ("/workspace/proj/health.py", _line_no(HEALTH_PY, "def untraceable"), "untraceable")
    # the compile restarted after a break carries the attempt in its id (0/0_1) and counts the break
    assert {c.compile_id: c.graph_breaks for c in index.compiles} == {
        "0/0_1": 1,
        "1/0": 0,
        "2/0_1": 1,
        "3/0": 0,
        "4/0_1": 1,
        "5/0": 0,
        "6/0": 0,
    }
    noisy = next(c for c in index.compiles if c.compile_id == "0/0_1")
    assert noisy.compile_time_s == metrics["0/0_1"]["entire_frame_compile_time_s"] == 6.449372
    assert noisy.phases["inductor_compile_time_s"] == 5.998184 and noisy.guards == 11
    assert noisy.phases["dynamo_time_before_restart_s"] == metrics["0/0_1"]["dynamo_time_before_restart_s"]
    assert noisy.restart_reasons == metrics["0/0_1"]["restart_reasons"]


def test_graph_break_211_cuda_and_28_forms(index_of):
    for case, url in (("torch-2.11-cuda/graph_break", True), ("torch-2.8-cpu/graph_break", False)):
        index = index_of(case)
        (event,) = _events(index, "graph_break")
        line = _line_no(MODELS_PY, "if y.sum().item() > 0:")
        assert (event.compile_id, event.location.file, event.location.line, event.location.function) == (
            "0/0",
            "/workspace/proj/models.py",
            line,
            "with_graph_break",
        )
        assert event.message == "Unsupported Tensor.item() call with capture_scalar_outputs=False"
        assert event.explanation == "Dynamo does not support tracing `Tensor.item()` with config.capture_scalar_outputs=False."
        assert event.hint.startswith("Set `torch._dynamo.config.capture_scalar_outputs = True`")
        assert (event.url is not None) == url  # 2.8 prints no graph-break page
        compiles = {c.compile_id: c for c in index.compiles}
        assert compiles["0/0_1"].graph_breaks == 1 and compiles["0/0_1"].function.function == "with_graph_break"


# ------------------------------------------------------------------------------- recompiles


def test_recompiles_health_every_recompiled_compile_with_reason_and_user_line(index_of):
    index = index_of("torch-2.14-cpu/recompiles_health")
    _, reasons, metrics = _raw("torch-2.14-cpu/recompiles_health")
    recompiles = {e.compile_id: e for e in _events(index, "recompile")}
    assert sorted(recompiles) == sorted(reasons) == ["0/1", "0/2", "0/3", "1/1", "1/2", "1/3", "1/4", "1/5", "1/6", "1/7", "1/8"]
    for cid, event in recompiles.items():
        assert event.reasons == reasons[cid]
        head = " ".join(reasons[cid][0].split("\n")[0].split())  # PyTorch's first line, padding collapsed
        assert " ".join(event.message.split("  # /")[0].split()) == head.split(" # orkspace/")[0]
    # the batch-size change: no user line; the attribute and the branch flag: their lines
    assert recompiles["0/1"].message == "0/0: tensor 'x' size mismatch at index 0. expected 8, actual 12"
    assert recompiles["0/1"].location is None
    scale, flag = _line_no(HEALTH_PY, "y = self.fc(x) * self.scale"), _line_no(HEALTH_PY, "if self.use_bias:")
    assert (
        (recompiles["0/2"].location.line, recompiles["0/2"].location.code)
        == (scale, "y = self.fc(x) * self.scale")
        == (21, "y = self.fc(x) * self.scale")
    )
    assert (recompiles["0/3"].location.line, recompiles["0/3"].location.code) == (flag, "if self.use_bias:") == (22, "if self.use_bias:")
    # PyTorch cut the comment's path to a width (``# orkspace/proj/health.py:21``); the reason's own
    # user stack gives it whole
    assert "# orkspace/proj/health.py:21" in reasons["0/2"][0]
    assert recompiles["0/2"].message == "0/1: self.scale == 1.0  # y = self.fc(x) * self.scale  # /workspace/proj/health.py:21 in forward"
    assert recompiles["0/3"].message == "0/2: self.use_bias == True  # if self.use_bias:  # /workspace/proj/health.py:22 in forward"
    assert recompiles["1/2"].message == "1/1: tensor 'x' dtype mismatch. expected Double, actual Float"
    assert recompiles["1/8"].reasons[-1] == "1/0: tensor 'x' size mismatch at index 1. expected 64, actual 32"
    # each payload's first reason is the log line the editor points at
    with open(case_log("torch-2.14-cpu/recompiles_health")) as fh:
        lines = fh.read().split("\n")
    for event in recompiles.values():
        assert lines[event.target_line - 1].lstrip('\t"').startswith(event.message[:20])


def test_recompile_limit_failure_and_the_function_it_refused(index_of):
    index = index_of("torch-2.14-cpu/recompiles_health")
    _, _, metrics = _raw("torch-2.14-cpu/recompiles_health")
    (failure,) = _events(index, "failure")
    assert failure.compile_id == "1/8" and failure.message == "Dynamo recompile limit exceeded"
    assert failure.location is None  # fail_user_frame_filename is null in the record
    assert failure.explanation.startswith("Dynamo attempted to recompile the code object too many times")
    assert "torch._dynamo.config.recompile_limit" in failure.hint
    compiles = {c.compile_id: c for c in index.compiles}
    failed = compiles["1/8"]
    assert failed.failure == {"type": "Unsupported", "reason": metrics["1/8"]["fail_reason"], "file": None, "line": None}
    # the record names no function: frame 1's other compiles say it is shapes
    assert metrics["1/8"]["co_name"] is None
    assert (failed.function.function, failed.function.line, failed.function_from) == (
        "shapes",
        _line_no(HEALTH_PY, "def shapes"),
        "frame_id",
    )
    assert [c.compile_id for c in index.compiles if c.function.function == "shapes"] == [f"1/{n}" for n in range(9)]
    assert [c.compile_id for c in index.compiles if c.function.function == "forward"] == ["0/0", "0/1", "0/2", "0/3"]


def test_recompiles_211_24_compiles_of_the_gpt2_wrapper(index_of):
    index = index_of("torch-2.11-cuda/recompiles")
    _, reasons, metrics = _raw("torch-2.11-cuda/recompiles")
    assert [c.compile_id for c in index.compiles] == [f"0/{n}" for n in range(24)]
    assert {(c.function.file.split("site-packages/")[1], c.function.line, c.function.function) for c in index.compiles} == {
        ("transformers/utils/generic.py", 933, "wrapper")
    }
    recompiles = {e.compile_id: e for e in _events(index, "recompile")}
    assert sorted(recompiles) == sorted(reasons) and len(recompiles) == 23
    assert recompiles["0/1"].message == "0/0: tensor 'kwargs['input_ids']' size mismatch at index 1. expected 16, actual 24"
    assert all(e.location is None and e.message == reasons[c][0] for c, e in recompiles.items())
    assert sum(c.compile_time_s for c in index.compiles) == pytest.approx(sum(m["entire_frame_compile_time_s"] for m in metrics.values()))


def test_recompile_after_a_restart_is_read_from_both_records(index_of):
    """2.11 graph_break: the guard failure is logged by compile 1/1 (recompile_reasons) and again by
    the metrics of its second attempt, 1/1_1: both ids are recompiles, at the same user line."""
    index = index_of("torch-2.11-cuda/graph_break")
    recompiles = _events(index, "recompile")
    assert [(e.compile_id, e.record) for e in recompiles] == [("1/1", "recompile_reasons"), ("1/1_1", "compilation_metrics")]
    line = _line_no(MODELS_PY, "if y.sum().item() > 0:")
    assert {(e.location.line, e.location.function) for e in recompiles} == {(line, "torch_dynamo_resume_in_with_graph_break_at_56")}
    assert recompiles[0].message.startswith("1/0: ___stack0 == -43.02190399169922")


def test_kernel_compile_info_per_graph(index_of):
    index = index_of("torch-2.11-cuda/graph_break")
    raw = {}
    for _, env, payload in raw_records(case_log("torch-2.11-cuda/graph_break")):
        if (env.get("artifact") or {}).get("name") == "triton_kernel_info":
            raw[compile_id(env)] = json.loads(payload)
    got = {cid: info for (trace, cid, ordinal), info in index.kernel_compile_info.items()}
    assert got == raw
    assert got["0/0_1"]["triton_per_fused_mul_sum_tanh_0"]["compile_time_us"] == 231045
    # each graph finds its own: (trace, compile id, ordinal) of the graph whose code precedes the record
    for graph in index.graphs:
        info = index.kernel_compile_info[(graph.trace, graph.compile_id, graph.ordinal)]
        assert {k.name for k in graph.kernels if k.kind not in ("extern", "fallback")} == set(info)


# ------------------------------------------------------------------------------- damaged input


def _rewrite(path_in: str, path_out: str, edit) -> None:
    """Copy a log, applying ``edit(envelope, payload) -> (envelope, payload)`` to every record and
    recomputing each payload's MD5 unless ``edit`` returns the envelope with ``keep_md5``."""
    out = []
    with open(path_in, encoding="utf-8") as fh:
        text = fh.read()
    records = re.split(r"\n(?=[VIWEC]\d{4} )", text.rstrip("\n"))
    for rec in records:
        head, _, rest = rec.partition("\n")
        prefix, brace, env_text = head.partition("] {")
        env = json.loads(brace[-1:] + env_text) if brace else None
        payload = "\n".join(l[1:] for l in rest.split("\n")) if rest else ""
        if env is None:
            out.append(rec)
            continue
        env, payload, keep = edit(env, payload)
        if "has_payload" in env and not keep:
            env["has_payload"] = hashlib.md5(payload.encode()).hexdigest()
        body = "".join("\n\t" + l for l in payload.split("\n")) if "has_payload" in env else ""
        out.append(prefix + "] " + json.dumps(env) + body)
    with open(path_out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")


def test_damaged_and_unknown_compile_records_warn_and_the_rest_still_shows(tmp_path, cache_dir):
    src = case_log("torch-2.14-cpu/graph_breaks")
    dst = str(tmp_path / "dedicated_log_torch_trace_damaged.log")

    def edit(env, payload):
        name = (env.get("artifact") or {}).get("name")
        cid = compile_id(env)
        if name == "dynamo_graph_break_reason" and cid == "0/0":  # damaged: payload no longer matches its MD5
            return env, payload.replace("line 29", "line 92"), True
        if name == "dynamo_graph_break_reason" and cid == "2/0":  # unknown form: no "Graph break in user code at"
            return env, payload.replace("Graph break in user code at", "Graph break somewhere near"), False
        if "compilation_metrics" in env and cid == "6/0":  # a field of the wrong type
            env["compilation_metrics"]["co_firstlineno"] = "forty-six"
        if "compilation_metrics" in env and cid == "5/0":
            env["compilation_metrics"] = ["not", "an", "object"]
        return env, payload, False

    _rewrite(src, dst, edit)
    index = load([dst], Cache(cache_dir), disk_cache=False)
    lines = {compile_id(env): n for n, env, _ in raw_records(dst) if (env.get("artifact") or {}).get("name") == "dynamo_graph_break_reason"}
    metrics_lines = {compile_id(env): n for n, env, _ in raw_records(dst) if "compilation_metrics" in env}
    warnings = {(w.line, w.message.split(" (")[0].split(";")[0]) for w in index.warnings if w.file == dst}
    assert (lines["0/0"], "payload MD5 mismatch for dynamo_graph_break_reason") in warnings
    assert (lines["2/0"], "dynamo_graph_break_reason without 'Graph break in user code at FILE:LINE'") in warnings
    assert (metrics_lines["6/0"], "compilation_metrics of compile 6/0: co_firstlineno is 'forty-six', not a line number") in warnings
    assert (metrics_lines["5/0"], "compilation_metrics is not a JSON object") in warnings
    breaks = _events(index, "graph_break")
    # the record edited after PyTorch wrote it is read as it is now (its warning says so): nothing is hidden
    assert [(e.compile_id, e.location.line if e.location else None) for e in breaks] == [("0/0", 29), ("2/0", None), ("4/0", 42)]
    assert breaks[1].message == "Unsupported Tensor.item() call with capture_scalar_outputs=False"
    compiles = {c.compile_id: c for c in index.compiles}
    assert sorted(compiles) == ["0/0_1", "1/0", "2/0_1", "3/0", "4/0_1", "5/0", "6/0"]
    assert compiles["6/0"].function is None
    # the compile whose metrics are unreadable is still known from its dynamo_start record
    assert (compiles["5/0"].function.function, compiles["5/0"].function_from, compiles["5/0"].compile_time_s) == (
        "torch_dynamo_resume_in_explicit_break_at_42",
        "dynamo_start",
        None,
    )
    assert len(index.graphs) == 7 and index.kernels  # everything else still shows


def test_report_json_has_compiles_and_compile_events(index_of):
    doc = index_json(index_of("torch-2.14-cpu/recompiles_health"), None)
    compiles = {c["compile_id"]: c for c in doc["compiles"]}
    assert compiles["0/2"]["function"] == {"file": "/workspace/proj/health.py", "line": 20, "name": "forward", "resolved": None}
    assert compiles["0/2"]["graph_breaks"] == 0 and compiles["0/2"]["guards"] == 35
    assert compiles["1/8"]["failure"]["type"] == "Unsupported" and compiles["0/0"]["failure"] is None
    assert set(compiles["0/0"]["phases"]) >= {
        "backend_compile_time_s",
        "inductor_compile_time_s",
        "code_gen_time_s",
        "triton_compile_time_s",
    }
    events = [e for e in doc["compile_events"] if e["compile_id"] == "0/3"]
    (event,) = events
    assert event["kind"] == "recompile" and event["location"] == {
        "file": "/workspace/proj/health.py",
        "line": 22,
        "function": "forward",
        "code": "if self.use_bias:",
        "resolved": None,
    }
    assert set(event) >= {"trace", "rank", "compile_id", "kind", "message", "explanation", "hint", "location", "stack"}
    assert json.dumps(doc)  # plain JSON


def test_shared_health_checker_passes_on_the_health_traces(tmp_path):
    """../shared/tools/health_facts.py (the project's independent checker) on the CLI's JSON."""
    import subprocess
    import sys

    from conftest import SHARED, case_dir

    lens = os.path.join(os.path.dirname(sys.executable), "inductor-lens")
    cases = [
        "torch-2.14-cpu/graph_breaks",
        "torch-2.14-cpu/recompiles_health",
        "torch-2.11-cuda/recompiles",
        "torch-2.11-cuda/graph_break",
        "torch-2.8-cpu/graph_break",
    ]
    result = subprocess.run(
        [sys.executable, os.path.join(SHARED, "tools", "health_facts.py"), lens, *[os.path.join(case_dir(c), "trace") for c in cases]],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "compile-health facts reported as PyTorch recorded them: 93/93"


def test_report_table_opens_with_compile_health(cache_dir):
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", case_log("torch-2.14-cpu/graph_breaks"), "--cache-dir", cache_dir],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    head = out.index("compile health · 7 compiles · 3 graph breaks · 0 recompiles · 0 failures · ")
    assert head < out.index("graphs · ") < out.index("│ 0/0_1   │ inference")  # before the graph summary
    for line, cid, message in ((29, "0/0", "Failed to trace builtin operator"), (42, "4/0", "Call to `torch._dynamo.graph_break()`")):
        # one spelling: the attempt that broke, and the restart the compile table shows
        assert f"graph break at health.py:{line}, compile {cid} (restarted as {cid}_1): {message}" in out
    assert "[0/0]" not in out
    assert "    hint: Remove the `torch._dynamo.graph_break()` call." in out
    # every hint PyTorch gave, each on its line (the first may point at the next), without its
    # "Please report an issue to PyTorch." boilerplate
    assert "    hint: Avoid calling builtin `print`" in out and "    hint: If you are attempting to call a logging function" in out
    assert "Please report an issue to PyTorch" not in out
    assert "│ 0/0_1   │ health.py:27 noisy" in out


@pytest.mark.parametrize("lineno", [55, "55"])
def test_failure_with_a_user_frame_is_located_there(tmp_path, cache_dir, lineno):
    """The recompile-limit record of recompiles_health names no user frame; a failure that does
    (fail_user_frame_filename / _lineno, e.g. an exception in user code) sits on that line."""
    dst = str(tmp_path / "dedicated_log_torch_trace_fail.log")

    def edit(env, payload):
        if "compilation_metrics" in env and compile_id(env) == "1/8":
            env["compilation_metrics"].update(fail_user_frame_filename="/workspace/proj/health.py", fail_user_frame_lineno=lineno)
        return env, payload, False

    _rewrite(case_log("torch-2.14-cpu/recompiles_health"), dst, edit)
    index = load([dst], Cache(cache_dir), disk_cache=False)
    (failure,) = _events(index, "failure")
    assert (failure.location.file, failure.location.line) == ("/workspace/proj/health.py", 55)
    assert next(c for c in index.compiles if c.compile_id == "1/8").failure["line"] == 55
    assert not [w for w in index.warnings if w.file == dst]


def test_compile_health_names_a_windows_path_by_its_file_name():
    """The compile-health table's function column shows ``models.py:22``, also for a frame written
    on Windows (a new user's finding: the whole ``C:\\...`` path was printed)."""
    from inductor_lens.model import Frame
    from inductor_lens.report.health import _where

    frame = Frame(file="C:\\Users\\me\\proj\\models.py", line=22, function="forward", code="x = 1")
    assert _where(frame) == "models.py:22"
    assert _where(Frame(file="/workspace/proj/models.py", line=7, function="f", code="")) == "models.py:7"
    assert _where(None) == "-"
