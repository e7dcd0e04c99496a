"""The summary ``inductor-lens capture`` prints once the command has ended: the captured trace
indexed like ``inductor-lens report`` (with the profiles beside its logs), told in a few lines:
each log and its graphs, how the kernels' provenance was found, the model lines that produced the
most time (each launch's measured time split across its model lines, adding up to what was measured; by launches without a profile), and what to look at next.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..text import plural

#: Model lines listed at most.
TOP_LINES = 10


@dataclass
class Message:
    """One thing the user must know about a capture: ``level`` is ``error``, ``warning`` or ``info``."""

    level: str
    text: str


def shown_path(path: str, cwd: str) -> str:
    """``path`` as a user reads it: relative to ``cwd`` when it is below it, else absolute."""
    rel = os.path.relpath(path, cwd)
    return path if rel.startswith("..") else rel


def command_arg(path: str, cwd: str) -> str:
    """``path`` (:func:`shown_path`) quoted for a shell command line the user may paste
    (``run ü 1/trace`` -> ``'run ü 1/trace'``)."""
    import shlex

    return shlex.quote(shown_path(path, cwd))


def summary_lines(trace_dir: str, cwd: str, *, cache_dir: str | None = None) -> tuple[list[str], dict, list[Message]]:
    """Index ``trace_dir`` and describe it.  Returns ``(lines, facts, messages)``: the text lines to
    print, ``facts`` ``{kernels, measured, graphs, provenance: {mapping|stack_traces|comments: n},
    health: {compiles, graph_breaks, recompiles, failures}}`` (compile health summed over the logs)
    and messages about what is missing (provenance rebuilt from comments, a profile not joined,
    damaged input).  Paths under ``cwd`` are shown relative to it."""
    from ..files.cache import Cache
    from ..open_traces import TraceRequest, open_traces
    from ..report.health import health_facts, health_summary

    opened = open_traces(TraceRequest([trace_dir]), cache=Cache(cache_dir))
    index = opened.index
    kernels = index.kernels
    provenance: dict[str, int] = {}
    for k in kernels:
        provenance[k.provenance] = provenance.get(k.provenance, 0) + 1
    measured = [k for k in kernels if k.measured is not None]
    facts: dict = {"kernels": len(kernels), "measured": len(measured), "graphs": len(index.graphs), "provenance": provenance}
    health = {"compiles": 0, "graph_breaks": 0, "recompiles": 0, "failures": 0}  # over every log, as report's
    facts["health"] = health
    lines: list[str] = []
    messages: list[Message] = []
    for trace in index.traces:
        head = [shown_path(trace.path, cwd)]
        if trace.rank is not None:
            head.append(f"rank {trace.rank}")
        if trace.torch_version:
            head.append(f"PyTorch {trace.torch_version}")
        compiles = [c for c in index.compiles if c.trace == trace.path]
        events = [e for e in index.compile_events if e.trace == trace.path]
        # compile health as report says it (its heading's words): a DDP rank's compiles without a
        # graph of their own, its graph breaks and recompiles were left out ("1 compile" for 5)
        head.append(health_summary(compiles, events) if compiles or events else plural(len(trace.compile_ids), "compile"))
        lines.append("  " + " · ".join(head))
        for key, n in health_facts(compiles, events).items():
            health[key] += n
        for graph in (g for g in index.graphs if g.trace == trace.path):
            lines.append(
                f"    compile {graph.compile_id} · {graph.kind} graph · {plural(len(graph.kernels), 'kernel')}"
                f" · output code {command_arg(graph.output_code, cwd)}"  # quoted: the name holds spaces and ·
            )
    how = {
        "mapping": "linked by PyTorch's provenance mapping",
        "stack_traces": "by its kernel stack traces",
        "comments": "rebuilt from code comments",
    }
    split = ", ".join(f"{n} {how[p]}" for p, n in sorted(provenance.items(), key=lambda x: list(how).index(x[0]) if x[0] in how else 9))
    lines.append(f"  {plural(len(kernels), 'kernel')}" + (f" ({split})" if split else ""))
    if kernels and provenance.get("comments", 0) == len(kernels):
        messages.append(
            Message(
                "warning",
                "the trace has no provenance mapping (PyTorch older than 2.9, or INDUCTOR_PROVENANCE "
                "was off): kernel -> FX node -> model line links were rebuilt from the code comments",
            )
        )
    lines += _model_lines(opened.analysis, cwd)
    for profile in index.profiles:
        cpu = any(k.measured is not None and k.measured.clock == "cpu" for k in kernels)
        note = (
            ("; C++ kernels (TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1) and extern calls without device activity are measured in CPU time")
            if cpu
            else ""
        )
        lines.append(
            f"  profile {shown_path(profile.path, cwd)}: {plural(len(profile.calls), 'compiled-graph call')}, "
            f"{plural(profile.measured_kernels, 'kernel')} measured{note}"
        )
    warnings = index.warnings
    for w in warnings:
        if "profile matched no compiled graph" in w.message:
            messages.append(Message("warning", f"{shown_path(w.file, cwd)}: {w.message}"))
    if warnings:
        messages.append(
            Message(
                "info", f"{plural(len(warnings), 'warning')} while indexing: inductor-lens report {command_arg(trace_dir, cwd)} lists them"
            )
        )
    return lines, facts, messages


def _model_lines(analysis, cwd: str) -> list[str]:
    """Where the time goes, as ``report`` prints it first (:mod:`inductor_lens.timing.hot_lines`:
    each launch's time split across its model lines, so the rows add up to what was measured, with
    the number of profiled runs; without a profile by launches), then the user's own lines that
    call the compiled code."""
    from ..report.table import call_site_texts, hot_line_texts

    hot = analysis.hot_lines()
    if not hot.rows:
        return []

    def label(frame) -> str:
        return f"{shown_path(frame.file, cwd) if os.path.isabs(frame.file) else frame.file}:{frame.line}"

    out = [f"  {hot.heading()}:"] + ["  " + t for t in hot_line_texts(hot, TOP_LINES, label)]
    sites = call_site_texts(analysis.call_sites(hot.total_us if hot.runs else None), label)
    if sites:
        out += ["  your code that calls the compiled code:"] + ["  " + t for t in sites]
    return out
