"""``compilation_metrics`` records: a frame compile's function, compile time and phases, guards,
cache counts, versions, restart reasons (the graph breaks of logs older than the graph-break
artifact), its recompile reason and failure.

Written by ``torch/_dynamo/utils.py`` ``record_compilation_metrics`` as the envelope key
``compilation_metrics`` (``bwd_compilation_metrics`` for a lazily compiled backward), one per frame
compile, under the compile id of its last attempt (``0/0_1`` after a restart).  Its fields are
``dataclasses.asdict(CompilationMetrics)``, so a field a version declares is present (maybe null);
the time fields by release (read from ``CompilationMetrics`` in each version's ``utils.py`` and
from real logs of 2.6, 2.8, 2.11, 2.13, 2.14 and tlparse's test logs of 2024-04 and 2024-12)::

    PyTorch          compile time                        phases                                          graph breaks
    2.4, 2.5         entire_frame_compile_time_s         dynamo_time_before_restart_s,                   restart_reasons only
                                                         backend_compile_time_s (AOT Autograd +          (no dynamo_graph_break_
                                                         Inductor), inductor_compile_time_s,             reason artifact yet)
                                                         code_gen_time_s; bwd_compilation_metrics
                                                         (BwdCompilationMetrics): inductor_compile_
                                                         time_s, code_gen_time_s, fail_type/_reason
    nightlies of     dynamo_cumulative_compile_time_us   aot_autograd_cumulative_compile_time_us,        dynamo_graph_break_reason
    late 2024        only                                inductor_cumulative_compile_time_us,            (from 2024-10) and
    (2.6 in dev)                                         inductor_code_gen_cumulative_compile_time_us,   restart_reasons
                                                         pre_grad/joint_graph/post_grad_pass_time_us;
                                                         dynamo_time_before_restart_s kept
    2.6 - 2.14       both: CompilationMetrics.create     both: the legacy _s copied from the _us;        dynamo_graph_break_reason
                     fills entire_frame_compile_time_s   + triton_compile_time_us, duration_us;          and restart_reasons
                     = dynamo_cumulative_compile_time_   dynamo_compile_time_before_restart_us beside
                     us / 1e6 ("legacy_metrics");        dynamo_time_before_restart_s (measured apart:
                     + duration_us                       they differ); 2.8+: compile_time_autotune_
                                                         time_us, recompile_reason, num_graph_breaks;
                                                         2.11+: pytorch_version

The rule when several forms of one time are present: the ``_s`` field wins when it is a number
(every release that has the time writes it, 2.6+ as ``_us / 1e6``: the same value), else its
``_us`` field divided by 1e6; compile time falls back last to ``duration_us``.  A phase is keyed by
its ``_s`` name in every release (``backend_compile_time_s`` also when only
``aot_autograd_cumulative_compile_time_us`` gave it), so one phase has one key whatever wrote it;
phases PyTorch only writes in µs are renamed ``..._s``.  ``compilation_metrics_runtime`` (runtime
autotuning, 2.11+) is not a compile and is not read.
"""

from __future__ import annotations

import re

from ...model import Compile, CompileEvent, Frame
from ...model.compile_id import base_compile_id
from .breaks import sections
from .guards import recompile_event

METRICS = "compilation_metrics"
BACKWARD_METRICS = "bwd_compilation_metrics"
START = "dynamo_start"

#: compile time: the fields that give it, in the order the rule reads them (``_us`` ones divided by 1e6)
COMPILE_TIME_FIELDS = ("entire_frame_compile_time_s", "dynamo_cumulative_compile_time_us", "duration_us")

#: phases: (key in ``Compile.phases``, the fields that give it in the order the rule reads them)
PHASES = (
    ("dynamo_time_before_restart_s", ("dynamo_time_before_restart_s", "dynamo_compile_time_before_restart_us")),
    ("backend_compile_time_s", ("backend_compile_time_s", "aot_autograd_cumulative_compile_time_us")),
    ("inductor_compile_time_s", ("inductor_compile_time_s", "inductor_cumulative_compile_time_us")),
    ("code_gen_time_s", ("code_gen_time_s", "inductor_code_gen_cumulative_compile_time_us")),
    ("triton_compile_time_s", ("triton_compile_time_us",)),
    ("pre_grad_pass_time_s", ("pre_grad_pass_time_us",)),
    ("joint_graph_pass_time_s", ("joint_graph_pass_time_us",)),
    ("post_grad_pass_time_s", ("post_grad_pass_time_us",)),
    ("compile_time_autotune_time_s", ("compile_time_autotune_time_us",)),
)

#: a lazily compiled backward's Inductor time (``bwd_compilation_metrics``), the same rule
BACKWARD_INDUCTOR_FIELDS = ("inductor_compile_time_s", "inductor_cumulative_compile_time_us")

#: the versions a ``compilation_metrics`` record names
VERSION_FIELDS = ("pytorch_version", "triton_version", "cuda_version", "python_version")

#: Restart reasons that are no graph break: a restart without a reason is logged as the exception's
#: class (``<class 'torch._dynamo.exc.TensorifyScalarRestartAnalysis'>``, ``Unspecialize...``,
#: ``CompileCollective...``; ``convert_frame.py`` ``restart_reasons.add(e.restart_reason or
#: str(type(e)))``), and ``output_graph.py`` restarts with these reasons (2.13, 2.14).
NOT_GRAPH_BREAKS = ("autograd.grad consumed grad_fns of returned tensors", "source-less requires_grad_() intermediate leaked as output")
_CLASS_REPR = re.compile(r"^<class '[\w.]+'>$")


def _number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def seconds(metrics: dict, fields: tuple[str, ...]) -> float | None:
    """The first of ``fields`` that ``metrics`` gives as a number, in seconds (``_us`` fields / 1e6); else ``None``."""
    for key in fields:
        value = _number(metrics.get(key))
        if value is not None:
            return value / 1e6 if key.endswith("_us") else value
    return None


def read_compile(metrics: dict, cid: str, path: str, rank: int | None, line: int, start: list[Frame], warn) -> Compile:
    """One :class:`Compile` from a ``compilation_metrics`` record (the dict under the envelope key)
    of compile ``cid`` at log line ``line``; its function from ``start`` (the compile's
    ``dynamo_start`` frames) when the record names none.  Times in seconds by the module's rule."""
    function, source = None, None
    file, first, name = metrics.get("co_filename"), metrics.get("co_firstlineno"), metrics.get("co_name")
    if isinstance(file, str) and file:
        if isinstance(first, int) and not isinstance(first, bool):
            function, source = Frame(file, first, str(name or ""), ""), METRICS
        else:
            warn(line, f"{METRICS} of compile {cid}: co_firstlineno is {first!r}, not a line number")
    elif start:
        fn = start[-1]
        function, source = Frame(fn.file, fn.line, fn.function, ""), START
    compile_ = Compile(path, rank, cid, function, source, line=line)
    compile_.compile_time_s = seconds(metrics, COMPILE_TIME_FIELDS)
    for key, fields in PHASES:
        value = seconds(metrics, fields)
        if value is not None:
            compile_.phases[key] = value
    guards = metrics.get("guard_count")
    compile_.guards = guards if isinstance(guards, int) and not isinstance(guards, bool) else None
    compile_.cache = {
        k: v
        for k, v in metrics.items()
        if k.endswith(("_cache_hit_count", "_cache_miss_count")) and isinstance(v, int) and not isinstance(v, bool)
    }
    restarts = metrics.get("restart_reasons")
    compile_.restart_reasons = [str(r) for r in restarts] if isinstance(restarts, list) else []
    compile_.versions = {k: v for k in VERSION_FIELDS if isinstance(v := metrics.get(k), str) and v}
    return compile_


def is_graph_break_restart(reason) -> bool:
    """Whether a ``restart_reasons`` entry is a graph break (``symbolic_convert.py``
    ``fail_and_restart_analysis``: the reason is the graph break's message), not another restart."""
    return (
        isinstance(reason, str)
        and bool(reason.strip())
        and not _CLASS_REPR.match(reason.strip())
        and reason.strip() not in NOT_GRAPH_BREAKS
    )


def restart_breaks(compile_: Compile, metrics: dict) -> list[CompileEvent]:
    """A graph break per graph-break restart reason of the record (for a compile no
    ``dynamo_graph_break_reason`` record covers: PyTorch 2.4 and 2.5 write none).  The reason is
    PyTorch's graph-break message (2.8+: with ``Explanation:`` / ``Hint:`` lines); it names no user
    line.  Logged under the frame compile's first attempt (``0/0``, where Dynamo broke)."""
    restarts = metrics.get("restart_reasons")
    out = []
    for reason in restarts if isinstance(restarts, list) else []:
        if not is_graph_break_restart(reason):
            continue
        message, explanation, hint, url = sections(reason.strip())
        out.append(
            CompileEvent(
                compile_.trace,
                compile_.rank,
                base_compile_id(compile_.compile_id),
                "graph_break",
                message,
                explanation,
                hint,
                None,
                [],
                url=url,
                record=METRICS,
                record_line=compile_.line,
                target_line=compile_.line,
            )
        )
    return out


def metrics_events(compile_: Compile, metrics: dict, recompiled: set[str], line: int) -> tuple[list[CompileEvent], list[CompileEvent]]:
    """(recompile, failure) events a ``compilation_metrics`` record states: the recompile when no
    ``recompile_reasons`` artifact of this compile id (in ``recompiled``) said so, the failure from
    ``fail_reason`` (sets ``compile_.failure``)."""
    recompiles, failures = [], []
    cid = compile_.compile_id
    reason = metrics.get("recompile_reason")
    if isinstance(reason, str) and reason.strip() and cid not in recompiled:
        event = recompile_event([reason], cid, compile_.trace, compile_.rank, METRICS, line, line)
        if event is not None:
            recompiles.append(event)
    fail = metrics.get("fail_reason")
    if isinstance(fail, str) and fail.strip():
        _, explanation, hint, url = sections(fail)
        lines = [ln.strip() for ln in fail.strip().split("\n") if ln.strip()]
        message = lines[0]  # "Dynamo recompile limit exceeded", an exception's first line
        if message.endswith(":") and len(lines) > 1:  # "backend='broken_backend' raised:" + the exception
            message = f"{message} {lines[1]}"
        file, lineno = metrics.get("fail_user_frame_filename"), metrics.get("fail_user_frame_lineno")
        if isinstance(lineno, str) and lineno.isdigit():
            lineno = int(lineno)
        location = Frame(file, lineno, "", "") if isinstance(file, str) and file and isinstance(lineno, int) else None
        fail_type = metrics.get("fail_type")
        compile_.failure = {
            "type": fail_type if isinstance(fail_type, str) else None,
            "reason": fail,
            "file": location.file if location else None,
            "line": location.line if location else None,
        }
        failures.append(
            CompileEvent(
                compile_.trace,
                compile_.rank,
                cid,
                "failure",
                message,
                explanation,
                hint,
                location,
                [],
                url=url,
                record=METRICS,
                record_line=line,
                target_line=line,
            )
        )
    return recompiles, failures
