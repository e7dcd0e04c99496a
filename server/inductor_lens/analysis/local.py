"""Where a trace frame is on this machine: :class:`LocalFrame`, a frame's line found in the local
file (the traced line, a few lines away in another version of the file, or not at all).

Used by :class:`inductor_lens.analysis.snapshot.Snapshot` for every answer that names a local line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Frame

#: How far (in lines) a frame's code is searched for when the local file's line differs.
NEARBY = 40


def function_line(frame: Frame, path: str, lines: list[str]) -> "LocalFrame":
    """A frame without code text (a compiled function's first line, from ``dynamo_start`` or
    ``compilation_metrics``): ``ok`` when the traced line still holds the ``def`` of its function
    (or a decorator), ``moved`` to the ``def`` a few lines away (another version of the file),
    ``mismatch`` when no such ``def`` is near (another file at that path: nothing is placed on
    it).  A resume function (``torch_dynamo_resume_in_f_at_29``, no ``def`` of its own) and a
    name that is not an identifier (``<module>``) are ``ok`` where the file has the line."""
    name = frame.function
    at = frame.line
    if not name or not name.isidentifier() or name.startswith(_RESUME):
        return LocalFrame(frame, path, at, "ok" if 0 < at <= len(lines) else "mismatch")
    def_of = re.compile(rf"\s*(?:async\s+)?def\s+{re.escape(name)}\b")

    def holds(line: int) -> bool:
        return 0 < line <= len(lines) and def_of.match(lines[line - 1]) is not None

    if holds(at) or (0 < at <= len(lines) and lines[at - 1].lstrip().startswith("@")):
        return LocalFrame(frame, path, at, "ok")
    for delta in range(1, NEARBY + 1):
        for line in (at - delta, at + delta):
            if holds(line):
                return LocalFrame(frame, path, line, "moved")
    return LocalFrame(frame, path, at, "mismatch")


#: The name Dynamo gives the function that resumes a frame after a graph break.
_RESUME = "torch_dynamo_resume_in_"


@dataclass(slots=True, frozen=True)
class LocalFrame:
    """Where a trace frame is on this machine.

    ``status``: ``ok`` (the line's text equals the frame's code), ``moved`` (found ``line`` a few
    lines away: another version of the file), ``mismatch`` (file found, code not), ``unresolved``
    (no local file; ``path`` is ``None``).
    """

    frame: Frame
    path: str | None
    line: int
    status: str
