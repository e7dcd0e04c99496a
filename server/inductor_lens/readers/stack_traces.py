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

_FRAME = re.compile(r'^\s*File "(?P<file>.+)", line (?P<line>\d+), in (?P<func>.+)$')
_CARET = re.compile(r"^\s*[\^~]+\s*$")


def parse_stack_trace(text: str, stack: int = 0) -> list[Frame]:
    """Frames of one traceback string, outermost first; the last one is marked ``innermost``."""
    frames: list[tuple[str, int, str, str]] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = _FRAME.match(lines[i])
        i += 1
        if match is None:
            continue
        code = ""
        if i < len(lines) and not _FRAME.match(lines[i]) and not _CARET.match(lines[i]):
            code = lines[i].strip()
            i += 1
        frames.append((match["file"], int(match["line"]), match["func"].strip(), code))
    last = len(frames) - 1
    return [Frame(f, n, fn, code, stack, idx == last) for idx, (f, n, fn, code) in enumerate(frames)]


def parse_stack_traces(value, where: str = "") -> dict[str, list[Frame]]:
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
            parsed = parse_stack_trace(text, stack=len(seen_stacks))
            ident = tuple((f.file, f.line) for f in parsed)
            if not parsed or ident in seen_stacks:
                continue
            seen_stacks.add(ident)
            frames.extend(parsed)
        out[key] = frames
    return out
