"""JSON helpers: orjson when importable (fast), the standard library otherwise (same results)."""

from __future__ import annotations

import json as _std
from collections.abc import Iterable, Iterator
from itertools import islice
from types import ModuleType

_orjson: ModuleType | None
try:  # pragma: no cover - which branch runs depends on the interpreter
    import orjson as _orjson
except ImportError:  # pragma: no cover
    _orjson = None


def loads(data: bytes | str):
    """Parse JSON text; raises ``ValueError`` (orjson's and json's errors both subclass it)."""
    if _orjson is not None:
        return _orjson.loads(data)
    return _std.loads(data)


def dumps(obj, *, indent: bool = False) -> str:
    """Serialize to a ``str``; ``indent`` pretty-prints with two spaces."""
    if _orjson is not None:
        opt = _orjson.OPT_INDENT_2 if indent else 0
        try:
            return _orjson.dumps(obj, option=opt).decode()
        except TypeError:  # a path that is not UTF-8 (surrogate-escaped): the standard library escapes it
            return _std.dumps(obj, indent=2 if indent else None, ensure_ascii=True)
    return _std.dumps(obj, indent=2 if indent else None, ensure_ascii=False)


def dumps_bytes(obj, *, indent: bool = False, newline: bool = False) -> bytes:
    """Serialize to UTF-8 ``bytes`` (what is written to a file or pipe: no ``str`` in between);
    ``newline`` ends it with ``\n`` (made in place: a 147 MB report is not copied to add it)."""
    if _orjson is not None:
        try:
            return _orjson.dumps(obj, option=(_orjson.OPT_INDENT_2 if indent else 0) | (_orjson.OPT_APPEND_NEWLINE if newline else 0))
        except TypeError:  # a file name that is not UTF-8: written as \udcXX escapes (os.fsencode gives its bytes back)
            return (_std.dumps(obj, indent=2 if indent else None, ensure_ascii=True) + ("\n" if newline else "")).encode("ascii")
    return (_std.dumps(obj, indent=2 if indent else None, ensure_ascii=False) + ("\n" if newline else "")).encode(
        "utf-8", "surrogateescape"
    )


def write_document(obj, stream) -> None:
    """Write ``obj`` as one indented, newline-terminated JSON document to ``stream`` (a text
    stream: its binary buffer when it has one), serialized in one call."""
    data = dumps_bytes(obj, indent=True, newline=True)
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(data.decode("utf-8"))
        return
    stream.flush()
    buffer.write(data)
    buffer.flush()


#: Array items serialized (and handed to the writing thread) at a time by :func:`stream_document`.
STREAM_CHUNK = 256


def stream_document(items: Iterable[tuple[str, object]], stream) -> None:
    """Write the JSON object of ``items`` (``(key, value)`` pairs, in order) to ``stream`` as
    :func:`write_document` writes the dict, byte for byte, but piece by piece: each value is
    serialized as soon as it is made (a value that is an iterator, not a list, is an array whose
    items are serialized :data:`STREAM_CHUNK` at a time) and written by a thread while the next one
    is made (a write gives the interpreter up while the system takes the bytes).  Without orjson, or
    when the first value has text orjson refuses (a file name that is not UTF-8), the whole object
    is made first and written as :func:`write_document` writes it; such text in a later value is
    written from there on with the standard library's ``\\uXXXX`` escapes (the same JSON content)."""
    items = iter(items)
    if _orjson is None:
        write_document(_whole(items), stream)
        return
    first = next(items, None)
    if first is None:
        write_document({}, stream)
        return
    try:
        head = b"{\n  " + _orjson.dumps(first[0]) + b": " + _value(first[1], strict=True)
    except TypeError:
        write_document(_whole(items, first), stream)
        return
    with _Writer(stream) as writer:
        writer.put(head)
        for key, value in items:
            prefix = b",\n  " + _orjson.dumps(key) + b": "
            if isinstance(value, Iterator):
                writer.put(prefix + b"[")
                count = 0
                while chunk := list(islice(value, STREAM_CHUNK)):
                    body = _value(chunk, strict=False)[6:-4]  # the items of '[\n    ...\n  ]'
                    writer.put((b"\n    " if count == 0 else b",\n    ") + body)
                    count += len(chunk)
                writer.put(b"\n  ]" if count else b"]")
            else:
                writer.put(prefix + _value(value, strict=False))
        writer.put(b"\n}\n")


def _whole(items: Iterator[tuple[str, object]], first: tuple[str, object] | None = None) -> dict:
    doc = {} if first is None else {first[0]: list(first[1]) if isinstance(first[1], Iterator) else first[1]}
    for key, value in items:
        doc[key] = list(value) if isinstance(value, Iterator) else value
    return doc


def _value(value, *, strict: bool) -> bytes:
    """``value`` serialized as a value of the document (depth 1: two-space indents, its lines
    after the first indented by two more), inside a one-key object so orjson indents it there and
    no bytes are rewritten afterwards.  ``strict``: orjson's ``TypeError`` propagates, else that
    value is serialized by the standard library (``\\uXXXX`` escapes)."""
    assert _orjson is not None
    try:
        return _orjson.dumps({"": value}, option=_orjson.OPT_INDENT_2)[8:-2]  # the value in '{\n  "": ...\n}'
    except TypeError:
        if strict:
            raise
    return _std.dumps(value, indent=2, ensure_ascii=True).encode("ascii").replace(b"\n", b"\n  ")


#: Pieces at most waiting to be written (a chunk of 256 kernels is ~0.1-3 MB).
_PENDING = 16


class _Writer:
    """A thread that writes the pieces it is given, in order, to a text stream's binary buffer (or
    the stream itself); its first error is raised again on leaving (after the pieces already given
    are dropped)."""

    def __init__(self, stream) -> None:
        import queue
        import threading

        self._buffer = getattr(stream, "buffer", None)
        self._stream = stream
        self._queue: queue.Queue = queue.Queue(maxsize=_PENDING)  # bounded: memory, when writing is slower
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="inductor-lens-write", daemon=True)
        if self._buffer is not None:
            stream.flush()
        self._thread.start()

    def _run(self) -> None:
        while (piece := self._queue.get()) is not None:
            if self._error is not None:
                continue
            try:
                if self._buffer is not None:
                    self._buffer.write(piece)
                else:
                    self._stream.write(piece.decode("utf-8"))
            except BaseException as exc:  # raised again in the caller's thread
                self._error = exc

    def put(self, piece: bytes) -> None:
        if self._error is not None:
            raise self._error
        self._queue.put(piece)

    def __enter__(self) -> "_Writer":
        return self

    def __exit__(self, *exc_info) -> None:
        self._queue.put(None)
        self._thread.join()
        if self._buffer is not None and self._error is None:
            self._buffer.flush()
        if self._error is not None and exc_info[0] is None:
            raise self._error
