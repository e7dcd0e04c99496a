"""Compile-health queries over an index's compiles and compile events, shared by the editor's
diagnostics and lenses (:mod:`inductor_lens.lsp.features.health`), the status notification and
the report's table (:mod:`inductor_lens.report.health`): the counting (a frame compile counts
once over its attempts), compiled functions with their compiles and events, and guards.

The records are read by :mod:`inductor_lens.readers.compile_health` (PyTorch's
``compilation_metrics``, ``dynamo_graph_break_reason``, ``recompile_reasons`` ... records,
2.4-2.14) into :class:`~inductor_lens.model.health.Compile` and ``CompileEvent`` (kinds
``graph_break``, ``recompile``, ``failure``, ``conversion_failure``), compiles and events in log order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..files.trace_paths import code_kind
from ..model import Compile, CompileEvent, Frame
from ..model.compile_id import base_compile_id


def frame_compiles(items: Iterable[Compile | CompileEvent]) -> int:
    """How many frame compiles ``items`` (compiles or events) belong to: ``(trace, compile id
    without its attempt)`` counted once (``0/1`` and its restart ``0/1_1`` are one)."""
    return len({(x.trace, base_compile_id(x.compile_id)) for x in items})


@dataclass(frozen=True)
class HealthCounts:
    """Counts of a set of compiles and events: ``compiles`` (records, attempts separately),
    ``frames`` (frame compiles), ``graph_breaks`` (graph-break events), ``recompiles`` (frame
    compiles recompiled), ``failures`` (failure events), ``failed`` (frame compiles that failed),
    ``compile_time_s`` (the sum of the compiles' times, seconds; None when none has one)."""

    compiles: int
    frames: int
    graph_breaks: int
    recompiles: int
    failures: int
    failed: int
    compile_time_s: float | None
    #: graph breaks on a line of PyTorch or a library (DDP's ``torch/nn/parallel/distributed.py``,
    #: ``contextlib.py``), every rank's: :func:`not_the_users`
    library_graph_breaks: int = 0


def health_counts(compiles: list[Compile], events: list[CompileEvent]) -> HealthCounts:
    """:class:`HealthCounts` of ``compiles`` and ``events``."""
    times = [c.compile_time_s for c in compiles if c.compile_time_s is not None]
    failures = [e for e in events if e.kind == "failure"]
    return HealthCounts(
        len(compiles),
        frame_compiles(compiles),
        sum(1 for e in events if e.kind == "graph_break"),
        frame_compiles(e for e in events if e.kind == "recompile"),
        len(failures),
        frame_compiles(failures),
        sum(times) if times else None,
        sum(1 for e in events if not_the_users(e)),
    )


def not_the_users(e: CompileEvent) -> bool:
    """Whether ``e`` is a graph break whose line is PyTorch's or a library's, not the user's code
    (``files/trace_paths.code_kind``): DDP's own breaks in ``torch/nn/parallel/distributed.py`` and
    ``contextlib.py``, which every rank of a DDP job has and the user cannot remove."""
    return e.kind == "graph_break" and e.location is not None and code_kind(e.location.file) != "user"


@dataclass
class CompiledFunction:
    """One compiled function of one trace (its ``frame``: file, first line, name), with its
    compiles and the events of those compiles."""

    trace: str
    frame: Frame
    compiles: list[Compile] = field(default_factory=list)
    events: list[CompileEvent] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.frame.function or "?"


def compiled_functions(compiles: list[Compile], events: list[CompileEvent]) -> list[CompiledFunction]:
    """Compiled functions per trace (by file, first line and name) in order of first compile;
    events joined to them by frame compile (events of a compile with no function are left out)."""
    out: dict[tuple, CompiledFunction] = {}
    by_compile: dict[tuple[str, str], CompiledFunction] = {}
    for c in compiles:
        if c.function is None:
            continue
        fn = out.setdefault((c.trace, c.function.file, c.function.line, c.function.function), CompiledFunction(c.trace, c.function))
        fn.compiles.append(c)
        by_compile[(c.trace, base_compile_id(c.compile_id))] = fn
    for e in events:
        owner = by_compile.get((e.trace, base_compile_id(e.compile_id)))
        if owner is not None:
            owner.events.append(e)
    return list(out.values())


#: How the compile table words each kind of problem before its message (graph breaks are listed apart).
PROBLEM_PREFIX = {"recompile": "", "failure": "failed: ", "conversion_failure": "won't convert: "}


def problems_by_compile(events: list[CompileEvent]) -> dict[str, dict[str, None]]:
    """``{frame compile id: {text: None}}`` of the recompile reasons, the backend exceptions Dynamo
    would not convert (``won't convert: DataDependentOutputException: ...``) and the failures
    (``failed: ...``), de-duplicated in log order, whitespace collapsed (graph breaks left out);
    the user frame's path that a recompile reason names is shortened to its file name, as the
    table's other columns."""
    problems: dict[str, dict[str, None]] = {}
    for e in events:
        if e.kind != "graph_break":
            message = e.message
            if e.location is not None and f"# {e.location.file}:" in message:
                message = message.replace(f"# {e.location.file}:", f"# {e.location.basename}:")
            text = PROBLEM_PREFIX.get(e.kind, f"{e.kind}: ") + " ".join(message.split())
            problems.setdefault(base_compile_id(e.compile_id), {})[text] = None
    return problems


def compile_named(compile_id: str, compiles) -> str:
    """``0/0`` spelled with the attempt that the compile tables show: a graph break is logged
    under the attempt that broke (``0/0``) and its compile is restarted as ``0/0_1`` (PyTorch's
    ``torch/_dynamo/convert_frame.py`` restart, 2.4-2.14), the only row of that compile; so the
    break reads ``compile 0/0 (restarted as 0/0_1)``.  ``compiles``: the trace's ``Compile``s."""
    base = base_compile_id(compile_id)
    later = sorted(
        (c.compile_id for c in compiles if c.compile_id != compile_id and base_compile_id(c.compile_id) == base),
        key=lambda cid: (len(cid), cid),
    )
    return f"compile {compile_id} (restarted as {later[-1]})" if later and compile_id == base else f"compile {compile_id}"


#: PyTorch's closing hint on graph breaks it considers its own bug (``torch/_dynamo/graph_break_hints.py``
#: ``SUPPORTABLE`` / ``DYNAMO_BUG``, 2.7-2.14): said on every such break, it tells the reader nothing.
BOILERPLATE_HINTS = ("Please report an issue to PyTorch.",)


def hints_of(e: CompileEvent) -> list[str]:
    """The hints PyTorch gave a graph break, in its order, without its boilerplate."""
    return [h.strip() for h in (e.hint or "").split("\n") if h.strip() and h.strip() not in BOILERPLATE_HINTS]


def guard_of(message: str) -> tuple[str | None, str]:
    """(cache entry, guard) of a recompile reason's first line: ``0/1: self.scale == 1.0  # ...``
    -> (``0/1``, ``self.scale == 1.0``); the comment PyTorch appends (the source line) is dropped."""
    head, sep, rest = message.partition(": ")
    entry: str | None = head
    if not sep or not re.fullmatch(r"!?[\d/_]+", head):
        entry, rest = None, message
    return entry, rest.split("  #", 1)[0].strip()
