"""Many ranks, one story in the editor: a difference between ranks that no compile record states
(a collective sequence that differs, :mod:`inductor_lens.health.ranks`) as a diagnostic on its
model line naming the ranks.  Graph breaks, recompiles and failures on some ranks only are the
compile events' own warnings (:mod:`.health`, which adds these to its table).
"""

from __future__ import annotations

import os

from lsprotocol import types

from ...analysis.core import job_story
from ...analysis.snapshot import Snapshot
from ...model import Frame
from ...text import ranks_words
from .navigation import lsp_location

#: the divergence kinds said here (the others come from compile events or have no line of their own)
KINDS = ("collective",)


def rank_diagnostics(ctx: Snapshot, path: str) -> list[types.Diagnostic]:
    """The diagnostics on ``path`` of the job's divergences of :data:`KINDS`: ``rank 2 only:
    compile 0/0: collectives all_reduce(sum) then all_gather(1 rank) ... vs ...``, a warning on the
    line of the first collective that differs (the sequence most ranks issue: information)."""
    table = ctx.cached(("ranks", "diagnostics"), lambda: _table(ctx))
    return list(table.get(os.path.abspath(path), []))


def _frame(d) -> Frame | None:
    if d.frame is not None:
        return d.frame
    return Frame(d.file, d.line, "", "") if d.file and d.line else None


def _table(ctx: Snapshot) -> dict[str, list[types.Diagnostic]]:
    story = job_story(ctx.index)
    table: dict[str, list[types.Diagnostic]] = {}
    if story is None:
        return table
    entries = [d for d in story.divergence if d.kind in KINDS]
    most = {(d.kind, d.compile_id): max(len(e.ranks) for e in entries if (e.kind, e.compile_id) == (d.kind, d.compile_id)) for d in entries}
    for d in entries:
        frame = _frame(d)
        local = ctx.local(frame) if frame is not None else None
        if frame is None or local is None or local.path is None or local.status == "mismatch":
            continue
        at = ctx.location_of_frame(frame)
        if at is None:
            continue
        majority = len(d.ranks) == most[(d.kind, d.compile_id)]
        table.setdefault(at.path, []).append(
            types.Diagnostic(
                range=lsp_location(at).range,
                message=f"{ranks_words(d.ranks, story.count)}: {d.message}",
                severity=types.DiagnosticSeverity.Information if majority else types.DiagnosticSeverity.Warning,
                source="Inductor Lens",
                code=d.kind,
            )
        )
    return table
