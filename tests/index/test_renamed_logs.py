"""Found by a new user's trial: a folder of rank logs renamed ``rank_0.log`` ... (not PyTorch's
``dedicated_log_torch_trace_*`` name) was "no TORCH_TRACE logs found"; ``*.log`` files that start
with a TORCH_TRACE record are read when no log has PyTorch's name, each rank from its name."""

from __future__ import annotations

import shutil

from conftest import case_log
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load


def test_a_folder_of_renamed_rank_logs(tmp_path):
    folder = tmp_path / "job"
    folder.mkdir()
    for r in range(12):
        shutil.copy(case_log("torch-2.14-cpu/mlp_infer"), folder / f"rank_{r}.log")
    (folder / "notes.log").write_text("not a trace\n")
    index = load([str(folder)], Cache(str(tmp_path / "c")))
    assert [t.rank for t in index.traces] == list(range(12))
    assert not [w for w in index.warnings if "no TORCH_TRACE logs" in w.message]


def test_other_logs_beside_a_real_one_are_left_alone(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir()
    shutil.copy(case_log("torch-2.14-cpu/mlp_infer"), folder / "dedicated_log_torch_trace_abc.log")
    shutil.copy(case_log("torch-2.14-cpu/mlp_infer"), folder / "copy.log")
    index = load([str(folder)], Cache(str(tmp_path / "c")))
    assert [t.path.rsplit("/", 1)[-1] for t in index.traces] == ["dedicated_log_torch_trace_abc.log"]


def test_an_empty_folder_says_what_it_looks_for(tmp_path):
    (tmp_path / "x.log").write_text("hello\n")
    index = load([str(tmp_path)], Cache(str(tmp_path / "c")))
    assert any("dedicated_log_torch_trace_*.log, or a *.log that starts with a record" in w.message for w in index.warnings)
