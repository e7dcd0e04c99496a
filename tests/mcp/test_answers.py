"""How ``explain`` finds the file a user names among a trace's model files
(:func:`inductor_lens.mcp.answers.match_file`), on the file names real traces write."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import case_dir
from inductor_lens.mcp.answers import match_file

#: as torch-2.11-cuda/gpt2_train's lines name them (a model file and two libraries of one basename)
FILES = [
    ("/workspace/proj/models.py", None),
    ("/opt/torch/.venv/lib/python3.12/site-packages/transformers/models/gpt2/modeling_gpt2.py", "/local/gpt2/modeling_gpt2.py"),
    ("/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/linear.py", None),
    ("/opt/torch/.venv/lib/python3.12/site-packages/torch/ao/nn/quantized/modules/linear.py", None),
]


def test_a_base_name_a_suffix_or_a_local_path_names_one_file():
    assert match_file("models.py", FILES) == ["/workspace/proj/models.py"]
    assert match_file("proj/models.py", FILES) == ["/workspace/proj/models.py"]
    assert match_file("/home/me/proj/models.py", FILES) == ["/workspace/proj/models.py"]  # the user's copy of the same file
    assert match_file("/local/gpt2/modeling_gpt2.py", FILES) == [FILES[1][0]]  # the file the trace's path resolves to
    assert match_file("nn/modules/linear.py", FILES) == [FILES[2][0]]


def test_a_name_that_is_no_whole_suffix_or_names_two_files_is_not_taken():
    assert match_file("odels.py", FILES) == []
    assert match_file("other/models.py", FILES) == []
    assert sorted(match_file("linear.py", FILES)) == sorted([FILES[2][0], FILES[3][0]])  # explain asks for more of the path


def test_on_a_real_trace_every_line_file_is_found_by_its_base_name_when_unique():
    out = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", case_dir("torch-2.11-cuda/gpt2_train"), "--json", "--no-cache"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    files = list(dict.fromkeys((row["file"], row["resolved"]) for row in json.loads(out.stdout)["lines"]))
    assert len(files) >= 3
    for file, _ in files:
        name = file.rsplit("/", 1)[-1]
        same_name = [f for f, _ in files if f.rsplit("/", 1)[-1] == name]
        found = match_file(name, files)
        assert found == [file] if len(same_name) == 1 else sorted(found) == sorted(same_name), (name, found)
        assert match_file(file, files) == [file]  # the path as the trace wrote it
