"""The records of a scanned ``TORCH_TRACE`` log (:class:`Record`, :class:`TraceLog`), how a
scan of a log that has grown since resumes (:func:`resumable`, :func:`reopen_at_tail`), and what a
whole scan concludes (:func:`finish`, :func:`check_repeats`).

Format: see :mod:`inductor_lens.readers.torch_trace` (written by ``torch/_logging/_internal.py``
``trace_structured``, PyTorch 2.7 - 2.14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ... import _json
from ...files.discovery import compression_of
from ...model import InputWarning
from .payload import payload_bytes, same_as_verified

UNREADABLE = "__unreadable__"
#: what a file without one TORCH_TRACE record is told: what a trace looks like (the glog prefix and
#: JSON envelope ``torch/_logging/_internal.py``'s trace_structured writes, one record per line)
NOT_A_TRACE = (
    "not a trace: a trace is the dedicated_log_torch_trace_*.log that TORCH_TRACE=<folder> makes PyTorch write, "
    'each record a line such as `V1129 14:23:13.841000 1337 torch/_dynamo/convert_frame.py:1090] {"dynamo_start": ...}`'
)


@dataclass(slots=True)
class Record:
    """One record of a log: its envelope and where its payload lies.

    ``line`` is the 1-based line of the envelope; ``kind`` the envelope's metadata key;
    ``name`` the artifact or graph_dump name; payload bytes are ``[payload_start, payload_end)``;
    ``pid`` the process id of the glog prefix (several processes can write one log: a forked
    child inherits the open trace file, pytorch#176610).
    """

    line: int
    kind: str
    name: str | None
    envelope: dict
    compile_id: str
    payload_start: int
    payload_end: int
    pid: int | None = None

    @property
    def md5(self) -> str | None:
        return self.envelope.get("has_payload")


@dataclass
class TraceLog:
    """A scanned ``TORCH_TRACE`` log: the records the index uses, in log order, plus warnings.

    Raises ``OSError`` from :func:`scan` when the file cannot be opened; everything else that is
    wrong with the file becomes a :class:`~inductor_lens.model.InputWarning` naming file and line.
    """

    path: str
    size: int
    records: list[Record] = field(default_factory=list)
    warnings: list[InputWarning] = field(default_factory=list)
    #: the rank the log itself names: ``rank_N`` in its file name, else its records' ``rank`` key
    rank: int | None = None
    torch_version: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    record_count: int = 0
    #: where the last record starts (byte offset, line): an append-only log resumes scanning there
    tail_offset: int | None = None
    tail_line: int = 1
    first_header_seen: bool = False
    version_from_metrics: str | None = None
    #: line of the last record when it is incomplete (a crashed run, or a log still being written)
    incomplete_tail_line: int | None = None
    #: bytes read by the last scan (all of them cold; only the new part after an append)
    bytes_scanned: int = 0
    #: process ids of the records kept, in order of first appearance (one, unless processes shared the file)
    pids: list[int] = field(default_factory=list)
    #: line of the first record of a compile that had already ended (the log repeats itself), if any
    repeat_line: int | None = None
    #: payload start -> the payload start of an earlier record whose raw payload the scan found
    #: byte-identical (a repeated compile's graph: the scan stepped over it, readers/torch_trace
    #: :class:`.repeats.Repeats`); such a payload is intact when that one is (:meth:`verify`)
    copies: dict[int, int] = field(default_factory=dict)
    #: payload starts of the records read and found to match their MD5 in this process (not kept
    #: in the index cache)
    _intact: set[int] = field(default_factory=set, repr=False, compare=False)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_intact"] = set()
        return state

    def first_payload_line(self, record: Record, limit: int = 512) -> str | None:
        """The first payload line of ``record`` (TAB stripped, at most ``limit`` bytes), unverified:
        enough to read an output code's ``# AOT ID`` line without reading the whole payload."""
        if record.payload_end <= record.payload_start:
            return None
        with open(self.path, "rb") as fh:
            fh.seek(record.payload_start)
            head = fh.read(min(limit, record.payload_end - record.payload_start))
        line = head.split(b"\n", 1)[0].removesuffix(b"\r")
        return line[1:].decode("utf-8", errors="replace") if line.startswith(b"\t") else None

    def _payload_bytes(self, record: Record) -> tuple[bytes | None, InputWarning | None]:
        """The payload bytes, MD5-verified, or ``None`` and the reason, with its line (:mod:`.payload`)."""
        return payload_bytes(
            self.path, self.size, record.payload_start, record.payload_end, record.line, record.md5, record.name or record.kind
        )

    def payload(self, record: Record, warnings: list[InputWarning] | None = None) -> str | None:
        """The payload text of ``record``, MD5-verified; ``None`` (and a warning) when damaged; the
        text as it is now, and a ``changed`` warning, when a whole record's MD5 does not match (bytes
        that are not UTF-8 read as U+FFFD, with a warning naming the first one's line).

        Warnings go to ``warnings`` when given (a graph loading in another thread), else to
        ``self.warnings``.
        """
        sink = self.warnings if warnings is None else warnings
        data, problem = self._payload_bytes(record)
        if problem is not None:
            sink.append(problem)  # (with data: a changed payload, read as it is and marked)
        if data is None:
            return None
        if problem is None and record.md5 is not None:
            self._intact.add(record.payload_start)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:  # (damage: PyTorch writes text) read, the bytes it cannot be marked
            at = record.line + 1 + data.count(b"\n", 0, exc.start)  # the log line of the first bad byte (a TAB-prefixed payload line)
            sink.append(
                InputWarning(
                    self.path,
                    at,
                    f"payload of the record at line {record.line} is not UTF-8 ({exc.reason}); read with such bytes as U+FFFD",
                )
            )
            return data.decode("utf-8", errors="replace")

    def read_intact(self, record: Record) -> bool:
        """Whether ``record``'s payload was read (or verified) in this process and matched its MD5."""
        return record.payload_start in self._intact

    def verify(self, record: Record) -> bool:
        """Whether ``record``'s payload is intact and matches its MD5 (no warning).  A payload the
        scan found byte-identical to an earlier one (:attr:`copies`) is when that one was read
        intact in this process; else its bytes are read and compared with a copy verified before,
        or MD5-checked."""
        if record.md5 is not None and self.copies.get(record.payload_start, -1) in self._intact:
            return True  # (the scan compared its bytes with that payload's)
        if same_as_verified(self.path, record.payload_start, record.payload_end, record.md5):
            intact = True  # (a copy of a payload verified before: its bytes compared, no text made)
        else:
            data, problem = self._payload_bytes(record)
            intact = record.md5 is not None and data is not None and problem is None
        if intact and record.md5 is not None:
            self._intact.add(record.payload_start)
        return intact

    def payload_json(self, record: Record, warnings: list[InputWarning] | None = None):
        """The payload parsed as JSON, or ``None`` (and a warning) when damaged or invalid."""
        text = self.payload(record, warnings)
        if text is None:
            return None
        try:
            return _json.loads(text)
        except ValueError as exc:
            (self.warnings if warnings is None else warnings).append(
                InputWarning(self.path, record.line + 1, f"invalid JSON in {record.name or record.kind}: {exc}")
            )
            return None


def resumable(previous: TraceLog, path: str, size: int) -> bool:
    """Whether a scan of ``path`` (now ``size`` bytes) can resume at ``previous``'s last record."""
    return previous.path == path and previous.size <= size and previous.tail_offset is not None


def reopen_at_tail(log: TraceLog, size: int) -> tuple[int, int]:
    """Drop what ``log`` (an earlier scan of a file that has grown to ``size`` bytes by appends)
    learned from its last record, which is read again (it may have been incomplete); returns the
    (byte offset, line) where scanning resumes.  ``log`` is changed in place."""
    tail_line = log.tail_line
    log.size = size
    log.records = [r for r in log.records if r.line < tail_line]
    log.pids = list(dict.fromkeys(r.pid for r in log.records if r.pid is not None))
    log.warnings = [w for w in log.warnings if w.line < tail_line]
    log.repeat_line = log.repeat_line if log.repeat_line is not None and log.repeat_line < tail_line else None
    log.copies = {at: first for at, first in log.copies.items() if at < log.tail_offset} if log.tail_offset is not None else {}
    log.record_count -= 1
    assert log.tail_offset is not None
    return log.tail_offset, tail_line


def check_repeats(log: TraceLog) -> None:
    """Warn (once per log) where a process logs a compile id again after that compile ended (its
    ``compilation_metrics``, logged once per frame compile by ``torch/_dynamo/convert_frame.py``):
    the same run twice in one file, e.g. a log concatenated with itself.  Its graphs stay listed
    once per copy."""
    if log.repeat_line is not None:
        return
    ended: dict[tuple[int | None, str], int] = {}
    for record in log.records:
        if record.kind not in ("dynamo_start", "compilation_metrics") or record.compile_id == "-":
            continue
        key = (record.pid, record.compile_id)
        if key in ended:
            log.repeat_line = record.line
            message = (
                f"compile {record.compile_id} of process {record.pid} is logged again (it ended at line {ended[key]}): "
                "the same run twice in one log (a log concatenated with itself?); its graphs are listed once per copy"
            )
            log.warnings.append(InputWarning(log.path, record.line, message))
            return
        if record.kind == "compilation_metrics":
            ended[key] = record.line


def _json_said(path: str) -> str:
    """For a file whose first bytes open JSON without naming ``traceEvents`` (a profile would be
    joined): what it is not, both ways (a new user's trial: ``report x.json`` said "not a trace"
    only); else ``""``."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return ""
    if head.lstrip()[:1] not in (b"{", b"[") or b'"traceEvents"' in head:
        return ""
    return (
        "a JSON file, but neither a TORCH_TRACE log (no record) nor a torch.profiler trace (no traceEvents array); "
        + NOT_A_TRACE.removeprefix("not a trace: ")
    )


def finish(log: TraceLog) -> None:
    """What a whole scan concludes: no records at all, and the PyTorch version."""
    if not log.first_header_seen:
        packed = compression_of(log.path)
        said = f"a {packed}-compressed file: decompress it first" if packed else _json_said(log.path) or NOT_A_TRACE
        log.warnings.append(InputWarning(log.path, 1, f"no TORCH_TRACE records found ({said})"))
    if log.torch_version is None:
        for record in log.records:
            if record.kind == "artifact" and record.name == "torch_version":
                info = log.payload_json(record)
                if isinstance(info, dict) and isinstance(info.get("pytorch_version"), str):
                    log.torch_version = info["pytorch_version"]
                    break
    if log.torch_version is None:
        log.torch_version = log.version_from_metrics


#: a glog prefix's level, date and time: ``V1206 04:36:05.118000 13120 torch/_dynamo/utils.py:2350] ``
#: (``torch/_logging/_internal.py``, the dedicated TORCH_TRACE handler's format, 2.4 - 2.15)
_GLOG_TIME = re.compile(rb"^[VIWEF](?P<day>\d{4}) (?P<time>\d\d:\d\d:\d\d(?:\.\d+)?) ")


def started_at(head: bytes) -> str | None:
    """When a log's first record was written, ``MMDD HH:MM:SS.ffffff`` as its glog prefix says (no year: it
    orders the logs of one job and of runs days apart alike), from the log's first bytes; ``None`` when it
    does not start with a glog prefix."""
    m = _GLOG_TIME.match(head)
    return f"{m['day'].decode()} {m['time'].decode()}" if m is not None else None
