"""JSON helpers: orjson when importable (fast), the standard library otherwise (same results)."""

from __future__ import annotations

import json as _std
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
