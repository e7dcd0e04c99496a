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
envelopes of records the index uses; :meth:`TraceLog.payload` reads and MD5-verifies one payload on demand.
"""

from __future__ import annotations

import os
import re

from ... import _json
from ...files.discovery import compression_of, rank_in_name
from ...model import InputWarning
from ...model.compile_id import compile_id_of
from .payload import MAX_PAYLOAD_BYTES, last_record_problems
from .records import UNREADABLE, Record, TraceLog, reopen_at_tail, resumable, started_at  # noqa: F401 (the index reads it)
from .repeats import Repeats
from .wanted import TRIMMED_KEYS, WANTED_BYTES

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
#: compile-id fields of an envelope whose JSON is broken
_ID_FIELD = re.compile(rb'"(frame_id|frame_compile_id|attempt|compiled_autograd_id)": (\d+)')
#: (kind, name) of output-code records: one whose envelope is unreadable is kept as a placeholder
_CODE_KINDS = frozenset({("inductor_output_code", None), ("graph_dump", "inductor_aot_wrapper_code"), ("graph_dump", "inductor_aot_code")})


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


#: what a file without one TORCH_TRACE record is told: what a trace looks like (the glog prefix and
#: JSON envelope ``torch/_logging/_internal.py``'s trace_structured writes, one record per line)
NOT_A_TRACE = (
    "not a trace: a trace is the dedicated_log_torch_trace_*.log that TORCH_TRACE=<folder> makes PyTorch write, "
    'each record a line such as `V1129 14:23:13.841000 1337 torch/_dynamo/convert_frame.py:1090] {"dynamo_start": ...}`'
)


def _has_bytes(path: str) -> bool:
    """Whether a file whose size is given as 0 still reads as something (a /proc file).  Raises ``OSError``."""
    with open(path, "rb") as fh:
        return bool(fh.read(1))


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


def _scan_into(log: TraceLog, fh, start: int, start_line: int, stop: int | None = None) -> int:
    """Scan the open file ``fh`` from byte ``start`` (a line start; line ``start_line``), in chunks,
    up to byte ``stop`` (a record start, or the end of the file when ``None``: only then is the
    last record checked for being cut).  Returns the line number at the point where it stopped.

    Only records the index uses get their envelope parsed and their line number computed; the
    rest cost one regex match each.  Memory stays bounded by :data:`CHUNK_BYTES`.
    """
    path = log.path
    fh.seek(start)
    base = start  # absolute offset of buf[0]
    buf = bytearray()  # grows and shrinks in place: no copy of the whole buffer per chunk
    anchor_i, anchor_line = 0, start_line  # newlines are counted lazily from this point of buf
    done_upto = start - 1  # absolute offset of the last record start handled
    eof = False
    pending: tuple[int, bytes, str, str | None, int, int] | None = None  # (line, envelope, kind, name, payload start, pid)
    last: tuple[int, int] | None = None  # (offset, line) of the last record
    last_i: int | None = None  # the last record's position in buf while its line is not counted
    log.bytes_scanned = 0
    repeats = Repeats()
    unread: tuple[int, int] | None = None  # (envelope line start, its end) of a record not used, with a payload
    resume: int | None = None  # where the search for headers (re)starts in buf; None: this chunk is done

    def line_at(i: int) -> int:
        nonlocal anchor_i, anchor_line
        anchor_line += buf.count(b"\n", anchor_i, i)
        anchor_i = i
        return anchor_line

    def flush(end: int) -> None:
        nonlocal pending
        if pending is None:
            return
        rec_line, env, kind, name, payload_start, pid = pending
        pending = None
        if base <= payload_start:
            repeats.note(env, buf, payload_start - base, end - base, payload_start)
        try:
            envelope = _json.loads(env)
        except ValueError as exc:
            log.warnings.append(InputWarning(path, rec_line, f"invalid envelope JSON ({exc}); record skipped", unread=True))
            envelope = None
        if not isinstance(envelope, dict):
            if envelope is not None:
                log.warnings.append(InputWarning(path, rec_line, "envelope is not a JSON object; record skipped", unread=True))
            if (kind, name) in _CODE_KINDS:  # still a place in the log: what follows pairs with it, not with the next code
                ids = {k.decode(): int(v) for k, v in _ID_FIELD.findall(env)}
                log.records.append(
                    Record(
                        line=rec_line,
                        kind=kind,
                        name=name,
                        envelope={UNREADABLE: True},
                        compile_id=compile_id_of(ids),
                        payload_start=min(payload_start, end),
                        payload_end=end,
                        pid=pid,
                    )
                )
            return
        if kind == "str":
            value = envelope.get("str")
            if isinstance(value, list) and len(value) == 2 and isinstance(value[1], int):
                log.strings[value[1]] = str(value[0])
            else:
                log.warnings.append(
                    InputWarning(
                        path, rec_line, '"str" record is not [file name, index]; skipped (stack frames naming that index show no file)'
                    )
                )
            return
        trim = TRIMMED_KEYS.get(kind)
        if trim and isinstance(envelope.get(kind), dict):
            envelope[kind] = {k: v for k, v in envelope[kind].items() if not k.endswith(trim)}
        if log.rank is None and isinstance(envelope.get("rank"), int):
            log.rank = envelope["rank"]
        log.records.append(
            Record(
                line=rec_line,
                kind=kind,
                name=name,
                envelope=envelope,
                compile_id=compile_id_of(envelope),
                payload_start=min(payload_start, end),
                payload_end=end,
                pid=pid,
            )
        )
        if pid not in log.pids:
            log.pids.append(pid)

    def unread_payload(at: int, line_end: int, line: int) -> bool:
        """For a record the index does not use, at ``buf[at]`` (line ``line``) with a payload:
        whether its payload was met before and is stepped over (``resume`` set), else it is
        noted (:class:`.repeats.Repeats`) when the next record is met."""
        nonlocal anchor_i, anchor_line, resume, unread
        stepped = repeats.step_unread(buf, at, line_end, line_end + 1) if repeats.known else None
        if stepped is not None and _HEADER_NL.match(buf, stepped[0] - 1) is not None:
            anchor_i, anchor_line = stepped[0], line + 1 + stepped[1]
            resume = stepped[0] - 1
            return True
        unread = (base + at, base + line_end)
        return False

    skipping = False  # inside an envelope line too long to keep: drop bytes until its newline
    # the bytes are read into buf itself (grown by zeros first): its memory is reused from chunk to
    # chunk, not a new chunk's allocated for each read and copied in (342 MB: 0.2 -> 0.1 s)
    # (a quarter of what is to read, at least 4 MiB: a small log's scan touches no more memory than it needs)
    chunk = min(CHUNK_BYTES, max(1 << 22, ((log.size if stop is None else stop) - start) // 4))
    room = memoryview(bytes(chunk))
    while not eof:
        want = chunk if stop is None else min(chunk, stop - base - len(buf))
        old = len(buf)
        fill = min(want, max(log.size - base - old, 0) + _READ_SLACK)  # (the file may have grown since)
        got = 0
        if want > 0:
            buf += room[:fill]
            with memoryview(buf) as view:
                got = fh.readinto(view[old:])
            del buf[old + got :]
        log.bytes_scanned += got
        eof = got < fill or want <= 0 or (stop is not None and base + old + got >= stop)
        if skipping:  # (buf held nothing before this read)
            cut = buf.find(b"\n")
            if cut < 0:
                base += len(buf)
                del buf[:]
                continue
            skipping = False
            base += cut
            del buf[:cut]
        # a record header may straddle chunks: keep the tail from the last newline (a header
        # is a few hundred bytes), or from the newline before a record whose envelope continues
        if eof:
            keep_from = len(buf)
        else:
            keep_from = buf.rfind(b"\n", max(len(buf) - _HEADER_SPAN, 0))
            keep_from = len(buf) if keep_from < 0 else keep_from
        resume = 0
        while resume is not None:
            at, resume = resume, None
            for i, match, run in _headers(buf, base == start and at == 0, at):
                if base + i <= done_upto:
                    continue
                if unread is not None:  # the payload of a run's last record ends here
                    if base <= unread[0]:
                        repeats.note_unread(buf, unread[0] - base, unread[1] - base, unread[1] + 1 - base, i)
                    unread = None
                if run:  # records the index does not use, whole lines: what each header would do, once
                    if not log.first_header_seen and base + i > 0:
                        log.warnings.append(InputWarning(path, 1, "text before the first record; ignored"))
                    log.first_header_seen = True
                    if pending is not None:
                        flush(base + i)
                    records = buf.count(b"\n", match.start(), match.end())  # (one newline before each)
                    log.record_count += records
                    last, last_i = None, buf.rfind(b"\n", match.start(), match.end()) + 1
                    # the lines counted once: the last record's line is the first one's plus the newlines between
                    anchor_line, anchor_i = line_at(i) + records - 1, last_i
                    done_upto = base + last_i
                    if buf.startswith(b"\n\t", match.end()) and unread_payload(last_i, match.end(), anchor_line):
                        break  # (the run's last record has a payload, met before: stepped over)
                    continue
                line_end = buf.find(b"\n", match.end())
                if line_end < 0 and not eof and len(buf) - i > MAX_ENVELOPE_BYTES:
                    flush(base + i)
                    log.record_count += 1
                    log.warnings.append(
                        InputWarning(path, line_at(i), f"record envelope longer than {MAX_ENVELOPE_BYTES >> 20} MiB; skipped", unread=True)
                    )
                    done_upto, skipping, last, last_i = base + i, True, None, None
                    keep_from = len(buf)
                    break
                if line_end < 0 and not eof:
                    keep_from = min(keep_from, max(i - 1, 0))  # envelope continues in the next chunk
                    break
                if line_end < 0:
                    line_end = len(buf)
                done_upto = base + i
                if not log.first_header_seen and base + i > 0:
                    log.warnings.append(InputWarning(path, 1, "text before the first record; ignored"))
                log.first_header_seen = True
                if pending is not None:
                    flush(base + i)
                log.record_count += 1
                last, last_i = None, i  # its line is counted only if it stays the last record
                kind_b, name_b = match.group("kind", "name")
                if kind_b is None:
                    log.warnings.append(InputWarning(path, line_at(i), "record envelope is not a JSON object; skipped", unread=True))
                    continue
                names = WANTED_BYTES.get(kind_b, False)
                if log.version_from_metrics is None and kind_b == b"compilation_metrics":
                    found = _VERSION_IN_METRICS.search(buf, match.start("env"), line_end)
                    if found:
                        log.version_from_metrics = found.group(1).decode()
                if not (names is True or (names and name_b in names)):
                    if buf.startswith(b"\n\t", line_end) and unread_payload(i, line_end, line_at(i)):
                        break
                    continue
                pending = (
                    line_at(i),
                    bytes(buf[match.start("env") : line_end]),
                    kind_b.decode(),
                    name_b.decode() if name_b else None,
                    base + line_end + 1,
                    int(match.group("pid")),
                )
                stepped = repeats.step(buf, pending[1], line_end + 1) if repeats.known else None
                if stepped is not None and _HEADER_NL.match(buf, stepped[0] - 1) is not None:  # a payload met before
                    anchor_i, anchor_line = stepped[0], pending[0] + 1 + stepped[1]
                    if stepped[2] >= 0:  # (not when the copy kept is an unread record's)
                        log.copies[pending[4]] = stepped[2]
                    resume = stepped[0] - 1
                    break
                if line_end - match.end() > _LONG_ENVELOPE:  # (compilation metrics: up to 2 MB) not searched for headers
                    anchor_i = line_end  # (its line is counted: no newline in it)
                    resume = line_end
                    break
        # drop what is handled; keep the tail that may hold an unfinished record start
        if last_i is not None and last_i < keep_from:
            last, last_i = (base + last_i, line_at(last_i)), None
        if anchor_i <= keep_from:
            line_at(keep_from)
        else:  # the anchor moved past the cut: move it back
            anchor_line -= buf.count(b"\n", keep_from, anchor_i)
            anchor_i = keep_from
        del buf[:keep_from]
        base += keep_from
        anchor_i = 0
    end = base + len(buf)  # what this scan read; a log being written may be longer already
    flush(end)
    if last_i is not None:
        last = (base + last_i, line_at(last_i))
    if last is not None:
        log.tail_offset, log.tail_line = last
        if stop is None:
            _check_tail(log, fh, last[1], last[0], end)
    if stop is not None:
        return line_at(len(buf))
    _finish(log)
    return line_at(len(buf))


def _finish(log: TraceLog) -> None:
    """What a whole scan concludes: no records at all, and the PyTorch version."""
    if not log.first_header_seen:
        packed = compression_of(log.path)
        said = f"a {packed}-compressed file: decompress it first" if packed else NOT_A_TRACE
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
