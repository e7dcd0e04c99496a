"""The cache folder: extracted copies of texts that exist only inside a trace.

Editors need real files to open, so output code, AOT kernel code and FX graphs read from a log
are written once into ``<cache>/extracted/<md5>/<name>`` (content-addressed: the same text from
another rank or another run reuses the same file).  The default root is platformdirs'
user cache folder for ``inductor-lens``; ``--cache-dir`` / ``INDUCTOR_LENS_CACHE`` override it.
The on-disk index cache lives in ``<cache>/index/``: one pickle per log, holding its scan and its
materialized graphs, valid while the log's size, mtime and first/last bytes are unchanged (and
used as the starting point when the log only grew).  ``<cache>/derived/<kind>/`` holds figures
derived from files named by content (:meth:`Cache.load_derived`), ``<cache>/report/`` the finished
answers of ``inductor-lens report`` with the states of every path they depended on, so that a
re-run on unchanged inputs is a copy (:mod:`.report_cache`), ``<cache>/ir/<sha1>/`` links to a
Triton cache folder's IR files named by their stage (:meth:`Cache.named_link`: what the editor
lists).  It is the user's own cache folder;
a pickle or saved answer that fails to load is ignored and rewritten.  Nothing is ever written
outside this folder.
"""

from __future__ import annotations

import os

from .plain_text import disk_name


def _code_fingerprint() -> str:
    """A digest of this package's sources: index cache files written by other code are ignored,
    so a changed reader or model never serves stale results."""
    import hashlib  # (here: a re-run served by report_cache imports this module, never hashlib's OpenSSL)

    digest = hashlib.sha1()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the inductor_lens package
    for folder, dirs, files in sorted(os.walk(root)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d != "example")
        for name in sorted(f for f in files if f.endswith(".py")):
            with open(os.path.join(folder, name), "rb") as fh:
                digest.update(name.encode() + fh.read())
    return digest.hexdigest()[:16]


_INDEX_FORMAT: str | None = None


def index_format() -> str:
    """Identifies the pickled index layout and the code that wrote it (computed on first use:
    ``--no-cache`` runs never read the sources)."""
    global _INDEX_FORMAT
    if _INDEX_FORMAT is None:
        _INDEX_FORMAT = _code_fingerprint()
    return _INDEX_FORMAT


def default_cache_dir() -> str:
    """``$INDUCTOR_LENS_CACHE`` or the platform's user cache folder for ``inductor-lens``."""
    found = os.environ.get("INDUCTOR_LENS_CACHE")
    if found:
        return found
    import platformdirs  # (imported here: a --cache-dir run does not need it)

    return platformdirs.user_cache_dir("inductor-lens", appauthor=False)


def _temp_beside(path: str) -> tuple[int, str]:
    """An exclusively created temporary file in ``path``'s folder (for an atomic replace):
    ``(fd, name)``.  Raises ``OSError``."""
    folder = os.path.dirname(path)
    for attempt in range(100):
        tmp = os.path.join(folder, f".tmp-{os.getpid()}-{attempt}-{os.path.basename(path)}")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {path}")


class Cache:
    """A cache folder rooted at ``root`` (created on first write)."""

    def __init__(self, root: str | None = None) -> None:
        self.root = os.path.abspath(root or default_cache_dir())

    def path_for(self, md5: str | None, name: str, text: str | None = None) -> str:
        """Where a text with this MD5 is (or will be) extracted; ``text`` is hashed when ``md5`` is None."""
        return self.extracted_path(text or "", name, md5)

    def extracted_path(self, text: str, name: str, md5: str | None = None) -> str:
        """Where ``text`` is (or will be) extracted; ``md5`` is its UTF-8 MD5 when already known."""
        import hashlib

        digest = md5 or hashlib.md5(text.encode("utf-8")).hexdigest()
        folder = os.path.join(self.root, "extracted", digest)
        if os.path.isdir(folder):
            # (a ``.tmp-`` file is a write cut short by an interrupt: never the copy)
            existing = sorted(n for n in os.listdir(folder) if not n.startswith(".tmp-"))
            if existing:
                return os.path.join(folder, existing[0])
        return os.path.join(folder, disk_name(name))

    def extract(self, text: str, name: str, md5: str | None = None) -> str:
        """Write ``text`` once (atomically, read-only: an editor's format-on-save must not move the
        lines the index points at) and return the file's path; a copy whose size is not the text's
        (edited or cut since) is written again.  Raises ``OSError``."""
        path = self.extracted_path(text, name, md5)
        data = text.encode("utf-8")
        try:
            intact = os.path.getsize(path) == len(data)
        except OSError:
            intact = False
        if not intact:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd, tmp = _temp_beside(path)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                if os.name == "posix":
                    os.chmod(tmp, 0o444)
                os.replace(tmp, path)
            except BaseException:
                if os.path.exists(tmp):
                    os.unlink(tmp)
                raise
        return path

    def named_link(self, target: str, group: str, name: str) -> str:
        """A symbolic link ``<cache>/ir/<sha1 of group>/<name>`` to the file ``target`` (made once,
        replaced when it points elsewhere): the user's file under a name an editor's list can tell
        apart (the IR files of one Triton cache folder, ``group``, named by their stage first:
        ``PTX · triton_poi_fused_add_0.ptx``).  ``target`` itself where no link can be made (a cache
        folder that is not writable, Windows without the privilege to make symbolic links): the
        user's files are never touched."""
        import hashlib

        target = os.path.abspath(target)
        digest = hashlib.sha1(os.path.abspath(group).encode("utf-8", "surrogateescape")).hexdigest()[:16]
        name = disk_name(name)  # (a C locale's file system takes no "·")
        link = os.path.join(self.root, "ir", digest, name)
        try:
            if os.readlink(link) == target:
                return link
        except OSError:
            pass
        tmp = os.path.join(os.path.dirname(link), f".tmp-{os.getpid()}-{name}")
        try:
            os.makedirs(os.path.dirname(link), exist_ok=True)
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(target, tmp)
            os.replace(tmp, link)  # (atomic: another server making the same link meanwhile is no error)
        except (OSError, NotImplementedError):
            try:
                os.unlink(tmp)
            except OSError:
                pass
            return target
        return link

    # ------------------------------------------------------------------ derived figures
    def _derived_file(self, kind: str, key: str) -> str:
        import hashlib

        digest = hashlib.sha1(key.encode("utf-8", "surrogateescape")).hexdigest()
        return os.path.join(self.root, "derived", kind, f"{digest}.pkl")

    def load_derived(self, kind: str, key: str):
        """What :meth:`save_derived` saved under ``kind``/``key`` (figures derived from files the key
        names by content, such as an output code's MD5), or ``None`` (missing, stale, unreadable)."""
        import pickle

        try:
            with open(self._derived_file(kind, key), "rb") as fh:
                fmt, saved_key, value = pickle.load(fh)
        except Exception:
            return None
        return value if fmt == index_format() and saved_key == key else None

    def save_derived(self, kind: str, key: str, value) -> None:
        """Save ``value`` under ``kind``/``key`` atomically; a folder that is not writable is no error."""
        import pickle

        target = self._derived_file(kind, key)
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            fd, tmp = _temp_beside(target)
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((index_format(), key, value), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    # ------------------------------------------------------------------ index cache
    def _index_file(self, log_path: str) -> str:
        import hashlib

        digest = hashlib.sha1(os.path.abspath(log_path).encode("utf-8", "surrogateescape")).hexdigest()
        return os.path.join(self.root, "index", f"{digest}.pkl")

    def load_index(self, log_path: str):
        """The object saved for ``log_path`` by :meth:`save_index`, or ``None`` (missing, stale
        format, or unreadable: a damaged cache file is never an error)."""
        try:
            fh = open(self._index_file(log_path), "rb")
        except OSError:
            return None
        import pickle

        try:
            with fh:
                fmt, path, value = pickle.load(fh)
        except Exception:
            return None
        if fmt != index_format() or path != os.path.abspath(log_path):
            return None
        return value

    def save_index(self, log_path: str, value) -> None:
        """Save ``value`` for ``log_path`` atomically.  Raises ``OSError`` when the folder is not writable."""
        target = self._index_file(log_path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        import pickle

        fd, tmp = _temp_beside(target)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((index_format(), os.path.abspath(log_path), value), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
