"""A profile of another run is said, with how many kernels matched (issue 50 item 10;
timing/profile_match.py): by kernel names apart (an edited model) and by the process that made the
compiled calls (the same kernels, another run); a run's own profile says nothing."""

from __future__ import annotations

import glob
import os

import pytest
from conftest import REPO, case_dir
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.timing.join import join_profile

PAIRS = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda")


def _said(trace_dir: str, profile: str, tmp_path) -> list[str]:
    index = load([os.path.join(trace_dir, "trace")], Cache(str(tmp_path / "c")), disk_cache=False)
    assert join_profile(index, profile) is not None and index.profiles
    return [w.message for w in index.warnings if w.file == profile and "another run" in w.message]


def _profile(folder: str) -> str:
    (found,) = glob.glob(os.path.join(folder, "profile_trace.json*"))
    return found


def test_an_edited_models_profile_is_said_with_the_kernels_matched(tmp_path):
    # cnn_train_edit (relu -> gelu on one line) against SmallCNN's profile: 5 of its 8 kernels match
    (said,) = _said(os.path.join(PAIRS, "cnn_train_edit"), _profile(os.path.join(PAIRS, "profile_cnn_bench")), tmp_path)
    assert said.startswith("may be a profile of another run: 5 of 8 kernels of the graphs it called matched by name; ")
    assert "5 of the 10 generated kernels it ran are in no graph of the trace" in said
    assert "3 kernels of the graphs it called have no launch in it" in said
    (said,) = _said(os.path.join(PAIRS, "gpt2_train_b8"), _profile(os.path.join(PAIRS, "profile_gpt2_train")), tmp_path)
    assert said.startswith("may be a profile of another run: 11 of 31 kernels")


def test_the_same_kernels_from_another_process_are_said(tmp_path):
    shared = case_dir("torch-2.11-cuda/profile")
    other = case_dir("torch-2.11-cuda/profile_extend")  # the same GPT-2, run again: every kernel name the same
    (said,) = _said(shared, os.path.join(other, "profile_trace.json"), tmp_path)
    assert said.startswith("may be a profile of another run: 9 of 9 kernels of the graphs it called matched by name; ")
    assert "its compiled calls ran in process 1063, the trace was written by process 427" in said


@pytest.mark.parametrize(
    "folder",
    [os.path.join(PAIRS, n) for n in ("profile_cnn_bench", "profile_gpt2_train", "profile_convnext_train", "profile_bert_train")]
    + ["torch-2.11-cuda/profile", "torch-2.11-cuda/profile_cnn"],
)
def test_a_runs_own_profile_says_nothing(folder, tmp_path):
    folder = folder if os.path.isabs(folder) else case_dir(folder)
    assert _said(folder, _profile(folder), tmp_path) == []


def test_a_cpu_captures_own_profile_says_nothing(tmp_path):
    # a CPU run captured with --profile: its C++ kernels' ops are graph_<N>_cpp_fused_... (kernel
    # profiling); said "0 of 5 kernels matched by name" before the graph_<N>_ prefix was dropped here
    folder = os.path.join(REPO, "tests", "data", "torch-2.13-cpu", "capture_profile")
    (profile,) = glob.glob(os.path.join(folder, "trace", "profile_pid*.json"))
    assert _said(folder, profile, tmp_path) == []
