"""Resolving paths written on another machine to files on this one.

Order: a copy of the file's name beside a run's trace (:func:`copy_beside`: the folder that holds
``trace/`` and the profile, or the log's own folder; issue 45: the file may have changed since the
run, so the copy wins), then explicit path mappings (longest ``from`` prefix first; ``${workspaceFolder}`` expanded by
the caller), the path itself when it exists, ``.../site-packages/<rest>`` against known
site-packages folders, then the longest path suffix found under the search roots (ties broken
by the file whose line equals the frame's ``code``).  Results are cached per (path, code).
Paths written on Windows (drive letters, backslashes, UNC) are understood on any OS and matched
without regard to case (:mod:`inductor_lens.files.trace_paths`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from functools import lru_cache

from . import trace_paths
from .discovery import SKIP_DIRS


def interpreter_site_packages() -> list[str]:
    """The site-packages folders of the interpreter this process runs in."""
    import site
    import sysconfig

    found: list[str] = []
    for getter in (lambda: site.getsitepackages(), lambda: [site.getusersitepackages()]):
        try:
            found.extend(p for p in getter() if isinstance(p, str))
        except Exception:  # pragma: no cover - virtualenv quirks
            pass
    for key in ("purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            found.append(path)
    return [p for p in dict.fromkeys(found) if os.path.isdir(p) and p != sys.prefix]


@lru_cache(maxsize=4096)
def read_line(path: str, line: int) -> str | None:
    """Line ``line`` (1-based) of a text file, stripped; ``None`` when unreadable or out of range."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for number, text in enumerate(fh, 1):
                if number == line:
                    return text.strip()
    except OSError:
        return None
    return None


def beside_trace_folders(trace_paths: Sequence[str], profile_paths: Sequence[str] = ()) -> list[str]:
    """Where a copy of the model file beside a run is looked for: the folder that holds each log's
    ``trace/`` folder, the log's own folder, each profile's folder (in that order, once each)."""
    out: list[str] = []
    for path in trace_paths:
        folder = os.path.dirname(os.path.abspath(path))
        out += [os.path.dirname(folder), folder]
    for path in profile_paths:
        out.append(os.path.dirname(os.path.abspath(path)))
    return list(dict.fromkeys(out))


def copy_beside(file: str, folders: list[str], code: str | None = None, line: int | None = None) -> str | None:
    """The copy of trace path ``file`` (its base name) in one of ``folders``
    (:func:`beside_trace_folders`), or None.  With copies in several runs' folders that differ, the
    one whose line ``line`` reads ``code`` (the frame's text), else the first."""
    name = os.path.basename(file.replace("\\", "/"))
    found = [c for c in (os.path.join(f, name) for f in folders) if os.path.isfile(c)] if name else []
    if len(found) > 1 and code and line is not None:
        for cand in found:
            if read_line(cand, line) == code.strip():
                return cand
    return found[0] if found else None


def differing_copies(file: str, trace_paths: Sequence[str]) -> list[str]:
    """The copies of trace path ``file`` beside each of ``trace_paths`` (:func:`copy_beside`), when
    at least two of them differ in content (the runs ran different code under one path: their rows
    are kept apart by the line's code, and ``diff`` compares them); else ``[]``."""
    copies: dict[str, bytes] = {}
    for trace in trace_paths:
        copy = copy_beside(file, beside_trace_folders([trace]))
        if copy is not None and copy not in copies:
            try:
                with open(copy, "rb") as fh:
                    copies[copy] = fh.read()
            except OSError:
                continue
    return sorted(copies) if len(set(copies.values())) > 1 else []


class PathResolver:
    """Maps trace paths (``/workspace/proj/models.py``) to local files.

    ``mappings`` is a list of ``(from_prefix, to_prefix)``; ``roots`` folders to search by path
    suffix (the workspace); ``site_packages`` extra site-packages folders (the interpreter's own
    are added when ``use_interpreter_site_packages``); ``beside`` the folders beside the runs'
    traces (:func:`beside_trace_folders`), searched first by the file's name.
    """

    def __init__(self, mappings=(), roots=(), site_packages=(), use_interpreter_site_packages: bool = True, beside=()) -> None:
        self.beside = [os.path.abspath(f) for f in beside if f and os.path.isdir(f)]
        parsed = [(trace_paths.parse(a), os.path.normpath(b)) for a, b in mappings if a and b]
        self.mappings = sorted(parsed, key=lambda m: -len(m[0].parts))
        self.roots = [os.path.abspath(r) for r in roots if r and os.path.isdir(r)]
        self._given_site_packages = list(site_packages)
        self._use_interpreter = use_interpreter_site_packages
        self._site_packages: list[str] | None = None
        self._cache: dict[tuple[str, str | None, int | None], str | None] = {}
        self._by_name: dict[str, list[str]] | None = None
        self._by_lower_name: dict[str, list[str]] = {}

    @property
    def site_packages(self) -> list[str]:
        """The site-packages folders searched (the given ones, then the interpreter's own when
        asked for), found when a path first needs them."""
        if self._site_packages is None:
            extra = self._given_site_packages + (interpreter_site_packages() if self._use_interpreter else [])
            self._site_packages = [p for p in dict.fromkeys(extra) if os.path.isdir(p)]
        return self._site_packages

    def _walk_roots(self) -> dict[str, list[str]]:
        if self._by_name is None:
            by_name: dict[str, list[str]] = {}
            budget = 200_000
            for root in self.roots:
                for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
                    dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                    for fname in filenames:
                        by_name.setdefault(fname, []).append(os.path.join(dirpath, fname))
                        budget -= 1
                    if budget <= 0:
                        break
            self._by_name = by_name
            for fname, paths in by_name.items():
                self._by_lower_name.setdefault(fname.lower(), []).extend(paths)
        return self._by_name

    def forget_contents(self) -> None:
        """Drop what was read off local files (tie-breaks by a line's text): a file was edited."""
        self._cache.clear()
        read_line.cache_clear()

    def resolve(self, path: str, code: str | None = None, line: int | None = None) -> str | None:
        """A local file for trace path ``path`` or ``None``; ``code``/``line`` (the frame's text
        and line) break ties between files with the same path suffix."""
        key = (path, code, line)
        if key not in self._cache:
            self._cache[key] = self._resolve(path, code, line)
        return self._cache[key]

    def _resolve(self, path: str, code: str | None, line: int | None) -> str | None:
        if self.beside:
            copy = copy_beside(path, self.beside, code, line)
            if copy is not None:
                return copy
        where = trace_paths.parse(path)
        for src, dst in self.mappings:
            covered = trace_paths.prefix_length(where, src)
            if covered is not None:
                candidate = trace_paths.join_existing(dst, where.parts[covered:], where.windows or src.windows)
                if candidate is not None:
                    return candidate
        if not where.windows or os.name == "nt":
            norm = os.path.normpath(path)
            if os.path.isfile(norm):
                return norm
        keys = [where.key(p) for p in where.parts]
        if "site-packages" in keys:
            rest = where.parts[len(keys) - keys[::-1].index("site-packages") :]
            for sp in self.site_packages:
                candidate = trace_paths.join_existing(sp, rest, where.windows)
                if candidate is not None:
                    return candidate
        if self.roots and where.parts:
            return self._by_suffix(where, code, line)
        return None

    def _by_suffix(self, where: trace_paths.TracePath, code: str | None, line: int | None) -> str | None:
        parts = [where.key(p) for p in where.parts]
        by_name = self._walk_roots()
        candidates = self._by_lower_name.get(parts[-1], []) if where.windows else by_name.get(parts[-1], [])
        best: list[tuple[int, str]] = []
        for cand in candidates:
            cparts = [where.key(p) for p in cand.split(os.sep)]
            n = 0
            while n < min(len(parts), len(cparts)) and parts[-1 - n] == cparts[-1 - n]:
                n += 1
            best.append((n, cand))
        if not best:
            return None
        top = max(n for n, _ in best)
        tied = [c for n, c in best if n == top]
        if len(tied) > 1 and code:
            for cand in sorted(tied):
                if line is not None and read_line(cand, line) == code.strip():
                    return cand
        return sorted(tied)[0]


_INDUCTOR_CACHE_SEGMENT = re.compile(r"[/\\]torchinductor_[^/\\]+[/\\](.+)$")


def inductor_cache_candidates(path: str, trace_path: str) -> list[str]:
    """Where an Inductor cache file (``/tmp/torchinductor_<user>/ab/cab….py``, or a Windows
    ``C:\\...\\Temp\\torchinductor_<user>\\ab\\cab….py``) may lie here: the path itself (when it
    can be a path of this OS), then ``torchinductor/<rest>`` beside the trace (its folder and two
    parents, as ``capture`` and ../shared/traces keep it), then ``inductor_cache/<rest>`` there (as
    the GPU trace generator keeps it)."""
    candidates = [path] if not trace_paths.looks_windows(path) or os.name == "nt" else []
    match = _INDUCTOR_CACHE_SEGMENT.search(path)
    if match:
        rest = [p for p in re.split(r"[/\\]", match.group(1)) if p]  # a Windows cache path too
        here = os.path.dirname(os.path.abspath(trace_path))
        for folder in ("torchinductor", "inductor_cache"):
            for base in (here, os.path.dirname(here), os.path.dirname(os.path.dirname(here))):
                candidates.append(os.path.join(base, folder, *rest))
    return candidates
