"""The whole step and the eager join on round 45b's training runs of other shapes (H100, PyTorch
2.11; tests/data/make/gpu_r45b): a timm ViT under bf16 autocast with fused AdamW and a loss module,
GPT-2 under fp16 with a GradScaler, a transformer in its own file with gradient accumulation and a
compiled optimizer step; the training step a ``Trainer`` method.  The truth is ``step_truth.py``'s
reading of the raw JSON (and, for the accumulated gradients, this file's), not the product's code."""

from __future__ import annotations

import os
import re

import pytest
from gpu_runs import unpack
from inductor_lens.readers.chrome_trace import read_chrome_trace
from inductor_lens.timing.eager import Sources, eager_join
from inductor_lens.timing.step import step_of
from step_truth import _launched_inside, load, loss_truth, optimizer_truth, truth

RUNS_45B = ("vit_amp", "gpt2_scaler", "tf_accum")
TRAIN = "/workspace/proj/train2.py"
FIGURES = ("wall_us", "gpu_busy_us", "gpu_idle_us", "compiled_device_us", "other_device_us", "sync_us")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("gpu45b")
    return {run: unpack(run, str(root / run)) for run in RUNS_45B}


@pytest.fixture(scope="module")
def joined(runs):
    out = {}
    for run, folder in runs.items():
        profile = os.path.join(folder, "profile_trace.json")
        out[run] = (eager_join(read_chrome_trace(profile), Sources(profile, [TRAIN, "/workspace/proj/blocks.py"])), load(profile))
    return out


def _line_of(folder: str, text: str, after: str = "") -> int:
    """The first line holding ``text`` after the first holding ``after``."""
    lines = open(os.path.join(folder, "train2.py")).read().splitlines()
    start = next(n for n, line in enumerate(lines, 1) if after in line)
    return next(n for n, line in enumerate(lines, 1) if n >= start and text in line)


def _at(join, folder: str, text: str, after: str = "") -> float:
    return join.lines[(TRAIN, _line_of(folder, text, after))].eager_us


@pytest.mark.parametrize("run", RUNS_45B)
@pytest.mark.parametrize("stacks", [True, False])
def test_step_figures_equal_the_profiles_own(runs, run, stacks):
    """The memory events of gpt2_scaler's profile (``profile_memory=True``) change nothing."""
    path = os.path.join(runs[run], "profile_trace.json" if stacks else os.path.join("nostack", "profile_trace.json"))
    ours, want = step_of(read_chrome_trace(path)).to_json(), truth(load(path))
    assert ours["steps"] == want["steps"] == 5
    for key in FIGURES:
        assert ours[key] == pytest.approx(want[key], abs=1e-3), key


@pytest.mark.parametrize("run", RUNS_45B)
def test_eager_time_at_lines_and_none_at_a_def(joined, runs, run):
    """Every eager microsecond reaches a line of the script (at least 80% asked), none the ``def``
    line of the function it ran in (the first line a frame names is not where it was)."""
    join, events = joined[run]
    assert join.total_us == pytest.approx(truth(events)["other_device_us"], abs=1e-3)
    assert join.lines_us >= 0.99 * join.total_us
    text = open(os.path.join(runs[run], "train2.py")).read().splitlines()
    defs = {line for (file, line) in join.lines if file == TRAIN and text[line - 1].lstrip().startswith("def ")}
    assert defs == set()


def test_vit_optimizer_and_loss_module_at_their_lines(joined, runs):
    """vit_amp: the optimizer's kernels (fused AdamW) at ``self.opt.step()`` and the loss module's
    at ``self.criterion(...)``, though the Python tracer lost the exit of two frames of the first step
    (they seemed to hold every later frame, ``step_vit``'s too)."""
    join, events = joined["vit_amp"]
    folder = runs["vit_amp"]
    want_opt, want_loss = optimizer_truth(events), loss_truth(events)
    assert want_opt > 500 and want_loss > 100
    assert _at(join, folder, "self.opt.step()") == pytest.approx(want_opt, rel=0.05)
    assert _at(join, folder, "loss = self.criterion(logits, y)") == pytest.approx(want_loss, rel=0.05)


def test_gradscaler_step_gets_the_optimizer(joined, runs):
    """gpt2_scaler: ``scaler.step(opt)`` runs the optimizer: its kernels are at that line; unscaling
    and the gradients' norm at theirs."""
    join, events = joined["gpt2_scaler"]
    folder = runs["gpt2_scaler"]
    assert _at(join, folder, "self.scaler.step(self.opt)") == pytest.approx(optimizer_truth(events), rel=0.05)
    assert join.lines[(TRAIN, _line_of(folder, "clip_grad_norm_"))].top_call() == "clip_grad_norm_"
    assert _at(join, folder, "self.scaler.unscale_(self.opt)") > 100


def _accumulate_grad_truth(events: list[dict]) -> float:
    """Device time launched inside the autograd engine's ``AccumulateGrad`` calls (µs)."""
    spans: dict = {}
    for e in events:
        if e.get("ph") == "X" and e.get("cat") == "cpu_op" and e["name"].endswith("torch::autograd::AccumulateGrad"):
            spans.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e.get("dur", 0)))
    return _launched_inside(events, spans)


def test_accumulated_gradients_at_the_backward_call(joined, runs):
    """tf_accum: the second micro-batch's backward adds each gradient into ``.grad``
    (``AccumulateGrad``, no forward op): that time is at ``loss.backward()``; the op the script's
    own line runs (``/ 2``, no call) is at that line, with the loss."""
    join, events = joined["tf_accum"]
    folder = runs["tf_accum"]
    acc = _accumulate_grad_truth(events)
    assert acc > 500
    assert _at(join, folder, "loss.backward()", after="def step_tf") == pytest.approx(acc, rel=0.05, abs=20)
    assert _at(join, folder, "loss = F.cross_entropy(") >= loss_truth(events)
    assert optimizer_truth(events) == 0.0  # the compiled optimizer's kernels are compiled code's


@pytest.mark.parametrize("columns", ["100", "160", "250"])
def test_table_rows_of_eager_only_lines_have_no_empty_split(runs, columns, tmp_path):
    """The table at a terminal's width: a line with eager time only (``self.opt.step()``) has no
    forward/backward split, so no ``()`` under or beside it (vit_amp at 160 columns printed a
    line holding only ``()`` under each such row)."""
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
    from test_cli import run

    proc = run("report", runs["vit_amp"], cache_dir=str(tmp_path), env={"COLUMNS": columns})
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()
    opt = next(n for n, line in enumerate(rows) if "self.opt.step()  (eager: step)" in line)
    assert "953 µs" in rows[opt]
    assert not any(line.strip() == "()" or "  ()  " in line for line in rows), proc.stdout[:3000]
    assert any("(fwd " in line and "bwd " in line for line in rows)  # the compiled lines keep theirs
    # a line with no eager time has an empty eager cell ("eager —" read as "this line ran eagerly")
    assert not any("eager" in line and "—" in line.split("eager", 1)[1][:12] for line in rows)
    assert [line.split("eager", 1)[1].split()[:2] for line in rows if re.search(r"  eager +\d", line)] == [["953", "µs"]]


def test_the_table_gives_host_time_per_step_at_each_call_site(runs, tmp_path):
    """Why the step is slow when the GPU idles: each call site's line in the table gives the host time
    per step inside the compiled calls it made (report --json's ``calls[].host_us_per_step``; before,
    in the JSON only).  tf_accum: the model's call and the compiled optimizer step."""
    import json
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
    from test_cli import run

    folder = runs["tf_accum"]
    doc = json.loads(run("report", folder, "--json", cache_dir=str(tmp_path)).stdout)
    text = run("report", folder, cache_dir=str(tmp_path), env={"COLUMNS": "250"}).stdout
    sites = [c for c in doc["calls"] if c["innermost"]]
    assert {c["code"] for c in sites} == {"logits = self.compiled(idx[micro::2])", "self.opt_step()"}
    for c in sites:
        row = next(line for line in text.splitlines() if f"train2.py:{c['line']}  " in line and "calls compile" in line)
        assert row.endswith(f"· host {c['host_us_per_step'] / 1000:.1f} ms/step in its compiled calls"), row
        assert c["host_us_per_step"] > 1000


def test_call_site_lenses_know_which_calls_ran_in_the_window(runs, tmp_path):
    """vit_amp: the model is all timm code, so train2.py is named only by the compile's call stack;
    its call sites are ``self.step_vit``'s ``logits = self.compiled(x)`` (a torch.compile module in
    an attribute), ``step``'s ``getattr(self, "step_" + self.kind)()`` (no name to find: the
    compile's stack names the line) and the module's ``main(...)`` under ``if __name__ ...``. Each
    ran in the profiled window and carries the measured time; only the warm-up loop's
    ``trainer.step()`` did not. Before, all four said 'not called in the profiled window' and the
    window's calls were put on the def lines of step and step_vit."""
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.files.cache import Cache
    from inductor_lens.lsp.features.lenses import code_lenses
    from inductor_lens.open_traces import TraceRequest, open_traces

    folder = runs["vit_amp"]
    opened = open_traces(TraceRequest([folder], path_maps=[("/workspace/proj", folder)]), cache=Cache(str(tmp_path / "c")))
    titles: dict[int, list[str]] = {}
    for lens in code_lenses(Snapshot(opened.index, opened.resolver), os.path.join(folder, "train2.py")):
        titles.setdefault(lens.range.start.line + 1, []).append(lens.command.title)
    lines = open(os.path.join(folder, "train2.py")).read().splitlines()
    warm = next(n for n in range(1, len(lines)) if "for _ in range(3):" in lines[n - 1]) + 1
    ran = [
        _line_of(folder, 'getattr(self, "step_" + self.kind)()'),
        _line_of(folder, "logits = self.compiled(x)"),
        _line_of(folder, "main(sys.argv[1], sys.argv[2])", after='if __name__ == "__main__":'),
    ]
    for n in ran:
        (title,) = titles[n]
        assert title.startswith("calls compile 0/0: 588 kernels") and "(100%, 5 runs)" in title, (n, title)
    (title,) = titles[warm]
    assert lines[warm - 1].strip() == "trainer.step()" and title.endswith("not called in the profiled window")
    defs = [n for n in titles if lines[n - 1].lstrip().startswith("def ")]
    assert defs == []


def test_call_lenses_and_hover_give_the_host_time_of_the_calls(runs, tmp_path):
    """vit_amp: the lens of each call site of the compiled model and its hover give the host time
    inside the compiled calls per step, the report's ``calls[].host_us_per_step``; the lenses of the
    lines that called them in the window (the profiling loop's ``trainer.step()``) give the same time,
    the compiled backward's included (it runs on autograd's thread, entered from ``backward()``:
    before, those lines said 10.8 ms/step on gpt2_scaler where the call site said 25.88)."""
    import json
    import sys

    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.files.cache import Cache
    from inductor_lens.lsp.features.hover import hover
    from inductor_lens.lsp.features.lenses import code_lenses
    from inductor_lens.open_traces import TraceRequest, open_traces

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
    from test_cli import run

    for name in ("vit_amp", "gpt2_scaler"):
        folder = runs[name]
        doc = json.loads(run("report", folder, "--json", cache_dir=str(tmp_path / "r")).stdout)
        (site,) = [c for c in doc["calls"] if c["innermost"]]
        per_step = site["host_us_per_step"] / 1000
        opened = open_traces(TraceRequest([folder], path_maps=[("/workspace/proj", folder)]), cache=Cache(str(tmp_path / name)))
        snap = Snapshot(opened.index, opened.resolver)
        titles = {lens.range.start.line + 1: lens.command.title for lens in code_lenses(snap, os.path.join(folder, "train2.py"))}
        assert f" · host {per_step:.2f} ms/step" in titles[site["line"]], titles[site["line"]]
        text = hover(snap, os.path.join(folder, "train2.py"), site["line"], 12).contents.value
        assert f"**Host:** {per_step:.2f} ms/step of CPU time inside these compiled calls" in text
        loop = _line_of(folder, "trainer.step()", after="def profile(")
        assert titles[loop].startswith("calls compiled code in the profiled window")
        said = float(re.search(r"host ([\d.]+) ms/step in the compiled regions it entered", titles[loop])[1])
        assert said == pytest.approx(per_step, rel=0.03), (name, said, per_step)
