"""Reader for the ``inductor_provenance_tracking_kernel_stack_traces`` artifact (PyTorch 2.9+).

Shape: ``{kernel_key: [stack_trace_string, ...]}``, keys as in the node mappings
(``name:handle``), written by ``torch/_inductor/compile_fx.py`` from
``debug._inductor_kernel_stack_trace`` with ``json.dumps`` (TORCH_TRACE only).  Each string is
Python traceback text, outermost frame first: ``  File "<file>", line <n>, in <fn>\\n    <code>``
(Dynamo, with caret lines on Python >= 3.11) or the same without leading spaces (export/AOTI).
FX parses the same way (``torch/fx/graph.py`` ``_parse_stack_trace``).
"""

from __future__ import annotations

import re

from ..model import Frame

_CARET = re.compile(r"^\s*[\^~]+\s*$")


_FRAME_AND_CODE = re.compile(
    r'^[ \t]*File "(?P<file>.+)", line (?P<line>\d+), in (?P<func>[^\n]+)\n?(?P<code>(?![ \t]*File ")[^\n]*)?', re.M
)


def parse_stack_trace(text: str, stack: int = 0) -> list[Frame]:
    """Frames of one traceback string, outermost first; the last one is marked ``innermost``.

    Equal frames are the same object (interned), so the index and its cache hold each once.
    """
    found = _parse_cached(text)
    last = len(found) - 1
    out = []
    for idx, (f, n, fn, code) in enumerate(found):
        frame = Frame(f, n, fn, code, stack, idx == last)
        out.append(_FRAMES.setdefault(frame, frame))
    return out


_FRAMES: dict[Frame, Frame] = {}


_CACHE: dict[str, tuple] = {}


def _parse_cached(text: str) -> tuple:
    """(file, line, function, code) per frame; identical strings (frequent: every kernel of a
    layer repeats its outer frames) are parsed once."""
    found = _CACHE.get(text)
    if found is None:
        frames = []
        for m in _FRAME_AND_CODE.finditer(text):
            code = (m["code"] or "").strip()
            if _CARET.match(code):
                code = ""
            frames.append((m["file"], int(m["line"]), m["func"].strip(), code))
        found = tuple(frames)
        if len(_CACHE) > 50_000:
            _CACHE.clear()
            _FRAMES.clear()
        _CACHE[text] = found
    return found


_STACKS: dict[tuple[str, int], tuple[list[Frame], tuple]] = {}


def _stack(text: str, stack: int) -> tuple[list[Frame], tuple]:
    """(frames, their (file, line) identity) of one string at position ``stack``, made once per
    distinct (string, position): GPT-2's kernels repeat a few hundred strings ~1,300 times."""
    found = _STACKS.get((text, stack))
    if found is None:
        parsed = parse_stack_trace(text, stack)
        if len(_STACKS) > 50_000:
            _STACKS.clear()
        found = _STACKS[(text, stack)] = (parsed, tuple((f.file, f.line) for f in parsed))
    return found


def parse_stack_traces(value) -> dict[str, list[Frame]]:
    """``{key: [frames of every string, in order]}`` from the parsed artifact; bad entries are skipped."""
    out: dict[str, list[Frame]] = {}
    if not isinstance(value, dict):
        return out
    for key, strings in value.items():
        if not isinstance(key, str) or not isinstance(strings, list):
            continue
        frames: list[Frame] = []
        seen_stacks: set[tuple] = set()
        for text in strings:
            if not isinstance(text, str):
                continue
            parsed, ident = _stack(text, len(seen_stacks))
            if not parsed or ident in seen_stacks:
                continue
            seen_stacks.add(ident)
            frames.extend(parsed)
        out[key] = frames
    return out
