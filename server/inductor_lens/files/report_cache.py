"""A finished ``inductor-lens report``, kept so that a re-run on the same inputs is a copy.

A cold run is recorded (:meth:`ReportMemo.record`): :class:`.run_inputs.Recorder` notes what it met
on disk while what it writes to stdout (bytes, as the stream encodes them) and stderr (text) is
kept in the order written, with its exit status.  When it returns and no input moved under it,
the paths' states after the run are saved with the output as the entry of its key.  A re-run
(:meth:`ReportMemo.replay`, called before the index, the readers or the report are imported)
whose key and paths all still hold writes the saved bytes and text in the same order and returns
the saved status: ~5 ms on top of the interpreter and the argument parser.

The key (:func:`report_key`): the whole argv, the paths given made absolute, the working folder,
the interpreter (``sys.executable``, ``sys.prefix``, version), the environment variables that
change what report prints (``INDUCTOR_LENS_*``, the terminal's and locale's, ``PATH``), which
standard streams are terminals, their sizes and encodings, and the table's width.  The code is
among the paths (its files' stats).

Layout: ``<cache>/report/<sha1 of the key>.head`` (a ``marshal`` of the key, status, the writes in
order and the path states: no import, unlike ``pickle`` or ``json``; the format is this module's)
and the stdout bytes in the ``.out`` file it names.  Both are written beside and renamed into
place, the head last, so a reader sees a whole entry or the one before.  A big write (the 342 MB
log's 170 MB JSON) is saved by a thread while stdout takes it, joined before the run returns.  A
damaged, unreadable or other-format entry is a cold run (which rewrites it), never an error; a
cache folder that cannot be written only means no entry, and so does a run that warned that it
could not write the cache folder.  The folder is kept within a size bound, least recently used
answers evicted first, and what killed runs left in it is removed (:mod:`.cache_bound`).  Nothing is
written outside the cache folder.
"""

from __future__ import annotations

import marshal
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import threading

from .cache_bound import evict, report_bound, sweep_orphans, touch
from .run_inputs import Recorder, sha1, unchanged

FORMAT = 1
#: environment variables that change what report prints (besides ``INDUCTOR_LENS_*``): rich's,
#: the locale's, the program search path (``nvdisasm``, ``ncu``), the default cache folder's
ENV_NAMES = frozenset(
    "COLUMNS LINES JUPYTER_COLUMNS JUPYTER_LINES TERM COLORTERM NO_COLOR FORCE_COLOR TTY_COMPATIBLE TTY_INTERACTIVE "
    "DATABRICKS_RUNTIME_VERSION LANG LANGUAGE LC_ALL LC_CTYPE LC_MESSAGES PYTHONIOENCODING PYTHONUTF8 PATH HOME "
    "XDG_CACHE_HOME".split()
)
#: a write at least this big is saved by a thread while stdout is written (the 342 MB log's 170 MB JSON)
_BIG = 1 << 20
#: an answer bigger than this is kept only by a run whose index came from the index cache: a cold
#: run's second copy of it costs that run 0.25-0.7 s on this machine (the 342 MB log's 170 MB
#: JSON), while a re-run from the index cache is already ~10x faster than a cold one
#: (``$INDUCTOR_LENS_COLD_COPY_LIMIT``, bytes, overrides it)
COLD_COPY_LIMIT = 32 << 20


def _terminal(fd: int) -> tuple:
    """(is a terminal, (columns, lines) or None) of a standard stream's descriptor."""
    try:
        return (os.isatty(fd), tuple(os.get_terminal_size(fd)) if os.isatty(fd) else None)
    except (OSError, ValueError):
        return (False, None)


def report_key(argv: list[str], paths: list[str], root: str, width: int | None) -> tuple:
    """Everything besides files that the report's output depends on: ``argv`` (as given),
    ``paths`` (the paths named, made absolute here), the cache folder ``root``, the table's
    ``width`` in columns (None for JSON), and what this process sees.  Raises ``OSError`` when the
    working folder is gone."""
    env = tuple(sorted((k, v) for k, v in os.environ.items() if k in ENV_NAMES or k.startswith("INDUCTOR_LENS_")))
    streams = tuple((getattr(s, "encoding", None), getattr(s, "errors", None)) for s in (sys.stdout, sys.stderr))
    return (FORMAT, tuple(argv), tuple(os.path.abspath(p) for p in paths), os.getcwd(), root, width, sys.executable,
            sys.prefix, sys.version, env, streams, tuple(_terminal(fd) for fd in (0, 1, 2)))  # fmt: skip


# ---------------------------------------------------------------------------- output kept
class _Spool:
    """The run's writes in order (``events``: ``(1, stdout byte count)`` or ``(2, stderr text)``)
    and its stdout bytes, written to the file ``fd`` (a big write by a thread while stdout takes it)."""

    def __init__(self, fd: int, keep_big=lambda: True) -> None:
        self.events: list[tuple[int, int | str]] = []
        self.size = 0
        self.error: BaseException | None = None
        self._fh = os.fdopen(fd, "wb")
        self._small: list[bytes] = []
        self._thread: threading.Thread | None = None
        #: asked when the output outgrows :data:`COLD_COPY_LIMIT`: whether to keep it still
        self._keep_big = keep_big
        self.dropped = False

    def out(self, data: bytes) -> None:
        if not data:
            return
        last = self.events[-1] if self.events else None
        if last is not None and last[0] == 1:
            self.events[-1] = (1, int(last[1]) + len(data))
        else:
            self.events.append((1, len(data)))
        self.size += len(data)
        if self.dropped or (self.size > _cold_copy_limit() and not self._keep_big()):
            self.dropped, self._small = True, []  # not kept: no entry (the next run keeps it)
            return
        if len(data) < _BIG:
            self._small.append(data)
            return
        import threading

        self._join()
        chunks, self._small = [*self._small, data], []
        self._thread = threading.Thread(target=self._write, args=(chunks,), name="report-cache", daemon=True)
        self._thread.start()

    def err(self, text: str) -> None:
        if text:
            self.events.append((2, text))

    def _write(self, chunks: list[bytes]) -> None:
        try:
            for chunk in chunks:
                self._fh.write(chunk)
        except BaseException as exc:  # a full cache disk: no entry, the report itself unharmed
            self.error = exc

    def _join(self) -> None:
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def close(self) -> bool:
        """Write what is left, join the thread and close the file; whether every byte was written
        (False too when the output was not kept: :data:`COLD_COPY_LIMIT`)."""
        self._join()
        if self.error is None:
            self._write(self._small)
        self._small = []
        try:
            self._fh.close()
        except OSError as exc:
            self.error = self.error or exc
        return self.error is None and not self.dropped


def _cold_copy_limit() -> int:
    try:
        return int(os.environ["INDUCTOR_LENS_COLD_COPY_LIMIT"])
    except (KeyError, ValueError):
        return COLD_COPY_LIMIT


class _Tee:
    """A standard stream during a recorded run: each write goes to the real stream, then is kept
    (stdout: its bytes, as the real stream encodes them; stderr: its text); the rest is the real one's."""

    def __init__(self, real, spool: _Spool, stdout: bool) -> None:
        self._real, self._spool, self._stdout = real, spool, stdout
        if stdout:
            self.buffer = _BufferTee(real.buffer, spool)

    def write(self, text: str) -> int:
        done = self._real.write(text)
        if not self._stdout:
            self._spool.err(text)
        else:
            if os.linesep != "\n":  # the real stream writes os.linesep for "\n"
                text = text.replace("\n", os.linesep)
            self._spool.out(text.encode(self._real.encoding, self._real.errors or "strict"))
        return done

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self._real, name)


class _BufferTee:
    """``sys.stdout.buffer`` during a recorded run (``--json`` writes its bytes here)."""

    def __init__(self, real, spool: _Spool) -> None:
        self._real, self._spool = real, spool

    def write(self, data) -> int:
        self._spool.out(data if isinstance(data, bytes) else bytes(data))  # first: a big one is saved while stdout takes it
        return self._real.write(data)

    def __getattr__(self, name: str):
        return getattr(self._real, name)


def _copy(data, offset: int, size: int, stdout) -> None:
    """Write ``size`` bytes of the open file ``data`` from ``offset`` to ``stdout``: by ``os.sendfile``
    when big and stdout is a file descriptor that takes it, else read and written."""
    import errno

    done = 0
    if size >= _BIG and hasattr(os, "sendfile"):
        try:
            target = stdout.fileno()
        except (OSError, ValueError, AttributeError):  # a stream without one (pytest's capture)
            target = None
        if target is not None:
            stdout.flush()
            try:
                while done < size:
                    sent = os.sendfile(target, data.fileno(), offset + done, size - done)
                    if sent == 0:
                        raise OSError(errno.EIO, "the saved report is shorter than its entry")
                    done += sent
            except OSError as exc:
                if done or exc.errno not in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
                    raise
    data.seek(offset + done)
    while done < size:
        chunk = data.read(min(size - done, 1 << 24))
        if not chunk:
            raise OSError(errno.EIO, "the saved report is shorter than its entry")
        stdout.buffer.write(chunk)
        done += len(chunk)


class ReportMemo:
    """The entry of one report's key in ``<root>/report/`` (see the module docstring): ``replay`` it,
    or ``record`` a cold run into it."""

    def __init__(self, root: str, key: tuple, named: list[str] | None = None) -> None:
        digest = sha1()
        digest.update(repr(key).encode("utf-8", "surrogateescape"))
        self.root, self.key, self.name, self.named = root, key, digest.hexdigest(), list(named or [])
        self.folder = os.path.join(root, "report")
        self.head = os.path.join(self.folder, self.name + ".head")
        #: set by the run when its index was not served whole by the index cache (a cold run):
        #: then an answer over :data:`COLD_COPY_LIMIT` is not kept
        self.cold = False

    def _load(self) -> tuple | None:
        """(status, events, out file name, out size, paths) of the entry, or None (missing, damaged, another key)."""
        try:
            with open(self.head, "rb") as fh:
                fmt, key, status, events, out_name, out_size, paths = marshal.load(fh)
        except Exception:
            return None
        if fmt != FORMAT or key != self.key or not isinstance(out_name, str) or os.sep in out_name or not isinstance(status, int):
            return None
        try:  # the writes must add up before the first is made
            if sum(v for k, v in events if k == 1 and v >= 0) != out_size or any(k != 1 and type(v) is not str for k, v in events):
                return None
        except (TypeError, ValueError):
            return None
        return status, events, out_name, out_size, paths

    def replay(self, stdout, stderr) -> int | None:
        """Write the saved output to ``stdout`` (bytes, to its buffer) and ``stderr`` (text) in the
        order of the cold run's writes and return its exit status; None (nothing written) when there
        is no valid entry or any path's state differs.  Raises ``OSError`` when the output cannot be written."""
        entry = self._load()
        try:
            if entry is None or not unchanged(entry[4]):
                return None
            status, events, out_name, out_size, _ = entry
            data = open(os.path.join(self.folder, out_name), "rb", buffering=0)
        except Exception:  # a damaged entry (paths of the wrong shape, no .out): a cold run
            return None
        with data:
            try:
                if os.fstat(data.fileno()).st_size != out_size:
                    return None
            except OSError:
                return None
            stdout.flush()
            offset = 0
            for kind, value in events:
                if kind == 1:
                    _copy(data, offset, value, stdout)
                    offset += value
                else:
                    stderr.write(value)
            stdout.flush()
        touch(self.head)  # its last use: the size bound evicts the least recently used (cache_bound.py)
        return status

    def ran_on(self, index) -> None:
        """Told by the run once its index is open: the run is cold unless every log came whole from
        the index cache, and an answer whose warnings say the cache folder could not be written is
        not saved (it would replay that warning after space is freed)."""
        scans = index.loader.scans
        self.cold = not scans or not set(scans) <= index.loader.from_disk
        self._index = index

    def _keep(self, size: int) -> bool:
        """Whether an answer of ``size`` bytes is saved: within the bound, and no warning of the run
        says that the cache folder could not be written."""
        index = getattr(self, "_index", None)
        if index is not None and any(w.cache_unwritten for w in index.warnings):
            return False
        return size <= report_bound()

    def record(self, run) -> int:
        """``run()`` (the cold report; returns its exit status) with its inputs noted and its output
        kept, saved as the entry when it returns and no input moved under it.  Its exceptions pass
        through (nothing is saved); a cache folder that cannot be written only means no entry."""
        out_name = f"{self.name}.{os.urandom(6).hex()}.out"
        out_path = os.path.join(self.folder, out_name)
        sweep_orphans(self.root)  # what killed runs left (cache_bound.py)
        try:
            from .cache import _temp_beside

            os.makedirs(self.folder, exist_ok=True)
            fd, tmp = _temp_beside(out_path)
        except OSError:
            return run()
        real_out, real_err = sys.stdout, sys.stderr
        spool = recorder = None
        try:  # (from the temporary file's making on: a SIGTERM anywhere removes it, files/terminate.py)
            spool, recorder = _Spool(fd, keep_big=lambda: not self.cold), Recorder(self.root)
            recorder.start(self.named)
            sys.stdout, sys.stderr = _Tee(real_out, spool, True), _Tee(real_err, spool, False)
            status = run()
        except BaseException:
            sys.stdout, sys.stderr = real_out, real_err
            if recorder is not None:
                recorder.stop()
            if spool is not None:
                spool.close()
            else:
                _close(fd)
            _remove(tmp)
            raise
        try:
            sys.stdout, sys.stderr = real_out, real_err
            recorder.stop()
            written = spool.close()
            paths = recorder.paths()
            if paths is None or not written or not self._keep(spool.size):
                _remove(tmp)
                evict(self.folder, report_bound())  # (a bound lowered since: within it after every run)
                return status
            os.replace(tmp, out_path)
            old = self._load()
            head = marshal.dumps((FORMAT, self.key, status, spool.events, out_name, spool.size, paths))
            fd, tmp = _temp_beside(self.head)
            with os.fdopen(fd, "wb") as fh:
                fh.write(head)
            os.replace(tmp, self.head)
        except BaseException as exc:  # not writable, full; an unmarshallable key part: no entry, the report's status stands
            _remove(tmp)
            _remove(out_path)
            if not isinstance(exc, Exception):  # an interrupt while saving: nothing half-saved is left
                raise
            return status
        if old is not None and old[2] != out_name:
            _remove(os.path.join(self.folder, old[2]))
        evict(self.folder, report_bound(), keep=self.name)
        return status


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
