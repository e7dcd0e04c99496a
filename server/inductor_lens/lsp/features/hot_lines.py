"""``inductorLens/hotLines``: where the time goes, across files, for the Hot Lines view and the
gutter heat marks; and the once-said note when no file of the workspace is in any stack.

The ranking is :func:`inductor_lens.timing.hot_lines.hot_lines` (the one definition of a line's
time: each launch's measured time split across its model lines, so the rows add up; by launches
without a profile), resolved to local files by the snapshot.  Pure functions of a
:class:`~inductor_lens.analysis.snapshot.Snapshot`; lines 1-based here, 0-based on the wire.
"""

from __future__ import annotations

import os

from ...analysis.snapshot import Snapshot, uri
from ...files.trace_paths import code_kind
from ...model import Frame

#: Rows the answer holds at most (the view lists them; heat marks need every line of the open files).
MAX_ROWS = 500


def _where(ctx: Snapshot, frame: Frame) -> dict:
    """``{uri, line (0-based), file, basename, code, local}`` of a frame (``uri`` null when no local file)."""
    local = ctx.local(frame)
    found = local.path is not None and local.status != "mismatch"
    return {
        "uri": uri(local.path) if found and local.path else None,
        "line": (local.line if found else frame.line) - 1,
        "file": frame.file,
        "basename": frame.basename,
        "code": frame.code,
        "kind": code_kind(frame.file),
    }


def hot_lines_answer(ctx: Snapshot) -> dict:
    """``{measured, heading, total_us, lines_us, runs, clock, rows: [...], more, calls: [...],
    steps: [...]}``
    (``total_us`` every measured kernel's time, ``lines_us`` the part on model lines): ``rows`` each
    ``{uri, line, file, basename, code, kind, share_us, percent, by_graph, launches, ops, kernels,
    caller, eager_us, eager_call}`` sorted by share plus eager time (``measured``; ``eager_us`` the
    device time launched outside compiled code at the line over the window, profiles with Python
    stacks, else null; ``eager_call`` what it called there most, e.g. ``cross_entropy``) or by launches; ``calls`` the user's lines that call
    compiled code ``{uri, line, ..., compile_ids, kernels, measured_us, percent}``; ``steps`` each
    profile's whole step ``{profile, line, steps, wall_us, ...}`` (:mod:`inductor_lens.timing.step`;
    ``line`` as ``report`` prints it first)."""
    return ctx.cached(("hotLines",), lambda: _answer(ctx))


def _answer(ctx: Snapshot) -> dict:
    # every kernel ranked (the snapshot complete): the profiles' eager time at lines joins the
    # ranking (share + eager, as report ranks), else the graphs indexed so far
    hot = ctx.hot_lines() if ctx.complete else ctx.hot_lines([k for g in ctx.graphs for k in g.kernels])
    rows = []
    for row in hot.rows[:MAX_ROWS]:
        item = _where(ctx, row.frame)
        item.update(
            share_us=None if row.share_us is None else round(row.share_us, 3),
            percent=None if row.percent is None else round(row.percent, 3),
            by_graph={k: round(v, 3) for k, v in row.by_graph.items()},
            launches=row.launches,
            ops=row.ops,
            kernels=len(row.kernels),
            caller=_where(ctx, row.caller) if row.caller is not None else None,
            eager_us=None if row.eager_us is None else round(row.eager_us, 3),
            eager_call=row.eager_call(),
        )
        rows.append(item)
    calls = []
    for (path, line), site in sorted(ctx.local_call_sites.items()):
        item = _where(ctx, site.frame)
        item.update(
            uri=uri(path),
            line=line - 1,
            innermost=site.innermost,
            compile_ids=site.compile_ids,
            graphs=[g.kind for g in site.graphs],
            kernels=site.kernels,
            measured_us=None if site.measured_us is None else round(site.measured_us, 3),
            percent=None if site.percent is None else round(site.percent, 3),
        )
        calls.append(item)
    return {
        "measured": hot.measured,
        "heading": hot.heading(),
        "total_us": round(hot.total_us, 3),
        "lines_us": round(hot.lines_us, 3),
        "runs": hot.runs,
        "clock": hot.clock,
        "rows": rows,
        "more": max(0, len(hot.rows) - MAX_ROWS),
        "calls": calls,
        # the whole step of each profile (issue 45): the view's header and the status bar
        "steps": [{"profile": v.profile, "line": v.line, **v.step.to_json()} for v in ctx.steps()],
    }


def workspace_note(ctx: Snapshot, folders: list[str]) -> str | None:
    """When the index has kernels and no file under the workspace ``folders`` has a lens (no
    model line, no call of compiled code), what to say once: which files do have lenses."""
    if not folders or not any(g.kernels for g in ctx.graphs):
        return None
    roots = [os.path.abspath(f) + os.sep for f in folders]
    files = set(ctx.lines_of_file) | set(ctx.call_lines_of_file)
    if any(f.startswith(r) for f in files for r in roots):
        return None
    names = sorted({os.path.basename(f) for f in files})
    if not names:
        return (
            "Inductor Lens: no file of this workspace is in the trace's stacks, and no model file of the trace was found "
            "on this machine (the Hot Lines view and report list its lines; inductorLens.pathMappings maps its paths)."
        )
    shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
    return (
        f"Inductor Lens: no file of this workspace is in the trace's stacks; lenses are on {shown} "
        "(open them from the Hot Lines view, or map the trace's paths with inductorLens.pathMappings)."
    )
