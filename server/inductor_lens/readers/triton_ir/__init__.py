"""Readers of what Triton compiled a kernel to, as its compile cache keeps it (Triton 3.x).

A kernel's cache folder (``<TRITON_CACHE_DIR>/<hash>/``, under Inductor
``<inductor cache>/triton/<device>/<hash>/``; ``triton/compiler/compiler.py`` and
``triton/runtime/cache.py``) holds ``<name>.source .ttir .ttgir .llir .ptx .cubin``, the metadata
``<name>.json`` (hash, target, ``num_warps``, ``num_stages``, ``shared``...) and
``__grp__<name>.json``.  :mod:`.folder` reads a folder; each IR form's own line info becomes a
:class:`LineMap` (which lines of the IR file each line of the kernel's file became):

* :mod:`.mlir`: TTIR and TTGIR, ``loc("FILE":L:C)`` with ``#locN`` aliases, named and ``callsite`` locations;
* :mod:`.llir`: LLVM IR, ``!dbg`` -> ``!DILocation`` -> scope -> ``!DIFile``, ``inlinedAt`` chains;
* :mod:`.ptx`: PTX ``.file N "FILE"`` and ``.loc N L C`` directives;
* :mod:`.sass`: ``nvdisasm -g`` output (``//## File "FILE", line L``) and the cubin's ``.nv.info`` (registers, frame size).

Plain data, never raising on bad content; only ``OSError`` for unreadable files.  May import
nothing of the package but the standard library.
"""

from __future__ import annotations

from .common import FORMS, LineMap
from .folder import TritonCacheFolder, list_cache_folders, read_cache_folder
from .llir import llir_line_map
from .mlir import mlir_line_map
from .ptx import ptx_line_map
from .sass import cubin_resources, sass_instructions, sass_line_map

__all__ = [
    "FORMS",
    "LineMap",
    "TritonCacheFolder",
    "cubin_resources",
    "list_cache_folders",
    "llir_line_map",
    "mlir_line_map",
    "ptx_line_map",
    "read_cache_folder",
    "sass_instructions",
    "sass_line_map",
]
