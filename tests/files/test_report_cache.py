"""The saved answer of ``inductor-lens report`` (files/report_cache.py): a re-run on unchanged inputs
writes the cold run's bytes, stderr and exit status without indexing anything; any input changed
(the log, an extracted file, a folder's listing, the options, the code) is a cold run."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

from conftest import REPO, case_dir, case_log
from inductor_lens.files import report_cache

#: runs the command in a fresh process, then says whether the index was imported (a cold run) into $MARK
_RUN = (
    "import os, sys\n"
    "from inductor_lens.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "sys.stdout.flush()\n"
    "open(os.environ['MARK'], 'w').write('cold' if 'inductor_lens.open_traces' in sys.modules else 'warm')\n"
    "sys.exit(status)\n"
)


def _report(tmp_path, *args, cache, server=None, env=None):
    """(exit status, stdout bytes, stderr text, 'cold' | 'warm') of ``inductor-lens report ARGS --cache-dir CACHE``."""
    mark = tmp_path / "mark"
    environ = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    environ.update(env or {}, MARK=str(mark), PYTHONPATH=server or os.path.join(REPO, "server"))
    proc = subprocess.run(
        [sys.executable, "-c", _RUN, "report", *map(str, args), "--cache-dir", str(cache)],
        capture_output=True,
        env=environ,
        timeout=300,
    )
    return proc.returncode, proc.stdout, proc.stderr.decode(), mark.read_text()


def _copy_case(tmp_path, case: str):
    folder = tmp_path / "run"
    shutil.copytree(case_dir(case), folder)
    return folder


def test_a_rerun_is_the_saved_answer_byte_for_byte(tmp_path):
    cache = tmp_path / "cache"
    case = case_dir("torch-2.11-cuda/mlp_train")
    cold = _report(tmp_path, case, "--json", "--all", cache=cache)  # --all with --json: a note on stderr
    warm = _report(tmp_path, case, "--json", "--all", cache=cache)
    assert cold[3] == "cold" and warm[3] == "warm"
    assert cold[:3] == warm[:3] and cold[0] == 0 and "--all is for the table" in cold[2]
    assert len(glob.glob(str(cache / "report" / "*.head"))) == 1
    # the saved answer is the answer: as a run that keeps nothing writes it
    assert _report(tmp_path, case, "--json", "--all", "--no-cache", cache=cache)[:3] == cold[:3]


def test_piped_tables_warnings_and_exit_status_are_replayed(tmp_path):
    folder = tmp_path / "logs" / "cut"  # (profiles are looked for in the log's folder and its parent: no cache or mark there)
    folder.mkdir(parents=True)
    data = open(case_log("torch-2.11-cuda/gpt2_train"), "rb").read()
    (folder / "dedicated_log_torch_trace_cut.log").write_bytes(data[: len(data) // 3])
    cache = tmp_path / "cache"
    cold, warm = _report(tmp_path, folder, cache=cache), _report(tmp_path, folder, cache=cache)
    assert cold[3] == "cold" and warm[3] == "warm"
    assert cold[:3] == warm[:3] and cold[0] == 0 and "warning(s):" in cold[2] and b"compile health" in cold[1]
    assert _report(tmp_path, folder, "--no-cache", cache=cache)[:3] == cold[:3]
    # other columns: another answer, kept beside the first
    narrow = _report(tmp_path, folder, cache=cache, env={"COLUMNS": "90"})
    assert narrow[3] == "cold" and narrow[1] != cold[1] and _report(tmp_path, folder, cache=cache)[3] == "warm"
    # nothing readable: exit 1 and its stderr, replayed
    empty = tmp_path / "logs" / "empty" / "dedicated_log_torch_trace_empty.log"
    empty.parent.mkdir()
    empty.write_bytes(b"")
    first, second = _report(tmp_path, empty, cache=cache), _report(tmp_path, empty, cache=cache)
    assert first[0] == 1 and first[:3] == second[:3] and (first[3], second[3]) == ("cold", "warm")


def test_changed_inputs_are_a_cold_run(tmp_path):
    run = _copy_case(tmp_path, "torch-2.11-cuda/mlp_train")
    log = glob.glob(str(run / "trace" / "*.log"))[0]
    cache = tmp_path / "cache"

    def again(*extra):
        first = _report(tmp_path, run, "--json", *extra, cache=cache)
        second = _report(tmp_path, run, "--json", *extra, cache=cache)
        assert second[3] == "warm" and second[:3] == first[:3]
        assert _report(tmp_path, run, "--json", *extra, "--no-cache", cache=cache)[:3] == first[:3]
        return first

    base = again()
    assert base[3] == "cold"
    os.utime(log, ns=(os.stat(log).st_atime_ns, os.stat(log).st_mtime_ns + 10**9))  # touched
    assert again()[3] == "cold"
    with open(log, "ab") as fh:  # grown: a record's worth of text
        fh.write(open(log, "rb").read().splitlines(keepends=True)[0])
    assert again()[3] == "cold"
    extracted = sorted(glob.glob(str(cache / "extracted" / "*" / "*")))
    assert extracted
    os.chmod(extracted[0], 0o644)
    os.unlink(extracted[0])  # an extracted copy deleted: the run extracts it again
    assert again()[3] == "cold" and os.path.exists(extracted[0])
    profile = os.path.join(case_dir("torch-2.11-cuda/profile"), "profile_trace.json")
    shutil.copy(profile, run / "profile_trace.json")  # a profile beside the trace: the folder's listing changed
    with_profile = again()
    assert with_profile[3] == "cold" and with_profile[1] != base[1]
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), run / "trace" / "dedicated_log_torch_trace_second.log")  # a new log
    two_logs = again()
    assert two_logs[3] == "cold" and two_logs[1].count(b'"torch_version"') == 2
    mapped = again("--path-map", f"/workspace/proj={tmp_path}")  # other options: another key
    assert mapped[3] == "cold" and _report(tmp_path, run, "--json", cache=cache)[3] == "warm"


def test_output_redirected_beside_the_trace_is_no_input(tmp_path):
    """``report run --json > run/report.json``: the report looks in every .json beside a log for a
    profile, its own output among them; that file changes with every run, yet is no input."""
    run = _copy_case(tmp_path, "torch-2.11-cuda/mlp_train")
    cache, mark, outputs = tmp_path / "cache", tmp_path / "mark", []
    env = dict(os.environ, MARK=str(mark), PYTHONPATH=os.path.join(REPO, "server"))
    for _ in range(2):
        with open(run / "report.json", "wb") as out:
            command = [sys.executable, "-c", _RUN, "report", str(run), "--json", "--cache-dir", str(cache)]
            assert subprocess.run(command, stdout=out, env=env, timeout=300).returncode == 0
        outputs.append(((run / "report.json").read_bytes(), mark.read_text()))
    assert outputs[0][1] == "cold" and outputs[1][1] == "warm" and outputs[0][0] == outputs[1][0]
    assert outputs[0][0].startswith(b"{")


def test_a_code_change_is_a_cold_run(tmp_path):
    server = tmp_path / "server"
    shutil.copytree(os.path.join(REPO, "server", "inductor_lens"), server / "inductor_lens", ignore=shutil.ignore_patterns("__pycache__"))
    case, cache = case_dir("torch-2.11-cuda/mlp_infer"), tmp_path / "cache"
    first = _report(tmp_path, case, "--json", cache=cache, server=str(server))
    assert first[3] == "cold" and _report(tmp_path, case, "--json", cache=cache, server=str(server))[3] == "warm"
    with open(server / "inductor_lens" / "files" / "discovery.py", "a", encoding="utf-8") as fh:
        fh.write("# another version of the package\n")
    again = _report(tmp_path, case, "--json", cache=cache, server=str(server))
    assert again[3] == "cold" and again[:3] == first[:3]
    (server / "inductor_lens" / "report" / "extra.py").write_text('"""A module that was not there."""\n')  # a new module
    assert _report(tmp_path, case, "--json", cache=cache, server=str(server))[3] == "cold"


def test_no_cache_writes_nothing_under_report(tmp_path):
    cache, case = tmp_path / "cache", case_dir("torch-2.11-cuda/mlp_infer")
    for _ in range(2):
        assert _report(tmp_path, case, "--json", "--no-cache", cache=cache)[3] == "cold"
    assert os.path.isdir(cache / "extracted") and not os.path.exists(cache / "report")


def test_a_damaged_entry_is_a_cold_run_never_an_error(tmp_path):
    cache, case = tmp_path / "cache", case_dir("torch-2.11-cuda/mlp_infer")
    first = _report(tmp_path, case, "--json", cache=cache)
    (head,) = glob.glob(str(cache / "report" / "*.head"))
    (out,) = glob.glob(str(cache / "report" / "*.out"))
    with open(out, "r+b") as fh:  # the saved output cut short
        fh.truncate(100)
    second = _report(tmp_path, case, "--json", cache=cache)
    assert second[3] == "cold" and second[:3] == first[:3] and not os.path.exists(out)  # rewritten, the old copy removed
    with open(head, "wb") as fh:
        fh.write(b"\x00not a saved report")
    third = _report(tmp_path, case, "--json", cache=cache)
    assert third[3] == "cold" and third[:3] == first[:3]
    assert _report(tmp_path, case, "--json", cache=cache)[3] == "warm"


def _wrappable():
    import builtins
    import io

    return (os.stat, os.lstat, os.access, os.open, os.listdir, os.scandir, builtins.open, io.open)


def test_record_restores_what_it_wrapped_and_saves_no_answer_of_moving_inputs(tmp_path, capsys):
    before = _wrappable()
    data = tmp_path / "input.txt"
    data.write_text("one")
    memo = report_cache.ReportMemo(str(tmp_path / "cache"), ("a test key",))

    def moving() -> int:
        print(data.read_text())
        data.write_text("two")  # the input changes while the report runs
        return 0

    assert memo.record(moving) == 0 and _wrappable() == before
    assert not os.path.exists(memo.head) and memo.replay(sys.stdout, sys.stderr) is None
    assert capsys.readouterr().out == "one\n"

    def steady() -> int:
        print(data.read_text())
        sys.stderr.write("a note\n")
        return 4

    assert memo.record(steady) == 4 and _wrappable() == before
    assert capsys.readouterr() == ("two\n", "a note\n")
    assert memo.replay(sys.stdout, sys.stderr) == 4 and capsys.readouterr() == ("two\n", "a note\n")
    data.write_text("three")
    assert memo.replay(sys.stdout, sys.stderr) is None and capsys.readouterr() == ("", "")
    assert os.listdir(tmp_path / "cache" / "report") and not glob.glob(str(tmp_path / "cache" / "report" / ".tmp-*"))


def test_a_big_answer_is_kept_by_the_re_run_not_by_the_cold_run(tmp_path):
    """An answer over the cold-copy limit (the 342 MB log's 170 MB JSON; here a limit of 1 kB) is
    not copied by the cold run, whose time it would add to; the next run, served by the index
    cache, keeps it; the third is the saved answer."""
    cache = tmp_path / "cache"
    case = case_dir("torch-2.11-cuda/mlp_train")
    env = {"INDUCTOR_LENS_COLD_COPY_LIMIT": "1000"}
    heads = lambda: glob.glob(str(cache / "report" / "*.head"))  # noqa: E731
    outs = lambda: glob.glob(str(cache / "report" / "*.out"))  # noqa: E731
    cold = _report(tmp_path, case, "--json", cache=cache, env=env)
    assert cold[3] == "cold" and cold[0] == 0 and len(cold[1]) > 1000
    assert heads() == [] and outs() == []  # nothing kept, not even a partial copy
    assert not (cache / "report").exists() or os.listdir(cache / "report") == []
    second = _report(tmp_path, case, "--json", cache=cache, env=env)
    assert second[3] == "cold" and second[:3] == cold[:3] and len(heads()) == 1
    third = _report(tmp_path, case, "--json", cache=cache, env=env)
    assert third[3] == "warm" and third[:3] == cold[:3]
    # under the limit the cold run keeps it at once
    small = tmp_path / "cache-small"
    assert _report(tmp_path, case, "--json", cache=small)[3] == "cold"
    assert _report(tmp_path, case, "--json", cache=small)[3] == "warm"
