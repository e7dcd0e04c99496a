"""What a run met on disk: the files it stat'd and opened, the folders it listed, the programs it
started; each path's state, and whether it still holds.

:class:`Recorder` notes, while a run runs, every path it stats (``os.stat``/``os.lstat``/
``os.access``, which ``os.path.isfile/isdir/exists/getsize/getmtime``, ``realpath``, ``glob`` and
``shutil.which`` go through), every folder it lists (``os.listdir``, ``os.scandir``: ``os.walk``,
``glob`` and ``pathlib`` too) and every file it opens (``open``/``io.open``, which ``gzip``,
``zipfile`` and ``pathlib`` call; ``os.open``), each with its state when first
met, and the paths the command names (an ``.ncu-rep`` is only handed to ``ncu``, whose program
``shutil.which`` stats).  Those functions are wrapped for the run and restored after it (and the
``os.path`` tests that are C functions: Windows, Python 3.12+).  Not a ``sys.addaudithook`` hook,
although it would also see C code's opens and names bound before the run (``tarfile``'s
``bltn_open``, ``tokenize``'s ``_builtin_open``; the package uses neither): a Python audit hook
is called for every audited event of the process, and ``id()`` is one: the report calls it
212,000 times on the 342 MB log, at ~1 µs a call with any hook (+0.25 s), and a hook cannot be
removed.  The import system reads through its own ``posix``/``_io`` functions, unwrapped (the
loaded modules' files are added instead).  Process-pool children (the split scan of a big log,
``readers/torch_trace/split.py``) read only the log (and ``/dev/null``), which the parent stats
and opens too.

A path's state: ``()`` missing, ``(-errno,)`` unreadable, a folder ``(mode,)`` (a folder's mtime
changes whenever a file is added in it, an input only where it was listed), any other file
``(mode, size, mtime_ns, inode)``; a listed folder: the SHA-1 of its sorted entries (name, is a
folder, is a link).  :meth:`Recorder.paths` gives each path's state after the run (the run
extracts files into the cache folder: its own writes must not invalidate it) and None when a path
outside the cache folder is not as the run first met it (a log still being written, a folder
gaining a file: an answer of moving inputs).  Left out: the cache folder's ``index/``,
``derived/`` and ``report/`` (our own memos; ``extracted/`` stays) and the file stdout or stderr
is redirected to (``report > run/report.json`` beside a trace is looked in as a profile
candidate: our output, no input).  Added: the files of every loaded module (this package,
``rich``, ``orjson``: an upgrade changes them), the package's every ``.py`` and folder (the code
that :func:`.cache.index_format` digests, checked by stats: reading and hashing it would cost
~8 ms of a ~40 ms re-run) and the interpreter.  The states are this module's own format.
"""

from __future__ import annotations

import os
import stat as _st
import sys

_OWN = ("index", "derived", "report")  # the cache folder's memos: not inputs
_STAT, _LSTAT, _LISTED, _FOLDER = 0, 1, 2, 3
_os_stat, _os_scandir = os.stat, os.scandir  # the real ones: a recorded run wraps os.stat


def sha1():
    try:  # the interpreter's own SHA-1: importing hashlib (OpenSSL) costs ~3.5 ms of a re-run
        from _sha1 import sha1
    except ImportError:  # pragma: no cover
        from hashlib import sha1
    return sha1()


def _state_of(st) -> tuple:
    if _st.S_ISDIR(st.st_mode):
        return (st.st_mode,)
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)


def _state(path: str, kind: int) -> tuple:
    """A path's state now (see the module docstring); ``kind`` says which."""
    try:
        if kind == _LISTED:
            digest = sha1()
            with _os_scandir(path) as entries:
                for e in sorted((e.name, e.is_dir(follow_symlinks=False), e.is_symlink()) for e in entries):
                    digest.update(f"{e[0]}\0{e[1]:d}{e[2]:d}\0".encode("utf-8", "surrogateescape"))
            return (digest.hexdigest(),)
        st = _os_stat(path, follow_symlinks=kind != _LSTAT)
    except (FileNotFoundError, NotADirectoryError):
        return ()
    except OSError as exc:
        return (-(exc.errno or 1),)
    return (st.st_mode, st.st_mtime_ns) if kind == _FOLDER else _state_of(st)


def unchanged(paths: list) -> bool:
    """Whether every ``(path, kind, state)`` of an entry still holds (False at the first change)."""
    for path, kind, saved in paths:
        if _state(path, kind) != saved:
            return False
    return True


class Recorder:
    """The paths a run meets, each with its state when first met (see the module docstring)."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.met: dict[tuple[str, int], tuple] = {}
        self._saved: list[tuple] = []
        self._outputs: set[tuple[int, int]] = set()  # (device, inode) of the files stdout and stderr go to

    def _is_output(self, path: str) -> bool:
        try:
            st = _os_stat(path)
        except OSError:
            return False
        return (st.st_dev, st.st_ino) in self._outputs

    def note(self, path: str, kind: int, st=None) -> None:
        """Note ``path`` (relative to the working folder) as met; ``st`` is its ``os.stat`` result when known."""
        key = (os.path.abspath(path), kind)
        if key not in self.met:
            if kind == _LISTED:  # when first listed: the folder's mode and mtime (an entry added later changes it)
                self.met[key] = _state(key[0], _FOLDER)
            else:
                self.met[key] = _state_of(st) if st is not None else _state(key[0], kind)

    def _wrap(self, owner, name: str, kind: int, with_result: bool = False) -> None:
        """Replace ``owner.name`` by a function that notes its path argument (not a descriptor):
        after the call with its result (``with_result``: a stat), else before it (an open, a listing)."""
        real = getattr(owner, name)
        self._saved.append((owner, name, real))
        note, listing = self.note, kind == _LISTED

        def wrapper(*args, **kwargs):
            path = args[0] if args else kwargs.get("path", kwargs.get("file"))
            if path is None and listing:
                path = "."
            named = isinstance(path, (str, bytes, os.PathLike)) and kwargs.get("dir_fd") is None
            kind_here = _LSTAT if kwargs.get("follow_symlinks", True) is False else kind
            if named and not with_result:
                note(os.fsdecode(path), kind_here)
            try:
                result = real(*args, **kwargs)
            except OSError:
                if named and with_result:
                    note(os.fsdecode(path), kind_here)
                raise
            if named and with_result:
                note(os.fsdecode(path), kind_here, result)
            return result

        setattr(owner, name, wrapper)

    def start(self, named: list[str] | None = None) -> None:
        """Wrap what notes paths (restored by :meth:`stop`) and note ``named`` (the paths the
        command names: an ``.ncu-rep`` is only handed to ``ncu``)."""
        import builtins
        import io

        for path in named or []:
            self.note(path, _STAT)
        self._wrap(os, "stat", _STAT, with_result=True)
        self._wrap(os, "lstat", _LSTAT, with_result=True)
        self._wrap(os, "access", _STAT)
        self._wrap(os, "open", _STAT)
        self._wrap(os, "listdir", _LISTED)
        self._wrap(os, "scandir", _LISTED)
        self._wrap(builtins, "open", _STAT)
        self._wrap(io, "open", _STAT)  # (the same function as builtins.open, under a second name)
        for name in ("exists", "lexists", "isfile", "isdir", "islink", "isjunction"):
            if hasattr(os.path, name) and not hasattr(getattr(os.path, name), "__code__"):  # a C test: no os.stat under it
                self._wrap(os.path, name, _LSTAT if name in ("lexists", "islink", "isjunction") else _STAT)
        for fd in (1, 2):
            try:
                st = os.fstat(fd)
            except OSError:
                continue
            if _st.S_ISREG(st.st_mode):
                self._outputs.add((st.st_dev, st.st_ino))

    def stop(self) -> None:
        """Restore what :meth:`start` wrapped, last first (safe to call twice)."""
        while self._saved:
            owner, name, real = self._saved.pop()
            setattr(owner, name, real)

    def paths(self) -> list | None:
        """``[(path, kind, state after the run)]`` of the inputs, the loaded modules, the package's
        sources and the interpreter; None when an input outside the cache folder changed during the run."""
        own = tuple(os.path.join(self.root, name) for name in _OWN)
        below = tuple(folder + os.sep for folder in own)
        out, seen = [], set()
        for (path, kind), first in self.met.items():
            cached = path == self.root or path.startswith(self.root + os.sep)
            if cached and (path in own or path.startswith(below) or os.path.basename(path).startswith(".tmp-")):
                continue  # our memos; the cache folder's temporary files (renamed into place by now)
            now = _state(path, kind)
            if kind != _LISTED and now and _st.S_ISREG(now[0]) and self._outputs and self._is_output(path):
                continue  # `report ... > run/report.json` beside the trace: our output (found as a profile candidate), no input
            if not cached and (_state(path, _FOLDER) if kind == _LISTED else now) != first:
                return None  # moved under the run: its answer may mix two versions
            out.append((path, kind, now))
            seen.add((path, kind))
        sources = _package_sources(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        code = [(folder, _FOLDER) for folder, _ in sources] + [(os.path.join(f, name), _STAT) for f, names in sources for name in names]
        files = [getattr(m, "__file__", None) for m in list(sys.modules.values())]
        modules = [(os.path.abspath(f), _STAT) for f in files if isinstance(f, str)]
        for extra, kind in [(sys.executable, _STAT), *code, *modules]:
            if (extra, kind) not in seen:
                seen.add((extra, kind))
                out.append((extra, kind, _state(extra, kind)))
        return out


def _package_sources(package: str) -> list[tuple[str, list[str]]]:
    """The package's folders with their ``.py`` files, as :func:`.cache.index_format` reads them."""
    found = []
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d != "example")
        found.append((folder, sorted(f for f in files if f.endswith(".py"))))
    return found
