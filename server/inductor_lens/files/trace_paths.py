"""Paths as a trace wrote them, on whatever OS made the trace, compared and joined on this one.

A trace made on Windows names files ``C:\\Users\\me\\proj\\models.py`` (FX ``# File:`` comments,
stack-trace strings, Inductor cache paths; pytorch#135954), also ``C:/Users/me/...``, extended
``\\\\?\\C:\\...`` and UNC ``\\\\server\\share\\...`` forms; Windows compares them without regard to
case.  ``os.path`` on Linux knows none of this (``basename`` of a Windows path is the whole path),
so such paths are split here into an anchor and parts, independently of the OS the server runs on.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

_DRIVE = re.compile(r"^([A-Za-z]):(?=[\\/]|$)")
_EXTENDED = re.compile(r"^[\\/]{2}[?.][\\/](?:UNC[\\/])?", re.I)
_SEP = re.compile(r"[\\/]+")


@dataclass(frozen=True, slots=True)
class TracePath:
    """A parsed path: ``anchor`` is ``""`` (relative), ``"/"`` (POSIX root), ``"c:"`` (a drive) or
    ``"//server/share"`` (UNC); ``parts`` the names under it, ``.``/``..`` resolved; ``windows``
    whether it was written on Windows (then names compare without regard to case)."""

    anchor: str
    parts: tuple[str, ...]
    windows: bool

    def key(self, part: str) -> str:
        """``part`` as compared: lower-cased for a Windows path."""
        return part.lower() if self.windows else part


def looks_windows(path: str) -> bool:
    """A drive letter, a ``\\\\`` start (UNC, ``\\\\?\\``), or backslashes and no slash."""
    return bool(_DRIVE.match(path) or path.startswith("\\\\") or ("\\" in path and "/" not in path))


def parse(path: str) -> TracePath:
    """Split ``path`` (written on any OS) into anchor and parts."""
    windows = looks_windows(path)
    if not windows:
        anchor = "/" if path.startswith("/") else ""
        return TracePath(anchor, _normalized(path.split("/")), False)
    rest = path
    unc = False
    ext = _EXTENDED.match(rest)
    if ext:  # \\?\C:\... or \\?\UNC\server\share\...
        unc = ext.group(0).upper().endswith(("UNC\\", "UNC/"))
        rest = rest[ext.end() :]
    elif rest.startswith(("\\\\", "//")):
        unc, rest = True, rest[2:]
    anchor = ""
    if unc:
        names = [p for p in _SEP.split(rest) if p]
        anchor = "//" + "/".join(n.lower() for n in names[:2])
        return TracePath(anchor, _normalized(names[2:]), True)
    drive = _DRIVE.match(rest)
    if drive:
        anchor, rest = drive.group(1).lower() + ":", rest[drive.end() :]
    return TracePath(anchor, _normalized(_SEP.split(rest)), True)


def _normalized(names) -> tuple[str, ...]:
    out: list[str] = []
    for name in names:
        if name in ("", "."):
            continue
        if name == "..":
            if out:
                out.pop()
            continue
        out.append(name)
    return tuple(out)


def basename(path: str) -> str:
    """The file name of a path written on any OS (``C:\\a\\models.py`` -> ``models.py``)."""
    return re.split(r"[\\/]", path.rstrip("\\/"))[-1] if looks_windows(path) else os.path.basename(path)


def prefix_length(path: TracePath, prefix: TracePath) -> int | None:
    """How many parts of ``path`` ``prefix`` covers, or ``None`` when it is not a prefix of it.
    Compared without regard to case (and separators) when either was written on Windows."""
    fold = path.windows or prefix.windows
    key = (lambda s: s.lower()) if fold else (lambda s: s)
    if key(path.anchor) != key(prefix.anchor) or len(prefix.parts) > len(path.parts):
        return None
    if all(key(a) == key(b) for a, b in zip(path.parts, prefix.parts, strict=False)):
        return len(prefix.parts)
    return None


def join_existing(base: str, parts, fold_case: bool) -> str | None:
    """``base`` joined with ``parts`` when that file exists; with ``fold_case``, each name may
    differ in case from the local one (a Windows trace: ``Models.py`` is ``models.py`` here)."""
    exact = os.path.join(base, *parts)
    if os.path.isfile(exact):
        return exact
    if not fold_case:
        return None
    current = base
    for part in parts:
        nxt = os.path.join(current, part)
        if not os.path.exists(nxt):
            try:
                names = os.listdir(current)
            except OSError:
                return None
            match = sorted(n for n in names if n.lower() == part.lower())
            if not match:
                return None
            nxt = os.path.join(current, match[0])
        current = nxt
    return current if os.path.isfile(current) else None


#: PyTorch's own machinery (never a model line: compiling, autograd, FX, Inductor), by the folder
#: or module right under ``torch/``
_TORCH_MACHINERY = {
    "_dynamo", "_functorch", "_inductor", "autograd", "fx", "_higher_order_ops", "_subclasses", "_guards.py",
    "_prims", "_prims_common", "_refs", "_decomp", "_library", "_export", "export", "_ops.py", "_meta_registrations.py",
    "utils", "_compile.py", "compiler", "_logging", "_strobelight", "overrides.py", "_jit_internal.py", "profiler",
}  # fmt: skip


def code_kind(path: str) -> str:
    """What a source frame's file is, from its path as the trace wrote it (any OS):

    ``"generated"`` (``<eval_with_key>.7``, ``<string>``, ``<frozen runpy>``), ``"torch"``
    (PyTorch's machinery: ``torch/_dynamo``, ``torch/_functorch``, ``torch/autograd``,
    ``torch/_inductor``, ``torch/fx``, ...), ``"torch_api"`` (PyTorch's Python API a model calls:
    ``torch/nn/functional.py``, ``torch/nn/modules/...``, ``torch/_tensor.py``), ``"library"``
    (anything else under ``site-packages``/``dist-packages``, and the Python standard library's
    ``lib/pythonX.Y/``), or ``"user"``: the user's own code (the workspace).  A PyTorch source
    checkout (``.../pytorch/torch/nn/functional.py``) counts as PyTorch."""
    if not path or path.startswith("<"):
        return "generated"
    parts = parse(path).parts
    lowered = [p.lower() for p in parts]
    for i in range(len(parts) - 1, -1, -1):  # the innermost torch/ folder a known PyTorch module follows
        if lowered[i] == "torch" and i + 1 < len(parts):
            below = parts[i + 1]
            packaged = i > 0 and lowered[i - 1] in ("site-packages", "dist-packages")
            if below in _TORCH_MACHINERY:
                return "torch"
            if packaged or below in ("nn", "_tensor.py", "functional.py", "random.py", "serialization.py", "optim", "distributed"):
                return "torch_api"
    if "site-packages" in lowered or "dist-packages" in lowered:
        return "library"
    for i, p in enumerate(lowered[:-1]):  # the standard library: .../lib/python3.12/<module>
        if p.startswith("python3") and i > 0 and lowered[i - 1] in ("lib", "lib64"):
            return "library"
    return "user"
