"""One big ``TORCH_TRACE`` log scanned by several processes at once, with the answer of one scan.

The file is cut at record starts (a glog header line, found as the serial scan finds them) into
one byte range per process; each range is scanned by :func:`~inductor_lens.readers.torch_trace.
_scan_into` with line numbers counted from 1, and the parts are joined in order, their line
numbers shifted by the lines of the ranges before them.  Only the last range checks for a cut
last record.  The result equals :func:`~inductor_lens.readers.torch_trace.scan` of the whole file
(tests/test_scan_split.py compares them on real logs); a log under :data:`SPLIT_BYTES`, a
machine with one core or one where processes cannot start is scanned serially.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..._forked import Forked
from ...files.discovery import rank_in_name
from . import TraceLog, _scan_into, check_repeats, finish, scan
from .first_part import next_record_start
from .records import reopen_at_tail, resumable

if TYPE_CHECKING:
    from concurrent.futures import Future

#: Logs at least this big are split (below it, starting processes costs more than it saves).
SPLIT_BYTES = 64 * 1024 * 1024
#: No range smaller than this.
MIN_RANGE_BYTES = 32 * 1024 * 1024


def record_starts(path: str, size: int, parts: int, start: int = 0) -> list[int]:
    """Byte offsets where ranges start: ``start`` (a record start), then for each ``k`` the first
    record start at or after ``start + k * (size - start) / parts`` (fewer when records are
    sparse).  Raises ``OSError`` if unreadable."""
    points = [start]
    for k in range(1, parts):
        found = next_record_start(path, max(start + (size - start) * k // parts, points[-1] + 1), size)
        if found is not None:
            points.append(found)
    return sorted(set(p for p in points if p < size))


def _scan_range(path: str, size: int, start: int, stop: int | None) -> tuple[TraceLog, int]:
    """Scan ``[start, stop)`` of ``path`` (``stop`` None: to the end) with lines counted from 1;
    returns the part and the line number where it stopped."""
    part = TraceLog(path=path, size=size)
    part.first_header_seen = start > 0  # a later range starts at a record by construction
    with open(path, "rb") as fh:
        end_line = _scan_into(part, fh, start, 1, stop)
    return part, end_line


def join_parts(path: str, size: int, parts: list[tuple[TraceLog, int]], previous: TraceLog | None = None) -> TraceLog:
    """One :class:`TraceLog` from the scans of consecutive ranges (in file order); with
    ``previous`` (reopened at its tail: :func:`~inductor_lens.readers.torch_trace.reopen_at_tail`),
    the ranges continue it and it is extended in place."""
    if previous is not None:
        log, shift = previous, previous.tail_line - 1
    else:
        log, shift = TraceLog(path=path, size=size), 0
        log.rank = rank_in_name(os.path.basename(path))
    for n, (part, end_line) in enumerate(parts):
        for record in part.records:
            record.line += shift
        for warning in part.warnings:
            if warning.line > 0:
                warning.line += shift
        log.records.extend(part.records)
        log.warnings.extend(part.warnings)
        log.strings.update(part.strings)
        log.copies.update(part.copies)
        log.record_count += part.record_count
        log.bytes_scanned += part.bytes_scanned
        log.pids.extend(p for p in part.pids if p not in log.pids)
        if log.rank is None:
            log.rank = part.rank
        if log.version_from_metrics is None:
            log.version_from_metrics = part.version_from_metrics
        if n == 0 and previous is None:
            log.first_header_seen = part.first_header_seen
        if part.tail_offset is not None:
            log.tail_offset, log.tail_line = part.tail_offset, part.tail_line + shift
        if n == len(parts) - 1 and part.incomplete_tail_line is not None:
            log.incomplete_tail_line = part.incomplete_tail_line + shift
        shift += end_line - 1
    finish(log)
    check_repeats(log)
    return log


def scan_pool(workers: int, submit: "Callable[[Any], list[Future]]") -> tuple[Any, list[Future]]:
    """A process pool of ``workers`` scan processes and the futures ``submit(pool)`` gives.  The
    processes ignore Ctrl-C (the terminal sends it to every process of the group: an idle worker
    printed its traceback, a busy one died mid-range); this process gets it, stops waiting and
    shuts the pool down.  Ctrl-C is held back while the processes are forked (one forked in the
    middle of it would still print), then delivered here.  Raises what the pool raises."""
    import signal
    from concurrent.futures import ProcessPoolExecutor

    main = threading.current_thread() is threading.main_thread() and hasattr(signal, "pthread_sigmask")
    if main:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=process_context(), initializer=_ignore_interrupts)
        futures = submit(pool)
    finally:
        if main:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    return pool, futures


def _ignore_interrupts() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def process_context():
    """The ``multiprocessing`` context for scan processes: ``fork`` in a process with one thread
    (``report``: the fastest start), else ``forkserver`` (``spawn`` where there is none).

    Forking a process whose other threads hold locks copies them held: in the language server a
    thread is always blocked reading the client's messages from stdin, and every forked child
    then hangs in ``multiprocessing``'s start-up, which closes stdin (``util._close_stdin``), so
    the scan never ends.  A fork server is a fresh single-threaded process (this module preloaded)
    that children are forked from instead."""
    import multiprocessing
    import threading

    if threading.active_count() <= 1 and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return _fork_server_context() or multiprocessing.get_context("spawn")


def _fork_server_context():
    """The ``forkserver`` context with this module preloaded, or ``None`` where there is none."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return None
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def start_fork_server() -> None:
    """Start the fork server :func:`process_context` gives a threaded process, now: its start-up
    (a fresh interpreter importing this module, ~0.1 s) then overlaps the language server's own
    instead of delaying the first scan.  Nothing on a machine with one core (no split scans) or
    without fork servers; errors are left to the first scan (which then scans serially)."""
    if (os.cpu_count() or 1) < 2 or _fork_server_context() is None:
        return
    from multiprocessing import forkserver

    try:
        forkserver.ensure_running()
    except (OSError, ValueError):  # pragma: no cover - no processes here
        pass


def scan_split(path: str, processes: int | None = None, previous: TraceLog | None = None) -> TraceLog:
    """:func:`~inductor_lens.readers.torch_trace.scan` of a whole file, in ``processes`` processes
    (default: the CPU count, at most one per :data:`MIN_RANGE_BYTES`) when what is left to read
    is at least :data:`SPLIT_BYTES`.  ``previous``: as for ``scan`` (an earlier scan of the file's
    first part, extended in place: only the rest is read).  Raises ``OSError`` if ``path`` cannot
    be read."""
    return start_scan_split(path, processes, previous).result()


class SplitScan:
    """A scan started by :func:`start_scan_split`: its processes run while the caller works;
    :meth:`result` waits for them and joins their parts (serially where they could not run)."""

    def __init__(self, path: str, size: int, previous: TraceLog | None, pool=None, futures=None, own=None, ranges=()) -> None:
        self.path, self.size, self.previous, self._pool, self._futures = path, size, previous, pool, futures
        #: the first range, scanned by this process when :meth:`result` is called (the others' processes meanwhile)
        self._own: tuple[int, int] | None = own
        #: the ranges of ``futures``, in order (one not started when the result is asked for is scanned here)
        self._ranges: list = list(ranges)

    def result(self) -> TraceLog:
        """The scan (``previous`` extended in place when given).  Raises ``OSError`` if unreadable."""
        path, size, previous = self.path, self.size, self.previous
        if self._pool is None:
            return scan(path, previous)
        try:
            results = [_scan_range(path, size, *self._own)] if self._own is not None else []
            futures = self._futures or []
            mine: dict[int, tuple[TraceLog, int]] = {}
            for i in reversed(range(len(futures))):
                if not futures[i].cancel():
                    break  # (this one and those before it are running or handed to a process)
                mine[i] = _scan_range(path, size, *self._ranges[i])
            results += [mine[i] if i in mine else f.result() for i, f in enumerate(futures)]
        except OSError:
            raise
        except Exception:  # no processes here (sandbox, frozen app): the same answer, serially
            return scan(path, previous)
        finally:
            self._pool.shutdown()
        if previous is not None:
            reopen_at_tail(previous, size)
            previous.bytes_scanned, previous.incomplete_tail_line = 0, None
            log = join_parts(path, size, results, previous)
            log.size = size
            return log
        return join_parts(path, size, results)

    def cancel(self) -> None:
        """Stop the processes (the scan is not wanted any more)."""
        if self._pool is not None:
            for future in self._futures or []:
                future.cancel()
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class _Children:
    """The forked children of a cold split scan (:class:`~inductor_lens._forked.Forked`), shut
    down as the pool they stand for: stopped and reaped."""

    def __init__(self, children: list[Forked]) -> None:
        self.children = children

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        for child in self.children:
            child.kill()


def start_scan_split(path: str, processes: int | None = None, previous: TraceLog | None = None, background: bool = False) -> SplitScan:
    """Start :func:`scan_split` (its processes, when it splits) and return at once.  ``background``
    (resuming ``previous`` while the caller works on its first part's answers): one process scans
    the rest's ranges meanwhile, the caller the ranges it has not started when it asks for the
    result (the caller's core stays its own until then)."""
    size = os.path.getsize(path)
    resume = previous if previous is not None and resumable(previous, path, size) else None
    begin = resume.tail_offset if resume is not None and resume.tail_offset is not None else 0
    left = size - begin
    parts = processes if processes is not None else min(os.cpu_count() or 1, 8, left // MIN_RANGE_BYTES)
    if parts < 2 or (processes is None and left < SPLIT_BYTES):
        return SplitScan(path, size, previous)
    # twice as many ranges as processes when resuming (the caller keeps a core busy meanwhile: a
    # process that finishes early takes another range instead of waiting for a slowed one)
    starts = record_starts(path, size, parts * 2 if resume is not None and processes is None else parts, begin)
    if len(starts) < 2:
        return SplitScan(path, size, previous)
    ranges = [(start, stops) for start, stops in zip(starts, [*starts[1:], None], strict=True)]
    # a cold scan's caller waits for it: it scans the first range itself (one process fewer to start
    # and one part fewer to send back); a resumed one's caller works meanwhile (the first part's answers)
    own = ranges.pop(0) if resume is None else None
    if resume is None and hasattr(os, "fork") and threading.active_count() <= 1:
        try:  # a process with one thread (report): a forked child per range, no pool to start
            children = [Forked(_scan_range, path, size, *r) for r in ranges]
        except OSError:  # no processes here: the same answer, serially
            return SplitScan(path, size, previous)
        return SplitScan(path, size, resume, _Children(children), children, own, ranges)
    workers = 1 if background and resume is not None else min(parts, len(ranges))
    try:
        pool, futures = scan_pool(workers, lambda pool: [pool.submit(_scan_range, path, size, *r) for r in ranges])
    except Exception:  # no processes here (sandbox, frozen app): the same answer, serially
        return SplitScan(path, size, previous)
    return SplitScan(path, size, resume, pool, futures, own, ranges)
