"""Reader of a ``TORCH_TRACE`` log's compile records: graph breaks, recompilations, failures and
compile times, as PyTorch 2.4 - 2.14 record them (a reader package: it imports model, the leaf
helpers and its own modules only).

It works from the records the log scanner yields (objects with ``line``, ``kind``, ``name``,
``envelope``, ``compile_id`` and ``pid``, in log order) and a ``payload(record) -> str | None``
callable that reads one MD5-verified payload (``None`` when damaged; the caller reports that).
Records:

- ``dynamo_start`` (``torch/_dynamo/convert_frame.py``): the stack of the frame Dynamo starts
  compiling; file names are indices into the log's ``str`` table.  Its last frame is the compiled
  function (used when ``compilation_metrics`` names none, as on a failed compile).
- artifact ``dynamo_graph_break_reason`` (2.6 - 2.14): graph breaks, and the backend failures
  Dynamo falls back on (``WON'T CONVERT``), in three forms: :mod:`.breaks`.
- envelope key ``compilation_metrics`` / ``bwd_compilation_metrics`` (``torch/_dynamo/utils.py``):
  one per frame compile; its fields by release, and which wins when several give one time:
  :mod:`.metrics`.  ``restart_reasons`` are read as the compile's graph breaks when no
  ``dynamo_graph_break_reason`` record covers that frame compile (2.4 and 2.5 write none).
- artifacts ``recompile_reasons`` and ``triton_kernel_info``: :mod:`.guards`.

One :class:`~inductor_lens.model.Compile` per ``compilation_metrics`` record (a frame compile
without one, e.g. a log cut mid-compile, still gets one from its ``dynamo_start``), in log order
(a compile without metrics at its ``dynamo_start``); one :class:`~inductor_lens.model.CompileEvent`
per graph-break record (or graph-break restart reason), per ``WON'T CONVERT`` record
(``conversion_failure``), per recompiled compile id and per failure, in log order.  Damaged or
unknown forms become warnings naming file and line; the rest is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ...model import Compile, CompileEvent, Frame, InputWarning
from ...model.compile_id import base_compile_id
from .breaks import GRAPH_BREAK, break_event
from .guards import (
    GUARDS,
    KERNEL_INFO,
    RECOMPILE,
    allow_tf32_of,
    first_reason_line,
    kernel_info,
    reason_message,
    reasons_of,
    recompile_event,
)
from .metrics import (
    BACKWARD_INDUCTOR_FIELDS,
    BACKWARD_METRICS,
    METRICS,
    START,
    VERSION_FIELDS,
    metrics_events,
    read_compile,
    restart_breaks,
    seconds,
)

__all__ = [
    "BACKWARD_METRICS",
    "GRAPH_BREAK",
    "KERNEL_INFO",
    "METRICS",
    "RECOMPILE",
    "START",
    "VERSION_FIELDS",
    "CompileHealth",
    "read_compile_health",
    "reason_message",
]

#: Envelope keys of output code records: a ``triton_kernel_info`` belongs to the graph whose code precedes it.
_CODE = {("inductor_output_code", None), ("graph_dump", "inductor_aot_wrapper_code"), ("graph_dump", "inductor_aot_code")}


@dataclass
class CompileHealth:
    """What :func:`read_compile_health` read from one log.

    ``kernel_info`` maps (compile id, graph ordinal within the compile id in log order) to
    ``{kernel name: triton_kernel_info facts}``; ``warnings`` name file and line.
    """

    compiles: list[Compile] = field(default_factory=list)
    events: list[CompileEvent] = field(default_factory=list)
    kernel_info: dict[tuple[str, int], dict[str, dict]] = field(default_factory=dict)
    warnings: list[InputWarning] = field(default_factory=list)
    #: the stacks of ``dynamo_start`` and graph-break records, in log order: (``"start"`` or
    #: ``"break"``, log line, pid, base compile id, frames outermost first)
    stacks: list[tuple[str, int, int | None, str, list[Frame]]] = field(default_factory=list)


@dataclass
class _Group:
    """The records of one frame compile (all attempts of one compile id, in one process)."""

    start: list[Frame] = field(default_factory=list)
    start_line: int = 0
    compiles: list[Compile] = field(default_factory=list)
    pending_breaks: int = 0
    #: ``dynamo_graph_break_reason`` records of any form seen for this frame compile
    break_records: int = 0
    #: the matmul ``allow_tf32`` its guards record (``None``: no guards record read)
    allow_tf32: bool | None = None


def read_compile_health(
    records, payload: Callable[[Any], str | None], strings: dict[int, str], path: str, rank: int | None = None
) -> CompileHealth:
    """Read the compile records of one log (see the module docstring for the formats).

    ``records``: the scanner's records in log order (other kinds are ignored); ``payload``: reads
    a record's payload (``None`` when damaged); ``strings``: the log's ``str`` table (index ->
    file name); ``path``/``rank``: the log, for the results and warnings.  Never raises on bad input.
    """
    out = CompileHealth()
    groups: dict[tuple[int | None, str], _Group] = {}
    placed: list[tuple[int, Compile]] = []  # (log line that orders it, compile)
    code_count: dict[str, int] = {}
    recompiled: set[str] = set()  # compile ids with a recompile_reasons artifact

    def warn(line: int, message: str) -> None:
        out.warnings.append(InputWarning(path, line, message))

    for record in records:
        kind, name, cid = record.kind, record.name, record.compile_id
        pid = getattr(record, "pid", None)
        group = groups.setdefault((pid, base_compile_id(cid)), _Group())
        if (kind, name if kind in ("artifact", "graph_dump") else None) in _CODE:
            code_count[cid] = code_count.get(cid, 0) + 1
        elif kind == START:
            group.start = _start_frames(record.envelope.get(START), strings)
            group.start_line = group.start_line or record.line
            out.stacks.append(("start", record.line, pid, base_compile_id(cid), group.start))
        elif kind == METRICS:
            metrics = record.envelope.get(METRICS)
            if not isinstance(metrics, dict):
                warn(record.line, f"{METRICS} is not a JSON object; compile {cid} skipped")
                continue
            compile_ = read_compile(metrics, cid, path, rank, record.line, group.start, warn)
            compile_.allow_tf32 = group.allow_tf32
            recompiles, failures = metrics_events(compile_, metrics, recompiled, record.line)
            breaks = [] if group.break_records else restart_breaks(compile_, metrics)
            compile_.graph_breaks = group.pending_breaks + len(breaks)
            group.pending_breaks = 0
            group.compiles.append(compile_)
            placed.append((record.line, compile_))
            out.events.extend(recompiles + breaks + failures)
        elif kind == BACKWARD_METRICS:
            metrics = record.envelope.get(BACKWARD_METRICS)
            backward = seconds(metrics, BACKWARD_INDUCTOR_FIELDS) if isinstance(metrics, dict) else None
            if group.compiles and backward is not None:
                group.compiles[-1].phases["backward_inductor_compile_time_s"] = backward
        elif kind == GUARDS:
            text = payload(record)
            group.allow_tf32 = allow_tf32_of(text) if text is not None else group.allow_tf32
        elif kind == "artifact" and name in (GRAPH_BREAK, RECOMPILE, KERNEL_INFO):
            group.break_records += name == GRAPH_BREAK  # (a damaged one too: its compile's breaks are not read twice)
            text = payload(record)
            if text is not None:  # (damaged: the payload reader reported it)
                _artifact(out, group, record, text, (path, rank, warn), recompiled, code_count)
    _unended(groups, placed, path, rank)
    placed.sort(key=lambda lc: lc[0])  # (stable: records of one line keep their order)
    out.compiles = [c for _, c in placed]
    _function_from_frame(out.compiles)
    out.events.sort(key=lambda e: e.record_line)
    return out


def _artifact(out: CompileHealth, group: _Group, record, text: str, where, recompiled: set[str], code_count: dict[str, int]) -> None:
    """A compile-health artifact's payload ``text`` read into ``out``: a graph break (counted for
    the compile that follows), a recompile reason, or a Triton kernel's info (for the output code
    of its compile logged last).  ``where``: (log path, rank, warn)."""
    path, rank, warn = where
    cid, pid = record.compile_id, getattr(record, "pid", None)
    if record.name == GRAPH_BREAK:
        event = break_event(text, record, path, rank, warn)
        out.events.append(event)
        if event.kind == "graph_break":
            out.stacks.append(("break", record.line, pid, base_compile_id(cid), event.stack))
            group.pending_breaks += 1
    elif record.name == RECOMPILE:
        recompile = recompile_event(
            reasons_of(text, record.line, warn), cid, path, rank, RECOMPILE, record.line, first_reason_line(text, record.line)
        )
        if recompile is not None:
            out.events.append(recompile)
            recompiled.add(cid)
    else:
        info = kernel_info(text, record.line, warn)
        if info is not None:
            out.kernel_info[(cid, max(code_count.get(cid, 0) - 1, 0))] = info


def _unended(groups: dict[tuple[int | None, str], _Group], placed: list[tuple[int, Compile]], path: str, rank: int | None) -> None:
    """A frame compile with no metrics record (a log cut mid-compile) placed at its start, and
    graph breaks no compile took given to the frame's last compile."""
    for (_, base), group in groups.items():
        if not group.compiles and group.start:
            fn = group.start[-1]
            compile_ = Compile(path, rank, base, Frame(fn.file, fn.line, fn.function, ""), START, line=0)
            compile_.graph_breaks = group.pending_breaks
            placed.append((group.start_line, compile_))
        elif group.pending_breaks and group.compiles:
            group.compiles[-1].graph_breaks += group.pending_breaks


def _function_from_frame(compiles: list[Compile]) -> None:
    """A compile that names no function (a recompile refused at the recompile limit logs neither
    ``co_*`` fields nor ``dynamo_start``) gets that of another compile of its frame: the frame id
    (``1`` of ``1/8``) is PyTorch's id of the code object, and ``frame_compile_id`` counts its compiles."""
    by_frame: dict[str, Frame] = {}
    for c in compiles:
        if c.function is not None and c.function_from == METRICS:
            by_frame.setdefault(base_compile_id(c.compile_id).rpartition("/")[0], c.function)
    for c in compiles:
        frame = base_compile_id(c.compile_id).rpartition("/")[0]
        if c.function is None and frame and frame in by_frame:
            c.function, c.function_from = by_frame[frame], "frame_id"


def _start_frames(value, strings: dict[int, str]) -> list[Frame]:
    stack = value.get("stack") if isinstance(value, dict) else None
    out = []
    for entry in stack if isinstance(stack, list) else []:
        if not isinstance(entry, dict) or not isinstance(entry.get("line"), int):
            continue
        filename = entry.get("filename")
        file = strings.get(filename, "") if isinstance(filename, int) else str(filename or "")
        out.append(Frame(file, entry["line"], str(entry.get("name") or ""), str(entry.get("loc") or "")))
    return out
