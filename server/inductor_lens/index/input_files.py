"""What kind of input a path the user named is, before it is read: a tlparse output folder, a
file inside an AOTInductor package, a file's MD5 (to tell a copy of an output code), a log that
copies another (:class:`LogCopies`)."""

from __future__ import annotations

import hashlib
import os

from ..model import InputWarning


def _is_tlparse_output(folder: str) -> bool:
    """A tlparse output folder (one rank's): ``raw.log`` (the original log) beside tlparse's
    ``compile_directory.json`` or ``index.html``."""
    return os.path.isfile(os.path.join(folder, "raw.log")) and (
        os.path.isfile(os.path.join(folder, "compile_directory.json")) or os.path.isfile(os.path.join(folder, "index.html"))
    )


def _package_of(path: str) -> str | None:
    """The AOTInductor package ``path`` is or belongs to: a ``.pt2`` file, a folder holding an
    extracted one (``data/aotinductor/``), or a model folder of one (``.../data/aotinductor/<model>``,
    or a file in it such as its ``.wrapper.cpp`` or ``kernel_information.json``)."""
    in_aoti = lambda folder: os.path.basename(folder) == "aotinductor" and os.path.basename(os.path.dirname(folder)) == "data"
    if os.path.isfile(path):
        if path.endswith(".pt2"):
            return path
        folder = os.path.dirname(path)
        return folder if in_aoti(os.path.dirname(folder)) or os.path.basename(path) == "kernel_information.json" else None
    if os.path.isdir(os.path.join(path, "data", "aotinductor")) or in_aoti(os.path.dirname(path)):
        return path
    return None


def file_md5(path: str) -> str | None:
    """The MD5 of a file's bytes (read in 4 MiB blocks), None when it cannot be read."""
    digest = hashlib.md5()
    try:
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 22), b""):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


class LogCopies:
    """The logs an index has read, by content, to tell a copy of one (the same bytes, reached again
    under another name) from another rank's log that happens to have the same bytes."""

    def __init__(self) -> None:
        #: (size, first and last bytes) -> paths of the logs read
        self._by_content: dict[tuple, list[str]] = {}
        #: the rank of each log read (``None``: nothing says which)
        self._rank_of: dict[str, int | None] = {}
        #: logs read from a tlparse output (its ``raw.log``: tlparse's copy of a log, by design)
        self._tlparse: set[str] = set()

    def copy_of(self, path: str, content: tuple, rank: int | None, tlparse: bool) -> tuple[str | None, InputWarning | None]:
        """``(the log path copies, the warning that says so)``, or ``(None, None)`` (then ``path`` is
        recorded as read).  A copy has a read log's bytes (``content`` narrows the candidates,
        the file MD5 decides) and a rank that is not another one (``None`` is any rank).  The
        warning names ``path``; there is none when either log is a tlparse output's ``raw.log``."""
        same = self._by_content.setdefault(content, [])
        for other in same:
            other_rank = self._rank_of[other]
            if (other_rank is None or rank is None or other_rank == rank) and file_md5(other) == file_md5(path):
                if tlparse or other in self._tlparse:
                    return other, None
                known = rank if rank is not None else other_rank
                said = "" if known is None else f" (rank {known})"
                message = f"the same bytes as {other}{said}, and nothing says it is another rank's: a copy of that log, skipped"
                return other, InputWarning(path, 0, message)
        same.append(path)
        self._rank_of[path] = rank
        if tlparse:
            self._tlparse.add(path)
        return None, None
