"""SASS and the cubin's resource facts.

``nvdisasm -g -c KERNEL.cubin`` (CUDA's disassembler; on the package index as
``nvidia-cuda-nvdisasm``) prints each instruction as ``/*0040*/  ULDC.64 UR6, c[0x0][0x208] ;``
under comment lines ``//## File "FILE", line L`` taken from the cubin's line info (Triton builds
it with ``-lineinfo``): an instruction belongs to the kernel-file line of the ``//## File``
line above it; under another file's (Triton's library) to none (``nvdisasm -g`` gives no inlining
chain).  ``STL``/``LDL`` are local-memory stores and loads: with Triton's kernels, register spills.

The cubin is an ELF file whose ``.nv.info.<kernel>`` / ``.nv.info`` sections hold attribute
records (``EIATTR_*``: format byte, attribute byte, then a 2-byte value, or a 2-byte size and
that many bytes): ``EIATTR_REGCOUNT`` (0x2f) is the registers per thread, ``EIATTR_FRAME_SIZE``
(0x11) the bytes of local memory per thread (spilled registers and local arrays).
"""

from __future__ import annotations

import re
import struct

from .common import LineMap, same_file

_LINE = re.compile(r'^\s*//## File "([^"]*)", line (\d+)')
_INSN = re.compile(r"^\s*/\*[0-9a-f]{4,}\*/\s+(\S.*?);")
_SPILL = re.compile(r"\b(?:STL|LDL)\b")
EIATTR_REGCOUNT = 0x2F
EIATTR_FRAME_SIZE = 0x11


def sass_line_map(text: str, kernel_file: str) -> tuple[LineMap, int]:
    """(the :class:`LineMap` of ``nvdisasm -g`` output, the count of local-memory loads and stores)."""
    out = LineMap("sass")
    spills = 0
    current: int | None = None
    same: dict[str, bool] = {}
    for n, raw in enumerate(text.split("\n"), 1):
        m = _LINE.match(raw)
        if m:
            path = m.group(1)
            if path not in same:
                same[path] = same_file(path, kernel_file)
            current = int(m.group(2)) if same[path] else None
            continue
        i = _INSN.match(raw)
        if i is None:
            continue
        out.add(current, n)
        if _SPILL.search(i.group(1)):
            spills += 1
    return out, spills


_OFFSET = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(\S.*?)\s*;")


def sass_instructions(text: str) -> list[tuple[int, int, str]]:
    """``(line in the text, byte offset in the function, instruction)`` of each instruction of
    ``nvdisasm`` output, the instruction's whitespace collapsed and without its ``;`` (as Nsight
    Compute's source page writes it)."""
    out = []
    for n, raw in enumerate(text.split("\n"), 1):
        m = _OFFSET.match(raw)
        if m:
            out.append((n, int(m.group(1), 16), " ".join(m.group(2).split())))
    return out


def cubin_resources(data: bytes, kernel: str) -> dict[str, int]:
    """``{"registers": N, "local_bytes": M}`` of ``kernel`` from a cubin's ``.nv.info`` records
    (only what is found; ``{}`` for a file that is not a 64-bit little-endian ELF)."""
    if len(data) < 64 or data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return {}
    try:
        shoff = struct.unpack_from("<Q", data, 0x28)[0]
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
        sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
        names_at = sections[shstrndx][4]

        def name(sec) -> str:
            start = names_at + sec[0]
            return data[start : data.index(b"\0", start)].decode("ascii", "replace")

        out: dict[str, int] = {}
        for sec in sections:
            if name(sec) not in (".nv.info", f".nv.info.{kernel}"):
                continue
            at, end = sec[4], sec[4] + sec[5]
            while at + 4 <= end:
                fmt, attr = data[at], data[at + 1]
                if fmt == 0x04:  # EIFMT_SVAL: a size, then (symbol index, value) for these attributes
                    size = struct.unpack_from("<H", data, at + 2)[0]
                    if attr in (EIATTR_REGCOUNT, EIATTR_FRAME_SIZE) and size >= 8:
                        value = struct.unpack_from("<I", data, at + 8)[0]
                        out["registers" if attr == EIATTR_REGCOUNT else "local_bytes"] = value
                    at += 4 + size
                else:
                    at += 4
        return out
    except (struct.error, IndexError, ValueError):
        return {}
