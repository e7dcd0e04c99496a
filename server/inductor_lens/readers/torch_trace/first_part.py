"""A ``TORCH_TRACE`` log read as its first part, then the rest (the language server's first answers
on a big log: :attr:`inductor_lens.index.loader.LogLoader.head_bytes`).

:func:`scan_head` scans a log as if it ended at a record start; :func:`~inductor_lens.readers.
torch_trace.scan` or :func:`~inductor_lens.readers.torch_trace.split.scan_split` given that scan
as ``previous`` read the rest, as they do for a log that grew by appends (PyTorch appends records
while a run goes on), and give the whole file's scan (tests/readers/test_scan_split.py).  A graph
of the first part is the graph the whole log gives when its compile ended there
(:func:`compile_ended`).
"""

from __future__ import annotations

import os

from ...files.discovery import rank_in_name
from . import _HEADER_NL, _HEADER_SPAN, _scan_into, check_repeats, finish, scan
from .graphs import GRAPH_ROLES, GraphRecords
from .records import Record, TraceLog

#: the records that end a compile (its graphs are all logged before them)
_METRICS_KINDS = frozenset({"compilation_metrics", "bwd_compilation_metrics"})


def scan_head(path: str, nbytes: int) -> TraceLog:
    """Scan ``path`` as if it ended at the first record start at or after byte ``nbytes``: the
    log's first part, every record in it complete, for answers that cannot wait for the rest of
    a big log.  :func:`scan` (or :func:`.split.scan_split`) with it as ``previous`` reads the rest,
    as it does for a log that grew by appends, and gives the whole file's scan.  The whole file
    is scanned when no record starts after ``nbytes``.  Raises ``OSError`` if unreadable."""
    size = os.path.getsize(path)
    cut = next_record_start(path, nbytes, size)
    if cut is None:
        return scan(path)
    log = TraceLog(path=path, size=cut)
    log.rank = rank_in_name(os.path.basename(path))
    with open(path, "rb") as fh:
        _scan_into(log, fh, 0, 1, cut)
    finish(log)
    check_repeats(log)
    return log


#: Bytes read at a time when looking for the next record start.
_WINDOW = 1 << 20


def next_record_start(path: str, at: int, size: int) -> int | None:
    """The offset of the first record start at or after byte ``at`` of ``path`` (``size`` bytes),
    or ``None`` when there is none.  Raises ``OSError`` if unreadable."""
    pos = max(at - 1, 0)  # the newline before a record starting at `at` belongs to the window
    with open(path, "rb") as fh:
        while pos < size:
            fh.seek(pos)
            window = fh.read(_WINDOW)
            found = _HEADER_NL.search(window)
            if found is not None:
                return pos + found.start() + 1
            if len(window) < _WINDOW:
                return None
            pos += _WINDOW - _HEADER_SPAN  # a header across the window's end is seen in the next
    return None


def compile_ended(log: TraceLog, group: GraphRecords) -> bool:
    """Whether the compile of the graph ``group`` ended within what was scanned of ``log``: a
    compilation metrics record (``compilation_metrics`` or ``bwd_compilation_metrics``, which
    ``torch/_dynamo/convert_frame.py`` and ``torch/_functorch/_aot_autograd`` log once that compile
    is done, PyTorch 2.6 - 2.14) of its process and compile id follows its last record.  Only then
    is a graph of a log's first part the graph the whole log gives (records that join a graph
    come before its compile ends)."""
    records: list[Record] = [r for r in (getattr(group, role) for role in GRAPH_ROLES) if r is not None]
    last = max(r.line for r in records)
    return any(
        r.line > last and r.kind in _METRICS_KINDS and r.compile_id == group.compile_id and r.pid == group.code.pid for r in log.records
    )


def head_and_tail(path: str, size: int, span: int) -> tuple[bytes, bytes]:
    """The first ``span`` bytes of ``path`` and the ``span`` bytes that end at byte ``size``."""
    with open(path, "rb") as fh:
        head = fh.read(span)
        fh.seek(max(0, size - span))
        tail = fh.read(size - max(0, size - span))
    return head, tail


def tail_kept(path: str, size: int, tail: bytes) -> bool:
    """Whether the bytes ``tail`` that ended the log when it was ``size`` bytes are still there, at
    the same offset: the log grew by appends (as PyTorch writes it), not by an edit near its end."""
    try:
        with open(path, "rb") as fh:
            fh.seek(max(0, size - len(tail)))
            return fh.read(len(tail)) == tail
    except OSError:
        return False
