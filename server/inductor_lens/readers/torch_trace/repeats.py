"""The payloads a scan of a ``TORCH_TRACE`` log has met twice, kept to step over their later
copies (:class:`Repeats`, used by :func:`inductor_lens.readers.torch_trace._scan_into`).  The
format: see :mod:`inductor_lens.readers.torch_trace` (``has_payload`` is the MD5 PyTorch's
``torch/_logging/_internal.py`` writes of a record's payload, PyTorch 2.7 - 2.14)."""

from __future__ import annotations

from .payload import HAS_PAYLOAD

#: A payload at least this big that a scan meets again (same MD5 in the envelope: a repeated
#: compile's graph) is compared with a copy kept, not searched again (:class:`Repeats`).
REPEAT_MIN_BYTES = 4096
#: The most bytes of such payloads one scan keeps.
REPEAT_BUDGET = 64 << 20


def _payload_md5(buf: bytes | bytearray, start: int = 0, end: int | None = None) -> bytes | None:
    """The MD5 the envelope line ``buf[start:end]`` (default: all of ``buf``; not copied out of it)
    names for its payload (``has_payload``, its last key as PyTorch writes it: looked for from the
    end, the envelope may be long)."""
    end = len(buf) if end is None else end
    at = buf.rfind(b'"has_payload": "', start, end)
    found = HAS_PAYLOAD.match(buf, at, end) if at >= 0 else None
    return found.group(1) if found is not None else None


class Repeats:
    """The raw payloads (TAB lines, as in the log) a scan has met twice, by the MD5 their envelope
    names, with their newline counts: a later record naming the same MD5 whose next bytes are the
    same bytes, followed by a record header, has exactly that payload (the copy kept held no
    header: it ended at the first one), so the scan steps over it (its newlines counted from the
    kept copy's) instead of searching it for headers and counting its newlines again.  Half of a
    log that repeats its compiles is such payloads.  A payload is kept when its MD5 is met the
    second time (a log that repeats nothing keeps no bytes); nothing is decided from the MD5
    alone: bytes that differ are scanned as any others (a changed copy is found when it is read).
    The payloads of records the index does not use (``fx_graph_runnable``, ``dynamo_side_effects``,
    ...: a third of a repeated training log's payload bytes) are kept and stepped over the same
    way (:meth:`note_unread`, :meth:`step_unread`): the scan only needs to know they hold no
    record header, and how many lines."""

    __slots__ = ("known", "met", "held")

    def __init__(self) -> None:
        self.known: dict[bytes, tuple[bytes, int, int]] = {}  # MD5 -> (raw payload, its newlines or -1, file offset)
        self.met: set[bytes] = set()  # the MD5s of the payloads met once
        self.held = 0

    def note(self, envelope: bytes, buf: bytearray, start: int, end: int, offset: int) -> None:
        """Note ``buf[start:end]``, the whole payload (at byte ``offset`` of the file) of the record
        whose envelope line is ``envelope``: its MD5 the first time, its bytes the second."""
        if end - start < REPEAT_MIN_BYTES or self.held + end - start > REPEAT_BUDGET:
            return
        self._note(_payload_md5(envelope), buf, start, end, offset)

    def note_unread(self, buf: bytearray, line: int, line_end: int, start: int, end: int) -> None:
        """:meth:`note` for a record the index does not use: its envelope line is
        ``buf[line:line_end]``, its payload ``buf[start:end]`` (offsets are not kept for these)."""
        if end - start >= REPEAT_MIN_BYTES and self.held + end - start <= REPEAT_BUDGET:
            self._note(_payload_md5(buf, line, line_end), buf, start, end, -1)

    def _note(self, md5: bytes | None, buf: bytearray, start: int, end: int, offset: int) -> None:
        if md5 is None or md5 in self.known:
            return
        if md5 not in self.met:
            self.met.add(md5)
            return
        self.known[md5] = (bytes(buf[start:end]), -1, offset)  # (its newlines counted when it is met again)
        self.held += end - start

    def step(self, buf: bytearray, envelope: bytes, start: int) -> tuple[int, int, int] | None:
        """Where the payload starting at ``buf[start]`` ends, its newlines and the file offset of
        the payload it repeats, when it is a kept payload and more bytes follow in ``buf`` (the
        scan then checks that a record header starts there); else ``None``."""
        return self._step(_payload_md5(envelope), buf, start)

    def step_unread(self, buf: bytearray, line: int, line_end: int, start: int) -> tuple[int, int, int] | None:
        """:meth:`step` for a record the index does not use, its envelope line ``buf[line:line_end]``."""
        return self._step(_payload_md5(buf, line, line_end), buf, start)

    def _step(self, md5: bytes | None, buf: bytearray, start: int) -> tuple[int, int, int] | None:
        found = self.known.get(md5) if md5 is not None else None
        if md5 is None or found is None:
            return None
        raw, newlines, offset = found
        end = start + len(raw)
        if end >= len(buf) or not buf.startswith(raw, start):
            return None
        if newlines < 0:
            newlines = raw.count(b"\n")
            self.known[md5] = (raw, newlines, offset)
        return end, newlines, offset
