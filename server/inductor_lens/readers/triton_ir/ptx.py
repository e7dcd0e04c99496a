"""PTX line info: ``.file N "FILE"`` and ``.loc N LINE COL`` directives (PTX ISA §11.7, as LLVM's
NVPTX back end writes them for Triton 3.x, ``triton/backends/nvidia/compiler.py`` ``make_ptx``).

An instruction belongs to the kernel-file line of the ``.loc`` above it; ``.loc F 0 ...`` is "no
source line".  Under a ``.loc`` of another file (Triton's library), LLVM's comment after the
directive gives the inlining chain (``// standard.py:263:15 @[ standard.py:293:36 @[ k.py:40:24 ] ]``):
its outermost kernel-file frame is the line the instruction is :attr:`LineMap.inlined` into.
An instruction is a line that ends with ``;`` and is not a directive (``.reg``, ``.param``...).
"""

from __future__ import annotations

import re

from .common import LineMap, same_file

_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]*)"')
_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+(\d+)")
_CHAIN = re.compile(r"@\[\s*([^\s:\]]+):(\d+):\d+")


def ptx_line_map(text: str, kernel_file: str) -> LineMap:
    """The :class:`LineMap` of a PTX file's text for the kernel whose file is ``kernel_file`` (as
    the line info names it, or its local copy: compared by :func:`~.common.same_file`)."""
    lines = text.split("\n")
    files: dict[str, str] = {}
    for raw in lines:
        m = _FILE.match(raw)
        if m:
            files[m.group(1)] = m.group(2)
    kernel_ids = {n for n, path in files.items() if same_file(path, kernel_file)}
    kernel_base = kernel_file.replace("\\", "/").rsplit("/", 1)[-1]
    out = LineMap("ptx")
    current: tuple[int | None, bool] = (None, False)
    for n, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s:
            continue
        if s.startswith(".loc"):
            m = _LOC.match(s)
            if m is None:
                continue
            fid, line = m.group(1), int(m.group(2))
            if fid in kernel_ids:
                current = (line or None, False)
            else:  # Triton's library: the outermost kernel-file frame of the comment's chain, if any
                outer = [int(c.group(2)) for c in _CHAIN.finditer(s) if c.group(1) == kernel_base]
                current = (outer[-1] if outer and line else None, True)
            continue
        if s[0] in ".$/{}" or not s.endswith(";"):
            continue  # directive, label, comment, brace
        kline, inlined = current
        out.add(kline, n, inlined=inlined and kline is not None)
    return out
