"""The editor's *Compare with Trace...*: a comparison of another run (the baseline, A) with the
traces open in the editor (this run, B) placed on the lines of the local model files.

``compare_answer`` is the ``inductorLens/compare`` answer::

    {headline, time, causes, notes, summary, runs, options, compiles, problems: [{path, line, message}],
     rows: [{change, file, code, path, line, lens, hover, delta_us, words, text, code_a, why, time_a_us, time_b_us, moved,
             kernels: [{a: {name, path, start, end} | null, b: {...} | null}]}]}

``headline``, ``time``, ``causes`` and ``notes`` are ``diff --json``'s (the wall clock and the
causes ranked, :mod:`inductor_lens.diff.compare`); ``text``/``code_a``/``why`` a row's text pairing; ``time_a_us``/``time_b_us`` its
compiled device time per step in each run and ``moved`` (``more``/``less``/null) whether it moved
by over 5% (a batch size doubled moves every line's time and no line's kernels).

``path``/``line`` are where the row lies in this workspace (B's line resolved by the snapshot,
moved lines followed; for a row only the baseline has, its own line when the local file still has
that text there), null when nowhere; ``lens`` reads ``41 µs → 29 µs (-29%) · changed · 3 → 2 kernels`` (:func:`lens_text`);
``kernels`` the matched kernel pairs of the row with the lines of their sources in each run's
output code (for *Open Kernel Diff*); ``problems`` the graph breaks of this run that the baseline
has not (by file name, code and reason), placed on the local lines (the Problems view).
"""

from __future__ import annotations

from ...analysis.comparison import Comparison
from ...analysis.run_facts import new_graph_breaks
from ...analysis.run_lines import LineDiff, SideLine
from ...analysis.snapshot import Snapshot
from ...diff.compare import comparison_json
from ...model import Frame
from ...text import format_us


def _time(side: SideLine | None) -> str:
    return format_us(side.measured_us) if side is not None and side.measured_us is not None else "-"


def lens_text(d: LineDiff, per_step: tuple[float | None, float | None] = (None, None)) -> str:
    """The comparison's own short lens, the time first: ``977 µs → 1.7 ms/step (+70%) · same 2
    kernels``, ``41 µs → 29 µs (-29%) · changed · 3 → 2 kernels``, ``new here · 0 → 2 kernels``.
    ``per_step``: the row's compiled time per step in A and B (:func:`time_move`), else the
    window's totals are given."""
    na = len(d.a.kernels) if d.a else 0
    nb = len(d.b.kernels) if d.b else 0
    plural = "s" if nb != 1 else ""
    if d.change == "same" and na == nb:
        kernels = f"same {nb} kernel{plural}"
    else:
        label = {"added": "new here", "removed": "gone here", "changed": "changed", "same": "same kernels"}[d.change]
        kernels = f"{label} · {na} → {nb} kernel{plural}"
    ta, tb = per_step if per_step[0] is not None and per_step[1] is not None else (d.time("a"), d.time("b"))
    unit = "/step" if per_step[0] is not None and per_step[1] is not None else ""
    if ta is None or tb is None:
        return kernels
    pct = f" ({tb / ta - 1:+.0%})" if ta else ""
    return f"{format_us(ta)} → {format_us(tb)}{unit}{pct} · {kernels}"


def _kernels_cell(side: SideLine | None) -> str:
    if side is None:
        return "-"
    return "<br>".join(f"`{f}`" + (f" ×{n}" if n > 1 else "") for f, n in sorted(side.kernels.items()))


def hover_text(d: LineDiff) -> str:
    """The A | B table of a row, then what changed."""
    rows = ["| | baseline (A) | this run (B) |", "|---|---|---|", f"| kernels | {_kernels_cell(d.a)} | {_kernels_cell(d.b)} |"]
    rows.append(f"| time | {_time(d.a)} | {_time(d.b)} |")
    if d.a is not None or d.b is not None:
        rows.append(f"| line | {d.where_a or '-'} | {d.where_b or '-'} |")
    words = "\n".join(f"- {w}" for w in d.words)
    return f"**Compared with the baseline: {d.change}**\n\n" + "\n".join(rows) + (f"\n\n{words}" if words else "")


def time_move(comparison: Comparison, d: LineDiff) -> tuple[float | None, float | None, str | None]:
    """A row's compiled device time per step in A and B (µs; per call over the window when a
    profile has no steps) and whether it moved: ``"more"``/``"less"`` when B's is over 5% and 1 µs
    away from A's (the rule of ``diff``'s title, :func:`inductor_lens.diff.table._time_moves`), else
    None; (None, None, None) when a side is unmeasured."""
    ta, tb = d.time("a"), d.time("b")
    if ta is None or tb is None:
        return None, None, None
    steps = (comparison.time["a"]["steps"] or 1, comparison.time["b"]["steps"] or 1) if comparison.time else (1, 1)
    ta, tb = ta / steps[0], tb / steps[1]
    moved = "more" if tb > ta * 1.05 and tb - ta >= 1.0 else "less" if tb < ta / 1.05 and ta - tb >= 1.0 else None
    return round(ta, 3), round(tb, 3), moved


def _where(snapshot: Snapshot, d: LineDiff) -> tuple[str | None, int | None]:
    side = d.b or d.a
    if side is None:
        return None, None
    local = snapshot.local(Frame(side.file, side.line, "", side.code))
    if local.path is None or (d.b is None and local.status not in ("ok", "moved")):
        return local.path if d.b is not None else None, local.line if d.b is not None else None
    return local.path, local.line


def _source(comparison: Comparison, side: int, kernel) -> dict | None:
    lines = comparison.kernel_source_lines(side, kernel)
    if lines is None:
        return None
    return {"name": kernel.name, "path": kernel.definition.path, "start": lines[0], "end": lines[1]}


def compare_answer(snapshot: Snapshot, comparison: Comparison) -> dict:
    """The ``inductorLens/compare`` answer (see the module docstring)."""
    doc = comparison_json(comparison)
    facts = comparison.indexes is not None
    rows = []
    for d in comparison.lines:
        path, line = _where(snapshot, d)
        pairs = []
        if facts:
            for p in comparison.pairs:
                if d.key in p.a.lines or d.key in p.b.lines:
                    a, b = _source(comparison, 0, p.a.kernel), _source(comparison, 1, p.b.kernel)
                    if a is not None or b is not None:
                        pairs.append({"a": a, "b": b})
        time_a, time_b, moved = time_move(comparison, d)
        rows.append(
            {
                "change": d.change,
                "file": d.key[0],
                "code": d.key[1],
                "path": path,
                "line": line,
                "lens": lens_text(d, (time_a, time_b) if comparison.time and comparison.time["per"] == "step" else (None, None)),
                "hover": hover_text(d),
                "delta_us": None if d.delta_us is None else round(d.delta_us, 3),
                "words": d.words,
                "text": d.text,
                "code_a": d.code_a,
                "why": d.why,
                "kernels": pairs,
                "time_a_us": time_a,
                "time_b_us": time_b,
                "moved": moved,
            }
        )
    problems = []
    if comparison.indexes:
        for e in new_graph_breaks(*comparison.indexes):
            local = snapshot.local(e.location) if e.location is not None else None
            if local is not None and local.path is not None:
                problems.append(
                    {
                        "path": local.path,
                        "line": local.line,
                        "message": f"new since the baseline: graph break in compile {e.compile_id}: {e.message}",
                    }
                )
    return {
        "headline": doc["headline"],
        "time": doc["time"],
        "causes": doc["causes"],
        "notes": doc["notes"],
        "summary": doc["summary"],
        "runs": doc["runs"],
        "options": doc["options"],
        "compiles": doc["compiles"],
        "rows": rows,
        "problems": problems,
    }
