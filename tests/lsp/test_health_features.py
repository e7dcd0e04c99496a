"""Compile health in the editor, feature functions called directly on the real traces:
diagnostics on the model lines, the compiled-function lens, a kernel's compile time in its hover.
Expectations come from the model files and the logs (conftest's mini-reader), not the package."""

from __future__ import annotations

import json
import os

import pytest
from conftest import TRACES, case_log, compile_id, raw_records
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.files.resolve import PathResolver
from inductor_lens.lsp.features import health, hover, lenses
from inductor_lens.text import format_seconds

HEALTH_PY = os.path.join(TRACES, "health.py")
MODELS_PY = os.path.join(TRACES, "models.py")


def _line_no(path: str, text: str) -> int:
    with open(path) as fh:
        return next(n for n, line in enumerate(fh, 1) if text in line)


def _log_line(case: str, n: int) -> str:
    with open(case_log(case)) as fh:
        for number, line in enumerate(fh, 1):
            if number == n:
                return line
    raise AssertionError(n)


@pytest.fixture(scope="module")
def ctx_of(load_case):
    memo = {}

    def _ctx(case):
        if case not in memo:
            memo[case] = Snapshot(load_case(case), PathResolver([("/workspace/proj", TRACES)]))
        return memo[case]

    return _ctx


def _metrics(case: str) -> dict[str, dict]:
    return {compile_id(env): env["compilation_metrics"] for _, env, _ in raw_records(case_log(case)) if "compilation_metrics" in env}


def test_graph_break_diagnostics_on_their_lines_with_hint_and_related_places(ctx_of):
    case = "torch-2.14-cpu/graph_breaks"
    diags = health.diagnostics(ctx_of(case), HEALTH_PY)
    lines = [
        _line_no(HEALTH_PY, 'print("debug", y.shape)'),
        _line_no(HEALTH_PY, "n = int(y.sum().item())"),
        _line_no(HEALTH_PY, "torch._dynamo.graph_break()"),
    ]
    assert [d.range.start.line + 1 for d in diags] == lines == [29, 36, 42]
    with open(HEALTH_PY) as fh:
        text = fh.read().split("\n")
    for d in diags:  # the range covers the statement on the line
        line = text[d.range.start.line]
        assert line[d.range.start.character : d.range.end.character] == line.strip()
        assert d.severity == 2 and d.source == "Inductor Lens"
    assert [d.code for d in diags] == ["gb0059", "gb0124", "gb0025"]
    assert diags[2].code_description.href == "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0025.html"
    assert diags[2].message == (
        "Graph break in explicit_break, compile 4/0 (restarted as 4/0_1): Call to `torch._dynamo.graph_break()`\n"
        "User-inserted graph break. Message: None\nHint: Remove the `torch._dynamo.graph_break()` call."
    )
    assert "Hint: Set `torch._dynamo.config.capture_scalar_outputs = True`" in diags[1].message
    related = {(os.path.basename(r.location.uri), r.location.range.start.line + 1): r.message for r in diags[0].related_information}
    assert related[("health.py", _line_no(HEALTH_PY, "def noisy"))] == "compiled function noisy"
    assert (
        related[("health.py", _line_no(HEALTH_PY, "torch.compile(noisy)(x)"))] == "called from case_graph_breaks: torch.compile(noisy)(x)"
    )
    (record,) = [line for (name, line) in related if name.endswith(".log")]
    assert _log_line(case, record) == "\tGraph break in user code at /workspace/proj/health.py:29\n"
    assert health.problem_counts(ctx_of(case).index) == {
        "graphBreaks": 3,
        "recompiles": 0,
        "failures": 0,
        "problems": 3,
        "libraryGraphBreaks": 0,
        "userProblems": 3,
    }


def test_guard_failure_diagnostics_and_recompile_limit(ctx_of):
    case = "torch-2.14-cpu/recompiles_health"
    diags = {(d.range.start.line + 1, d.code): d for d in health.diagnostics(ctx_of(case), HEALTH_PY)}
    scale, flag = _line_no(HEALTH_PY, "y = self.fc(x) * self.scale"), _line_no(HEALTH_PY, "if self.use_bias:")
    forward, shapes = _line_no(HEALTH_PY, "def forward(self, x):"), _line_no(HEALTH_PY, "def shapes(x):")
    assert sorted(diags) == sorted(
        [(forward, "recompile"), (scale, "recompile"), (flag, "recompile"), (shapes, "recompile"), (shapes, "gb0039")]
    )
    assert diags[(scale, "recompile")].message.startswith("Recompile 0/2 of forward: guard failed: self.scale == 1.0 (cache entry 0/1)")
    assert diags[(flag, "recompile")].message.startswith("Recompile 0/3 of forward: guard failed: self.use_bias == True (cache entry 0/2)")
    # the batch-size change has no user line: on the function's line
    assert diags[(forward, "recompile")].message.endswith(
        "compile 0/1: tensor 'x' size mismatch at index 0. expected 8, actual 12 (cache entry 0/0)"
    )
    limit = diags[(shapes, "gb0039")]
    assert limit.message.startswith("Compile 1/8 of shapes failed: Dynamo recompile limit exceeded\nDynamo attempted to recompile")
    assert "Hint: To monitor recompilations, enable TORCH_LOGS=recompiles." in limit.message
    rows = diags[(shapes, "recompile")].message.split("\n")[1:]
    assert [r.split(":")[0] for r in rows] == [f"compile 1/{n}" for n in range(1, 9)]
    assert health.problem_counts(ctx_of(case).index) == {
        "graphBreaks": 0,
        "recompiles": 11,
        "failures": 1,
        "problems": 12,
        "libraryGraphBreaks": 0,
        "userProblems": 12,
    }


def test_compiled_function_lens_counts_recompiles_and_peeks_their_reasons(ctx_of):
    case = "torch-2.14-cpu/recompiles_health"
    ctx = ctx_of(case)
    metrics = _metrics(case)
    by_line = {l.line: l for l in health.function_lenses(ctx, HEALTH_PY)}
    forward, shapes = _line_no(HEALTH_PY, "def forward(self, x):"), _line_no(HEALTH_PY, "def shapes(x):")
    assert sorted(by_line) == [forward, shapes]
    gate = sum(m["entire_frame_compile_time_s"] for m in metrics.values() if m["co_name"] == "forward")
    assert (
        by_line[forward].title
        == f"compiled 4× · 3 recompiles · {format_seconds(gate)} compiling"
        == "compiled 4× · 3 recompiles · 12 s compiling"
    )
    shape_time = sum(m["entire_frame_compile_time_s"] for cid, m in metrics.items() if cid.startswith("1/"))
    assert by_line[shapes].title == f"compiled 9× · 8 recompiles · 1 failed · {format_seconds(shape_time)} compiling"
    # the peek: each recompilation's reason as the log records it (the guard lines carry warnings)
    targets = by_line[forward].targets
    logs = [t for t in targets if t.uri.endswith(".log")]
    assert len(logs) == len(targets) == 3
    assert _log_line(case, logs[0].range.start.line + 1) == "\t0/0: tensor 'x' size mismatch at index 0. expected 8, actual 12\n"
    assert _log_line(case, logs[1].range.start.line + 1).lstrip('\t"').startswith("0/1: self.scale == 1.0")
    assert _log_line(case, logs[2].range.start.line + 1).lstrip('\t"').startswith("0/2: self.use_bias == True")
    shapes_logs = [_log_line(case, t.range.start.line + 1) for t in by_line[shapes].targets]
    assert len(shapes_logs) == 9 and shapes_logs[-1].startswith("V")  # 8 recompile reasons, then the failure's metrics record
    assert '"fail_reason": "Dynamo recompile limit exceeded' in shapes_logs[-1]
    # a function with graph breaks only peeks their lines
    (noisy,) = [
        l for l in health.function_lenses(ctx_of("torch-2.14-cpu/graph_breaks"), HEALTH_PY) if l.line == _line_no(HEALTH_PY, "def noisy")
    ]
    assert [(os.path.basename(t.uri), t.range.start.line + 1) for t in noisy.targets] == [
        ("health.py", _line_no(HEALTH_PY, 'print("debug", y.shape)'))
    ]
    # as an LSP lens next to the kernel lenses of the same file
    titles = [l.command.title for l in lenses.code_lenses(ctx, HEALTH_PY) if l.range.start.line + 1 == forward]
    assert titles == [by_line[forward].title]


def test_graph_break_case_lenses_and_resume_functions(ctx_of):
    ctx = ctx_of("torch-2.14-cpu/graph_breaks")
    by_line = {l.line: l.title for l in health.function_lenses(ctx, HEALTH_PY)}
    metrics = _metrics("torch-2.14-cpu/graph_breaks")
    expected = {}
    for m in metrics.values():
        resume = m["co_name"].startswith("torch_dynamo_resume_in_")
        breaks = "" if resume or m["co_name"] == "untraceable" else " · 1 graph break"
        expected[m["co_firstlineno"]] = (
            "resume function " if resume else ""
        ) + f"compiled 1×{breaks} · {format_seconds(m['entire_frame_compile_time_s'])} compiling"
    assert by_line == expected and len(expected) == 7


def test_recompile_logged_by_two_attempts_is_one_diagnostic(ctx_of):
    ctx = ctx_of("torch-2.11-cuda/graph_break")
    line = _line_no(MODELS_PY, "if y.sum().item() > 0:")
    diags = [d for d in health.diagnostics(ctx, MODELS_PY) if d.range.start.line + 1 == line]
    assert [d.code for d in diags] == ["gb0124", "recompile"]
    assert diags[1].message == (
        "Recompile 1/1 of torch_dynamo_resume_in_with_graph_break_at_56: guard failed: ___stack0 == -43.02190399169922 (cache entry 1/0)"
    )
    (lens,) = [l for l in health.function_lenses(ctx, MODELS_PY) if l.line == line]
    assert lens.title.startswith("resume function compiled 2× · 1 recompile · ")


def test_kernel_hover_shows_triton_compile_time(ctx_of):
    ctx = ctx_of("torch-2.11-cuda/graph_break")
    info = {}
    for _, env, payload in raw_records(case_log("torch-2.11-cuda/graph_break")):
        if (env.get("artifact") or {}).get("name") == "triton_kernel_info":
            info[compile_id(env)] = json.loads(payload)
    kernels = {(k.graph.compile_id, k.name): k for k in ctx.index.kernels}
    first = kernels[("0/0_1", "triton_per_fused_mul_sum_tanh_0")]
    assert info["0/0_1"]["triton_per_fused_mul_sum_tanh_0"] == {
        "autotune_cache_state": "only 1 config",
        "only_config": [["XBLOCK", 1], ["num_warps", 4], ["num_stages", 1]],
        "compile_time_us": 231045,
    }
    text = hover.kernel_markdown(ctx, first)
    assert "**Compile time:** 231.0 ms · one config: XBLOCK=1, num_warps=4, num_stages=1" in text
    miss = kernels[("1/0", "triton_per_fused_exp_mean_sub_0")]
    assert info["1/0"]["triton_per_fused_exp_mean_sub_0"]["compile_time_us"] == 349234
    assert "**Compile time:** 349.2 ms · autotune cache miss · 3 configs" in hover.kernel_markdown(ctx, miss)
    # C++ kernels (no triton_kernel_info) say nothing about it
    cpu = ctx_of("torch-2.14-cpu/graph_breaks")
    assert all(health.kernel_compile_markdown(cpu, k) is None for k in cpu.index.kernels)


def test_unresolved_model_file_gives_no_diagnostics_but_the_report_keeps_them(load_case):
    ctx = Snapshot(load_case("torch-2.14-cpu/graph_breaks"), PathResolver([], use_interpreter_site_packages=False))
    assert health.diagnostics(ctx, HEALTH_PY) == [] and health.function_lenses(ctx, HEALTH_PY) == []
    assert len(ctx.index.compile_events) == 3


def test_ranks_share_one_warning_and_the_lens_names_or_sums_them(tmp_path, cache_dir):
    """A job's ranks log the same graph break: one warning says which ranks; the lens of a function
    compiled by a few traces names each, by many sums them."""
    import shutil

    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    src = case_log("torch-2.14-cpu/graph_breaks")
    metrics = _metrics("torch-2.14-cpu/graph_breaks")
    noisy_line = _line_no(HEALTH_PY, "def noisy")
    for ranks in (2, 4):
        folder = tmp_path / f"ranks{ranks}"
        folder.mkdir()
        for rank in range(ranks):
            shutil.copy(src, folder / f"dedicated_log_torch_trace_rank_{rank}_copy.log")
        ctx = Snapshot(load([str(folder)], Cache(cache_dir)), PathResolver([("/workspace/proj", TRACES)]))
        diags = [d for d in health.diagnostics(ctx, HEALTH_PY) if d.code == "gb0059"]
        (diag,) = diags
        assert diag.message.endswith(f"Recorded by {ranks} traces (ranks {', '.join(map(str, range(ranks)))})")
        (lens,) = [l for l in health.function_lenses(ctx, HEALTH_PY) if l.line == noisy_line]
        one = f"compiled 1× · 1 graph break · {format_seconds(metrics['0/0_1']['entire_frame_compile_time_s'])} compiling"
        if ranks == 2:
            assert lens.title == f"rank 0: {one} | rank 1: {one}"
        else:
            total = format_seconds(4 * metrics["0/0_1"]["entire_frame_compile_time_s"])
            assert lens.title == f"4 traces: compiled 4× · 4 graph breaks · {total} compiling"


def test_function_lenses_and_failures_follow_a_model_file_whose_lines_moved(load_case, tmp_path):
    """The local model file has 3 lines more at the top than the traced one: the compiled
    functions' lenses and the failure placed on a function move with their ``def``, as kernel
    lenses and graph-break warnings already did (a new user's finding: they stayed at the
    traced lines, on other code).  Resume functions (no ``def`` of their own) move with the code
    of their graph-break line (they stayed put, on other code: issue 24)."""
    with open(HEALTH_PY, encoding="utf-8") as fh:
        text = fh.read()
    (tmp_path / "health.py").write_text("# one\n# two\n# three\n" + text, encoding="utf-8")
    moved_py = str(tmp_path / "health.py")
    seen_failures = 0
    for case in ("torch-2.14-cpu/graph_breaks", "torch-2.14-cpu/recompiles_health"):
        traced = Snapshot(load_case(case), PathResolver([("/workspace/proj", TRACES)]))
        here = Snapshot(load_case(case), PathResolver([("/workspace/proj", str(tmp_path))]))
        before = {l.title: l.line for l in health.function_lenses(traced, HEALTH_PY)}
        after = {l.title: l.line for l in health.function_lenses(here, moved_py)}
        assert before and set(after) == set(before)
        for title, line in before.items():
            assert after[title] == line + 3, title
        lines = text.split("\n")
        defs = {
            l: lines[l - 1] for t, l in before.items() if not t.startswith("resume function") and not lines[l - 1].lstrip().startswith("@")
        }
        assert all(s.lstrip().startswith("def ") for s in defs.values())
        failures = [d for d in health.diagnostics(here, moved_py) if "failed" in d.message]
        traced_failures = [d for d in health.diagnostics(traced, HEALTH_PY) if "failed" in d.message]
        assert [d.range.start.line for d in failures] == [d.range.start.line + 3 for d in traced_failures]
        seen_failures += len(failures)
    assert seen_failures >= 1  # recompiles_health's failed compile of `shapes`


def test_compile_health_is_placed_only_where_the_lines_text_matches(load_case, tmp_path):
    """Issue: in a file that is not the traced one, warnings and `compiled 4×` lenses stayed on the
    traced line numbers (blank lines, other statements); in an edited file they stayed on their old
    lines. Graph-break records carry the line's code: checked as kernel lenses are, moves followed."""
    index = load_case("torch-2.14-cpu/graph_breaks")
    traced = open(HEALTH_PY).read().split("\n")
    # another file at the traced path: no lens and no warning on its lines
    other = tmp_path / "other"
    other.mkdir()
    (other / "health.py").write_text("\n".join(f"x{i} = {i}" for i in range(len(traced))) + "\n")
    ctx = Snapshot(index, PathResolver([("/workspace/proj", str(other))]))
    path = str(other / "health.py")
    assert health.function_lenses(ctx, path) == [] and health.diagnostics(ctx, path) == []
    # the traced file with two lines inserted at the top: everything follows by two lines
    edited = tmp_path / "edited"
    edited.mkdir()
    (edited / "health.py").write_text("# an edit\nEDIT = 1\n" + "\n".join(traced))
    moved = Snapshot(index, PathResolver([("/workspace/proj", str(edited))]))
    here = Snapshot(index, PathResolver([("/workspace/proj", TRACES)]))
    for get in (
        lambda c, p: [x.line for x in health.function_lenses(c, p)],
        lambda c, p: [d.range.start.line for d in health.diagnostics(c, p)],
    ):
        before, after = get(here, HEALTH_PY), get(moved, str(edited / "health.py"))
        assert before and after == [n + 2 for n in before]
    # the resume functions' lenses (on their graph-break line) follow too, by the break's code text
    titles = {x.line: x.title for x in health.function_lenses(moved, str(edited / "health.py"))}
    resume = [line for line, title in titles.items() if "resume function" in title]
    assert resume and all((edited / "health.py").read_text().split("\n")[line - 1].strip() == traced[line - 3].strip() for line in resume)
