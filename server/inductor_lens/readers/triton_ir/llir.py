"""LLVM IR line info (``triton/backends/nvidia/compiler.py`` ``make_llir``, Triton 3.x): an
instruction's ``!dbg !N`` names ``!N = !DILocation(line: L, column: C, scope: !S, inlinedAt: !M)``;
the scope (``!DISubprogram`` / ``!DILexicalBlock`` / ``!DILexicalBlockFile``) names ``file: !F``,
``!F = !DIFile(filename: "...", directory: "...")``.  An instruction belongs to its own location's
kernel-file line; one whose own location is in another file goes to the outermost kernel-file line
of its ``inlinedAt`` chain (:attr:`LineMap.inlined`).  ``define`` lines are not instructions.
"""

from __future__ import annotations

import re

from .common import LineMap, same_file

_META = re.compile(r"^!(\d+)\s*=\s*(?:distinct\s+)?!(\w+)\((.*)\)\s*$")
_FIELD = re.compile(r'(\w+):\s*("(?:[^"\\]|\\.)*"|![0-9]+|[-\w]+)')
_DBG = re.compile(r"!dbg !(\d+)")


def llir_line_map(text: str, kernel_file: str) -> LineMap:
    """The :class:`LineMap` of an ``.llir`` file's text for the kernel whose file is ``kernel_file``."""
    lines = text.split("\n")
    meta: dict[str, tuple[str, dict[str, str]]] = {}
    for raw in lines:
        if raw.startswith("!"):
            m = _META.match(raw)
            if m:
                meta[m.group(1)] = (m.group(2), {k: v for k, v in _FIELD.findall(m.group(3))})
    file_of_scope: dict[str, str | None] = {}

    def scope_file(ref: str, depth: int = 0) -> str | None:
        if ref in file_of_scope:
            return file_of_scope[ref]
        file_of_scope[ref] = None
        kind, fields = meta.get(ref, ("", {}))
        path = None
        f = fields.get("file")
        if f is not None and f.startswith("!"):
            fk, ff = meta.get(f[1:], ("", {}))
            if fk == "DIFile":
                name = ff.get("filename", '""').strip('"')
                folder = ff.get("directory", '""').strip('"')
                path = name if name.startswith("/") or not folder else f"{folder.rstrip('/')}/{name}"
        elif depth < 32 and fields.get("scope", "").startswith("!"):
            path = scope_file(fields["scope"][1:], depth + 1)
        file_of_scope[ref] = path
        return path

    chains: dict[str, tuple[tuple[str | None, int], ...]] = {}

    def chain(ref: str, depth: int = 0) -> tuple[tuple[str | None, int], ...]:
        if ref in chains:
            return chains[ref]
        chains[ref] = ()
        kind, fields = meta.get(ref, ("", {}))
        if kind != "DILocation":
            return ()
        here = (scope_file(fields.get("scope", "!")[1:]), int(fields.get("line", "0") or 0))
        outer = fields.get("inlinedAt")
        found = (here,) + (chain(outer[1:], depth + 1) if outer and outer.startswith("!") and depth < 64 else ())
        chains[ref] = found
        return found

    same: dict[str | None, bool] = {}

    def ours(path: str | None) -> bool:
        if path not in same:
            same[path] = path is not None and same_file(path, kernel_file)
        return same[path]

    out = LineMap("llir")
    for n, raw in enumerate(lines, 1):
        if "!dbg !" not in raw or raw.startswith(("define", "!", "declare")):
            continue
        m = _DBG.search(raw)
        if m is None:
            continue
        frames = chain(m.group(1))
        if frames and ours(frames[0][0]):
            out.add(frames[0][1], n)
            continue
        outer = [line for path, line in frames if ours(path)]
        out.add(outer[-1] if outer else None, n, inlined=bool(outer))
    return out
