"""``inductor-lens report``: the bundled example, --json shape, exit codes, path maps."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from conftest import REPO, TRACES, case_dir, case_log
from inductor_lens.text import format_us

KERNEL_FIELDS = {
    "trace",
    "rank",
    "compile_id",
    "graph",
    "key",
    "name",
    "kind",
    "definition",
    "launches",
    "post_grad_nodes",
    "pre_grad_nodes",
    "aten_ops",
    "source",
    "provenance",
}


def run(*args, cache_dir, env=None):
    return subprocess.run(
        [sys.executable, "-m", "inductor_lens", *args, "--cache-dir", cache_dir]
        if args[0] == "report"
        else [sys.executable, "-m", "inductor_lens", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env} if env else None,
    )


def test_the_command_alone_lists_what_it_can_do():
    """``inductor-lens`` with nothing: the help (its subcommands), exit 2; it said only 'the
    following arguments are required: command' (a fresh user's trial)."""
    proc = subprocess.run([sys.executable, "-m", "inductor_lens"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("usage: inductor-lens") and all(
        f"    {c} " in proc.stderr for c in ("report", "diff", "serve", "capture")
    )


def test_report_bundled_example_table(cache_dir):
    proc = run("report", cache_dir=cache_dir)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "2 graphs · 12 kernels" in out
    assert (
        "│ 0/0     │ forward  │       4 │        4 │ mapping 4 " in out
        and "│ 0/0     │ backward │       8 │        8 │ stack traces 8 " in out
    )
    assert "1 launch · 12 ops  triton_per_fused_gelu_native_layer_norm_0:2 · norm · models.py:25 +1" in out
    every = run("report", "--all", cache_dir=cache_dir).stdout
    assert "compile 0/0 · forward graph · 4 kernels" in every and "compile 0/0 · backward graph · 8 kernels" in every
    assert "y = F.gelu(y)" in every and "models.py:24" in every


def test_report_bundled_example_json_resolves_to_bundled_models(cache_dir):
    proc = run("report", "--json", cache_dir=cache_dir)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["warnings"] == [] and doc["traces"][0]["torch_version"] == "2.11.0+cu130"
    assert doc["traces"][0]["compile_ids"] == ["0/0"]
    kernels = {(k["graph"], k["key"]): k for k in doc["kernels"]}
    assert len(kernels) == 12
    k = kernels[("forward", "triton_per_fused_gelu_native_layer_norm_0:2")]
    assert KERNEL_FIELDS <= set(k) and k["kind"] == "persistent_reduction" and k["rank"] is None
    assert k["definition"]["path"].startswith(cache_dir)
    with open(k["definition"]["path"]) as fh:
        assert (
            fh.read()
            .split("\n")[k["definition"]["line"] - 1]
            .startswith("triton_per_fused_gelu_native_layer_norm_0 = async_compile.triton(")
        )
    bundled = os.path.join(os.path.dirname(__import__("inductor_lens").__file__), "example", "models.py")
    assert [(s["file"], s["line"], s["resolved"]) for s in k["source"]] == [
        ("/workspace/proj/models.py", 25, bundled),
        ("/workspace/proj/models.py", 24, bundled),
    ]
    with open(bundled) as fh:
        assert fh.read().split("\n")[24 - 1].strip() == k["source"][1]["code"] == "y = F.gelu(y)"


def test_report_json_path_map_and_nulls(cache_dir):
    proc = run("report", case_dir("torch-2.14-cpu/aoti"), "--json", "--path-map", f"/workspace/proj={TRACES}", cache_dir=cache_dir)
    doc = json.loads(proc.stdout)
    mm = [k for k in doc["kernels"] if k["key"] == "aoti_torch_cpu_addmm_out:1"][0]
    assert mm["compile_id"] == "-" and mm["graph"] == "inference" and mm["definition"] is None
    user_frame = [s for s in mm["source"] if s["file"] == "/workspace/proj/models.py"][0]
    assert user_frame["resolved"] == os.path.join(TRACES, "models.py")
    torch_frame = [s for s in mm["source"] if "torch/nn/modules/linear.py" in s["file"]][0]
    assert torch_frame["resolved"] is None  # torch is not installed here: shown, not dropped
    # a TO that is no folder here: said (file = that path), the answer otherwise the same
    gone = os.path.join(TRACES, "no-such-folder")
    proc = run("report", case_dir("torch-2.14-cpu/aoti"), "--json", "--path-map", f"/workspace/proj={gone}", cache_dir=cache_dir)
    other = json.loads(proc.stdout)
    assert proc.returncode == 0
    assert [w["file"] for w in other["warnings"] if "--path-map" in w["message"]] == [gone]
    assert [k["key"] for k in other["kernels"]] == [k["key"] for k in doc["kernels"]]


def test_report_exit_codes(cache_dir, tmp_path):
    empty = tmp_path / "dedicated_log_torch_trace_empty.log"
    empty.write_bytes(b"")
    proc = run("report", str(empty), "--json", cache_dir=cache_dir)
    assert proc.returncode == 1 and json.loads(proc.stdout)["warnings"][0]["message"] == "empty file"
    assert run("report", str(tmp_path / "missing.log"), cache_dir=cache_dir).returncode == 1
    assert run("report", "--path-map", "nonsense", cache_dir=cache_dir).returncode == 2
    assert run("frobnicate", cache_dir=cache_dir).returncode == 2
    # damage in one of two inputs: exit 0, warning names file and line
    truncated = tmp_path / "dedicated_log_torch_trace_cut.log"
    data = open(case_log("torch-2.11-cuda/mlp_infer"), "rb").read()
    truncated.write_bytes(data[: len(data) // 2])
    proc = run("report", str(truncated), case_log("torch-2.11-cuda/combo"), "--json", cache_dir=cache_dir)
    assert proc.returncode == 0
    doc = json.loads(proc.stdout)
    assert any(k["key"] == "triton_poi_fused_0:1" for k in doc["kernels"])
    assert any(w["file"] == str(truncated) and w["line"] > 0 for w in doc["warnings"])


def test_same_report_without_orjson(cache_dir):
    """orjson is optional (the .vsix does not bundle compiled packages): the standard library
    gives the same report, a profile's too (profile_cnn: the profile reader's batches)."""
    from inductor_lens import _json

    assert _json._orjson is not None  # this interpreter has it: the comparison means something
    for case in (case_dir("torch-2.11-cuda/gpt2_train"), case_dir("torch-2.11-cuda/profile_cnn")):
        code = (
            "import sys; sys.modules['orjson'] = None; from inductor_lens.cli import main; "
            f"sys.exit(main(['report', {case!r}, '--json', '--no-cache', '--cache-dir', {cache_dir!r}]))"
        )
        without = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        with_ = run("report", case, "--json", "--no-cache", cache_dir=cache_dir)
        assert without.returncode == with_.returncode == 0, without.stderr[-2000:]
        doc = json.loads(with_.stdout)
        assert json.loads(without.stdout) == doc
        assert case.endswith("gpt2_train") or (doc["profiles"] and doc["measured"]["total_us"] > 0)


def test_a_profile_alone_says_a_trace_is_needed(cache_dir):
    """A torch.profiler trace given as the only PATH: no trace to join it to, said plainly."""
    profile = os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json")
    proc = run("report", profile, cache_dir=cache_dir)
    assert proc.returncode == 1 and "no trace given" in proc.stderr and "Traceback" not in proc.stderr


def test_default_table_is_a_summary_and_all_lists_every_kernel(cache_dir):
    """Before: 1,834 lines for gpt2_l12_train and 3,774 for recompiles (every kernel's row); now a
    row per graph with its top kernels; --all gives the old tables (with a module column)."""
    for case, most, kernels in (("torch-2.11-cuda/gpt2_l12_train", 60, 438), ("torch-2.11-cuda/recompiles", 260, 576)):
        summary = run("report", case_dir(case), cache_dir=cache_dir)
        every = run("report", case_dir(case), "--all", cache_dir=cache_dir)
        assert summary.returncode == every.returncode == 0
        assert len(summary.stdout.splitlines()) <= most < 1000 < len(every.stdout.splitlines()), case
        assert f"graphs · {kernels} kernels" in summary.stdout
        graph_rows = sum(summary.stdout.count(f"│ {kind} ") for kind in ("forward", "backward", "inference"))
        assert every.stdout.count("output code:") == graph_rows > 0
    out = run("report", case_dir("torch-2.11-cuda/gpt2_l12_train"), "--all", cache_dir=cache_dir).stdout
    assert "transformer.h.11.mlp.c_fc" in out and "extern_kernels.addmm:121" in out


def test_summary_with_a_profile(cache_dir):
    proc = run("report", case_dir("torch-2.11-cuda/profile_cnn"), cache_dir=cache_dir)
    out = proc.stdout
    rows = [line for line in out.splitlines() if line.startswith(("│ 0/0     │ forward", "│ 0/0     │ backward"))]
    # per graph: kernels, launches, provenance source, measured total over the profile's runs
    assert rows == [
        "│ 0/0     │ forward  │       9 │        9 │ mapping 9      │ 69.6 µs · 3 runs │",
        "│ 0/0     │ backward │       7 │        7 │ stack traces 7 │  198 µs · 3 runs │",
    ]
    # then each graph's slowest kernels, whole names (a table that wraps between words)
    tops = out.split("top kernels by measured time:\n", 1)[1].splitlines()
    assert tops[0].split() == "0/0 forward 19.7 µs extern_kernels.convolution:4 · conv2 · models.py:42".split()
    assert tops[3].split() == "0/0 backward 93.5 µs torch.ops.aten.convolution_backward.default:3 · models.py:42".split()
    assert any("triton_red_fused_convolution_backward_max_pool2d_with_indices_max_pool2d_with_indices_backward" in t for t in tops)
    # first, where the time goes: the model lines by share, which add up to the measured time (267 µs
    # over the profile's 3 runs), with their percent and their forward / backward split
    # (issue 45: the profile's step comes first; the total is every activity compiled code launched,
    # its memsets too: 272.8 µs, of which the 267.4 µs of joined kernels are on lines)
    lines = out.splitlines()
    assert lines[0].startswith("window 19.1 ms (no ProfilerStep markers: figures per window): GPU busy")
    lines = lines[next(n for n, line in enumerate(lines) if line.startswith("where the time goes")) :]
    assert lines[0] == (
        "where the time goes: 273 µs measured over 3 profiled runs, 98% of it on 5 model lines "
        "(each launch's time split across its model lines; 5.4 µs of device work with no model line)"
    )
    # ... and how close to the H200 each line runs (its bytes and FLOPs over its share of the time;
    # the convolutions held to the TF32 peak, cuDNN's default; under 10% of both roofs they are
    # latency-bound small kernels, with their size and share of each roof: issue 50 item 4)
    assert lines[1] == "   49.5%     135 µs  models.py:42  x = F.relu(self.bn2(self.conv2(x)))", lines[1]
    assert lines[2].strip().startswith("(fwd 32.6 µs · bwd 103 µs) · 56.8 GB/s"), lines[2]
    doc = json.loads(run("report", case_dir("torch-2.11-cuda/profile_cnn"), "--json", cache_dir=cache_dir).stdout)
    (row,) = [r for r in doc["lines"] if r["file"].endswith("models.py") and r["line"] == 42]
    assert row["measured"]["gbps"] == pytest.approx(56.85, abs=0.01) and row["measured"]["bound"] == "latency"
    assert row["measured"]["gbps"] == pytest.approx(row["bytes"] / (row["measured"]["share_us"] / 3) / 1e3, rel=1e-3)
    assert row["flops"] / row["bytes"] < 494.5e12 / 4.8e12  # under the H200's TF32 ridge point
    assert re.search(
        r"models\.py:41  x = F\.max_pool2d\(x, 2\)\n +\(fwd 3\.6 µs · bwd 2\.4 µs\) · 437 GB/s · latency-bound \(small kernel\): "
        r"862 kB in 2\.0 µs a run: 9\.1% of H200 HBM, <1% of FP32",
        out,
    )
    percents = [float(line.split("%")[0]) for line in lines[1:11] if re.match(r" +\d+\.\d%", line)]
    assert len(percents) == 5  # of the 273 µs compiled code launched, the 98% on model lines (its memsets on none)
    assert percents == sorted(percents, reverse=True) and sum(percents) == pytest.approx(98.0, abs=0.3)
    # what the profile measured outside the compiled kernels is said, not mixed in
    assert "  (not in these figures: 24.5 µs on 6 device kernels joined to no compiled kernel, listed below)" in lines
    # ... each with its runs, the time of one run and the total (a new user read "3 x 5.2 µs" as 15.6 µs)
    (nll,) = [u for u in doc["unattributed"] if "nll_loss_forward_reduce_cuda_kernel_2d<" in u["name"]]
    assert (nll["count"], round(nll["total_us"], 1)) == (3, 5.2)
    assert re.search(r"\n +3 runs · +1\.7 µs each · +5\.2 µs in all  nll_loss_forward_reduce_cuda_kernel_2d<", out), out
    site = "  models.py:357  loss = F.cross_entropy(cm(x), target)  — calls compile 0/0: 16 kernels, 2 graphs · 267 µs (98%)"
    # ... and the host time inside the compiled calls it made (no step markers: over the window)
    (call,) = [c for c in doc["calls"] if c["innermost"]]
    assert f"{site} · host {format_us(call['host_us'])} in its compiled calls" in lines and call["host_us"] > 1000


@pytest.mark.parametrize("columns", [80, 120, 200])
def test_tables_fit_the_terminal_and_never_cut_a_name(cache_dir, columns):
    """At 80, 120 and 200 columns: every table line fits, and each top kernel's name is whole
    (wrapped between words, or folded only where a name is wider than its column)."""
    case = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda", "profile_bert_train")
    proc = run("report", case, cache_dir=cache_dir, env={"COLUMNS": str(columns)})
    assert proc.returncode == 0
    out = proc.stdout.splitlines()
    boxed = [line for line in out if line[:1] in "┏┃┡│└"]
    assert boxed and all(len(line) <= columns for line in boxed)
    tops = "\n".join(out[out.index("top kernels by measured time:") + 1 :])
    joined = re.sub(r"\s+", "", tops)  # lines put back together: a folded name reads whole
    for name in (
        "torch.ops.aten._scaled_dot_product_efficient_attention.default:8",
        "torch.ops.aten._scaled_dot_product_efficient_attention_backward.default:89",
    ):
        assert name in joined
    # a Triton kernel Inductor reuses for every layer is one row, not the same name three times
    assert "triton_per_fused_add_addmm_native_dropout_native_layer_norm_native_layer_norm_backward_view_5×3" in joined
    assert "…" not in tops  # nothing shortened in the middle
    # a name no wider than the terminal stays on one line (a continuation line starts at the left)
    whole = [n for n in ("torch.ops.aten._scaled_dot_product_efficient_attention_backward.default:89",) if len(n) <= columns]
    assert all(any(n in line for line in out) for n in whole)
    # the headline says what is not on a model line, not a rounded 100%
    assert (
        "where the time goes: 1.1 ms measured over 3 profiled runs, 99% of it on 42 model lines "
        "(each launch's time split across its model lines; 6.8 µs of device work with no model line)"
    ) in re.sub(r"\s+", " ", "\n".join(out[:8]))
    assert "0/0 forward (not profiled)" in tops  # a graph the profile did not see is said, not mixed in
    # a reused kernel's modules: a prefix and a count, never dozens of names
    assert "bert.encoder.layer.0.attention.self.* (3 modules)" in re.sub(r"\s+", " ", tops)
    # --all: every kernel's facts, time and model lines at this width too (a table of seven
    # columns kept only three at 120: a new user's finding), wrapped between words
    every = run("report", case, "--all", cache_dir=cache_dir, env={"COLUMNS": str(columns)}).stdout
    # (a path is never broken: it stays whole on its line, to be copied)
    assert all(len(line.rstrip()) <= columns for line in every.splitlines() if "output code: " not in line)
    flat = re.sub(r"\s+", " ", every)
    doc = json.loads(run("report", case, "--json", cache_dir=cache_dir).stdout)
    from inductor_lens.text import format_us

    for k in [k for k in doc["kernels"] if k["measured"]][:40]:
        m = k["measured"]
        assert f"{m['runs']} runs · {format_us(m['total_us'])}" in flat, k["key"]
    assert "modeling_bert.py:" in flat and "% of H200 HBM · memory-bound" in flat


def test_warnings_are_never_wrapped_when_piped(cache_dir, tmp_path):
    """Warnings piped to a file keep one line each, however long (rich wrapped them at 80 columns)."""
    folder = tmp_path / ("a-rather-long-folder-name-so-that-the-path-alone-passes-eighty-columns-" * 2)
    folder.mkdir()
    cut = folder / "dedicated_log_torch_trace_cut.log"
    data = open(case_log("torch-2.11-cuda/gpt2_train"), "rb").read()
    cut.write_bytes(data[: len(data) // 3])
    proc = run("report", str(cut), cache_dir=cache_dir)
    lines = proc.stderr.splitlines()
    assert lines and lines[0].endswith("warning(s):")
    assert len(lines) == 1 + int(lines[0].split()[0])  # one line per warning
    assert all(line.startswith(f"  {cut}:") and len(line) > 200 for line in lines[1:])


def test_piped_table_width_follows_columns(cache_dir):
    """A table written to a pipe is $COLUMNS wide when that is set (a new user's finding: always
    200), else 200 columns, so that model lines are not folded mid-code."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    widths = {}
    for columns in (None, "100", "not-a-number"):
        proc = subprocess.run(
            [sys.executable, "-m", "inductor_lens", "report", "--cache-dir", cache_dir],
            capture_output=True,
            text=True,
            env=env if columns is None else dict(env, COLUMNS=columns),
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        widths[columns] = max(len(line) for line in proc.stdout.splitlines())
    assert widths["100"] == 100
    assert widths[None] == widths["not-a-number"] > 100


def test_loose_code_with_debug_handles_but_no_mapping_says_what_is_missing(cache_dir, tmp_path):
    """Output code compiled with provenance (debug handles) copied alone: the hint names the
    missing mapping file, not INDUCTOR_PROVENANCE (a new user's finding)."""
    import glob
    import shutil

    code = glob.glob(os.path.join(case_dir("torch-2.11-cuda/mlp_debugdir"), "**", "output_code.py"), recursive=True)[0]
    with open(code, encoding="utf-8") as fh:
        assert "[Provenance debug handles]" in fh.read()
    alone = tmp_path / "output_code.py"
    shutil.copy(code, alone)
    proc = run("report", str(alone), cache_dir=cache_dir)
    assert proc.returncode == 0, proc.stderr
    out = " ".join(proc.stdout.split())
    assert "carry [Provenance debug handles] but their mapping was not found" in out
    assert "compiled without provenance tracking" not in out


def test_tables_print_code_as_text_not_markup(cache_dir):
    """Model code and guard text are printed verbatim in every table: square brackets are code
    (``torch.cat([self.keys, ...])``, ``x[mask]``), not rich markup, and a ``[/docs]`` in a comment
    neither vanishes nor crashes the report (a new user's finding)."""
    import io

    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load
    from inductor_lens.model import Frame
    from inductor_lens.report.table import print_tables
    from rich.console import Console

    proc = run("report", case_dir("torch-2.11-cuda/gpt2_train"), "--all", cache_dir=cache_dir)
    assert proc.returncode == 0 and "torch.cat([self.keys," in proc.stdout
    index = load([case_dir("torch-2.14-cpu/recompiles_health")], Cache(cache_dir))
    kernel = index.kernels[0]
    odd = "y = x[mask] # see [/docs] and [bold]why[/bold]"
    kernel.frames = [Frame(f.file, f.line, f.function, odd, f.stack, f.innermost, f.via) for f in kernel.frames]
    event = next(e for e in index.compile_events if e.kind != "graph_break")  # shown in the health table
    event.message = odd
    for all_kernels in (False, True):
        out = io.StringIO()
        print_tables(index, None, Console(file=out, width=400), Console(file=io.StringIO()), all_kernels=all_kernels)
        assert odd in out.getvalue()  # the health table (both) and the kernel's model line (--all)


def test_report_piped_into_head_exits_0(cache_dir):
    """``report | head``: the reader leaving is no failure of the trace (rich would exit 1, which
    means "nothing readable" here); table and --json alike, no traceback."""
    for extra in ([], ["--all"], ["--json"]):
        cmd = [
            sys.executable,
            "-m",
            "inductor_lens.cli",
            "report",
            case_dir("torch-2.11-cuda/gpt2_train"),
            *extra,
            "--cache-dir",
            cache_dir,
        ]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stdout.read(10)
        proc.stdout.close()
        err = proc.stderr.read().decode() if proc.stderr else ""
        assert proc.wait(timeout=120) == 0 and "Traceback" not in err, (extra, err)


def test_report_piped_into_head_still_writes_its_warnings(cache_dir, tmp_path):
    """``report --all --profile BROKEN | head``: the tables (146 KB, more than a pipe holds) are cut
    short, and the warnings, which come after them on stderr, were lost with them: the reader saw
    an unmeasured report and no reason (a fresh user's trial).  They are written when it leaves."""
    broken = tmp_path / "cut.json"
    with open(os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json"), "rb") as fh:
        broken.write_bytes(fh.read()[:120000])
    cmd = [sys.executable, "-m", "inductor_lens", "report", case_dir("torch-2.11-cuda/gpt2_l12_train"), "--all", "--profile", str(broken)]
    proc = subprocess.Popen([*cmd, "--cache-dir", cache_dir], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert proc.wait(timeout=120) == 0 and "Traceback" not in err
    # (issue 45: a profile cut off mid-write is read to the cut, said, then found to measure another model)
    assert err.startswith("2 warning(s):\n") and f"{broken}: the profile ends inside its traceEvents (cut off" in err, err


def test_options_that_do_nothing_here_are_said(cache_dir, tmp_path):
    """``--json --all`` (the JSON always lists every kernel) and capture's window bounds without
    ``--profile`` are accepted, and a note on stderr says they change nothing; the output is the
    same as without them (a new user's finding)."""
    case = case_dir("torch-2.11-cuda/mlp_infer")
    both, plain = run("report", case, "--json", "--all", cache_dir=cache_dir), run("report", case, "--json", cache_dir=cache_dir)
    assert both.returncode == 0 and "--all is for the table" in both.stderr and both.stdout == plain.stdout
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "inductor_lens",
            "capture",
            "--out",
            str(tmp_path / "c"),
            "--profile-calls",
            "5",
            "--cache-dir",
            cache_dir,
            "--",
            "true",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0 and "without --profile nothing is profiled" in proc.stderr


def test_a_trace_given_twice_is_read_once(cache_dir):
    """The same trace given twice (its folder and its trace/ folder, or one path twice) is read
    once: each kernel and each measured microsecond is counted once (a new user's finding: 2
    traces, 32 kernels and 534.8 µs of line shares instead of 1, 16 and 267.4)."""
    folder = case_dir("torch-2.11-cuda/profile_cnn")

    def answer(*paths):
        proc = run("report", *paths, "--json", cache_dir=cache_dir)
        assert proc.returncode == 0, proc.stderr
        doc = json.loads(proc.stdout)
        shares = sum(line["measured"]["share_us"] for line in doc["lines"] if line.get("measured"))
        return len(doc["traces"]), len(doc["kernels"]), round(shares, 1)

    once = answer(folder)
    assert once == (1, 16, 267.4)
    assert answer(folder, os.path.join(folder, "trace")) == once
    assert answer(os.path.join(folder, "trace"), os.path.join(folder, "trace") + "/") == once


def test_report_failures_are_lines_not_tracebacks(cache_dir, monkeypatch, capsys):
    """A full disk (exit 3), Ctrl-C (exit 130) and a --profile without a trace (exit 1, said; it
    read the bundled example instead) end with one line each (a new user's findings: tracebacks)."""
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            proc = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "inductor_lens",
                    "report",
                    case_dir("torch-2.11-cuda/mlp_train"),
                    "--json",
                    "--cache-dir",
                    cache_dir,
                ],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=120,
            )
        assert proc.returncode == 3
        assert proc.stderr.strip() == "inductor-lens: cannot write the report: No space left on device"
    profile = os.path.join(case_dir("torch-2.11-cuda/profile"), "profile_trace.json")
    proc = run("report", "--profile", profile, "--json", cache_dir=cache_dir)
    doc = json.loads(proc.stdout)
    assert proc.returncode == 1 and doc["traces"] == [] and "no trace given" in doc["warnings"][0]["message"]
    from inductor_lens import cli

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_report", interrupted)
    assert cli.main(["report"]) == 130
    assert capsys.readouterr().err == "inductor-lens: interrupted\n"


def test_json_of_a_log_whose_file_name_is_not_utf8(cache_dir, tmp_path):
    """A log whose file name is not UTF-8: ``--json`` wrote a traceback (orjson refuses the
    surrogate-escaped path); now the path is written as ``\\udcXX`` escapes, from which
    ``os.fsencode`` gives its bytes back (a new user's finding)."""
    import shutil

    folder = tmp_path / "nonutf"
    folder.mkdir()
    name = os.fsdecode(b"dedicated_log_torch_trace_\xff\xfe.log")
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), os.path.join(str(folder), name))
    proc = run("report", str(folder), "--json", cache_dir=cache_dir)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    (trace,) = doc["traces"]
    assert os.path.isfile(os.fsencode(trace["path"])) and doc["kernels"]


def test_a_file_with_nothing_to_report_says_why_and_stderr_lists_what_json_lists(cache_dir, tmp_path):
    """A text file and the first 1 KB of a real log: the reason, with its line, is the trace's row
    on stdout, and a warning on stderr as in ``--json`` (a new user's trial: an empty log beside a
    good one in a folder gave a warning in --json and none on stderr, whose count then differed)."""
    text = tmp_path / "notes.log"
    text.write_text("hello\nworld\n")
    head = tmp_path / "dedicated_log_torch_trace_head.log"
    head.write_bytes(open(case_log("torch-2.14-cpu/mlp_infer"), "rb").read()[:1000])
    for path, reason in (
        (text, "line 1: no TORCH_TRACE records found"),
        (head, "text after the last record is not a record (log truncated?)"),
    ):
        proc = run("report", str(path), cache_dir=cache_dir)
        said = f"{path}: nothing to report ("
        assert said in proc.stdout and reason in proc.stdout, proc.stdout
        warnings = json.loads(run("report", str(path), "--json", cache_dir=cache_dir).stdout)["warnings"]
        assert f"{len(warnings)} warning(s):" in proc.stderr and reason.removeprefix("line 1: ") in proc.stderr, proc.stderr
    # a folder of a good log and an empty one: the empty one is said on stderr too
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(case_log("torch-2.14-cpu/mlp_infer"), folder / "dedicated_log_torch_trace_good.log")
    (folder / "dedicated_log_torch_trace_empty.log").write_bytes(b"")
    proc = run("report", str(folder), cache_dir=cache_dir)
    assert "1 warning(s):" in proc.stderr and "dedicated_log_torch_trace_empty.log: empty file" in proc.stderr, proc.stderr


def test_a_log_whose_records_are_all_unreadable_has_nothing_to_report_and_exits_1(cache_dir, tmp_path):
    """A log holding record starts but no record whose envelope could be read exits 1, as an empty
    or garbage file does (a new user's trial: a log cut inside its first envelope exited 0); one
    record read, even with its payload cut, is a log that holds records (exit 0, nothing to report).
    Cut from torch-2.14-cpu/mlp_infer's log, whose first record (a chromium_event, whose envelope the
    scan does not parse) a second trial cut after its key, after ``{}`` and before its last brace
    (each exited 0; the one ending in a brace said nothing); a third trial's cut inside the first key
    was said twice (not a JSON object, and cut)."""
    lines = open(case_log("torch-2.14-cpu/mlp_infer"), "rb").read().split(b"\n")
    start = next(line for line in lines if b'{"dynamo_start": ' in line)
    first = lines[0]  # a chromium_event, a record the scan does not parse: its last record check reads it
    brace = first.index(b"{")
    cases = {
        "key": (first[: brace + 4], 1, "last record is cut inside its envelope"),
        "after the key": (first[: first.index(b": ", brace) + 2], 1, "last record is cut inside its envelope"),
        "ends in a brace": (first[: first.index(b"{}", brace) + 2], 1, "last record is cut inside its envelope"),
        "before its end": (first[:-1], 1, "last record is cut inside its envelope"),
        "json": (start[: len(start) // 2] + b"\n", 1, "invalid envelope JSON"),
        "payload": (lines[0] + b"\n" + lines[1][:3], 0, "last record's payload is incomplete"),
        "one good": (lines[0][: lines[0].index(b"{") + 4] + b"\n" + start + b"\n", 0, "record envelope is not a JSON object; skipped"),
    }
    for name, (data, status, reason) in cases.items():
        log = tmp_path / name.replace(" ", "_") / "dedicated_log_torch_trace_cut.log"
        log.parent.mkdir()
        log.write_bytes(data)
        proc = run("report", str(log), cache_dir=cache_dir)
        assert proc.returncode == status and reason in proc.stdout + proc.stderr, (name, proc.returncode, proc.stdout, proc.stderr)
        assert ("nothing to report" in proc.stdout) == (name != "one good"), (name, proc.stdout)
        if name != "one good":  # one warning for the one record (a trial: "not a JSON object" and "cut" for one record)
            assert "1 warning(s)" in proc.stderr, (name, proc.stderr)


@pytest.mark.parametrize(
    ("given", "said"),
    [
        # ``report "$UNSET"`` read every file under the current folder
        (["", "--cache-dir", "<tmp>/c"], "an empty path was given"),
        # ``--cache-dir "$UNSET"`` silently wrote to the user cache folder
        (["<mlp_train>", "--cache-dir", ""], "argument --cache-dir: an empty path was given"),
    ],
)
def test_an_empty_path_or_cache_dir_is_an_error_not_a_default(tmp_path, given, said):
    """Found by new users' trials: an empty argument (an unset variable) is refused, exit 2."""
    args = [a.replace("<tmp>", str(tmp_path)).replace("<mlp_train>", case_dir("torch-2.11-cuda/mlp_train")) for a in given]
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", *args], capture_output=True, text=True, timeout=60, cwd=str(tmp_path)
    )
    assert proc.returncode == 2 and said in proc.stderr and not proc.stdout


def test_a_closed_standard_output_is_a_line_not_a_traceback(cache_dir):
    """``report >&-`` (a new user's trial: an AttributeError traceback, exit 1): one line, exit 3."""
    for extra in (["--json"], []):
        proc = subprocess.run(
            ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "inductor_lens", "report", *extra, "--cache-dir", cache_dir],
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 3 and proc.stderr == "inductor-lens: cannot write the report: standard output is closed\n"


def test_ctrl_c_ends_the_language_server_at_once(tmp_path):
    """``inductor-lens serve`` run by hand: Ctrl-C exits 130 with one line, at once (a new user's
    trial: the first one did nothing until stdin closed, a second printed a traceback and a fatal
    error).  The server answers ``initialize`` first, so its loop and its stdin reader are running."""
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "inductor_lens", "serve", "--cache-dir", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()
    header = proc.stdout.readline()  # the answer's Content-Length: the server is up
    assert header.startswith(b"Content-Length:"), header
    started = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        status = proc.wait(timeout=10)
    finally:
        proc.kill()
    err = proc.stderr.read().decode()
    proc.stdin.close()
    assert status == 130 and time.monotonic() - started < 5
    assert "inductor-lens: interrupted" in err and "Traceback" not in err, err


def test_the_command_freezes_what_is_left_before_it_exits_and_a_caller_keeps_its_collector(cache_dir):
    """The process that is the command leaves no objects for the interpreter's last collections to
    walk (``gc.freeze``: 0.07-0.09 s of every cold report, measured in bench/); a caller of
    ``main(argv)`` (a test, a script) keeps its collector as it was, and the answer is the same."""
    code = (
        "import gc, os, sys\n"
        "from inductor_lens.cli import main\n"
        "status = main() if os.environ['HOW'] == 'process' else main(sys.argv[1:])\n"
        "print(gc.get_freeze_count(), status, file=sys.stderr)\n"
    )
    argv = ["report", case_log("torch-2.11-cuda/mlp_infer"), "--json", "--no-cache", "--cache-dir", cache_dir]
    out = {}
    for how in ("process", "caller"):
        env = dict(os.environ, HOW=how)
        done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120, env=env)
        frozen, status = done.stderr.split()[-2:]
        out[how] = (int(frozen) > 0, status, json.loads(done.stdout)["kernels"][0]["name"])
    assert out["process"][0] and not out["caller"][0]
    assert out["process"][1:] == out["caller"][1:] == ("0", "extern_kernels.mm")


@pytest.mark.parametrize(
    ("given", "said"),
    [
        # new users' trials: every path of every command is refused empty (an unset variable): `serve`
        # and `capture` took an empty --cache-dir for the default folder, `capture --out ""` captured
        # into the working folder, an empty --profile, --triton-cache or --ncu named the working folder
        (["serve", "--cache-dir", ""], "argument --cache-dir: an empty path was given"),
        (["capture", "--cache-dir", "", "--out", "<tmp>/cap", "--", "true"], "argument --cache-dir: an empty path was given"),
        (["capture", "--out", "", "--", "true"], "argument --out: an empty path was given"),
        (["capture", "--out", "<tmp>/cap", "--", ""], "an empty command was given"),
        (["report", "<a>", "--profile="], "argument --profile: an empty path was given"),
        (["report", "<a>", "--ir", "--triton-cache", ""], "argument --triton-cache: an empty path was given"),
        (["report", "<a>", "--ncu", " "], "argument --ncu: an empty path was given"),
        (["report", "<a>", "--workers="], "argument --workers: an empty address was given"),
        (["diff", "<a>", "", "--json"], "argument B: an empty path was given"),
        (["diff", "<a>", "<b>", "--profile-b", ""], "argument --profile-b: an empty path was given"),
        # nan passed every check (nan <= 0 is false): --fail-if-slower nan could never fail, a nan time bound never applied
        (["diff", "<a>", "<b>", "--fail-if-slower", "nan"], "not a percentage: 'nan'"),
        (["diff", "<a>", "<b>", "--fail-if-slower=inf"], "not a percentage: 'inf'"),
        (["diff", "<a>", "<b>", "--fail-if-slower", "5%%"], "not a percentage: '5%%'"),
        (["capture", "--profile", "--profile-seconds", "nan", "--out", "<tmp>/cap", "--", "true"], "not a finite number: 'nan'"),
        (["capture", "--profile", "--profile-seconds", "1e400", "--out", "<tmp>/cap", "--", "true"], "not a finite number: '1e400'"),
    ],
)
def test_an_empty_path_or_a_number_that_is_not_finite_is_refused_by_every_command(tmp_path, given, said):
    """Exit 2 with the subcommand's usage and one line saying why; nothing is run or written."""
    subs = {"<tmp>": str(tmp_path), "<a>": case_dir("torch-2.11-cuda/profile_extend"), "<b>": case_dir("torch-2.11-cuda/profile")}
    args = [subs.get(a, a).replace("<tmp>", str(tmp_path)) for a in given]
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=str(tmp_path),
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2 and said in proc.stderr and not proc.stdout, (proc.returncode, proc.stderr)
    assert not os.path.exists(tmp_path / "cap") and not os.listdir(tmp_path)  # nothing captured or written
