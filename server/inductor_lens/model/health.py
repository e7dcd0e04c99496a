"""Compile health: frame compiles and their events (graph breaks, recompilations, failures), the
collectives a compiled graph issues."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .base import Frame


@dataclass(slots=True)
class Compile:
    """One frame compile of one trace, from its ``compilation_metrics`` record (PyTorch's
    ``torch/_dynamo/utils.py``; see :mod:`inductor_lens.readers.compile_health`).

    ``compile_id`` is the record's (``0/0_1`` when the compile restarted after a graph break);
    ``function`` the compiled function (``file``, ``line`` = ``co_firstlineno``, ``function`` =
    ``co_name``, ``code`` empty), read from ``function_from`` (``compilation_metrics`` or, when it
    names none, ``dynamo_start``); times in seconds (``compile_time_s`` and ``phases`` read from the
    ``_s`` or ``_us`` fields of whichever release wrote the record, one key per phase);
    ``graph_breaks`` counts the graph breaks of this compile (its graph-break records, or in logs
    without them its graph-break restart reasons); ``guards`` is ``guard_count``; ``cache`` PyTorch's ``*_cache_hit_count`` /
    ``*_cache_miss_count`` fields; ``failure`` ``{type, reason, file, line}`` or ``None``;
    ``line`` the record's line in the log (0 when there is none); ``versions`` the record's
    ``pytorch_version``, ``triton_version``, ``cuda_version`` and ``python_version`` (those given).
    """

    trace: str
    rank: int | None
    compile_id: str
    function: Frame | None
    function_from: str | None
    line: int = 0
    compile_time_s: float | None = None
    phases: dict[str, float] = field(default_factory=dict)
    graph_breaks: int = 0
    guards: int | None = None
    cache: dict[str, int] = field(default_factory=dict)
    failure: dict | None = None
    restart_reasons: list[str] = field(default_factory=list)
    versions: dict[str, str] = field(default_factory=dict)
    #: ``torch.backends.cuda.matmul.allow_tf32`` as its ``dynamo_cpp_guards_str`` record's
    #: global-state guard says (``None``: no guards record)
    allow_tf32: bool | None = None


@dataclass(slots=True)
class CompileEvent:
    """A graph break, a recompilation or a failure, as one record of a trace states it.

    ``kind``: ``graph_break``, ``recompile``, ``failure`` or ``conversion_failure`` (PyTorch's
    ``WON'T CONVERT``: the backend compiler raised an exception Dynamo falls back on; its graph
    break, if logged, is an event of its own); ``message``: PyTorch's graph-break type, the first
    failed guard (``0/1: self.scale == 1.0 ...``), the failure's first line or the exception
    (``DataDependentOutputException: aten._local_scalar_dense.default``);
    ``explanation``/``hint`` PyTorch's (hints joined by newlines) or ``None``; ``location`` the user
    frame PyTorch names (graph-break line, the first reason's user line, the failing frame) or
    ``None``; ``stack`` the user frames, outermost first; ``reasons`` every failed guard of a
    recompile, newest cache entry first; ``url`` PyTorch's graph-break page; ``record`` the artifact
    or envelope key read and ``record_line`` its line in the log; ``target_line`` the log line
    that shows the reason itself (a payload line).
    """

    trace: str
    rank: int | None
    compile_id: str
    kind: str
    message: str
    explanation: str | None
    hint: str | None
    location: Frame | None
    stack: list[Frame] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    url: str | None = None
    record: str = ""
    record_line: int = 0
    target_line: int = 0


class Collective(NamedTuple):
    """One collective a compiled graph issues, as its output code launches it
    (``torch.ops._c10d_functional.all_reduce_.default(buf1, 'sum', '0')``; see
    :mod:`inductor_lens.readers.output_code.collectives`).

    ``op`` is the functional op without its in-place or ``_out`` suffix (``all_reduce``,
    ``all_gather_into_tensor``, ``reduce_scatter_tensor``, ``all_to_all_single``, ``broadcast``,
    ...); ``reduce_op`` (``sum``, ``max``, ...), ``group_size`` and ``group`` (the process group's
    name, which differs between ranks of one job for subgroups) as the call prints them, ``None``
    where it prints none; ``frame`` the model line that issued it (the launch's provenance), or
    ``None``; ``code_line`` the launch's line in the output code (1-based)."""

    op: str
    reduce_op: str | None
    group_size: int | None
    group: str | None
    frame: Frame | None = None
    code_line: int = 0

    @property
    def key(self) -> tuple:
        """What ranks must agree on: the op, the reduce op and the group size (not the group's name)."""
        return (self.op, self.reduce_op, self.group_size)

    @property
    def label(self) -> str:
        """``all_reduce(sum)``, ``all_gather(1 rank)``, ``reduce_scatter(sum, 4 ranks)``."""
        short = _SHORT.get(self.op, self.op)
        parts = [self.reduce_op] if self.reduce_op else []
        if self.group_size is not None:
            parts.append(f"{self.group_size} rank" + ("" if self.group_size == 1 else "s"))
        return f"{short}({', '.join(parts)})" if parts else short


_SHORT = {
    "all_gather_into_tensor": "all_gather",
    "all_gather_into_tensor_coalesced": "all_gather_coalesced",
    "reduce_scatter_tensor": "reduce_scatter",
    "reduce_scatter_tensor_coalesced": "reduce_scatter_coalesced",
    "all_to_all_single": "all_to_all",
}
