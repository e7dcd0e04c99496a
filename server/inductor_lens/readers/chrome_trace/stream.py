"""The ``traceEvents`` of a large ``torch.profiler`` Chrome trace, read a batch at a time.

Kineto's ``ChromeTraceLogger`` (PyTorch 2.x) writes the array one event after another,
``{...},\\n  {...}``.  A batch is the bytes from the next event up to the last ``}`` that a ``,``
and a ``{`` follow within about :data:`BATCH` bytes, parsed by orjson as one JSON array: if the cut
fell inside an event (an argument holding a list of objects), the parse fails and the batch is
taken again up to an earlier cut, and after a few such tries one event is read alone by the
standard library's decoder (which also reads the file's last event and finds where a file cut
off mid-write ends).  Memory holds the read buffer and one batch's events, never the file.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator

from ..._json import loads
from ...model import InputWarning

#: bytes of events parsed at once (their objects live until the caller has kept what it keeps)
BATCH = 1 << 16
#: bytes read from the file at a time
_READ = 1 << 18
_WS = b" \t\r\n"

#: The warning for a file cut off mid-write (the profiler was killed, the disk filled)
CUT_OFF = "the profile ends inside its traceEvents (cut off mid-write?): the events before the cut are read"

#: The warning for JSON (or text) that is not a torch.profiler Chrome trace.
NOT_A_PROFILE = "not a torch.profiler trace: no traceEvents array (not joined)"

#: A TORCH_TRACE record's first line (glog prefix, then the envelope's ``{``), at a line start.
_TRACE_LOG_LINE = re.compile(rb"(?m)^[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\n]*?\] \{")


def looks_like_chrome_trace(path: str) -> bool:
    """Cheap check: a ``.json``/``.json.gz`` whose first 64 KiB mention ``traceEvents``."""
    if not path.endswith((".json", ".json.gz")):
        return False
    try:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as fh:
            return b'"traceEvents"' in fh.read(65536)
    except (OSError, EOFError):
        return False


def not_json_message(data: bytes, exc: Exception) -> str:
    """The warning for a profile whose bytes ``data`` are not JSON (``exc``: the parser's error):
    what it was read as, and why, by what it holds (a profile found beside the logs names
    ``traceEvents``; a file given with ``--profile`` may be anything, a TORCH_TRACE log too)."""
    head = data[: 1 << 16]
    if b'"traceEvents"' in head:
        return f"read as a torch.profiler trace (it names traceEvents), but it is not JSON ({exc}): not joined"
    if _TRACE_LOG_LINE.search(head):
        return "a TORCH_TRACE log, not a torch.profiler trace: give it as a PATH, not a profile (not joined)"
    return f"not a torch.profiler trace: not JSON ({exc}) (not joined)"


class _Buffer:
    """The unread bytes of a binary file object, refilled :data:`_READ` bytes at a time."""

    def __init__(self, fh) -> None:
        self.fh, self.buf, self.pos, self.eof = fh, b"", 0, False

    def fill(self, want: int) -> None:
        """Read until ``want`` bytes lie past ``pos`` or the file ends (what is parsed is dropped)."""
        if self.eof or len(self.buf) - self.pos >= want:
            return
        parts = [self.buf[self.pos :]]
        have = len(parts[0])
        while have < want:
            chunk = self.fh.read(_READ)
            if not chunk:
                self.eof = True
                break
            parts.append(chunk)
            have += len(chunk)
        self.buf, self.pos = b"".join(parts), 0

    def skip_separators(self) -> None:
        buf, pos = self.buf, self.pos
        while pos < len(buf) and buf[pos] in b" \t\r\n,":
            pos += 1
        self.pos = pos


def _start(src: _Buffer, trace) -> bool:
    """Move past ``"traceEvents": [``, reading ``deviceProperties`` on the way; False (said) when
    there is no such array."""
    while True:
        src.fill(_READ)
        buf = src.buf
        props, at = buf.find(b'"deviceProperties"', src.pos), buf.find(b'"traceEvents"', src.pos)
        if 0 <= props and (at < 0 or props < at) and not trace.devices:
            bracket = buf.find(b"[", props)
            try:
                value, _ = json.JSONDecoder().raw_decode(buf[bracket:].decode("utf-8", "replace")) if bracket >= 0 else (None, 0)
            except ValueError:
                value = None
            if isinstance(value, list):
                trace.devices = [d for d in value if isinstance(d, dict)]
        bracket = buf.find(b"[", at) if at >= 0 else -1
        if bracket >= 0:
            src.pos = bracket + 1
            return True
        if src.eof:
            trace.warnings.append(InputWarning(trace.path, 0, NOT_A_PROFILE))
            return False
        src.pos = at if at >= 0 else max(src.pos, len(buf) - 16)  # its "[" not read yet / not found yet
        src.fill(len(buf) - src.pos + _READ)


def _cuts(buf: bytes, start: int, end: int) -> Iterator[int]:
    """Positions just past a ``}`` in ``buf[start:end]`` that ``,`` and ``{`` follow, last first."""
    p = buf.rfind(b"},", start, end)
    while p > start:
        q = p + 2
        while q < len(buf) and buf[q] in _WS:
            q += 1
        if q < len(buf) and buf[q] == 0x7B:  # "{"
            yield p + 1
        p = buf.rfind(b"},", start, p)


def _batch(src: _Buffer) -> list | None:
    """The events from ``pos`` to a cut (orjson), ``pos`` moved past them; None when no cut parses."""
    buf, pos = src.buf, src.pos
    for tries, cut in enumerate(_cuts(buf, pos, min(len(buf), pos + BATCH))):
        if tries == 3:
            break
        try:
            events = loads(b"[" + buf[pos:cut] + b"]")
        except ValueError:  # (orjson's JSONDecodeError and json's both subclass it)
            continue
        src.pos = cut
        return events
    return None


def _one(src: _Buffer) -> tuple[object, bool]:
    """One event read alone: ``(event, True)``, or ``(None, False)`` when it does not end before the
    buffer does (``(None, True)``: read more and try again)."""
    text = src.buf[src.pos : src.pos + (1 << 26)].decode("utf-8", "replace")
    try:
        event, end = json.JSONDecoder().raw_decode(text)
    except ValueError:
        return None, not src.eof and len(src.buf) - src.pos <= (1 << 26)
    src.pos += len(text[:end].encode("utf-8"))
    return event, True


def events_streamed(fh, trace) -> Iterator:
    """Yield the events of the ``traceEvents`` array of binary file ``fh`` (see the module
    docstring); warnings (no array, cut off mid-write, an event over 64 MiB) go on ``trace``."""
    src = _Buffer(fh)
    if not _start(src, trace):
        return
    while True:
        src.fill(BATCH + _READ)
        src.skip_separators()
        if src.pos >= len(src.buf):
            if src.eof:  # the array never closed: cut off between two events
                trace.truncated = True
                trace.warnings.append(InputWarning(trace.path, 0, CUT_OFF))
                return
            continue
        if src.buf[src.pos] == 0x5D:  # "]"
            return
        events = _batch(src)
        if events is not None:
            yield from events
            continue
        event, ok = _one(src)
        if event is not None:
            yield event
        elif not ok:
            trace.truncated = src.eof
            big = len(src.buf) - src.pos > (1 << 26)
            trace.warnings.append(InputWarning(trace.path, 0, "an event larger than 64 MiB; stopped reading" if big else CUT_OFF))
            return
        else:
            src.fill(len(src.buf) - src.pos + _READ)
