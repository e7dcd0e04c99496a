"""The whole step from a real profile's own clock (issue 45): each figure of ``timing.step``
against ``step_truth.py``, an independent reading of the raw JSON."""

from __future__ import annotations

import json
import os

import pytest
from conftest import case_dir
from inductor_lens.readers.chrome_trace import CUT_OFF, read_chrome_trace
from inductor_lens.timing.step import step_line, step_of
from step_truth import load, truth

PROFILE_CNN = os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json")
PROFILE = os.path.join(case_dir("torch-2.11-cuda/profile"), "profile_trace.json")
FIGURES = ("wall_us", "gpu_busy_us", "gpu_idle_us", "compiled_device_us", "other_device_us", "sync_us")


def _close(ours: dict, want: dict) -> None:
    assert ours["steps"] == want["steps"]
    for key in FIGURES:
        # 2% of the figure or 0.5% of the wall, whichever is larger (the bound); here far tighter
        assert abs(ours[key] - want[key]) <= max(1e-3, 1e-6 * abs(want[key])), (key, ours[key], want[key])
    assert ours["step_us"] == pytest.approx(want["step_us"], abs=1e-3)


@pytest.mark.parametrize("path", [PROFILE_CNN, PROFILE])
def test_step_figures_equal_the_independent_reading(path):
    _close(step_of(read_chrome_trace(path)).to_json(), truth(load(path)))


def test_training_profile_splits_compiled_from_eager_device_time():
    """profile_cnn (a CNN's training steps, H200): the loss and SGD kernels run eagerly, so other
    device time is more than 0 and less than the compiled code's; the join's unattributed kernels
    (eager, by name) are that other time, memsets aside."""
    trace = read_chrome_trace(PROFILE_CNN)
    step = step_of(trace)
    assert 0 < step.other_device_us < step.compiled_device_us
    assert step.steps is None and step.step_us == ()
    assert step_line(step).startswith("window 19.1 ms (no ProfilerStep markers")


def test_cut_off_profile_is_said_and_read_up_to_the_cut(tmp_path):
    """A profile cut off mid-write: the sentence, and the events before the cut still give a step."""
    data = open(PROFILE_CNN, "rb").read()
    cut = tmp_path / "profile_trace.json"
    cut.write_bytes(data[: len(data) * 2 // 3])
    trace = read_chrome_trace(str(cut))
    assert trace.truncated and any(w.message == CUT_OFF for w in trace.warnings)
    events = json.loads(data)["traceEvents"]
    assert 0 < len(trace.kernels) < sum(1 for e in events if e.get("cat") == "kernel")
    assert step_of(trace).wall_us > 0


def test_stacks_but_no_device_activity_is_said(tmp_path):
    """A CPU training loop profiled with Python stacks (tests/data/make/cpu_r45/train.py on PyTorch
    2.13 CPU, schedule(wait=1, warmup=1, active=3); paths rewritten): the step line says there is no
    device activity and still gives the steps and the wall, equal to the independent reading."""
    import lzma

    path = tmp_path / "profile_trace.json"
    path.write_bytes(lzma.open(os.path.join(os.path.dirname(__file__), "data", "cpu_train_stacks.json.xz")).read())
    step = step_of(read_chrome_trace(str(path)))
    _close(step.to_json(), truth(load(str(path))))
    assert (step.steps, step.stacks, step.device_events) == (3, True, 0)
    assert "No device activity in it" in step_line(step) and "Python stacks" in step_line(step)
