"""Compile health in ``inductor-lens report``: the ``compiles`` and ``compile_events`` JSON
entries (also the answer of the server's ``inductorLens/compiles``) and the compile-health section
that opens the table.  Shapes (lines 1-based, times in seconds, unknown values ``null``)::

    "compiles": [{trace, rank, compile_id, function {file, line, name, resolved} | null,
                  compile_time_s, phases {name: s}, graph_breaks, guards, cache {name: n},
                  failure {type, reason, file, line} | null, function_from, record_line}],
    "compile_events": [{trace, rank, compile_id, kind (graph_break | recompile | failure |
                        conversion_failure), message, explanation, hint,
                        location {file, line, function, code, resolved} | null, stack [frames],
                        reasons [str], url, record {name, line, target_line}}]
"""

from __future__ import annotations

from ..files.resolve import PathResolver
from ..health.queries import compile_named, health_counts, hints_of, problems_by_compile
from ..model import Compile, CompileEvent, Frame
from ..model.compile_id import base_compile_id
from ..text import format_seconds, plural


def _resolve(resolver: PathResolver | None, frame: Frame) -> str | None:
    return resolver.resolve(frame.file, frame.code or None, frame.line) if resolver is not None else None


def _frame(frame: Frame, resolver: PathResolver | None) -> dict:
    return {
        "file": frame.file,
        "line": frame.line,
        "function": frame.function or None,
        "code": frame.code or None,
        "resolved": _resolve(resolver, frame),
    }


def compile_json(c: Compile, resolver: PathResolver | None) -> dict:
    """One frame compile in the ``report --json`` ``compiles`` shape."""
    fn = c.function
    return {
        "trace": c.trace,
        "rank": c.rank,
        "compile_id": c.compile_id,
        "function": None if fn is None else {"file": fn.file, "line": fn.line, "name": fn.function, "resolved": _resolve(resolver, fn)},
        "compile_time_s": c.compile_time_s,
        "phases": dict(c.phases),
        "graph_breaks": c.graph_breaks,
        "guards": c.guards,
        "cache": dict(c.cache),
        "failure": dict(c.failure) if c.failure else None,
        "function_from": c.function_from,
        "record_line": c.line or None,
    }


def event_json(e: CompileEvent, resolver: PathResolver | None) -> dict:
    """One graph break, recompilation or failure in the ``report --json`` ``compile_events`` shape."""
    return {
        "trace": e.trace,
        "rank": e.rank,
        "compile_id": e.compile_id,
        "kind": e.kind,
        "message": e.message,
        "explanation": e.explanation,
        "hint": e.hint,
        "location": _frame(e.location, resolver) if e.location is not None else None,
        "stack": [_frame(f, resolver) for f in e.stack],
        "reasons": list(e.reasons),
        "url": e.url,
        "record": {"name": e.record, "line": e.record_line, "target_line": e.target_line},
    }


def health_json(index, resolver: PathResolver | None) -> dict:
    """``{"compiles": [...], "compile_events": [...]}`` of an index."""
    return {
        "compiles": [compile_json(c, resolver) for c in index.compiles],
        "compile_events": [event_json(e, resolver) for e in index.compile_events],
    }


def health_summary(compiles: list[Compile], events: list[CompileEvent]) -> str:
    """``13 compiles · 0 graph breaks · 11 recompiles · 1 failure · 23.1 s compiling``."""
    n = health_counts(compiles, events)
    parts = [
        plural(n.compiles, "compile"),
        plural(n.graph_breaks, "graph break"),
        plural(n.recompiles, "recompile"),
        plural(n.failures, "failure"),
    ]
    if n.compile_time_s is not None:
        parts.append(f"{format_seconds(n.compile_time_s)} compiling")
    return " · ".join(parts)


def health_facts(compiles: list[Compile], events: list[CompileEvent]) -> dict[str, int]:
    """``{compiles, graph_breaks, recompiles, failures}``: the counts :func:`health_summary` words."""
    n = health_counts(compiles, events)
    return {"compiles": n.compiles, "graph_breaks": n.graph_breaks, "recompiles": n.recompiles, "failures": n.failures}


def _where(frame: Frame | None) -> str:
    return f"{frame.basename}:{frame.line}" if frame is not None else "-"  # (also a path written on Windows)


def print_health(index, trace_path: str, console) -> None:
    """The compile-health section of one trace: a table of its compiles, then its events."""
    from rich.table import Table
    from rich.text import Text

    compiles = [c for c in index.compiles if c.trace == trace_path]
    events = [e for e in index.compile_events if e.trace == trace_path]
    if not compiles and not events:
        return
    # the heading is a line of its own, not the table's title: a title wraps at the table's width
    # and is padded to it (a new user's trial: "… 26 s" then "compiling" at 120 columns)
    console.print(Text(f"compile health · {health_summary(compiles, events)}"))
    table = Table(expand=False)
    for column in ("compile", "function", "time", "breaks", "guards", "recompile reason / failure"):
        table.add_column(column, justify="right" if column in ("time", "breaks", "guards") else "left", overflow="fold")
    problems = problems_by_compile(events)  # by frame compile (attempts together), de-duplicated
    for c in compiles:
        fn = c.function
        name = f"{_where(fn)} {fn.function}" if fn is not None else "-"
        time = format_seconds(c.compile_time_s) if c.compile_time_s is not None else "-"
        cells = (
            c.compile_id,
            name,
            time,
            str(c.graph_breaks),
            "-" if c.guards is None else str(c.guards),
            "\n".join(problems.get(base_compile_id(c.compile_id), {})) or "-",
        )
        table.add_row(*(Text(cell) for cell in cells))  # guard text quotes user code: never rich markup
    console.print(table)
    for e in events:
        if e.kind == "graph_break":
            where = f"graph break at {_where(e.location)}, {compile_named(e.compile_id, compiles)}: {e.message}"
            console.print(indented(2, Text(where)))
            for hint in hints_of(e):  # every hint (one may point at the next), each on its line
                console.print(indented(4, Text("hint: ", style="dim"), Text(hint)))


def indented(indent: int, *cells):
    """``cells`` on one row, ``indent`` columns in; wrapped text keeps the indent of its cell."""
    from rich.table import Table

    grid = Table.grid()
    grid.add_column(width=indent)
    for _ in cells[:-1]:
        grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("", *cells)
    return grid
