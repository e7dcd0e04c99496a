"""Compile health where the code is: diagnostics on the model lines where graphs break and guards
failed, a code lens on each compiled function, a kernel's compile facts for its hover.

Pure functions of a :class:`~inductor_lens.analysis.snapshot.Snapshot` (the index's
``compiles``, ``compile_events`` and ``kernel_compile_info``, read by
:mod:`inductor_lens.readers.compile_health`); lines 1-based, as everywhere in ``features``.
Per snapshot the tables are built once (``ctx.cached``) and answers are lookups.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from lsprotocol import types

from ...analysis.snapshot import Snapshot
from ...files.trace_paths import code_kind
from ...health.queries import CompiledFunction, compile_named, compiled_functions, guard_of, health_counts
from ...model import Compile, CompileEvent, Frame, Kernel, Span
from ...model.compile_id import base_compile_id
from ...text import format_seconds, format_us, only_ranks, plural
from .navigation import lsp_location
from .ranks import rank_diagnostics

SOURCE = "Inductor Lens"
_RESUME = "torch_dynamo_resume_in_"
_GB_CODE = re.compile(r"/(gb\d+)\.html$")


@dataclass(slots=True)
class FunctionLens:
    """The lens above a compiled function: ``line`` 1-based, ``title``, peek ``targets``."""

    line: int
    title: str
    targets: list[types.Location]


def _functions(ctx: Snapshot) -> list[CompiledFunction]:
    """Compiled functions per trace (by file, first line and name), events joined by frame compile."""
    return ctx.cached(("health", "functions"), lambda: compiled_functions(ctx.index.compiles, ctx.index.compile_events))


def problem_counts(index) -> dict[str, int]:
    """``{graphBreaks, recompiles, failures, problems, libraryGraphBreaks, userProblems}``: graph-break
    records, recompiled and failed frame compiles (the attempts of one compile id count once); the
    graph breaks on PyTorch's or a library's lines (DDP's own, every rank's:
    :func:`~inductor_lens.health.queries.not_the_users`) and the problems left for the user's code."""
    n = health_counts(index.compiles, index.compile_events)
    problems = n.graph_breaks + n.recompiles + n.failed
    return {
        "graphBreaks": n.graph_breaks,
        "recompiles": n.recompiles,
        "failures": n.failed,
        "problems": problems,
        "libraryGraphBreaks": n.library_graph_breaks,
        "userProblems": problems - n.library_graph_breaks,
    }


# ----------------------------------------------------------------------------- lenses


def _trace_labels(fns: list[CompiledFunction]) -> dict[str, str]:
    """How a lens names each trace when several compiled one function: ``rank 1`` for a rank's
    log, else its folder (``recompiles_health`` of ``.../recompiles_health/trace/x.log``), else
    the log's name when folders repeat."""
    labels: dict[str, str] = {}
    for fn in fns:
        rank = fn.compiles[0].rank if fn.compiles else None
        parent = os.path.basename(os.path.dirname(fn.trace))
        if parent in ("trace", "torch_trace", ""):
            parent = os.path.basename(os.path.dirname(os.path.dirname(fn.trace))) or parent
        labels[fn.trace] = f"rank {rank}" if rank is not None else parent or os.path.basename(fn.trace)
    if len(set(labels.values())) < len(labels):
        labels = {t: os.path.basename(t) for t in labels}
    return labels


def function_summary(fn_compiles: list[Compile], events: list[CompileEvent]) -> str:
    """``compiled 9× · 8 recompiles · 1 failed · 4.2 s compiling`` (graph breaks when there are
    some); frame compiles are counted once over their attempts, per trace."""
    n = health_counts(fn_compiles, events)
    parts = [f"compiled {n.frames}×"]
    if n.recompiles:
        parts.append(plural(n.recompiles, "recompile"))
    if n.graph_breaks:
        parts.append(plural(n.graph_breaks, "graph break"))
    if n.failed:
        parts.append(f"{n.failed} failed")
    if n.compile_time_s is not None:
        parts.append(f"{format_seconds(n.compile_time_s)} compiling")
    return " · ".join(parts)


#: Above this many traces compiling one function (ranks), its lens sums them instead of one part each.
PER_TRACE_PARTS = 3


def _log_location(trace: str, line: int, width: int) -> types.Location:
    """A log line where a record's reason text starts (after the payload's TAB)."""
    return lsp_location(Span(trace, line, 1, 1 + max(width, 1)))


def _lens_targets(ctx: Snapshot, fn: CompiledFunction) -> list[types.Location]:
    """What the lens peeks: each recompilation's, failure's and backend exception's record in the
    log (the line shows PyTorch's reason; one list in the peek), else the model lines of its graph breaks, else the
    output code of its compiles."""
    out: list[types.Location] = []
    seen: set[tuple[str, str]] = set()
    for e in fn.events:
        if e.kind in ("recompile", "failure", "conversion_failure") and (e.kind, base_compile_id(e.compile_id)) not in seen:
            seen.add((e.kind, base_compile_id(e.compile_id)))
            out.append(_log_location(e.trace, e.target_line, min(len(e.message) + 2, 200)))
    if not out:
        for e in fn.events:
            loc = ctx.location_of_frame(e.location) if e.location is not None else None
            if loc is not None and lsp_location(loc) not in out:
                out.append(lsp_location(loc))
    if not out:
        bases = {base_compile_id(c.compile_id) for c in fn.compiles}
        for graph in ctx.index.graphs:
            if graph.trace == fn.trace and base_compile_id(graph.compile_id) in bases:
                out.append(lsp_location(Span(graph.output_code, 1)))
    return out


def _resume_frame(ctx: Snapshot, fn: CompiledFunction):
    """A resume function's line (``torch_dynamo_resume_in_f_at_29``: the graph-break line) checked
    by the code text the graph-break record gives for that line (followed when it moved; a file
    whose line differs gets nothing); ``None`` for other functions or without such a record."""
    if not fn.name.startswith(_RESUME):
        return None
    for e in ctx.index.compile_events:
        loc = e.location
        if (
            e.trace == fn.trace
            and e.kind == "graph_break"
            and loc is not None
            and loc.code
            and (loc.file, loc.line) == (fn.frame.file, fn.frame.line)
        ):
            return ctx.local(loc)
    return None


def _placeable(ctx: Snapshot, frame: Frame | None) -> Span | None:
    """Where a problem's frame is on this machine, ``None`` when not found or when the local file's
    line differs from the traced code (compile health is placed by the same check as kernel lenses)."""
    if frame is None:
        return None
    local = ctx.local(frame)
    if local.path is None or local.status == "mismatch":
        return None
    return ctx.location_of_frame(frame)


def function_lenses(ctx: Snapshot, path: str) -> list[FunctionLens]:
    """One lens on each compiled function's first line in ``path``:
    ``compiled 9× · 8 recompiles · 4.2 s compiling`` (per trace when several traces compiled it)."""
    table = ctx.cached(("health", "lenses"), lambda: _lens_table(ctx))
    return list(table.get(os.path.abspath(path), []))


def _lens_table(ctx: Snapshot) -> dict[str, list[FunctionLens]]:
    by_line: dict[tuple[str, int], list[CompiledFunction]] = {}
    for fn in _functions(ctx):
        local = _resume_frame(ctx, fn) or ctx.local(fn.frame)
        if local.path is not None and local.status != "mismatch":  # another file at that path: no lens on its lines
            by_line.setdefault((local.path, local.line), []).append(fn)
    table: dict[str, list[FunctionLens]] = {}
    for (path, line), fns in sorted(by_line.items()):
        traces = {fn.trace for fn in fns}
        labels = _trace_labels(fns)
        parts: list[str] = []
        targets: list[types.Location] = []
        if len(traces) > PER_TRACE_PARTS:  # e.g. every rank of a job: one sum
            by_name: dict[str, list[CompiledFunction]] = {}
            for fn in fns:
                by_name.setdefault(fn.name, []).append(fn)
            for name, group in by_name.items():
                text = function_summary([c for f in group for c in f.compiles], [e for f in group for e in f.events])
                prefix = "resume function " if name.startswith(_RESUME) else ""
                parts.append(f"{plural(len({f.trace for f in group}), 'trace')}: {prefix}{text}")
        else:
            for fn in fns:
                text = function_summary(fn.compiles, fn.events)
                if fn.name.startswith(_RESUME):
                    text = f"resume function {text}"
                parts.append(f"{labels[fn.trace]}: {text}" if len(traces) > 1 else text)
        for fn in fns:
            targets.extend(t for t in _lens_targets(ctx, fn) if t not in targets)
        table.setdefault(path, []).append(FunctionLens(line, " | ".join(parts), targets))
    return table


# ----------------------------------------------------------------------------- diagnostics


def diagnostics(ctx: Snapshot, path: str) -> list[types.Diagnostic]:
    """Warnings on the lines of ``path`` where a graph broke or a guard failed (PyTorch's reason,
    explanation and hint in the message, the record and the compiled function as related
    information); recompiles and failures PyTorch gives no user line for sit on the compiled
    function's first line.  One diagnostic per frame compile and line (its attempts together)."""
    table = ctx.cached(("health", "diagnostics"), lambda: _diagnostic_table(ctx))
    found = list(table.get(os.path.abspath(path), [])) + rank_diagnostics(ctx, path)  # (+ collectives that differ between ranks)
    return sorted(found, key=lambda d: (d.range.start.line, d.range.start.character))


def _range(loc: Span) -> types.Range:
    return lsp_location(loc).range


def _related(ctx: Snapshot, fn: CompiledFunction | None, e: CompileEvent) -> list[types.DiagnosticRelatedInformation]:
    out = []
    for frame in e.stack[:-1] if e.kind == "graph_break" else []:
        loc = ctx.location_of_frame(frame)
        if loc is not None:
            out.append(types.DiagnosticRelatedInformation(lsp_location(loc), f"called from {frame.function}: {frame.code}"))
    if fn is not None:
        loc = ctx.location_of_frame(fn.frame)
        if loc is not None:
            out.append(types.DiagnosticRelatedInformation(lsp_location(loc), f"compiled function {fn.name}"))
    caller = _user_caller(ctx, e.trace, e.compile_id)
    at = _placeable(ctx, caller)
    if at is not None and caller is not None:
        out.append(types.DiagnosticRelatedInformation(lsp_location(at), f"your code that calls it: {caller.code}"))
    out.append(
        types.DiagnosticRelatedInformation(
            _log_location(e.trace, e.target_line, len(e.message) + 2), f"{e.record} record of compile {e.compile_id} in the trace"
        )
    )
    return out


def _explain(e: CompileEvent) -> list[str]:
    lines = [e.explanation] if e.explanation else []
    return lines + [f"Hint: {h}" for h in (e.hint or "").split("\n") if h]


def _message(fn: CompiledFunction | None, e: CompileEvent) -> str:
    where = f" of {fn.name}" if fn is not None else ""
    if e.kind == "graph_break":
        head = f"Graph break in {fn.name if fn else '?'}, {compile_named(e.compile_id, fn.compiles if fn else [])}: {e.message}"
        return "\n".join([head, *_explain(e)])
    if e.kind == "failure":
        return "\n".join([f"Compile {e.compile_id}{where} failed: {e.message}", *_explain(e)])
    if e.kind == "conversion_failure":  # PyTorch's WON'T CONVERT: the backend raised, Dynamo falls back
        return f"Won't convert {fn.name if fn else '?'}, compile {e.compile_id}: the backend compiler raised {e.message}"
    entry, guard = guard_of(e.message)
    lines = [f"Recompile {e.compile_id}{where}: guard failed: {guard}" + (f" (cache entry {entry})" if entry else "")]
    if len(e.reasons) > 1:
        lines.append("Failed guards, newest cache entry first:")
        lines += [" ".join(r.split("\n", 1)[0].split("  #", 1)[0].split()) for r in e.reasons]
    return "\n".join(lines)


def _diagnostic(rng: types.Range, message: str, e: CompileEvent, related) -> types.Diagnostic:
    code = _GB_CODE.search(e.url or "")
    return types.Diagnostic(
        range=rng,
        message=message,
        severity=types.DiagnosticSeverity.Warning,
        source=SOURCE,
        code=code.group(1) if code else e.kind.replace("_", "-"),
        code_description=types.CodeDescription(href=e.url) if e.url else None,
        related_information=related or None,
    )


#: Records of the other traces (ranks) named as related information of a shared warning, at most.
RELATED_RECORDS = 8


def _not_here(ctx: Snapshot, e: CompileEvent, at: Span) -> list[str]:
    """Why a problem with a user line sits on its compiled function's line instead: that line's
    text is not in the local file (edited since the trace, or another version of the file)."""
    frame = e.location
    if frame is None or not frame.code:
        return []
    local = ctx.local(frame)
    if local.path is not None and local.status != "mismatch" and (local.path, local.line) == (at.path, at.line):
        return []
    return [f"(Its line in the trace, {frame.basename}:{frame.line} `{frame.code.strip()}`, is not in this file as it is now.)"]


def _traces_note(events: list[CompileEvent]) -> list[str]:
    """``Recorded by 2 traces (ranks 0, 1)`` when several traces (ranks) logged the same problem."""
    traces = {e.trace: e.rank for e in events}
    if len(traces) < 2:
        return []
    ranks = sorted(r for r in traces.values() if r is not None)
    shown = ", ".join(str(r) for r in ranks[:16]) + (", …" if len(ranks) > 16 else "")
    return [f"Recorded by {len(traces)} traces" + (f" (ranks {shown})" if ranks else "")]


def _diagnostic_table(ctx: Snapshot) -> dict[str, list[types.Diagnostic]]:
    fn_of: dict[tuple[str, str], CompiledFunction] = {}
    for fn in _functions(ctx):
        for c in fn.compiles:
            fn_of[(fn.trace, base_compile_id(c.compile_id))] = fn
    placed: dict[tuple, list[tuple[CompiledFunction | None, CompileEvent, Span]]] = {}
    unplaced: dict[tuple[str, int], list[tuple[CompiledFunction, CompileEvent, Span]]] = {}
    for e in ctx.index.compile_events:
        owner = fn_of.get((e.trace, base_compile_id(e.compile_id)))
        loc = _placeable(ctx, e.location)
        if loc is None:  # no user line, or not found here: the compiled function's line
            home = _placeable(ctx, owner.frame) if owner is not None else None
            if home is None:
                continue
            if e.kind == "recompile" and owner is not None:
                unplaced.setdefault((home.path, home.line), []).append((owner, e, home))
                continue
            loc = home
        # one warning per problem and line: the attempts of a compile, and every trace (rank) that
        # logged the same compile id there, together
        placed.setdefault((e.kind, base_compile_id(e.compile_id), loc.path, loc.line), []).append((owner, e, loc))
    table: dict[str, list[types.Diagnostic]] = {}
    job = sorted({t.rank for t in ctx.index.traces if t.rank is not None})  # a job of several ranks: say which
    for items in placed.values():
        owner, first, loc = items[0]
        events = [e for _, e, _ in items]
        only = only_ranks({e.rank for e in events}, len(job))
        related = _related(ctx, owner, first)
        related += [
            types.DiagnosticRelatedInformation(
                _log_location(e.trace, e.target_line, len(e.message) + 2),
                f"{e.record} record of compile {e.compile_id} ({os.path.basename(e.trace)})",
            )
            for e in {e.trace: e for e in events[1:] if e.trace != first.trace}.values()
        ][:RELATED_RECORDS]
        moved_off = _not_here(ctx, first, loc)
        message = "\n".join([only + _message(owner, first), *moved_off, *_traces_note(events)])
        table.setdefault(loc.path, []).append(_diagnostic(_range(loc), message, first, related))
    _place_on_call_sites(ctx, placed, table)
    for (path, _), unplaced_items in unplaced.items():
        fn, first, home = unplaced_items[0]
        rows: dict[str, None] = {}
        for _, e, _loc in unplaced_items:
            entry, guard = guard_of(e.message)
            rows[f"compile {base_compile_id(e.compile_id)}: {guard}" + (f" (cache entry {entry})" if entry else "")] = None
        head = only_ranks({e.rank for _, e, _ in unplaced_items}, len(job))  # (labelled as placed ones are)
        head += f"{fn.name} recompiled {plural(len(rows), 'time')} on guards PyTorch names no user line for:"
        related = [
            types.DiagnosticRelatedInformation(
                _log_location(e.trace, e.target_line, len(e.message) + 2), f"{e.record} of compile {e.compile_id}"
            )
            for _, e, _ in unplaced_items
        ][: RELATED_RECORDS * 4]
        message = "\n".join([head, *rows, *_traces_note([e for _, e, _ in unplaced_items])])
        table.setdefault(path, []).append(_diagnostic(_range(home), message, first, related))
    for diags in table.values():
        diags.sort(key=lambda d: (d.range.start.line, d.range.start.character))
    return table


def call_site_problems(ctx: Snapshot, site) -> str:
    """``1 recompile · 2 graph breaks`` of the compiles a call site called (``""`` when none)."""
    traces = {g.trace for g in site.graphs}
    bases = {base_compile_id(c) for c in site.compile_ids}
    counts: dict[str, set[str]] = {}
    for e in ctx.index.compile_events:
        if e.trace in traces and base_compile_id(e.compile_id) in bases:
            counts.setdefault(e.kind, set()).add(f"{e.compile_id}:{e.record_line}")
    words = {"recompile": "recompile", "graph_break": "graph break", "failure": "failure", "conversion_failure": "conversion failure"}
    return " · ".join(plural(len(v), words.get(k, k)) for k, v in counts.items())


def _user_caller(ctx: Snapshot, trace: str, compile_id: str) -> Frame | None:
    """The innermost frame of the user's own code that called compile ``compile_id`` of ``trace``."""
    frames = ctx.user_frames_of_compile(trace, compile_id)
    return frames[-1] if frames else None


def _place_on_call_sites(ctx: Snapshot, placed: dict, table: dict[str, list[types.Diagnostic]]) -> None:
    """A problem whose line is not the user's own code (a Hugging Face model's ``generic.py``
    ``wrapper``, or a library line not on this machine) is also said, as information, on the
    user's line that called the compiled code (``out = cm(...)``), naming where PyTorch put it."""
    del placed  # every event is looked at, also those no local line could hold
    owners: dict[tuple[str, str], CompiledFunction] = {}
    for fn in _functions(ctx):
        for c in fn.compiles:
            owners[(fn.trace, base_compile_id(c.compile_id))] = fn
    on_site: dict[tuple[str, int], dict[str, None]] = {}
    sites: dict[tuple[str, int], Span] = {}
    for e in ctx.index.compile_events:
        owner = owners.get((e.trace, base_compile_id(e.compile_id)))
        where = e.location or (owner.frame if owner is not None else None)
        if where is not None and code_kind(where.file) == "user":
            continue
        caller = _user_caller(ctx, e.trace, e.compile_id)
        at = _placeable(ctx, caller)
        if at is None:
            continue
        what = _message(owner, e).split("\n", 1)[0]
        on_site.setdefault((at.path, at.line), {})[what + (f" (at {ctx.label(where)})" if where is not None else "")] = None
        sites[(at.path, at.line)] = at
    for key, rows in on_site.items():
        at = sites[key]
        # the same count as the line's lens and hover (every problem of the compiles it calls, by kind)
        site = ctx.call_site(at.path, at.line)
        problems = call_site_problems(ctx, site) if site is not None else ""
        head = f"The compiled code this line calls had {problems or plural(len(rows), 'compile problem')}"
        message = "\n".join([head + ":", *rows])
        table.setdefault(at.path, []).append(
            types.Diagnostic(
                range=_range(at), message=message, severity=types.DiagnosticSeverity.Information, source=SOURCE, code="called-code"
            )
        )


# ----------------------------------------------------------------------------- kernel hover


def _config(value) -> str:
    if isinstance(value, dict):
        value = list(value.items())
    if isinstance(value, list):
        return ", ".join(f"{p[0]}={p[1]}" if isinstance(p, (list, tuple)) and len(p) == 2 else str(p) for p in value)
    return str(value)


def kernel_compile_markdown(ctx: Snapshot, kernel: Kernel) -> str | None:
    """:func:`compile_info_markdown` of ``kernel``'s ``triton_kernel_info`` record, or ``None``
    when its graph has none for it."""
    return compile_info_markdown(ctx.kernel_shown(kernel).compile_info)


def compile_info_markdown(facts: dict | None) -> str | None:
    """``**Compile time:** 231.0 ms · one config: XBLOCK=1, num_warps=4, num_stages=1`` (or
    ``349.2 ms · autotune cache miss · 3 configs``) from a kernel's ``triton_kernel_info`` record
    (:attr:`inductor_lens.analysis.shown.KernelShown.compile_info`), or ``None`` without one."""
    if not isinstance(facts, dict):
        return None
    parts = []
    us = facts.get("compile_time_us")
    if isinstance(us, (int, float)) and not isinstance(us, bool):
        parts.append(format_us(float(us)))
    state = facts.get("autotune_cache_state")
    if isinstance(state, str) and facts.get("only_config") is None:
        parts.append(f"autotune cache {state}")
    if isinstance(facts.get("num_configs"), int):
        parts.append(plural(facts["num_configs"], "config"))
    for key, label in (("only_config", "one config"), ("best_config", "best config")):
        if facts.get(key) is not None:
            parts.append(f"{label}: {_config(facts[key])}")
    return "**Compile time:** " + " · ".join(parts) if parts else None
