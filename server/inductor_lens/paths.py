"""Resolving paths written on another machine to files on this one.

Order: explicit path mappings (longest ``from`` prefix first; ``${workspaceFolder}`` expanded by
the caller), the path itself when it exists, ``.../site-packages/<rest>`` against known
site-packages folders, then the longest path suffix found under the search roots (ties broken
by the file whose line equals the frame's ``code``).  Results are cached per (path, code).
"""

from __future__ import annotations

import os
import re
import site
import sys
import sysconfig
from functools import lru_cache

from .discovery import SKIP_DIRS


def interpreter_site_packages() -> list[str]:
    """The site-packages folders of the interpreter this process runs in."""
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


class PathResolver:
    """Maps trace paths (``/workspace/proj/models.py``) to local files.

    ``mappings`` is a list of ``(from_prefix, to_prefix)``; ``roots`` folders to search by path
    suffix (the workspace); ``site_packages`` extra site-packages folders (the interpreter's own
    are added when ``use_interpreter_site_packages``).
    """

    def __init__(self, mappings=(), roots=(), site_packages=(), use_interpreter_site_packages: bool = True) -> None:
        self.mappings = sorted(((os.path.normpath(a), os.path.normpath(b)) for a, b in mappings), key=lambda m: -len(m[0]))
        self.roots = [os.path.abspath(r) for r in roots if r and os.path.isdir(r)]
        extra = list(site_packages)
        if use_interpreter_site_packages:
            extra += interpreter_site_packages()
        self.site_packages = [p for p in dict.fromkeys(extra) if os.path.isdir(p)]
        self._cache: dict[tuple[str, str | None, int | None], str | None] = {}
        self._by_name: dict[str, list[str]] | None = None

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
        return self._by_name

    def resolve(self, path: str, code: str | None = None, line: int | None = None) -> str | None:
        """A local file for trace path ``path`` or ``None``; ``code``/``line`` (the frame's text
        and line) break ties between files with the same path suffix."""
        key = (path, code, line)
        if key not in self._cache:
            self._cache[key] = self._resolve(path, code, line)
        return self._cache[key]

    def _resolve(self, path: str, code: str | None, line: int | None) -> str | None:
        norm = os.path.normpath(path)
        for src, dst in self.mappings:
            if norm == src or norm.startswith(src + os.sep):
                candidate = dst + norm[len(src):]
                if os.path.isfile(candidate):
                    return candidate
        if os.path.isfile(norm):
            return norm
        marker = os.sep + "site-packages" + os.sep
        if marker in norm:
            rest = norm.split(marker, 1)[1]
            for sp in self.site_packages:
                candidate = os.path.join(sp, rest)
                if os.path.isfile(candidate):
                    return candidate
        if self.roots:
            return self._by_suffix(norm, code, line)
        return None

    def _by_suffix(self, norm: str, code: str | None, line: int | None) -> str | None:
        parts = norm.split(os.sep)
        candidates = self._walk_roots().get(parts[-1], [])
        best: list[tuple[int, str]] = []
        for cand in candidates:
            cparts = cand.split(os.sep)
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
    """Where an Inductor cache file (``/tmp/torchinductor_<user>/ab/cab….py``) may lie here:
    the path itself, then ``torchinductor/<rest>`` beside the trace (its folder and two parents)."""
    candidates = [path]
    match = _INDUCTOR_CACHE_SEGMENT.search(path)
    if match:
        here = os.path.dirname(os.path.abspath(trace_path))
        for base in (here, os.path.dirname(here), os.path.dirname(os.path.dirname(here))):
            candidates.append(os.path.join(base, "torchinductor", match.group(1)))
    return candidates
