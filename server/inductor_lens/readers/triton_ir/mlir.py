"""TTIR / TTGIR line info: MLIR locations (``triton/compiler/compiler.py`` writes the module with
``enable_debug_info``: ``mlir::OpPrintingFlags`` with locations, Triton 3.x).

Every op line ends with its location ``loc(...)``; ``#locN = loc(...)`` lines at the top and bottom
define aliases.  A location is ``"FILE":L:C``, ``unknown``, a named location ``"tmp0"(inner)``, a
``callsite(callee at caller)`` (Triton's library inlined into a kernel line), or ``fused[...]``.
An op belongs to the kernel-file line of its own location; an op whose own location is in another
file goes to the outermost kernel-file line of its call chain as :attr:`LineMap.inlined`.
"""

from __future__ import annotations

import re

from .common import LineMap, same_file

_ALIAS = re.compile(r"^(#loc\d*)\s*=\s*loc\((.*)\)\s*$")
_FILE_LOC = re.compile(r'^"((?:[^"\\]|\\.)*)":(\d+):(\d+)')
_NAMED = re.compile(r'^"(?:[^"\\]|\\.)*"\((.*)\)$')


def _trailing_loc(line: str) -> str | None:
    """The expression of the ``loc(...)`` that ends ``line``, or None."""
    s = line.rstrip()
    if not s.endswith(")"):
        return None
    depth, quoted = 0, False
    for i in range(len(s) - 1, -1, -1):
        ch = s[i]
        if ch == '"' and (i == 0 or s[i - 1] != "\\"):
            quoted = not quoted
        elif quoted:
            continue
        elif ch == ")":
            depth += 1
        elif ch == "(":
            depth -= 1
            if depth == 0:
                return s[i + 1 : -1] if s[max(0, i - 3) : i] == "loc" else None
    return None


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets and quotes."""
    parts, depth, quoted, start, i = [], 0, False, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == '"' and (i == 0 or text[i - 1] != "\\"):
            quoted = not quoted
        elif not quoted:
            if ch in "([<{":
                depth += 1
            elif ch in ")]>}":
                depth -= 1
            elif depth == 0 and text.startswith(sep, i):
                parts.append(text[start:i])
                i += len(sep)
                start = i
                continue
        i += 1
    parts.append(text[start:])
    return parts


class _Resolver:
    """Location expressions -> their file frames, innermost first (aliases resolved once)."""

    def __init__(self, aliases: dict[str, str]) -> None:
        self.aliases = aliases
        self.memo: dict[str, tuple[tuple[str, int], ...]] = {}

    def frames(self, expr: str, depth: int = 0) -> tuple[tuple[str, int], ...]:
        expr = expr.strip()
        if depth > 64:
            return ()
        if expr.startswith("#loc"):
            found = self.memo.get(expr)
            if found is None:
                self.memo[expr] = ()  # a cycle resolves to nothing
                found = self.memo[expr] = self.frames(self.aliases.get(expr, "unknown"), depth + 1)
            return found
        if expr.startswith("loc(") and expr.endswith(")"):
            return self.frames(expr[4:-1], depth + 1)
        m = _FILE_LOC.match(expr)
        if m:
            return ((m.group(1), int(m.group(2))),)
        if expr.startswith("callsite(") and expr.endswith(")"):
            parts = _split_top(expr[len("callsite(") : -1], " at ")
            if len(parts) == 2:
                return self.frames(parts[0], depth + 1) + self.frames(parts[1], depth + 1)
            return ()
        if expr.startswith("fused"):
            body = expr[expr.find("[") + 1 : expr.rfind("]")] if "[" in expr else ""
            for part in _split_top(body, ","):
                found = self.frames(part, depth + 1)
                if found:
                    return found
            return ()
        m = _NAMED.match(expr)
        if m:
            return self.frames(m.group(1), depth + 1)
        return ()  # unknown


def mlir_line_map(text: str, kernel_file: str, form: str = "ttgir") -> LineMap:
    """The :class:`LineMap` of a TTIR or TTGIR file's text (``form``) for the kernel whose file is
    ``kernel_file``: every line that ends with a location and is not an alias definition is an op."""
    lines = text.split("\n")
    aliases: dict[str, str] = {}
    for raw in lines:
        if raw.startswith("#loc"):
            m = _ALIAS.match(raw)
            if m:
                aliases[m.group(1)] = m.group(2)
    resolve = _Resolver(aliases)
    kernel_seen: dict[str, bool] = {}

    def ours(path: str) -> bool:
        found = kernel_seen.get(path)
        if found is None:
            found = kernel_seen[path] = same_file(path, kernel_file)
        return found

    out = LineMap(form)
    for n, raw in enumerate(lines, 1):
        if raw.startswith("#"):
            continue
        expr = _trailing_loc(raw)
        if expr is None:
            continue
        frames = resolve.frames(expr)
        if frames and ours(frames[0][0]):
            out.add(frames[0][1], n)
            continue
        outer = [line for path, line in frames if ours(path)]
        out.add(outer[-1] if outer else None, n, inlined=bool(outer))
    return out
