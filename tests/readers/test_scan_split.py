"""A big log scanned by several processes (readers/torch_trace/split.py) gives the serial scan's answer.

Real logs, split into 2, 3 and 5 ranges (more than their size would get, to exercise the cuts):
every record (line, kind, envelope, payload offsets, process id), warning, ``str`` entry and the
tail state equal those of one serial scan, also for a log cut inside its last record and for a
log that several processes wrote.
"""

from __future__ import annotations

import contextlib
import os

import pytest
from conftest import case_log
from inductor_lens.readers.torch_trace import scan
from inductor_lens.readers.torch_trace.split import record_starts, scan_split


def _state(log):
    return (
        [(r.line, r.kind, r.name, r.envelope, r.compile_id, r.payload_start, r.payload_end, r.pid) for r in log.records],
        [(w.file, w.line, w.message) for w in log.warnings],
        log.strings,
        log.rank,
        log.torch_version,
        log.record_count,
        log.tail_offset,
        log.tail_line,
        log.first_header_seen,
        log.version_from_metrics,
        log.incomplete_tail_line,
        log.pids,
        log.size,
        log.bytes_scanned,
    )


@pytest.mark.parametrize("case", ["torch-2.11-cuda/gpt2_l12_train", "torch-2.14-cpu/recompiles_health", "torch-2.6-cpu/cnn_train"])
@pytest.mark.parametrize("processes", [2, 3, 5])
def test_split_scan_equals_serial(case, processes):
    path = case_log(case)
    serial = scan(path)
    assert len(serial.records) > 10
    assert _state(scan_split(path, processes)) == _state(serial)


def test_cuts_are_record_starts():
    path = case_log("torch-2.11-cuda/gpt2_l12_train")
    starts = record_starts(path, os.path.getsize(path), 5)
    assert len(starts) == 5 and starts[0] == 0
    with open(path, "rb") as fh:
        data = fh.read()
    for at in starts[1:]:
        assert data[at - 1 : at] == b"\n" and data[at : at + 1] == b"V", at


def test_cut_last_record_and_several_processes(tmp_path):
    """The last range alone checks the tail: a log cut inside its last payload says so at the same line."""
    path = case_log("torch-2.11-cuda/gpt2_l12_train")
    data = open(path, "rb").read()
    cut = tmp_path / "dedicated_log_torch_trace_cut.log"
    cut.write_bytes(data[: len(data) - 1000])
    serial = scan(str(cut))
    assert serial.incomplete_tail_line is not None
    assert _state(scan_split(str(cut), 3)) == _state(serial)
    forked = case_log("torch-2.11-cuda/cpu_fork")  # three processes wrote it
    serial = scan(forked)
    assert len(serial.pids) == 3
    assert _state(scan_split(forked, 3)) == _state(serial)


_SERVER_LIKE = """
import os, sys, threading, time
from inductor_lens.readers.torch_trace import scan
from inductor_lens.readers.torch_trace.split import scan_split
if __name__ == "__main__":
    # what the language server has: a thread blocked reading the client's messages from stdin
    threading.Thread(target=sys.stdin.buffer.readline, daemon=True).start()
    time.sleep(0.3)
    log = scan_split(sys.argv[1], processes=2)
    print(len(log.records), len(scan(sys.argv[1]).records), flush=True)
    os._exit(0)
"""


def test_split_scan_in_a_process_with_a_thread_reading_stdin(tmp_path):
    """A process whose other thread is blocked reading stdin (the language server, always): a
    forked scan process inherits stdin's lock held and hung for ever in multiprocessing's start-up
    (it closes stdin), so the server never answered; the scan processes now come from a fork server."""
    import subprocess
    import sys

    script = tmp_path / "server_like.py"
    script.write_text(_SERVER_LIKE)
    proc = subprocess.Popen(
        [sys.executable, str(script), case_log("torch-2.11-cuda/gpt2_l12_train")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:  # stdin stays open (as the client keeps it) until the scan is done
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail("the split scan hung in a process with a thread reading stdin")
    finally:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.close()
    out = proc.stdout.read()
    proc.stdout.close()
    split, serial = map(int, out.split())
    assert split == serial > 10


@pytest.mark.parametrize("case", ["torch-2.11-cuda/gpt2_l12_train", "torch-2.14-cpu/recompiles_health"])
@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9])
@pytest.mark.parametrize("processes", [None, 2, 3])
def test_first_part_then_the_rest_equals_one_scan(case, fraction, processes):
    """scan_head reads a log as if it ended at a record start; scanning the rest from it (serially,
    or split over processes: the language server's first answers on a big log) gives the whole
    file's scan, extended in place."""
    from inductor_lens.readers.torch_trace.first_part import scan_head

    path = case_log(case)
    size = os.path.getsize(path)
    head = scan_head(path, int(size * fraction))
    assert 0 < head.size < size and head.record_count < scan(path).record_count
    with open(path, "rb") as fh:
        data = fh.read(head.size + 1)
    assert data[head.size - 1 : head.size + 1] == b"\nV"  # it ends where a record starts
    assert head.incomplete_tail_line is None and head.record_count > 0
    whole = scan_split(path, processes, previous=head)
    assert whole is head
    serial = scan(path)
    assert _state(whole)[:-1] == _state(serial)[:-1]  # (bytes_scanned: only the rest was read)
    assert whole.bytes_scanned < serial.bytes_scanned


def test_scan_processes_leave_ctrl_c_to_this_one():
    """The terminal sends Ctrl-C to every process of the group: the scan processes ignore it (an
    idle one printed a traceback; a new user's trial, 3 runs of 50), this process still gets it,
    and it is not held back once the processes are started."""
    import signal

    from inductor_lens.readers.torch_trace.split import scan_pool

    with _ctrl_c_as_in_a_terminal():
        pool, futures = scan_pool(1, lambda pool: [pool.submit(signal.getsignal, signal.SIGINT)])
        with pool:
            assert futures[0].result() == signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


@contextlib.contextmanager
def _ctrl_c_as_in_a_terminal():
    """Python's own Ctrl-C handler for the test, as a foreground job has it: a job a shell started
    with ``&`` inherits SIGINT ignored, and Python then installs no handler of its own."""
    import signal

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize("case", ["torch-2.11-cuda/gpt2_l12_train", "torch-2.14-cpu/recompiles_health"])
@pytest.mark.parametrize("wait", [False, True])
def test_the_rest_in_the_background_then_here_equals_one_scan(case, wait):
    """The language server's first part of a big log: one process scans the rest's ranges in the
    background (the caller's core stays its own for the first answers); asked for the result at
    once, the caller scans the ranges that process has not started (``wait=False``: with 4 ranges
    and one process, at least the last is still waiting), else it takes them all from it.  Either
    way the whole file's scan, extended in place."""
    from concurrent.futures import wait as wait_for

    from inductor_lens.readers.torch_trace import split
    from inductor_lens.readers.torch_trace.first_part import scan_head

    path = case_log(case)
    size = os.path.getsize(path)
    head = scan_head(path, size // 5)
    started = split.start_scan_split(path, processes=4, previous=head, background=True)
    assert started._pool is not None and started._pool._max_workers == 1 and len(started._futures) == 4
    if wait:
        wait_for(started._futures)
    futures = list(started._futures)
    whole = started.result()
    assert whole is head and _state(whole)[:-1] == _state(scan(path))[:-1]
    assert any(f.cancelled() for f in futures) != wait  # who scanned the last range


def test_forked_children_leave_ctrl_c_to_this_one_and_are_reaped():
    """In a process with one thread (``report``) the ranges are scanned by forked children
    (``_forked.Forked``, no process pool): each ignores Ctrl-C, this process still gets it, and
    no child is left once the answer is in, nor after one is killed."""
    import signal

    from inductor_lens._forked import ChildFailed, Forked

    with _ctrl_c_as_in_a_terminal():
        child = Forked(signal.getsignal, signal.SIGINT)
        pids = [child.pid]
        assert child.result() == signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    slow = Forked(__import__("time").sleep, 30)
    pids.append(slow.pid)
    slow.kill()
    with pytest.raises(ChildFailed):
        slow.result()
    for pid in pids:  # reaped: no such child any more
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


_FAILING_CHILD = """
import sys
import inductor_lens._forked as forked
from inductor_lens.readers.torch_trace import scan, split

def fails(*args):
    raise RuntimeError("a range that cannot be scanned there")

made = []
real = forked.Forked
split.Forked = lambda fn, *args: made.append(fn) or real(fails, *args)
got, want = split.scan_split(sys.argv[1], processes=3), scan(sys.argv[1])
same = [(r.line, r.kind, r.envelope, r.payload_start, r.payload_end) for r in got.records] == [
    (r.line, r.kind, r.envelope, r.payload_start, r.payload_end) for r in want.records
]
print(len(made), same, got.warnings == want.warnings, got.record_count == want.record_count)
"""


def test_a_range_whose_child_fails_is_scanned_here():
    """A forked child that fails (or dies) only means its range is scanned in this process: the
    same answer as the serial scan (in a fresh process: one thread, so ranges go to forked children)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _FAILING_CHILD, case_log("torch-2.11-cuda/gpt2_l12_train")], capture_output=True, text=True)
    assert out.stdout.split() == ["2", "True", "True", "True"], out.stderr
