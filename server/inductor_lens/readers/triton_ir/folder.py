"""One Triton cache folder: which kernel it holds, compiled from which file, with which IR files.

Layout (``triton/runtime/cache.py`` ``FileCacheManager``, Triton 3.x): ``<root>/<hash>/`` with
``<name>.json`` (the compile metadata: ``hash``, ``target``, ``num_warps``, ``num_stages``,
``shared``, ``name``...), ``__grp__<name>.json`` (the group's ``child_paths``) and the IR files
``<name>.source .ttir .ttgir .llir .ptx .cubin``.  The file Triton compiled is the one the TTIR's
first file location names (``#loc = loc("FILE":L:C)``, the kernel's ``def`` line), else the PTX's
``.file 1``: under Inductor the kernel's file in the Inductor cache (``# kernel path:``).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field

_FIRST_LOC = re.compile(rb'loc\("((?:[^"\\]|\\.)*)":\d+:\d+\)')
_PTX_FILE = re.compile(rb'^\s*\.file\s+1\s+"([^"]*)"', re.M)
_IR_EXTS = (".source", ".ttir", ".ttgir", ".llir", ".ptx", ".cubin")


@dataclass(slots=True)
class TritonCacheFolder:
    """A kernel's cache folder: ``path``, ``hash`` (the folder's name), ``name`` (the kernel),
    (the metadata's ``name``: file names are cut at Triton's length limit), ``compiled_file`` (as the IR names it; None when no IR says), ``files`` ({form: path} of
    ``ttir ttgir llir ptx cubin source``, only those present) and ``metadata`` (``<name>.json``)."""

    path: str
    hash: str
    name: str
    compiled_file: str | None
    files: dict[str, str] = field(default_factory=dict)
    metadata: dict = field(default_factory=dict)
    #: what could not be read (an unreadable or unparsable ``<name>.json``)
    notes: list[str] = field(default_factory=list)


def _head(path: str, size: int = 65536) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(size)
    except OSError:
        return b""


def read_cache_folder(path: str) -> TritonCacheFolder | None:
    """The folder at ``path``, or None when it holds no kernel (no ``<name>.json`` beside IR files).
    Reads the metadata and the head of the TTIR (or PTX) only."""
    try:
        names = os.listdir(path)
    except OSError:
        return None
    kernels = sorted({n[: -len(ext)] for n in names for ext in _IR_EXTS if n.endswith(ext)})
    kernels = [k for k in kernels if f"{k}.json" in names]
    if len(kernels) != 1:
        return None
    name = kernels[0]
    files = {ext[1:]: os.path.join(path, name + ext) for ext in _IR_EXTS if name + ext in names}
    metadata: dict = {}
    notes: list[str] = []
    try:
        with open(os.path.join(path, f"{name}.json"), encoding="utf-8") as fh:
            loaded = json.load(fh)
        metadata = loaded if isinstance(loaded, dict) else {}
        if not isinstance(loaded, dict):
            notes.append(f"{name}.json is not a JSON object: its compile metadata is unknown")
    except (OSError, ValueError) as exc:
        notes.append(f"cannot read {name}.json ({exc}): its compile metadata is unknown")
    compiled = None
    if "ttir" in files:
        m = _FIRST_LOC.search(_head(files["ttir"]))
        compiled = m.group(1).decode("utf-8", "replace") if m else None
    if compiled is None and "ptx" in files:
        m = _PTX_FILE.search(_head(files["ptx"], 1 << 22))
        compiled = m.group(1).decode("utf-8", "replace") if m else None
    full = metadata.get("name")  # file names are cut at Triton's name limit; the metadata keeps the whole name
    kernel = full if isinstance(full, str) and full.startswith(name.rstrip("_")) else name
    return TritonCacheFolder(path, os.path.basename(path.rstrip("/")), kernel, compiled, files, metadata, notes)


def list_cache_folders(root: str) -> list[TritonCacheFolder]:
    """Every kernel folder directly under ``root`` (a ``TRITON_CACHE_DIR``, or an Inductor cache's
    ``triton/<device>/``), sorted by path; unreadable ones left out."""
    try:
        entries = sorted(os.listdir(root))
    except OSError:
        return []
    out = []
    for entry in entries:
        full = os.path.join(root, entry)
        if os.path.isdir(full):
            found = read_cache_folder(full)
            if found is not None:
                out.append(found)
    return out
