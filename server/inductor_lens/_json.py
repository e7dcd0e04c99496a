"""JSON helpers: orjson when importable (fast), the standard library otherwise (same results);
a document streamed piece by piece (:func:`stream_document`), recurring values written from
bytes made once (:class:`Preserialized`)."""

from __future__ import annotations

import json as _std
from collections.abc import Callable, Iterable, Iterator
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


def dumps_bytes(obj, *, indent: bool = False, newline: bool = False, default=None) -> bytes:
    """Serialize to UTF-8 ``bytes`` (what is written to a file or pipe: no ``str`` in between);
    ``newline`` ends it with ``\n`` (made in place: a 147 MB report is not copied to add it)."""
    if _orjson is not None:
        try:
            return _orjson.dumps(obj, option=(_orjson.OPT_INDENT_2 if indent else 0) | (_orjson.OPT_APPEND_NEWLINE if newline else 0))
        except TypeError:  # a file name that is not UTF-8: written as \udcXX escapes (os.fsencode gives its bytes back)
            return (_std.dumps(obj, indent=2 if indent else None, ensure_ascii=True, default=default) + ("\n" if newline else "")).encode(
                "ascii"
            )
    return (_std.dumps(obj, indent=2 if indent else None, ensure_ascii=False, default=default) + ("\n" if newline else "")).encode(
        "utf-8", "surrogateescape"
    )


def write_document(obj, stream, default=None) -> None:
    """Write ``obj`` as one indented, newline-terminated JSON document to ``stream`` (a text
    stream: its binary buffer when it has one), serialized in one call (``default`` as for
    :func:`json.dumps`, where the standard library writes it)."""
    data = _for(stream, dumps_bytes(obj, indent=True, newline=True, default=default))
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(data.decode("utf-8"))
        return
    stream.flush()
    buffer.write(data)
    buffer.flush()


class Preserialized:
    """Values that recur in one document (the lists that kernels copied from one another share)
    serialized once, as they are written at one depth of it, and written verbatim wherever they
    recur (``orjson.Fragment``, orjson 3.9+): the bytes are those orjson makes of the value there.

    ``depth``: the value's key is indented by ``2 * depth`` spaces (a key of an object in an array
    that is a value of the document: 3).  :meth:`of` gives the value itself when there is no
    ``orjson.Fragment`` or orjson refuses its text; :meth:`original` gives a fragment's value back
    (for the standard library, which cannot write fragments)."""

    def __init__(self, depth: int) -> None:
        fragment = getattr(_orjson, "Fragment", None)
        self._fragment = fragment
        self._values: dict[int, tuple[object, object]] = {}  # id(fragment) -> (fragment, value)
        wrapped: object = 0
        for _ in range(depth):
            wrapped = {"": wrapped}
        made = _orjson.dumps(wrapped, option=_orjson.OPT_INDENT_2) if _orjson is not None else b"0"
        self._cut = (made.index(b"0"), len(made) - made.index(b"0") - 1)  # bytes before and after the value
        self._depth = depth

    def serialized(self, value) -> bytes | None:
        """The bytes orjson makes of ``value`` at this depth; ``None`` without orjson or where
        orjson refuses its text."""
        if _orjson is None:
            return None
        wrapped = value
        for _ in range(self._depth):
            wrapped = {"": wrapped}
        try:
            made = _orjson.dumps(wrapped, option=_orjson.OPT_INDENT_2)
        except TypeError:
            return None
        before, after = self._cut
        return made[before : len(made) - after]

    def of(self, value):
        """``value`` as a fragment of its bytes at this depth (or ``value``, as said above)."""
        made = self.serialized(value) if self._fragment is not None else None
        if made is None:
            return value
        fragment = self._fragment(made)
        self._values[id(fragment)] = (fragment, value)
        return fragment

    def original(self, obj):
        """The value of a fragment made by :meth:`of` (a ``default`` for :func:`json.dumps`);
        raises ``TypeError`` for anything else, as :func:`json.dumps` expects."""
        found = self._values.get(id(obj))
        if found is None or found[0] is not obj:
            raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")
        return found[1]


class Made:
    """An item of a streamed array (:func:`stream_document`) already serialized where it is
    written (an item of an array that is a value of the document: its first line unindented, its
    others indented by six spaces or more): the bytes ``pieces`` joined.  ``value()`` makes the
    item itself again, for the standard library (which cannot write bytes made elsewhere)."""

    __slots__ = ("pieces", "value")

    def __init__(self, pieces: tuple[bytes, ...], value: Callable[[], object]) -> None:
        self.pieces, self.value = pieces, value


def item_bytes(value) -> bytes | None:
    """``value`` serialized as :class:`Made` places it (an item of an array that is a value of the
    document: the depth of a value whose key is indented by four spaces), by orjson; ``None``
    without orjson or where orjson refuses it."""
    global _ITEMS
    if _ITEMS is None:
        _ITEMS = Preserialized(depth=2)
    return _ITEMS.serialized(value)


_ITEMS: Preserialized | None = None

#: Array items serialized (and handed to the writing thread) at a time by :func:`stream_document`.
STREAM_CHUNK = 256


def stream_document(items: Iterable[tuple[str, object]], stream, preserialized: Preserialized | None = None) -> None:
    """Write the JSON object of ``items`` (``(key, value)`` pairs, in order) to ``stream`` as
    :func:`write_document` writes the dict, byte for byte, but piece by piece: each value is
    serialized as soon as it is made (a value that is an iterator, not a list, is an array whose
    items are serialized :data:`STREAM_CHUNK` at a time) and written by a thread while the next one
    is made (a write gives the interpreter up while the system takes the bytes).  Without orjson, or
    when the first value has text orjson refuses (a file name that is not UTF-8), the whole object
    is made first and written as :func:`write_document` writes it; such text in a later value is
    written from there on with the standard library's ``\\uXXXX`` escapes (the same JSON content).
    ``preserialized``: where the values hold fragments it made (:class:`Preserialized`)."""
    items = iter(items)
    default = preserialized.original if preserialized is not None else None
    if _orjson is None:
        write_document(_whole(items), stream, default)
        return
    first = next(items, None)
    if first is None:
        write_document({}, stream)
        return
    try:
        head = b"{\n  " + _orjson.dumps(first[0]) + b": " + _value(first[1], strict=True)
    except TypeError:
        write_document(_whole(items, first), stream, default)
        return
    with _Writer(stream) as writer:
        writer.put(head)
        for key, value in items:
            prefix = b",\n  " + _orjson.dumps(key) + b": "
            if isinstance(value, Iterator):
                writer.put(prefix + b"[")
                count = 0
                while chunk := list(islice(value, STREAM_CHUNK)):
                    writer.put(_items(chunk, b"\n    " if count == 0 else b",\n    ", default))
                    count += len(chunk)
                writer.put(b"\n  ]" if count else b"]")
            else:
                writer.put(prefix + _value(value, strict=False, default=default))
        writer.put(b"\n}\n")


def _items(chunk: list, before: bytes, default) -> bytes:
    """``before`` and the items of ``chunk`` as a streamed array's items, separated as orjson
    separates them: runs of values serialized by :func:`_value`, :class:`Made` items as made."""
    if not any(type(item) is Made for item in chunk):
        return before + _value(chunk, strict=False, default=default)[6:-4]  # the items of '[\n    ...\n  ]'
    out: list[bytes] = [before]
    run: list = []
    for item in chunk:
        if type(item) is not Made:
            run.append(item)
            continue
        if run:
            out += (_value(run, strict=False, default=default)[6:-4], b",\n    ")
            run = []
        out += (*item.pieces, b",\n    ")
    if run:
        out.append(_value(run, strict=False, default=default)[6:-4])
    else:
        out.pop()
    return b"".join(out)


def _whole(items: Iterator[tuple[str, object]], first: tuple[str, object] | None = None) -> dict:
    doc = {} if first is None else {first[0]: _made_values(first[1]) if isinstance(first[1], Iterator) else first[1]}
    for key, value in items:
        doc[key] = _made_values(value) if isinstance(value, Iterator) else value
    return doc


def _made_values(items: Iterator) -> list:
    return [item.value() if type(item) is Made else item for item in items]


def _value(value, *, strict: bool, default=None) -> bytes:
    """``value`` serialized as a value of the document (depth 1: two-space indents, its lines
    after the first indented by two more), inside a one-key object so orjson indents it there and
    no bytes are rewritten afterwards.  ``strict``: orjson's ``TypeError`` propagates, else that
    value is serialized by the standard library (``\\uXXXX`` escapes; ``default`` as for it)."""
    assert _orjson is not None
    try:
        return _orjson.dumps({"": value}, option=_orjson.OPT_INDENT_2)[8:-2]  # the value in '{\n  "": ...\n}'
    except TypeError:
        if strict:
            raise
    return _std.dumps(value, indent=2, ensure_ascii=True, default=default).encode("ascii").replace(b"\n", b"\n  ")


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
        self._ascii = not _writes_everything(stream)
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
                if self._ascii and not piece.isascii():
                    piece = ascii_json(piece)
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


def _writes_everything(stream) -> bool:
    """Whether ``stream``'s encoding writes every character (a UTF codec; unknown: yes)."""
    import codecs

    encoding = getattr(stream, "encoding", None)
    try:
        return not encoding or codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return True


def _for(stream, data: bytes) -> bytes:
    """``data`` as ``stream`` can take it (:func:`ascii_json` where its encoding is not a UTF one)."""
    return data if data.isascii() or _writes_everything(stream) else ascii_json(data)


def ascii_json(data: bytes) -> bytes:
    """JSON bytes (UTF-8) with every character outside ASCII written as its ``\\uXXXX`` escape
    (a surrogate pair above U+FFFF): the same document in ASCII, for a stream whose encoding is not
    UTF-8 (a C locale with ``PYTHONUTF8=0``, ``PYTHONIOENCODING=ascii``).  Outside strings JSON
    holds ASCII only, so every such character is inside a string, where the escape means it."""
    import re

    def escape(m) -> str:
        code = ord(m.group())
        if code < 0x10000:
            return f"\\u{code:04x}"
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"

    return re.sub(r"[^\x00-\x7f]", escape, data.decode("utf-8", "surrogatepass")).encode("ascii")
