"""Which line of the user's function made a call (:func:`call_line`), and where a profile's frame
files are read (:class:`Sources`): the source side of the eager join (:mod:`.eager`).

A ``python_function`` event of ``torch.profiler`` (``with_stack=True``; PyTorch 2.x's Python
tracer) names a function by its file and *first* line (``train.py(40): main``), and the frames
below it by name (``optimizer.py(512): wrapper``, ``nn.Module: Linear_0``, ``<built-in method
flatten of Tensor object at 0x...>``); the line that was running is found by looking for the call
of the frame below in the function's body.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

from ..files.resolve import copy_beside

_PARAMS = re.compile(r"def \w+\((.*?)\)")
#: a frame's name: ``file(first line): function``
FRAME = re.compile(r"^(?P<file>.+?)\((?P<line>\d+)\): (?P<fn>.+)$")
_MODULE = re.compile(r"^nn\.Module: (?P<cls>\w+?)_\d+$")
_BUILTIN = re.compile(r"^<built-in (?:method|function) (?P<fn>\w+)")
#: callee names that say nothing of what the user called (decorators, wrappers)
_GENERIC = {
    "wrapper",
    "_use_grad",
    "inner",
    "_fn",
    "decorate_context",
    "<lambda>",
    "<genexpr>",
    "_call_impl",
    "_wrapped_call_impl",
    "forward",
}
_STDLIB = set(getattr(sys, "stdlib_module_names", ()))
#: a module's attribute assigned a class: ``self.head = nn.Linear(`` -> ("head", "Linear")
#: a lambda kept in a name: ``step = lambda: train_step(model, opt)``
_LAMBDA = re.compile(r"(?P<name>(?:self\.)?\w+)\s*=\s*lambda\b")
#: a module compiled by ``torch.compile`` kept in a name: ``self.compiled = torch.compile(self.model)``, ``cm = torch.compile(m)``
_COMPILED = re.compile(r"(?P<name>(?:self\.)?\w+)\s*=\s*torch\.compile\(")
_ASSIGN = re.compile(r"self\.(?P<attr>\w+)\s*=\s*(?:[\w.]+\.)?(?P<cls>\w+)\(")


class Sources:
    """Where a profile's frame files are read: a copy beside the profile (its folder, by relative
    path or by name) first, else the trace's own path for that file (``trace_files``: absolute
    paths the trace names) through ``local`` (trace path -> local path or ``None``)."""

    def __init__(
        self,
        profile: str,
        trace_files: list[str],
        local: Callable[[str], str | None] | None = None,
        call_lines: dict[str, set[int]] | None = None,
    ) -> None:
        self.folder = os.path.dirname(os.path.abspath(profile))
        self.trace_files = trace_files
        self.local = local or (lambda p: p if os.path.isfile(p) else None)
        #: trace file -> the lines the compiles' call stacks name in it (exact lines, where a
        #: profile's frame names only its function's first line)
        self.call_lines = call_lines or {}
        self._lines: dict[str, tuple[str, list[str] | None]] = {}
        #: the files found that could not be read: path -> why (``Permission denied``)
        self.unreadable: dict[str, str] = {}

    def read(self, rel: str) -> tuple[str, list[str] | None]:
        """``(file as the trace names it, or rel; its lines or None)``."""
        if rel not in self._lines:
            named = next((f for f in self.trace_files if f.endswith("/" + rel) or f == rel), None)
            by_path = os.path.join(self.folder, rel)
            found = by_path if os.path.isfile(by_path) else copy_beside(rel, [self.folder])
            if found is None and named is not None:
                found = self.local(named)
            lines = None
            if found is not None:
                try:
                    with open(found, encoding="utf-8", errors="replace") as fh:
                        lines = fh.read().splitlines()
                except OSError as exc:  # said by the join (a line that cannot be read cannot be placed at)
                    lines = None
                    self.unreadable[found] = exc.strerror or str(exc)
            self._lines[rel] = (named or rel, lines)
        return self._lines[rel]


def user_file(rel: str) -> bool:
    """A frame file outside ``torch/`` and the standard library (``train.py``, ``transformers/...``)."""
    if rel.startswith(("torch/", "<")) or "/torch/" in rel or "/lib/python" in rel:
        return False
    top = rel.split("/", 1)[0]
    return (top[:-3] if top.endswith(".py") else top) not in _STDLIB


def _callee_tokens(names: list[str], lines: list[str], params: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """``(text to find in a line, the name to show)`` for the frames below the user's frame, the
    nearest first; ``params`` the user function's parameter names."""
    out: list[tuple[str, str]] = []
    for name in names:
        m = FRAME.match(name)
        if m:
            if m["fn"] == "<lambda>":  # a lambda kept in a name: `step = lambda: train_step(...)` is called as step()
                at = int(m["line"])
                kept = _LAMBDA.search(lines[at - 1]) if 0 < at <= len(lines) else None
                if kept is not None:
                    out.append((kept["name"] + "(", kept["name"].removeprefix("self.")))
            elif m["fn"] not in _GENERIC:
                out.append((m["fn"] + "(", m["fn"]))
            continue
        m = _BUILTIN.match(name)
        if m:
            out.append(("." + m["fn"] + "(", m["fn"]))
            out.append((m["fn"] + "(", m["fn"]))
            continue
        m = _MODULE.match(name)
        if m:
            for line in lines:
                for a in _ASSIGN.finditer(line):
                    if a["cls"] == m["cls"]:
                        out.append((f"self.{a['attr']}(", a["attr"]))
                if m["cls"] == "OptimizedModule":  # torch.compile's module: `self.compiled = torch.compile(model)`
                    for a in _COMPILED.finditer(line):
                        out.append((f"{a['name']}(", a["name"].removeprefix("self.")))
            out.append((m["cls"] + "(", m["cls"]))
            # a module passed in or kept in a variable: a call of a parameter, or of the usual names
            out.extend((f"{p}(", p) for p in (*params, "model", "module", "block", "layer") if p)
    return out


def _body(lines: list[str], first: int) -> range:
    """The 1-based lines of the function whose ``def`` is at ``first`` (to where the indentation ends)."""
    if not 1 <= first <= len(lines):
        return range(0)
    head = lines[first - 1]
    indent = len(head) - len(head.lstrip())
    end = first
    for n in range(first + 1, len(lines) + 1):
        text = lines[n - 1]
        if text.strip() and not text.lstrip().startswith("#") and len(text) - len(text.lstrip()) <= indent:
            break
        end = n
    return range(first, end + 1)


def _function_at(lines: list[str], first: int) -> tuple[int, range]:
    """``(def line, body)`` of the function a frame names.  A frame already open when the profile
    started names its current line, not its ``def`` (``train.py(109): profile`` on a loop's
    ``prof.step()``): then the function is the ``def`` around that line (the module without one)."""
    if not 1 <= first <= len(lines):
        return first, range(0)
    text = lines[first - 1].lstrip()
    if text.startswith(("def ", "async def ")) or "lambda" in text:
        return first, _body(lines, first)
    indent = len(lines[first - 1]) - len(text)
    for n in range(first - 1, 0, -1):
        above = lines[n - 1]
        stripped = above.lstrip()
        if not stripped or stripped.startswith("#") or len(above) - len(stripped) >= indent:
            continue
        if stripped.startswith(("def ", "async def ")):
            return n, _body(lines, n)
        indent = len(above) - len(stripped)  # a block that holds the line (for, with, if __name__ ...)
        if indent == 0:
            break  # at module level: no def holds it
    return 1, range(1, len(lines) + 1)


def call_line(lines: list[str], first: int, callees: list[str]) -> tuple[int, str | None]:
    """The line of the function starting at ``first`` that calls the nearest of ``callees`` (frame
    names below it, nearest first) and the callee's name; ``(first, name)`` when none is found."""
    found = find_call_line(lines, first, callees)
    if found is not None:
        return found
    first, _ = _function_at(lines, first)
    return first, next((shown for _, shown in _callee_tokens(callees, lines, _params(lines, first))), None)


def _params(lines: list[str], first: int) -> tuple[str, ...]:
    """The parameter names of the ``def`` at line ``first`` (none when it is no ``def``)."""
    head = lines[first - 1] if 0 < first <= len(lines) else ""
    m = _PARAMS.search(head)
    return tuple(p.split("=")[0].split(":")[0].strip().lstrip("*") for p in m[1].split(",")) if m else ()


def find_call_line(lines: list[str], first: int, callees: list[str]) -> tuple[int, str | None] | None:
    """What :func:`call_line` finds, or ``None`` when no line of the body calls any of ``callees``
    (a call through ``getattr(self, name)()``: no name to look for)."""
    first, body = _function_at(lines, first)
    for token, shown in _callee_tokens(callees, lines, _params(lines, first)):
        for n in body:
            if (n > first or len(body) == 1) and not lines[n - 1].lstrip().startswith(("def ", "async def ", "class ")):
                if token in lines[n - 1]:
                    return n, shown
    return None


def known_line_in_function(lines: list[str], first: int, known: set[int]) -> int | None:
    """The one line of ``known`` (lines a compile's call stack names) inside the body of the
    function a frame names by ``first``, or ``None`` (none, or several: no way to choose)."""
    start, body = _function_at(lines, first)
    inside = [n for n in known if n in body and n != start]
    return inside[0] if len(inside) == 1 else None
