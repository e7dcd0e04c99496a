"""Output where not every character can go (a new user's trial): ``LC_ALL=C PYTHONUTF8=0`` (Python's
streams and file system encoding then ASCII) and ``PYTHONIOENCODING=ascii`` made ``report`` (the
bundled example, with and without ``--json``), ``diff`` and ``capture``'s summary end in a
UnicodeEncodeError traceback: the table's ``·``/``µ`` on stdout, and the cache folder's extracted
file names (``forward · compile 0_0 · output code.py``) in a C locale.  Each now writes what the
stream can take: the table's characters as ASCII look-alikes, JSON with ``\\uXXXX`` escapes (the
same document), file names the file system can hold."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import REPO, case_dir
from inductor_lens.files.plain_text import plain

C_LOCALE = {"LC_ALL": "C", "PYTHONUTF8": "0"}
ASCII_IO = {"PYTHONIOENCODING": "ascii"}
UTF8 = {"PYTHONIOENCODING": "utf-8", "PYTHONUTF8": "1"}


def _run(args: list[str], env: dict, cache: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIO", "PYTHONUTF8", "COLUMNS"))}
    full = {**base, "PYTHONPATH": os.path.join(REPO, "server"), "INDUCTOR_LENS_CACHE": cache, "COLUMNS": "200", **env}
    return subprocess.run([sys.executable, "-m", "inductor_lens", *args], capture_output=True, env=full, timeout=300)


def _ok(proc: subprocess.CompletedProcess) -> bytes:
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr and b"UnicodeEncodeError" not in proc.stderr, proc.stderr[-2000:]
    assert proc.stdout.isascii()
    return proc.stdout


@pytest.mark.parametrize("env", [C_LOCALE, ASCII_IO], ids=["C-locale", "ascii-io"])
def test_report_writes_what_the_stream_can_encode(env, tmp_path):
    """The bundled example's report, table and JSON, each from a fresh cache folder (its extracted
    files are made in that locale) and again from the saved answer: no traceback, ASCII out; the
    table's lines are the UTF-8 run's in ASCII look-alikes; the JSON is the same document."""
    utf8_table = _run(["report"], UTF8, str(tmp_path / "u")).stdout.decode("utf-8")
    utf8_doc = json.loads(_run(["report", "--json"], UTF8, str(tmp_path / "u")).stdout)
    for again in (False, True):  # cold, then the saved answer replayed
        table = _ok(_run(["report"], env, str(tmp_path / "c"))).decode("ascii")
        rows = [line for line in utf8_table.splitlines() if "launches" in line and "·" in line]
        assert rows and all(plain(row).rstrip() in table for row in rows), (again, table[:2000])
        doc = json.loads(_ok(_run(["report", "--json"], env, str(tmp_path / "c"))))
        assert [(k["key"], k["bytes"], k["model_lines"]) for k in doc["kernels"]] == [
            (k["key"], k["bytes"], k["model_lines"]) for k in utf8_doc["kernels"]
        ]
        assert doc["lines"] == utf8_doc["lines"] and doc["compiles"] == utf8_doc["compiles"]


def test_diff_and_captures_summary_in_a_c_locale(tmp_path):
    """``diff`` of the shared profile runs (table and --json, whose headline holds a "→") and
    ``capture``'s summary of a command that leaves a real trace, in a C locale with a fresh cache."""
    a, b = case_dir("torch-2.11-cuda/profile"), case_dir("torch-2.11-cuda/profile_extend")
    want = json.loads(_run(["diff", a, b, "--json"], UTF8, str(tmp_path / "u")).stdout)
    assert "→" in want["headline"]
    got = json.loads(_ok(_run(["diff", a, b, "--json"], C_LOCALE, str(tmp_path / "c"))))
    assert got["headline"] == want["headline"]
    table = _ok(_run(["diff", a, b], C_LOCALE, str(tmp_path / "c"))).decode("ascii")
    assert table.splitlines()[0] == plain(want["headline"])  # (13.7 -> 10.1 ms)
    log = os.path.join(case_dir("torch-2.11-cuda/graph_break"), "trace")
    copy = f'mkdir -p "$TORCH_TRACE" && cp {log}/*.log "$TORCH_TRACE"/'
    proc = _run(["capture", "--out", str(tmp_path / "cap"), "--", "sh", "-c", copy], C_LOCALE, str(tmp_path / "c2"))
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    said = proc.stderr.decode("ascii")
    assert "3 compiles - 1 graph break - 1 recompile" in said and "inference - compile 0_0_1 - output code.py" in said


def test_a_cache_folder_a_utf8_run_filled_in_a_c_locale(tmp_path):
    """The default cache folder is shared by every run: a UTF-8 run leaves ``forward · compile 0_0 ·
    output code.py`` and an index cache naming it, which a C-locale process (file system encoding
    ASCII) could not even stat (a traceback from the index cache's check).  The command runs in
    Python's UTF-8 mode there, its streams kept ASCII: the same JSON document, paths included."""
    cache = str(tmp_path / "shared")
    want = json.loads(_run(["report", "--json"], UTF8, cache).stdout)
    assert any("·" in (k["definition"] or {}).get("path", "") for k in want["kernels"])
    for args in (["report"], ["report", "--all"]):
        _ok(_run(args, C_LOCALE, cache))
    assert json.loads(_ok(_run(["report", "--json", "--no-cache"], C_LOCALE, cache))) == want


def test_captures_command_gets_the_environment_it_was_given(tmp_path):
    """The UTF-8 re-run restores PYTHONUTF8 and PYTHONIOENCODING as given before anything runs:
    the captured command sees them as the user set them (``PYTHONUTF8=0``, no PYTHONIOENCODING)."""
    seen = tmp_path / "seen.txt"
    script = f'echo "${{PYTHONUTF8-unset}}|${{PYTHONIOENCODING-unset}}" > {seen}'
    proc = _run(["capture", "--out", str(tmp_path / "cap"), "--", "sh", "-c", script], C_LOCALE, str(tmp_path / "c"))
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert seen.read_text().strip() == "0|unset"
