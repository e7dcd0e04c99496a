"""The saved answers' size bound, orphans and SIGTERM (issue 50 item 9; files/cache_bound.py,
files/terminate.py): ``<cache>/report`` stays within ``$INDUCTOR_LENS_REPORT_CACHE_GB`` after every
run (least recently used evicted first), what a killed run left is removed by the next run, SIGTERM
ends a run with a line and no temporary file, and a run that could not write the cache saves no answer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from conftest import REPO, case_dir

_MARKED = (
    "import os, sys\n"
    "from inductor_lens.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "sys.stdout.flush()\n"
    "open(os.environ['MARK'], 'w').write('cold' if 'inductor_lens.open_traces' in sys.modules else 'warm')\n"
    "sys.exit(status)\n"
)


def _env(**extra) -> dict:
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "INDUCTOR_LENS_REPORT_CACHE_GB")}
    environ.update(extra, PYTHONPATH=os.path.join(REPO, "server"))
    return environ


def _report(tmp_path, *args, cache, cwd, env=None):
    """(exit status, stdout, stderr, 'cold' | 'warm') of ``report ARGS --cache-dir CACHE`` run in ``cwd``."""
    mark = tmp_path / "mark"
    proc = subprocess.run(
        [sys.executable, "-c", _MARKED, "report", *map(str, args), "--cache-dir", str(cache)],
        capture_output=True, cwd=cwd, env=_env(MARK=str(mark), **(env or {})), timeout=300,
    )  # fmt: skip
    return proc.returncode, proc.stdout, proc.stderr.decode(), mark.read_text()


def _held(cache) -> tuple[int, set[str]]:
    """(bytes under <cache>/report, the entries' names)."""
    folder = cache / "report"
    names = os.listdir(folder)
    return sum(os.path.getsize(folder / n) for n in names), {n.split(".")[0] for n in names if n.endswith(".head")}


def test_saved_answers_stay_within_the_bound_least_recently_used_evicted(tmp_path):
    case, cache = case_dir("torch-2.11-cuda/mlp_train"), tmp_path / "cache"
    bound = {"INDUCTOR_LENS_REPORT_CACHE_GB": "0.0002"}  # 200,000 bytes: two of mlp_train's JSON answers (~79 kB each)
    folders = []
    for name in "abcd":  # the same log reported from 4 folders: 4 keys
        (tmp_path / name).mkdir()
        folders.append(tmp_path / name)
    first = _report(tmp_path, case, "--json", cache=cache, cwd=folders[0], env=bound)
    size, held = _held(cache)
    assert first[0] == 0 and first[3] == "cold" and len(held) == 1 and 50_000 < size <= 200_000
    a = held
    _report(tmp_path, case, "--json", cache=cache, cwd=folders[1], env=bound)
    size, held = _held(cache)
    assert len(held) == 2 and size <= 200_000
    b = held - a
    time.sleep(0.05)
    again = _report(tmp_path, case, "--json", cache=cache, cwd=folders[0], env=bound)  # a is used again: b is the oldest
    assert again[3] == "warm" and again[:3] == first[:3]
    _report(tmp_path, case, "--json", cache=cache, cwd=folders[2], env=bound)
    size, held = _held(cache)
    assert size <= 200_000 and len(held) == 2 and a <= held and not b & held
    # without the variable: the default (1 GB) keeps every answer
    _report(tmp_path, case, "--json", cache=cache, cwd=folders[3])
    assert len(_held(cache)[1]) == 3
    # a bound smaller than one answer: nothing kept, the folder within it
    _report(tmp_path, case, "--json", "--all", cache=cache, cwd=folders[3], env={"INDUCTOR_LENS_REPORT_CACHE_GB": "0.00001"})
    assert _held(cache)[0] <= 10_000


def test_orphaned_temporary_files_are_removed_by_the_next_run(tmp_path):
    case, cache = case_dir("torch-2.11-cuda/mlp_train"), tmp_path / "cache"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True).stdout.strip()
    orphans = [cache / "report" / f".tmp-{dead}-0-x.out", cache / "index" / f".tmp-{dead}-0-y.pkl",
               cache / "extracted" / "0123" / f".tmp-{dead}-1-z.py", cache / "derived" / "k" / f".tmp-{dead}-0-w.pkl"]  # fmt: skip
    live = cache / "report" / f".tmp-{os.getpid()}-0-live.out"  # a run still writing (this process)
    for path in [*orphans, live]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * 1000)
    status = _report(tmp_path, case, cache=cache, cwd=tmp_path)[0]
    assert status == 0 and not any(p.exists() for p in orphans) and live.exists()


def _temporaries(cache) -> list[str]:
    return [os.path.join(d, n) for d, _, names in os.walk(cache) for n in names if n.startswith(".tmp-")]


def test_sigterm_ends_a_run_with_a_line_and_no_temporary_file(tmp_path):
    case, cache = case_dir("torch-2.11-cuda/gpt2_train"), tmp_path / "cache"
    proc = subprocess.Popen(
        [sys.executable, "-m", "inductor_lens", "report", case, "--json", "--cache-dir", str(cache)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path, env=_env(),
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not _temporaries(cache) and proc.poll() is None and time.monotonic() < deadline:  # the run has begun writing
        time.sleep(0.002)
    assert proc.poll() is None, "the run ended before it could be terminated"
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=60)[1].decode()
    assert proc.returncode == 143, err
    assert "inductor-lens: terminated (SIGTERM)" in err and "Traceback" not in err
    assert _temporaries(cache) == [] and not list((cache / "report").glob("*.head"))


def test_sigterm_ends_a_diff_with_a_line(tmp_path):
    base, edit = case_dir("torch-2.11-cuda/gpt2_train"), case_dir("torch-2.11-cuda/mlp_train")
    proc = subprocess.Popen(
        [sys.executable, "-m", "inductor_lens", "diff", base, edit, "--cache-dir", str(tmp_path / "cache")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path, env=_env(),
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not (tmp_path / "cache").exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    assert proc.poll() is None, "the diff ended before it could be terminated"
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=60)[1].decode()
    assert proc.returncode == 143 and "inductor-lens: terminated (SIGTERM)" in err and "Traceback" not in err, err


def test_no_answer_is_saved_when_the_cache_could_not_be_written(tmp_path):
    case, cache = case_dir("torch-2.11-cuda/mlp_train"), tmp_path / "cache"
    cache.mkdir()
    (cache / "index").write_text("a file where the index cache's folder goes")  # as a full disk: that write fails
    (cache / "extracted").write_text("and here")
    first = _report(tmp_path, case, cache=cache, cwd=tmp_path)
    assert first[0] == 0 and "cannot write" in first[2]
    assert not list((cache / "report").glob("*.head"))
    second = _report(tmp_path, case, cache=cache, cwd=tmp_path)
    assert second[3] == "cold" and "cannot write" in second[2]
    (cache / "index").unlink()  # space freed: the warning is gone at once
    (cache / "extracted").unlink()
    third = _report(tmp_path, case, cache=cache, cwd=tmp_path)
    assert third[3] == "cold" and "cannot write" not in third[2] and third[1] == first[1]
    assert _report(tmp_path, case, cache=cache, cwd=tmp_path)[3] == "warm"


def test_the_bound_is_documented_by_its_setting_and_unit():
    from inductor_lens.files import cache_bound

    docs = open(os.path.join(REPO, "docs", "cli.md"), encoding="utf-8").read()
    sentence = next(s for s in docs.split("\n\n") if "size bound" in s)
    assert "INDUCTOR_LENS_REPORT_CACHE_GB" in sentence and "gigabytes (10^9" in sentence and "decimal" in sentence
    assert cache_bound.report_bound() == int(cache_bound.DEFAULT_GB * 1e9)
    os.environ["INDUCTOR_LENS_REPORT_CACHE_GB"] = "0.25"
    try:
        assert cache_bound.report_bound() == 250_000_000
    finally:
        del os.environ["INDUCTOR_LENS_REPORT_CACHE_GB"]
