"""Text where not every character can go: standard streams whose encoding cannot write it (a C
locale with ``PYTHONUTF8=0``, ``PYTHONIOENCODING=ascii``, a Latin-1 terminal) and file names the
file system's encoding cannot hold (the same C locale: Python's file system encoding is then ASCII).

The report words its figures with a few characters outside ASCII (``·``, ``µ``, ``→``, ``…``,
``—``, ``×``); where they cannot be written they are written as their ASCII look-alikes
(:data:`ASCII`), and any other character as a backslash escape (``\\u4e2d``), so nothing raises:
:func:`make_streams_safe` gives ``sys.stdout``/``sys.stderr`` the error handler :data:`HANDLER`
(every command calls it first), :func:`disk_name` does the same for a name the cache folder is to
hold.  JSON is escaped apart (``\\u00b7``, :func:`inductor_lens._json.ascii_json`: the document
stays valid and lossless).  Only the standard library (``codecs``: PEP 293 error handlers).
"""

from __future__ import annotations

import codecs
import os
import sys

#: the ASCII look-alike of each character the package writes outside ASCII
ASCII = {
    "·": "-",
    "µ": "u",
    "→": "->",
    "←": "<-",
    "⇄": "<->",
    "…": "...",
    "—": "-",
    "–": "-",
    "−": "-",
    "×": "x",
    "Δ": "d",
    "⚠": "!",
    "›": ">",
    "§": "S",
    "ü": "u",
    "±": "+/-",
    "≥": ">=",
    "≤": "<=",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
}
#: the name of the error handler (``codecs.register_error``) that writes :data:`ASCII`, else escapes
HANDLER = "inductor-lens-plain"


def _plain(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    part = exc.object[exc.start : exc.end]
    out = []
    for ch in part:
        alike = ASCII.get(ch)
        if alike is None:
            code = ord(ch)
            alike = f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
        out.append(alike)
    return "".join(out), exc.end


codecs.register_error(HANDLER, _plain)


def plain(text: str, encoding: str = "ascii") -> str:
    """``text`` as ``encoding`` can write it: what it cannot, as :data:`ASCII` or escaped."""
    return text.encode(encoding, HANDLER).decode(encoding)


def writes_everything(encoding: str | None) -> bool:
    """Whether ``encoding`` writes every character (a UTF codec); ``True`` when unknown."""
    if not encoding:
        return True
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return True


def make_streams_safe() -> None:
    """Give ``sys.stdout`` and ``sys.stderr`` the :data:`HANDLER` error handler where their
    encoding cannot write every character (a stream that cannot be reconfigured is left alone)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None or writes_everything(getattr(stream, "encoding", None)):
            continue
        try:
            stream.reconfigure(errors=HANDLER)  # type: ignore[union-attr]  # (a TextIOWrapper's; others raise AttributeError)
        except (AttributeError, ValueError, OSError):  # not a TextIOWrapper, or already written through
            pass


def disk_name(name: str) -> str:
    """``name`` as the file system's encoding can hold it (``·`` as ``-`` in a C locale), itself
    where it can: a file the cache folder is to hold never fails for its name."""
    try:
        os.fsencode(name)
        return name
    except UnicodeEncodeError:
        return plain(name, sys.getfilesystemencoding()).replace("\\", "_")


#: the re-run's marker: the environment variables it changed, as the command was given them (JSON)
ORIGINAL = "INDUCTOR_LENS_ORIGINAL_ENV"


def utf8_file_names() -> None:
    """Run the command in Python's UTF-8 mode where the file system encoding is not UTF-8 (a POSIX
    C locale with ``PYTHONUTF8=0``: Python can then open no path outside ASCII, and the cache
    folder a UTF-8 run filled names ``forward · compile 0_0 · output code.py``, a trace may name
    ``/home/josé/train.py``): the process is replaced by the same command with ``PYTHONUTF8=1``,
    its streams kept in their encoding (``PYTHONIOENCODING``, :func:`make_streams_safe` then);
    the re-run restores the two variables as they were given, so the commands it starts
    (``capture``'s) see them unchanged.  Nothing where it cannot re-run (no ``sys.orig_argv``,
    ``execve`` refused): the run goes on as it is."""
    saved = os.environ.pop(ORIGINAL, None)
    if saved is not None:  # the re-run
        import json

        for name, value in json.loads(saved).items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        return
    if os.name != "posix" or sys.flags.utf8_mode or writes_everything(sys.getfilesystemencoding()):
        return
    argv = getattr(sys, "orig_argv", None)
    if not argv or not sys.executable:
        return
    import json

    env = {**os.environ, ORIGINAL: json.dumps({k: os.environ.get(k) for k in ("PYTHONUTF8", "PYTHONIOENCODING")}), "PYTHONUTF8": "1"}
    env.setdefault("PYTHONIOENCODING", f"{getattr(sys.stdout, 'encoding', None) or 'ascii'}:backslashreplace")
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
        os.execve(sys.executable, [sys.executable, *argv[1:]], env)
    except (OSError, ValueError):
        return
