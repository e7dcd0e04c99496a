"""Which files and folders are traces: the one home of the discovery globs and skipped folders.

Names written by PyTorch: ``torch/_logging/_internal.py`` names ``TORCH_TRACE`` logs
``dedicated_log_torch_trace_[rank_N_]<random>.log``; ``TORCH_COMPILE_DEBUG=1`` writes
``torch_compile_debug/run_*/torchinductor/<graph>/output_code.py``; tlparse writes ``tl_out/``;
``torch._inductor.aoti_compile_and_package`` writes ``<name>.pt2`` (AOTInductor packages).
The VS Code extension sends no globs by default (``inductorLens.discovery.globs`` is ``[]``),
so these are the defaults everywhere.

Ranks by name: PyTorch names a rank's log ``dedicated_log_torch_trace_rank_N_<random>.log`` when
``torch.distributed`` is up as the log opens; tlparse ``--all-ranks-html`` writes ``rank_N/``
folders; launchers and users write ``rank-N``, ``rankN``, ``logs_rank_3/``.
"""

from __future__ import annotations

import glob
import os
import re

#: A ``TORCH_TRACE`` log's file name.
LOG_NAME = re.compile(r"^dedicated_log_torch_trace_.*\.log$")
#: Globs (relative to a workspace folder) that find traces to index.
DEFAULT_GLOBS = ("**/dedicated_log_torch_trace_*.log", "**/torch_compile_debug/**/output_code.py", "**/tl_out/", "**/*.pt2")
#: Globs of files whose change means a re-index (LSP ``workspace/didChangeWatchedFiles``).
WATCH_GLOBS = ("**/dedicated_log_torch_trace_*.log", "**/output_code.py", "**/inductor_provenance_tracking_node_mappings.json", "**/*.pt2")
#: Folders never searched for traces or source files.
SKIP_DIRS = frozenset({".git", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache", ".pytest_cache"})


#: ``rank_N``, ``rank-N`` or ``rankN`` as a word of a name: not inside a longer word, the number
#: not followed by more letters or digits (``_rank_0.log``, ``rank_1_abc``, ``rank-2``, ``rank3/``).
_RANK_WORD = re.compile(r"(?<![A-Za-z0-9])rank[_-]?(\d+)(?![A-Za-z0-9])", re.IGNORECASE)
#: A folder whose whole name is a rank (``rank_3``, ``rank-3``, ``rank3``).
_RANK_FOLDER = re.compile(r"^rank[_-]?(\d+)$", re.IGNORECASE)


def rank_in_name(name: str) -> int | None:
    """The rank a file or folder name names (its first ``rank_N`` / ``rank-N`` / ``rankN`` word), or ``None``."""
    found = _RANK_WORD.search(name)
    return int(found.group(1)) if found else None


def rank_of_path(path: str, root: str | None = None) -> int | None:
    """The rank a log's path names, or ``None``: its file name, else its folders from the nearest
    up: below ``root`` (the folder the user opened, which holds the log) a rank word anywhere in
    their names (``logs_rank_3/``); ``root`` and the folders above it (all of them without
    ``root``: a log opened by itself) only when a whole name is a rank (``rank_3/``), since names
    like ``/tmp/test_one_rank0/`` say nothing about ranks.  Names only: a log's records may say
    otherwise (its own rank comes first, see :mod:`inductor_lens.index.trace_index`)."""
    rank = rank_in_name(os.path.basename(path))
    if rank is not None:
        return rank
    folder = os.path.dirname(os.path.abspath(path))
    if root is not None:
        inside = os.path.relpath(folder, os.path.abspath(root))
        if inside != os.curdir and not inside.startswith(os.pardir):
            for part in reversed(inside.split(os.sep)):
                rank = rank_in_name(part)
                if rank is not None:
                    return rank
            folder = os.path.abspath(root)
    while True:
        found = _RANK_FOLDER.match(os.path.basename(folder))
        if found:
            return int(found.group(1))
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def natural_key(name: str) -> list:
    """A sort key that orders the numbers in names as numbers: ``rank_2`` before ``rank_10``."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def looks_like_trace(path: str) -> bool:
    """Whether a file the user opened is itself a trace input (a log, an ``output_code.py``, a ``.pt2``)."""
    name = os.path.basename(path)
    return bool(LOG_NAME.match(name)) or name == "output_code.py" or name.endswith(".pt2")


def skipped(path: str) -> bool:
    """Whether ``path`` lies inside a skipped folder (``.git``, ``node_modules``, ...)."""
    return any(part in SKIP_DIRS for part in path.replace("\\", "/").split("/"))


def find_traces(folders: list[str], globs: list[str] | tuple[str, ...] = DEFAULT_GLOBS) -> list[str]:
    """Every path under ``folders`` matching ``globs``, sorted per glob, outside skipped folders.
    With the default globs, also every other ``*.log`` that starts with a TORCH_TRACE record (a log
    renamed ``run_a.log``; :func:`logs_beside_named`: a copy of a found log is left out)."""
    found: list[str] = []
    for folder in folders:
        for pattern in globs:
            for path in sorted(glob.glob(os.path.join(folder, pattern), recursive=True)):
                if not skipped(os.path.relpath(path, folder)):
                    found.append(os.path.normpath(path))
        if tuple(globs) == DEFAULT_GLOBS:
            others = [
                os.path.normpath(p)
                for p in sorted(glob.glob(os.path.join(folder, "**", "*.log"), recursive=True))
                if not skipped(os.path.relpath(p, folder)) and not LOG_NAME.match(os.path.basename(p))
            ]
            named = [p for p in found if LOG_NAME.match(os.path.basename(p))]
            found.extend(logs_beside_named(named, [p for p in others if not _inside_any(p, found)])[0])
    return found


def _inside_any(path: str, found: list[str]) -> bool:
    """Whether ``path`` lies in a found folder (a tlparse output's raw.log)."""
    return any(path.startswith(f.rstrip(os.sep) + os.sep) for f in found)


#: what ``torch.profiler.tensorboard_trace_handler(dir)`` names its files: ``<host>_<pid>.<ms>.pt.trace.json[.gz]``
TENSORBOARD_PROFILE = (".pt.trace.json", ".pt.trace.json.gz")


def profile_candidates_beside(trace_path: str) -> list[str]:
    """Files next to a trace that may be torch.profiler Chrome traces, by name only (the profiler
    reader looks inside them): ``.json`` / ``.json.gz`` in its folder and its parent
    (``<run>/trace/*.log`` with ``<run>/profile_trace.json``), and the ``*.pt.trace.json[.gz]`` that
    ``tensorboard_trace_handler`` writes into a folder of either (``<run>/tb/host_12.1733.pt.trace.json``;
    PyTorch's profiler recipe), unless that folder holds a TORCH_TRACE log of its own (another run's)."""
    here = os.path.dirname(os.path.abspath(trace_path))
    found: list[str] = []
    for folder in (here, os.path.dirname(here)):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith((".json", ".json.gz")) and path not in found and os.path.isfile(path):
                found.append(path)
            elif os.path.isdir(path) and path != here:
                found.extend(p for p in _tensorboard_profiles(path) if p not in found)
    return found


def named_like_profile(path: str) -> bool:
    """Whether a ``.json``/``.json.gz`` file's name says it is a torch.profiler trace: it holds
    ``profile`` or ``trace`` (``profile_trace.json``, ``trace.json``, ``*.pt.trace.json``, what
    ``export_chrome_trace`` is usually given); ``config.json`` and its like do not."""
    name = os.path.basename(path).lower()
    return name.endswith((".json", ".json.gz")) and ("profile" in name or "trace" in name)


def _tensorboard_profiles(folder: str) -> list[str]:
    """The ``tensorboard_trace_handler`` files directly in ``folder`` (none if it holds a log)."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    if any(LOG_NAME.match(name) for name in names):
        return []
    return [os.path.join(folder, n) for n in names if n.endswith(TENSORBOARD_PROFILE) and os.path.isfile(os.path.join(folder, n))]


#: the first line of a TORCH_TRACE record: a glog prefix, then the envelope's JSON
_RECORD_START = re.compile(rb"^[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\]\n]*\] \{")


def starts_like_trace_log(path: str) -> bool:
    """Whether the file at ``path`` (any name: a renamed ``rank_3.log``) starts like a TORCH_TRACE
    log (``torch/_logging/_internal.py``: a glog prefix and a JSON envelope; a UTF-8 BOM allowed).
    Never raises: an unreadable file is no trace."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(512)
    except OSError:
        return False
    return bool(_RECORD_START.match(head.removeprefix(b"\xef\xbb\xbf")))


def logs_beside_named(named: list[str], others: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Of ``others`` (``*.log`` files not named as PyTorch names a TORCH_TRACE log), those that start
    like one (:func:`starts_like_trace_log`: a log renamed ``run_a.log``), less the byte-for-byte
    copies of a log in ``named``: ``(logs to read, [(copy, the log it repeats)])``.
    A copy is the same size with the same first and last 64 KiB.  Never raises."""
    logs = [p for p in others if os.path.isfile(p) and starts_like_trace_log(p)]
    if not logs:
        return [], []
    seen: dict[tuple | None, str] = {}
    for path in named:
        seen.setdefault(_fingerprint(path), path)
    kept: list[str] = []
    copies: list[tuple[str, str]] = []
    for path in logs:
        key = _fingerprint(path)
        if key is not None and key in seen:
            copies.append((path, seen[key]))
            continue
        kept.append(path)
    return kept, copies


def _fingerprint(path: str) -> tuple | None:
    """(size, first 64 KiB, last 64 KiB) of a file, or None when unreadable."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            head = fh.read(1 << 16)
            fh.seek(max(0, size - (1 << 16)))
            return (size, head, fh.read(1 << 16))
    except OSError:
        return None


#: a compressed TORCH_TRACE log by its name (``dedicated_log_torch_trace_*.log.gz``, ...): not read, said
COMPRESSED_LOG_NAME = re.compile(r"^dedicated_log_torch_trace_.*\.log\.(?:gz|bz2|xz|zst|zstd)$")
#: the first bytes of the compressed formats a log is likely kept in
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\x28\xb5\x2f\xfd", "zstd"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"))


def compression_of(path: str) -> str | None:
    """The compression format the file at ``path`` starts with (``"gzip"``, ``"zstd"``, ``"bzip2"``,
    ``"xz"``), or ``None`` (not compressed, or unreadable).  Never raises."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(6)
    except OSError:
        return None
    return next((name for magic, name in _MAGIC if head.startswith(magic)), None)
