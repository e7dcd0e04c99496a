"""Reader for raw ``TORCH_TRACE`` structured logs (``dedicated_log_torch_trace_[rank_N_]*.log``);
:mod:`.graphs` pairs their records into graphs (a reader package: it may import model and its own modules only).

Format (written by ``torch/_logging/_internal.py`` ``trace_structured``, PyTorch 2.7 - 2.14):
each record is a glog prefix ``V1129 14:23:46.536000 16335 torch/_inductor/compile_fx.py:1765] ``,
one JSON *envelope* on the same line, then zero or more payload lines that start with a TAB.
``has_payload`` in the envelope is the MD5 of the payload lines, one TAB stripped each, joined
by ``\\n``.  Compile ids come from the envelope keys ``compiled_autograd_id``, ``frame_id``,
``frame_compile_id`` and ``attempt`` and are printed the way PyTorch prints them
(``torch/_guards.py`` ``CompileId.__str__`` / ``TraceId.__str__``): ``0/0``, ``1/0_1`` for
attempt 1, ``!3/0/0`` under compiled autograd, ``-`` for records without one (AOTInductor).

The scan reads the file in bounded chunks, keeps byte offsets of payloads and parses only the
envelopes of records the index uses (:mod:`.wanted`'s table), each handed to its kind's handler
(:mod:`.handlers`' table); :meth:`TraceLog.payload` reads and MD5-verifies one payload on demand.
"""

from __future__ import annotations

import os
import re

from ... import _json
from ...files.discovery import rank_in_name
from ...model import InputWarning
from .handlers import CODE_KINDS, RECORD_HANDLERS, keep_record, unreadable_code
from .payload import MAX_PAYLOAD_BYTES, last_record_problems
from .records import TraceLog, check_repeats, finish, reopen_at_tail, resumable, started_at  # noqa: F401 (the index reads it)
from .repeats import Repeats
from .wanted import WANTED_BYTES

#: A record's first line: glog prefix, then the envelope, whose first key (and artifact name) we
#: capture without parsing the JSON.  ``kind`` is None when the envelope does not start as expected.
_HEADER_KEY = re.compile(
    rb'[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +(?P<pid>\d+) [^\n]*?\] (?P<env>\{(?:"(?P<kind>\w+)": (?:\{"name": "(?P<name>\w+)")?)?)'
)
#: A record's first line after a newline.  A literal first character lets the regex engine skip
#: through payload bytes fast (15x faster than a ``^`` multiline match); one pass finds every
#: record with its kind (no Python work per payload line, little per record).
_HEADER_NL = re.compile(rb"\n" + _HEADER_KEY.pattern)
#: The longest glog prefix plus envelope start a header match needs (bytes kept across chunks).
_HEADER_SPAN = 4096


#: A record of a kind the index does not use (``describe_tensor``, ``chromium_event``, ...: most
#: records of a training log) whose line is whole: a glog prefix without ``]`` before its ``] ``
#: (as every path PyTorch logs from), then an envelope whose first key is not a kind of
#: :data:`WANTED_BYTES`.
_RUN_BODY = (
    rb'[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\n\]]*\] \{"(?!(?:'
    + b"|".join(re.escape(kind) for kind in sorted(WANTED_BYTES))
    + rb')")\w+": [^\n]*(?=\n)'
)
#: After a newline, a run of such records (group ``run``: a step of the scan for the run), or a
#: record header as :data:`_HEADER_KEY` matches it.
_HEADER_OR_RUN = re.compile(rb"\n(?:(?P<run>" + _RUN_BODY + rb"(?:\n" + _RUN_BODY + rb")*)|" + _HEADER_KEY.pattern + rb")")


def _headers(buf: bytearray, at_start: bool, pos: int = 0):
    """``(position, match, run)`` of every record header in ``buf`` from the newline at ``pos`` on
    (position = the record's first byte), ``run`` whether the match is a run of records of kinds
    the index does not use (:data:`_HEADER_OR_RUN`); ``at_start``: ``buf[0]`` is a line start (the
    file's, or where a resumed scan starts)."""
    if at_start:
        first = _HEADER_KEY.match(buf, 0)
        if first is not None:
            yield 0, first, False
    for match in _HEADER_OR_RUN.finditer(buf, pos):
        yield match.start() + 1, match, match.start(1) >= 0


_VERSION_IN_METRICS = re.compile(rb'"pytorch_version": "([^"]+)"')


#: the envelope of such a placeholder record (it has no graph; log_graphs pairs around it)
def scan(path: str, previous: TraceLog | None = None) -> TraceLog:
    """Scan one log file; returns the records the index uses, in log order.

    With ``previous`` (an earlier scan of the same file, which has since grown by appends), only
    the new part is read: scanning resumes at ``previous``'s last record (which may have been
    incomplete) and ``previous`` is extended in place and returned.  Raises ``OSError`` if
    ``path`` cannot be read.  Damage (bad envelopes, garbage lines) is reported in
    ``TraceLog.warnings``; payload damage is found when a payload is read.
    """
    size = os.path.getsize(path)
    if previous is not None and resumable(previous, path, size):
        log = previous
        start, line = reopen_at_tail(log, size)
    else:
        log = TraceLog(path=path, size=size)
        log.rank = rank_in_name(os.path.basename(path))
        start, line = 0, 1
    if size == 0 and not _has_bytes(path):  # (a /proc file says 0 bytes and has some: it is scanned)
        log.warnings.append(InputWarning(path, 0, "empty file"))
        return log
    with open(path, "rb") as fh:
        _scan_into(log, fh, start, line)
    check_repeats(log)
    return log


def _has_bytes(path: str) -> bool:
    """Whether a file whose size is given as 0 still reads as something (a /proc file).  Raises ``OSError``."""
    with open(path, "rb") as fh:
        return bool(fh.read(1))


#: The most bytes read at a time (16 MiB; a quarter of a log under 64 MiB, at least 4 MiB): memory
#: stays bounded by this (plus the records kept), whatever the log size.  A payload the scan steps
#: over must lie in one chunk (:class:`.repeats.Repeats`): the biggest real payloads are ~1 MB, so few lie
#: across two chunks of this size.
CHUNK_BYTES = 1 << 24
#: An envelope line longer than this (bytes) is stepped over at once, not searched for a record header.
_LONG_ENVELOPE = 1 << 16
#: Bytes read beyond what the file's size (when scanned) says is left, for a log that grew since.
_READ_SLACK = 1 << 20
#: Envelopes larger than this, and payloads larger than ``MAX_PAYLOAD_BYTES``, are skipped with a
#: warning (real ones are far smaller: the largest envelope in the shared traces is ~30 KB, the
#: largest payload ~1 MB).
MAX_ENVELOPE_BYTES = 1 << 24


def _check_tail(log: TraceLog, fh, line: int, offset: int, end: int) -> None:
    """Report a log that ends mid-record (crashed run, or a log still being written), or whose
    last record is damaged otherwise (:func:`.payload.last_record_problems`).

    Only the bytes the scan read (up to ``end``) count: a log still being written may have grown
    since, and the last record's payload as scanned is what the index will read."""
    log.incomplete_tail_line = None
    if end - offset > MAX_PAYLOAD_BYTES:
        return  # too big to verify here; its payload is checked if the index ever reads it
    fh.seek(offset)
    record = fh.read(end - offset)  # the last record only, as scanned
    kept = bool(log.records) and log.records[-1].line == line
    head = _HEADER_KEY.match(record)
    named = head.group("name") or head.group("kind") if head is not None else None
    what = named.decode("utf-8", "replace") if named else "the last record"
    warnings, incomplete = last_record_problems(log.path, line, record, what, kept)
    earlier = [w for w in log.warnings if w.unread and w.line == line]
    if earlier and incomplete and any(w.unread for w in warnings):  # one warning for the record, not two:
        if b"\n" in record:  # its envelope line is whole: what the scan found in it (invalid JSON) says it
            warnings = [w for w in warnings if not w.unread]
        else:  # cut inside its envelope line: the cut is why the scan could not read it
            log.warnings[:] = [w for w in log.warnings if not any(w is e for e in earlier)]
    elif earlier:
        for warning in warnings:  # (the scan already counted this record unread)
            warning.unread = False
    log.warnings.extend(warnings)
    if incomplete:
        log.incomplete_tail_line = line


# --------------------------------------------------------------------------- the scan
def _scan_into(log: TraceLog, fh, start: int, start_line: int, stop: int | None = None) -> int:
    """Scan the open file ``fh`` from byte ``start`` (a line start; line ``start_line``), in chunks,
    up to byte ``stop`` (a record start, or the end of the file when ``None``: only then is the
    last record checked for being cut).  Returns the line number at the point where it stopped.

    Only records the index uses get their envelope parsed and their line number computed; the
    rest cost one regex match each.  Memory stays bounded by :data:`CHUNK_BYTES`.
    """
    scanner = _Scan(log, fh, start, start_line, stop)
    while not scanner.eof:
        if scanner.read():
            scanner.search()
            scanner.drop_handled()
    return scanner.close()


class _Scan:
    """One scan's state: the chunk in ``buf`` (``buf[0]`` is byte ``base`` of the file), where
    lines are counted from (``anchor_i`` in buf is line ``anchor_line``: newlines are counted
    lazily), the record whose envelope waits for its payload's end (``pending``), the last record
    (``last``, or ``last_i`` in buf while its line is not counted), and the repeated payloads."""

    __slots__ = (
        "log", "fh", "start", "stop", "base", "buf", "anchor_i", "anchor_line", "done_upto", "eof", "pending", "last",
        "last_i", "repeats", "unread", "resume", "skipping", "keep_from", "chunk", "room",
    )  # fmt: skip

    def __init__(self, log: TraceLog, fh, start: int, start_line: int, stop: int | None) -> None:
        self.log, self.fh, self.start, self.stop = log, fh, start, stop
        fh.seek(start)
        self.base = start  # absolute offset of buf[0]
        self.buf = bytearray()  # grows and shrinks in place: no copy of the whole buffer per chunk
        self.anchor_i, self.anchor_line = 0, start_line  # newlines are counted lazily from this point of buf
        self.done_upto = start - 1  # absolute offset of the last record start handled
        self.eof = False
        self.pending: tuple[int, bytes, str, str | None, int, int] | None = None  # (line, envelope, kind, name, payload start, pid)
        self.last: tuple[int, int] | None = None  # (offset, line) of the last record
        self.last_i: int | None = None  # the last record's position in buf while its line is not counted
        log.bytes_scanned = 0
        self.repeats = Repeats()
        self.unread: tuple[int, int] | None = None  # (envelope line start, its end) of a record not used, with a payload
        self.resume: int | None = None  # where the search for headers (re)starts in buf; None: this chunk is done
        self.skipping = False  # inside an envelope line too long to keep: drop bytes until its newline
        self.keep_from = 0  # where the tail kept for the next chunk starts
        # the bytes are read into buf itself (grown by zeros first): its memory is reused from chunk to
        # chunk, not a new chunk's allocated for each read and copied in (342 MB: 0.2 -> 0.1 s)
        # (a quarter of what is to read, at least 4 MiB: a small log's scan touches no more memory than it needs)
        self.chunk = min(CHUNK_BYTES, max(1 << 22, ((log.size if stop is None else stop) - start) // 4))
        self.room = memoryview(bytes(self.chunk))

    def line_at(self, i: int) -> int:
        self.anchor_line += self.buf.count(b"\n", self.anchor_i, i)
        self.anchor_i = i
        return self.anchor_line

    def read(self) -> bool:
        """Read the next chunk onto ``buf``; False when all of it was the rest of an envelope line
        too long to keep (dropped)."""
        log, buf, base = self.log, self.buf, self.base
        want = self.chunk if self.stop is None else min(self.chunk, self.stop - base - len(buf))
        old = len(buf)
        fill = min(want, max(log.size - base - old, 0) + _READ_SLACK)  # (the file may have grown since)
        got = 0
        if want > 0:
            buf += self.room[:fill]
            with memoryview(buf) as view:
                got = self.fh.readinto(view[old:])
            del buf[old + got :]
        log.bytes_scanned += got
        self.eof = got < fill or want <= 0 or (self.stop is not None and base + old + got >= self.stop)
        if self.skipping:  # (buf held nothing before this read)
            cut = buf.find(b"\n")
            if cut < 0:
                self.base += len(buf)
                del buf[:]
                return False
            self.skipping = False
            self.base += cut
            del buf[:cut]
        # a record header may straddle chunks: keep the tail from the last newline (a header
        # is a few hundred bytes), or from the newline before a record whose envelope continues
        if self.eof:
            self.keep_from = len(buf)
        else:
            keep_from = buf.rfind(b"\n", max(len(buf) - _HEADER_SPAN, 0))
            self.keep_from = len(buf) if keep_from < 0 else keep_from
        return True

    def search(self) -> None:
        """Every record header in the chunk, in order, each handled once: a run of records the index
        does not use (:meth:`on_run`) or one record (:meth:`on_header`); either may step over what
        follows (a payload met before, a long envelope) and search on from there."""
        base, buf = self.base, self.buf
        self.resume = 0
        while self.resume is not None:
            at, self.resume = self.resume, None
            for i, match, run in _headers(buf, base == self.start and at == 0, at):
                if base + i <= self.done_upto:
                    continue  # (handled before a step over a payload or long envelope)
                if self.unread is not None:  # the payload of a run's last record ends here
                    if base <= self.unread[0]:
                        self.repeats.note_unread(buf, self.unread[0] - base, self.unread[1] - base, self.unread[1] + 1 - base, i)
                    self.unread = None
                if self.on_run(i, match) if run else self.on_header(i, match):
                    break

    def first_header(self, i: int) -> None:
        """A record starts at ``buf[i]``: the one before it is complete (flushed); text before the
        log's first record is said."""
        log = self.log
        if not log.first_header_seen:
            if self.base + i > 0:
                log.warnings.append(InputWarning(log.path, 1, "text before the first record; ignored"))
            log.first_header_seen = True
        if self.pending is not None:
            self.flush(self.base + i)

    def on_run(self, i: int, match: re.Match) -> bool:
        """Records the index does not use, whole lines: what each header would do, once.  Whether
        the search stops here (the run's last record has a payload, met before: stepped over)."""
        buf = self.buf
        self.first_header(i)
        records = buf.count(b"\n", match.start(), match.end())  # (one newline before each)
        self.log.record_count += records
        self.last, self.last_i = None, buf.rfind(b"\n", match.start(), match.end()) + 1
        # the lines counted once: the last record's line is the first one's plus the newlines between
        self.anchor_line, self.anchor_i = self.line_at(i) + records - 1, self.last_i
        self.done_upto = self.base + self.last_i
        return buf.startswith(b"\n\t", match.end()) and self.unread_payload(self.last_i, match.end(), self.anchor_line)

    def on_header(self, i: int, match: re.Match) -> bool:
        """One record at ``buf[i]``: counted, its envelope kept for :meth:`flush` when the index
        uses it (:data:`.wanted.WANTED_BYTES`).  Whether the search stops here."""
        buf, log = self.buf, self.log
        line_end = buf.find(b"\n", match.end())
        if line_end < 0 and not self.eof:
            if len(buf) - i > MAX_ENVELOPE_BYTES:
                return self.overlong(i)
            self.keep_from = min(self.keep_from, max(i - 1, 0))  # envelope continues in the next chunk
            return True
        if line_end < 0:
            line_end = len(buf)
        self.done_upto = self.base + i
        self.first_header(i)
        log.record_count += 1
        self.last, self.last_i = None, i  # its line is counted only if it stays the last record
        kind_b, name_b = match.group("kind", "name")
        if kind_b is None:
            log.warnings.append(InputWarning(log.path, self.line_at(i), "record envelope is not a JSON object; skipped", unread=True))
            return False
        names = WANTED_BYTES.get(kind_b, False)
        if log.version_from_metrics is None and kind_b == b"compilation_metrics":
            found = _VERSION_IN_METRICS.search(buf, match.start("env"), line_end)
            if found:
                log.version_from_metrics = found.group(1).decode()
        if not (names is True or (names and name_b in names)):
            return buf.startswith(b"\n\t", line_end) and self.unread_payload(i, line_end, self.line_at(i))
        return self.keep(i, match, line_end, kind_b, name_b)

    def overlong(self, i: int) -> bool:
        """A record whose envelope line is longer than :data:`MAX_ENVELOPE_BYTES`: said, and its
        line dropped as it is read."""
        self.flush(self.base + i)
        self.log.record_count += 1
        message = f"record envelope longer than {MAX_ENVELOPE_BYTES >> 20} MiB; skipped"
        self.log.warnings.append(InputWarning(self.log.path, self.line_at(i), message, unread=True))
        self.done_upto, self.skipping, self.last, self.last_i = self.base + i, True, None, None
        self.keep_from = len(self.buf)
        return True

    def keep(self, i: int, match: re.Match, line_end: int, kind_b: bytes, name_b: bytes | None) -> bool:
        """A record the index uses: pending until its payload's end is known.  Whether the search
        stops here (its payload was met before and is stepped over, or its envelope is long)."""
        buf = self.buf
        pending = (
            self.line_at(i),
            bytes(buf[match.start("env") : line_end]),
            kind_b.decode(),
            name_b.decode() if name_b else None,
            self.base + line_end + 1,
            int(match.group("pid")),
        )
        self.pending = pending
        stepped = self.repeats.step(buf, pending[1], line_end + 1) if self.repeats.known else None
        if stepped is not None and _HEADER_NL.match(buf, stepped[0] - 1) is not None:  # a payload met before
            self.anchor_i, self.anchor_line = stepped[0], pending[0] + 1 + stepped[1]
            if stepped[2] >= 0:  # (not when the copy kept is an unread record's)
                self.log.copies[pending[4]] = stepped[2]
            self.resume = stepped[0] - 1
            return True
        if line_end - match.end() > _LONG_ENVELOPE:  # (compilation metrics: up to 2 MB) not searched for headers
            self.anchor_i = line_end  # (its line is counted: no newline in it)
            self.resume = line_end
            return True
        return False

    def unread_payload(self, at: int, line_end: int, line: int) -> bool:
        """For a record the index does not use, at ``buf[at]`` (line ``line``) with a payload:
        whether its payload was met before and is stepped over (``resume`` set), else it is
        noted (:class:`.repeats.Repeats`) when the next record is met."""
        buf = self.buf
        stepped = self.repeats.step_unread(buf, at, line_end, line_end + 1) if self.repeats.known else None
        if stepped is not None and _HEADER_NL.match(buf, stepped[0] - 1) is not None:
            self.anchor_i, self.anchor_line = stepped[0], line + 1 + stepped[1]
            self.resume = stepped[0] - 1
            return True
        self.unread = (self.base + at, self.base + line_end)
        return False

    def flush(self, end: int) -> None:
        """The pending record, whose payload ends at byte ``end``: its envelope parsed and handed to
        its kind's handler (:data:`RECORD_HANDLERS`)."""
        if self.pending is None:
            return
        line, env, kind, name, payload_start, pid = self.pending
        self.pending = None
        log = self.log
        if self.base <= payload_start:
            self.repeats.note(env, self.buf, payload_start - self.base, end - self.base, payload_start)
        try:
            envelope = _json.loads(env)
        except ValueError as exc:
            log.warnings.append(InputWarning(log.path, line, f"invalid envelope JSON ({exc}); record skipped", unread=True))
            envelope = None
        at = (line, kind, name, min(payload_start, end), end, pid)
        if not isinstance(envelope, dict):
            if envelope is not None:
                log.warnings.append(InputWarning(log.path, line, "envelope is not a JSON object; record skipped", unread=True))
            if (kind, name) in CODE_KINDS:
                unreadable_code(log, at, env)
            return
        RECORD_HANDLERS.get(kind, keep_record)(log, at, envelope)

    def drop_handled(self) -> None:
        """Drop what is handled; keep the tail that may hold an unfinished record start."""
        keep_from = self.keep_from
        if self.last_i is not None and self.last_i < keep_from:
            self.last, self.last_i = (self.base + self.last_i, self.line_at(self.last_i)), None
        if self.anchor_i <= keep_from:
            self.line_at(keep_from)
        else:  # the anchor moved past the cut: move it back
            self.anchor_line -= self.buf.count(b"\n", keep_from, self.anchor_i)
            self.anchor_i = keep_from
        del self.buf[:keep_from]
        self.base += keep_from
        self.anchor_i = 0

    def close(self) -> int:
        """The end of the scan: the last record flushed, the log's tail checked (a whole scan only),
        and the line where the scan stopped."""
        log = self.log
        end = self.base + len(self.buf)  # what this scan read; a log being written may be longer already
        self.flush(end)
        if self.last_i is not None:
            self.last = (self.base + self.last_i, self.line_at(self.last_i))
        if self.last is not None:
            log.tail_offset, log.tail_line = self.last
            if self.stop is None:
                _check_tail(log, self.fh, self.last[1], self.last[0], end)
        if self.stop is None:
            finish(log)
        return self.line_at(len(self.buf))
