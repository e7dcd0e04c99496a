"""Compile health: frame compiles and their events (graph breaks, recompilations, failures)."""

from __future__ import annotations

from dataclasses import dataclass, field

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
