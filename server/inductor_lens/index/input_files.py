"""What kind of input a path the user named is, before it is read: a tlparse output folder, a
file inside an AOTInductor package, a file's MD5 (to tell a copy of an output code), a log that
copies another (:class:`LogCopies`)."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from ..files.discovery import COMPRESSED_LOG_NAME, LOG_NAME, SKIP_DIRS, logs_beside_named, natural_key
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


@dataclass
class FolderInputs:
    """What a folder holds, found by :func:`folder_inputs`: TORCH_TRACE logs (a tlparse output's
    ``raw.log`` with the folder to show for it in ``displays``), ``TORCH_COMPILE_DEBUG`` output
    codes, AOTInductor packages (``.pt2`` files and extracted folders), compressed logs (``packed``,
    not read), the folders that could not be listed, and warnings (a FIFO named like a log)."""

    logs: list[str]
    displays: dict[str, str]
    debug_codes: list[str]
    packages: list[str]
    unreadable: list[OSError]
    packed: list[str]
    warnings: list[InputWarning]


def folder_inputs(folder: str) -> FolderInputs:
    """Walk ``folder`` for what :class:`FolderInputs` holds, in natural order (``rank_2`` before
    ``rank_10``), skipping :data:`inductor_lens.files.discovery.SKIP_DIRS`.  When no log has
    PyTorch's name, the other ``*.log`` files that start with a record are logs too (renamed ones); a
    byte-for-byte copy of a log is read once (said)."""
    warnings: list[InputWarning] = []
    logs: list[str] = []
    displays: dict[str, str] = {}
    debug_codes: list[str] = []
    packages: list[str] = []
    seen_dirs: set[str] = set()
    unreadable: list[OSError] = []
    others: list[str] = []  # other *.log files: read when no log has PyTorch's name (renamed ranks)
    packed: list[str] = []  # compressed logs (not read: said when nothing else is found)
    # symbolic links to folders are followed (a `latest -> run_42` link); a folder reached twice is read once
    for dirpath, dirnames, filenames in os.walk(folder, onerror=unreadable.append, followlinks=True):
        real = os.path.realpath(dirpath)
        if real in seen_dirs:
            dirnames[:] = []
            continue
        seen_dirs.add(real)
        dirnames[:] = sorted((d for d in dirnames if d not in SKIP_DIRS), key=natural_key)  # rank_2 before rank_10
        if _is_tlparse_output(dirpath):  # tlparse output at any depth: rank_N/ of --all-ranks-html, ...
            raw = os.path.join(dirpath, "raw.log")
            logs.append(raw)
            displays[raw] = dirpath
            dirnames[:] = []
            continue
        if os.path.basename(dirpath) == "aotinductor" and os.path.basename(os.path.dirname(dirpath)) == "data":
            packages.append(os.path.dirname(os.path.dirname(dirpath)))  # an extracted AOTInductor package
            dirnames[:] = []
            continue
        others.extend(os.path.join(dirpath, f) for f in sorted(filenames, key=natural_key) if f.endswith(".log") and not LOG_NAME.match(f))
        packed.extend(os.path.join(dirpath, f) for f in filenames if COMPRESSED_LOG_NAME.match(f))
        wanted = [f for f in sorted(filenames, key=natural_key) if LOG_NAME.match(f) or f.endswith(".pt2") or f == "output_code.py"]
        filenames = []
        for fname in wanted:  # a FIFO or device named like a log would block the read for ever
            if os.path.isfile(os.path.join(dirpath, fname)):
                filenames.append(fname)
            else:
                warnings.append(InputWarning(os.path.join(dirpath, fname), 0, "not a regular file; skipped"))
        packages.extend(os.path.join(dirpath, f) for f in filenames if f.endswith(".pt2"))
        for fname in filenames:
            full = os.path.join(dirpath, fname)
            if LOG_NAME.match(fname):
                logs.append(full)
            elif fname == "output_code.py" and os.path.basename(os.path.dirname(dirpath)) == "torchinductor":
                debug_codes.append(full)
    renamed, copies = logs_beside_named(logs, others)  # (a log renamed run_a.log beside a dedicated_log_*: read too)
    logs += renamed
    for copy, first in copies:
        warnings.append(InputWarning(copy, 0, f"the same bytes as {first}: read once"))
    return FolderInputs(logs, displays, debug_codes, packages, unreadable, packed, warnings)
