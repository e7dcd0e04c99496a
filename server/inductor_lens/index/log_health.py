"""One log's compile health as the index keeps it: its compile records read
(:mod:`inductor_lens.readers.compile_health`), and for each of its graphs the model line of the
nodes PyTorch's passes made (:mod:`inductor_lens.provenance.pass_frames`) and the frames that
called the compiled function.  Apart from :mod:`.trace_index` so that the per-rank part of a job
indexed on other machines (:mod:`.parts`) and the index add the same facts."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Compile, CompileEvent, Graph, InputWarning
from ..model.compile_id import base_compile_id
from ..provenance.pass_frames import BreakStack, CompileStart, pass_frames
from ..readers.compile_health import read_compile_health
from ..readers.torch_trace import TraceLog


@dataclass(slots=True)
class LogHealth:
    """What one log adds to the index's compile health: ``compiles`` and ``events`` in log order,
    ``kernel_info`` (``{(log path, compile id, graph ordinal): triton_kernel_info}``), ``warnings``
    (damage, with file and line) and ``call_stacks`` (``{(log path, base compile id): frames}``,
    the first ``dynamo_start`` of each compile id, outermost frame first, without the compiled
    function's own frame)."""

    compiles: list[Compile] = field(default_factory=list)
    events: list[CompileEvent] = field(default_factory=list)
    kernel_info: dict[tuple[str, str, int], dict[str, dict]] = field(default_factory=dict)
    warnings: list[InputWarning] = field(default_factory=list)
    call_stacks: dict[tuple[str, str], tuple] = field(default_factory=dict)


def read_log_health(log: TraceLog, graphs: list[Graph], rank: int | None) -> LogHealth:
    """The log's compile records (a record still being written is left for the next scan), and
    ``pass_frame`` / ``call_stack`` set on each of ``graphs`` (the log's graphs, cold or not)."""
    warns: list[InputWarning] = []
    records = [r for r in log.records if r.line != log.incomplete_tail_line]
    health = read_compile_health(records, lambda r: log.payload(r, warns), log.strings, log.path, rank)
    out = LogHealth(health.compiles, health.events, warnings=warns + health.warnings)
    for (cid, ordinal), info in health.kernel_info.items():
        out.kernel_info[(log.path, cid, ordinal)] = info
    several = len(log.pids) > 1
    starts = [
        CompileStart(line, pid if several else None, cid, tuple(frames))
        for kind, line, pid, cid, frames in health.stacks
        if kind == "start"
    ]
    breaks = [
        BreakStack(line, pid if several else None, cid, tuple(frames)) for kind, line, pid, cid, frames in health.stacks if kind == "break"
    ]
    found = pass_frames(starts, breaks) if breaks or starts else {}
    callers: dict[tuple[int | None, str], tuple] = {}
    for start in starts:  # a restarted compile logs its dynamo_start again: the first stack stands
        callers.setdefault((start.pid, start.compile_id), start.frames[:-1])
        out.call_stacks.setdefault((log.path, start.compile_id), start.frames[:-1])
    for graph in graphs:
        graph.pass_frame = found.get((graph.pid, base_compile_id(graph.compile_id)))
        graph.call_stack = callers.get((graph.pid, base_compile_id(graph.compile_id)), ())
    return out
