"""Reader of a ``TORCH_TRACE`` log's compile records: graph breaks, recompilations, failures and
compile times, as PyTorch 2.6 - 2.14 record them.

It works from the records the log scanner yields (objects with ``line``, ``kind``, ``name``,
``envelope`` and ``compile_id``, in log order) and a ``payload(record) -> str | None`` callable
that reads one MD5-verified payload (``None`` when damaged; the caller reports that).  Records:

- ``dynamo_start`` (``torch/_dynamo/convert_frame.py``): the stack of the frame Dynamo starts
  compiling; file names are indices into the log's ``str`` table.  Its last frame is the compiled
  function (used when ``compilation_metrics`` names none, as on a failed compile).
- artifact ``dynamo_graph_break_reason`` (``torch/_dynamo/symbolic_convert.py``
  ``log_graph_break``), a string payload: ``Graph break in user code at FILE:LINE``, then
  ``Graph Break Reason: ...`` (2.6: ``Reason: ...``) with PyTorch's graph-break type,
  ``  Explanation: ...``, ``  Hint: ...`` lines and a ``For more details ... visit: URL`` line
  (2.8+), then ``User code traceback:`` with the user frames, then Dynamo's own traceback.
- artifact ``recompile_reasons`` (``torch/_dynamo/guards.py``), "json" payload: a JSON list of
  failed guards, newest cache entry first, each ``<cache entry compile id>: <guard>  # <comment>``
  and often ``User stack trace:`` with the user frame that made the guard.  A single reason is
  sometimes written as plain text instead of a JSON list (2.14, observed); both are read.
- envelope key ``compilation_metrics`` (``torch/_dynamo/utils.py`` ``record_compilation_metrics``),
  one per frame compile, logged with the compile id of its last attempt (``0/0_1`` after a restart
  caused by a graph break): ``co_filename``, ``co_firstlineno``, ``co_name``,
  ``entire_frame_compile_time_s`` and phase times, ``guard_count``, cache hit counts,
  ``recompile_reason``, ``fail_type``/``fail_reason``/``fail_user_frame_filename``/``_lineno``.
  ``bwd_compilation_metrics`` carries a lazily compiled backward's Inductor time.
- artifact ``triton_kernel_info`` (``torch/_inductor/async_compile.py``, CUDA), JSON: per Triton
  kernel name of the graph whose output code precedes it, ``compile_time_us``,
  ``autotune_cache_state`` and the configs.

One :class:`~inductor_lens.model.Compile` per ``compilation_metrics`` record (a frame compile
without one, e.g. a log cut mid-compile, still gets one from its ``dynamo_start``), one
:class:`~inductor_lens.model.CompileEvent` per graph-break record, per recompiled compile id and
per failure.  Damaged or unknown forms become warnings naming file and line; the rest is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import _json
from ..model import Compile, CompileEvent, Frame, InputWarning
from ..model.compile_id import base_compile_id

GRAPH_BREAK = "dynamo_graph_break_reason"
RECOMPILE = "recompile_reasons"
KERNEL_INFO = "triton_kernel_info"
METRICS = "compilation_metrics"
BACKWARD_METRICS = "bwd_compilation_metrics"
START = "dynamo_start"

#: Envelope keys of output code records: a ``triton_kernel_info`` belongs to the graph whose code precedes it.
_CODE = {("inductor_output_code", None), ("graph_dump", "inductor_aot_wrapper_code"), ("graph_dump", "inductor_aot_code")}

_BREAK_HEAD = re.compile(r"^Graph break(?: \([^)\n]*\))? in user code at (?P<file>.+):(?P<line>\d+)", re.M)
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>[^\n]+))?\n(?P<code>(?:[ \t]+[^\n]*\n?)?)', re.M)
_URL = re.compile(r"For more details about this graph break, please visit: (\S+)")
_SECTION = re.compile(r"^\s*(Explanation|Hint|Developer debug context):\s?(.*)$")

#: ``compilation_metrics`` fields read as phases (seconds; ``_us`` fields are converted and renamed ``_s``).
PHASE_FIELDS = (
    "dynamo_time_before_restart_s",
    "backend_compile_time_s",
    "inductor_compile_time_s",
    "code_gen_time_s",
    "triton_compile_time_us",
    "pre_grad_pass_time_us",
    "joint_graph_pass_time_us",
    "post_grad_pass_time_us",
    "compile_time_autotune_time_us",
)


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


def _frames(text: str) -> list[Frame]:
    """``File "F", line N, in FUNC`` + code lines (Python's traceback format), outermost first."""
    out = []
    for m in _FRAME.finditer(text):
        out.append(Frame(m["file"], int(m["line"]), (m["func"] or "").strip(), m["code"].strip()))
    if out:
        out = [f._replace(stack=0, innermost=(i == len(out) - 1)) for i, f in enumerate(out)]
    return out


def _sections(reason: str) -> tuple[str, str | None, str | None, str | None]:
    """(graph-break type / first line, explanation, hints joined by newlines, URL) of PyTorch's
    ``format_graph_break_message`` text; the type is the last line before ``Explanation:``."""
    lines = reason.split("\n")
    first_section = next((i for i, l in enumerate(lines) if _SECTION.match(l)), len(lines))
    head = [l.strip() for l in lines[:first_section] if l.strip()]
    message = head[-1] if head else ""
    explanation: list[str] = []
    hints: list[str] = []
    current: list[str] | None = None
    for line in lines[first_section:]:
        m = _SECTION.match(line)
        if m:
            current = explanation if m[1] == "Explanation" else hints if m[1] == "Hint" else None
            if current is not None:
                current.append(m[2].strip())
        elif not line.strip() or line.lstrip().startswith("For more details"):
            current = None
        elif current is not None and current:
            current[-1] += " " + line.strip()
    url = _URL.search(reason)
    return message, " ".join(explanation) or None, "\n".join(hints) or None, url[1] if url else None


@dataclass
class _Group:
    """The records of one frame compile (all attempts of one compile id)."""

    start: list[Frame] = field(default_factory=list)
    compiles: list[Compile] = field(default_factory=list)
    pending_breaks: int = 0


def read_compile_health(
    records, payload: Callable[[Any], str | None], strings: dict[int, str], path: str, rank: int | None = None
) -> CompileHealth:
    """Read the compile records of one log (see the module docstring for the formats).

    ``records``: the scanner's records in log order (other kinds are ignored); ``payload``: reads
    a record's payload (``None`` when damaged); ``strings``: the log's ``str`` table (index ->
    file name); ``path``/``rank``: the log, for the results and warnings.  Never raises on bad input.
    """
    out = CompileHealth()
    groups: dict[str, _Group] = {}
    code_count: dict[str, int] = {}
    recompiled: set[str] = set()  # compile ids with a recompile_reasons artifact

    def warn(line: int, message: str) -> None:
        out.warnings.append(InputWarning(path, line, message))

    for record in records:
        kind, name, cid = record.kind, record.name, record.compile_id
        group = groups.setdefault(base_compile_id(cid), _Group())
        if (kind, name if kind in ("artifact", "graph_dump") else None) in _CODE:
            code_count[cid] = code_count.get(cid, 0) + 1
        elif kind == START:
            group.start = _start_frames(record.envelope.get(START), strings)
            out.stacks.append(("start", record.line, getattr(record, "pid", None), base_compile_id(cid), group.start))
        elif kind == METRICS:
            metrics = record.envelope.get(METRICS)
            if not isinstance(metrics, dict):
                warn(record.line, f"{METRICS} is not a JSON object; compile {cid} skipped")
                continue
            compile_ = _compile(metrics, cid, path, rank, record.line, group, warn)
            compile_.graph_breaks = group.pending_breaks
            group.pending_breaks = 0
            group.compiles.append(compile_)
            out.compiles.append(compile_)
            out.events.extend(_metrics_events(compile_, metrics, recompiled, record.line))
        elif kind == BACKWARD_METRICS:
            metrics = record.envelope.get(BACKWARD_METRICS)
            seconds = metrics.get("inductor_compile_time_s") if isinstance(metrics, dict) else None
            if group.compiles and isinstance(seconds, (int, float)):
                group.compiles[-1].phases["backward_inductor_compile_time_s"] = float(seconds)
        elif kind == "artifact" and name in (GRAPH_BREAK, RECOMPILE, KERNEL_INFO):
            text = payload(record)
            if text is None:
                continue  # damaged: the payload reader reported it
            if name == GRAPH_BREAK:
                broke = _graph_break(text, record, path, rank, warn)
                out.events.append(broke)
                out.stacks.append(("break", record.line, getattr(record, "pid", None), base_compile_id(cid), broke.stack))
                group.pending_breaks += 1
            elif name == RECOMPILE:
                event = _recompile(
                    _reasons(text, record.line, warn), cid, path, rank, RECOMPILE, record.line, _first_reason_line(text, record.line)
                )
                if event is not None:
                    out.events.append(event)
                    recompiled.add(cid)
            else:
                info = _kernel_info(text, record.line, warn)
                if info is not None:
                    out.kernel_info[(cid, max(code_count.get(cid, 0) - 1, 0))] = info
    for base, group in groups.items():  # a frame compile with no metrics record (log cut mid-compile)
        if not group.compiles and group.start:
            fn = group.start[-1]
            compile_ = Compile(path, rank, base, Frame(fn.file, fn.line, fn.function, ""), "dynamo_start", line=0)
            compile_.graph_breaks = group.pending_breaks
            out.compiles.append(compile_)
        elif group.pending_breaks and group.compiles:
            group.compiles[-1].graph_breaks += group.pending_breaks
    _function_from_frame(out.compiles)
    out.events.sort(key=lambda e: e.record_line)
    return out


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


def _number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _compile(metrics: dict, cid: str, path: str, rank: int | None, line: int, group: _Group, warn) -> Compile:
    """One :class:`Compile` from a ``compilation_metrics`` record (its function from ``dynamo_start`` when absent)."""
    function, source = None, None
    file, first, name = metrics.get("co_filename"), metrics.get("co_firstlineno"), metrics.get("co_name")
    if isinstance(file, str) and file:
        if isinstance(first, int) and not isinstance(first, bool):
            function, source = Frame(file, first, str(name or ""), ""), METRICS
        else:
            warn(line, f"{METRICS} of compile {cid}: co_firstlineno is {first!r}, not a line number")
    elif group.start:
        fn = group.start[-1]
        function, source = Frame(fn.file, fn.line, fn.function, ""), START
    compile_ = Compile(path, rank, cid, function, source, line=line)
    compile_.compile_time_s = _number(metrics.get("entire_frame_compile_time_s"))
    if compile_.compile_time_s is None and _number(metrics.get("duration_us")) is not None:
        compile_.compile_time_s = _number(metrics.get("duration_us")) / 1e6  # type: ignore[operator]
    for key in PHASE_FIELDS:
        value = _number(metrics.get(key))
        if value is not None:
            compile_.phases[key[:-3] + "_s" if key.endswith("_us") else key] = value / 1e6 if key.endswith("_us") else value
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


#: the versions a ``compilation_metrics`` record names
VERSION_FIELDS = ("pytorch_version", "triton_version", "cuda_version", "python_version")


def _metrics_events(compile_: Compile, metrics: dict, recompiled: set[str], line: int) -> list[CompileEvent]:
    """The recompile (when no ``recompile_reasons`` artifact of this compile id said so) and the
    failure a ``compilation_metrics`` record states."""
    out = []
    cid = compile_.compile_id
    reason = metrics.get("recompile_reason")
    if isinstance(reason, str) and reason.strip() and cid not in recompiled:
        event = _recompile([reason], cid, compile_.trace, compile_.rank, METRICS, line, line)
        if event is not None:
            out.append(event)
    fail = metrics.get("fail_reason")
    if isinstance(fail, str) and fail.strip():
        _, explanation, hint, url = _sections(fail)
        message = fail.strip().split("\n", 1)[0].strip()  # "Dynamo recompile limit exceeded", an exception's first line
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
        out.append(
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
    return out


def _graph_break(text: str, record, path: str, rank: int | None, warn) -> CompileEvent:
    """One graph-break event from a ``dynamo_graph_break_reason`` payload."""
    head = _BREAK_HEAD.search(text)
    body = text[head.end() :] if head else text
    reason, _, rest = body.partition("\nUser code traceback:")
    if not _:
        reason = reason.split("\nTraceback (most recent call last):", 1)[0]
    reason = re.sub(r"^\s*(?:Graph Break Reason|Reason):\s*", "", reason.strip())
    message, explanation, hint, url = _sections(reason)
    stack = _frames(rest.split("\n\n", 1)[0] + "\n") if rest else []
    location = None
    if head is not None:
        file, line = head["file"], int(head["line"])
        match = next((f for f in reversed(stack) if f.file == file and f.line == line), None)
        location = Frame(file, line, match.function if match else "", match.code if match else "")
    else:
        warn(record.line, f"{GRAPH_BREAK} without 'Graph break in user code at FILE:LINE' (unknown form); shown without a location")
        message = message or text.strip().split("\n", 1)[0]
    return CompileEvent(
        path,
        rank,
        record.compile_id,
        "graph_break",
        message,
        explanation,
        hint,
        location,
        stack,
        url=url,
        record=GRAPH_BREAK,
        record_line=record.line,
        target_line=record.line + 1,
    )


def _reasons(text: str, line: int, warn) -> list[str]:
    """The failed guards of a ``recompile_reasons`` payload (a JSON list, or one plain-text reason)."""
    stripped = text.strip()
    if stripped.startswith(("[", '"')):
        try:
            value = _json.loads(stripped)
        except ValueError:
            value = None
        if isinstance(value, list):
            return [str(v) for v in value]
        if isinstance(value, str):
            return [value]
        if value is not None:
            warn(line + 1, f"{RECOMPILE} is JSON but not a list of reasons (unknown form); read as text")
    return [stripped] if stripped else []


def _first_reason_line(text: str, line: int) -> int:
    """The log line of the first reason in a ``recompile_reasons`` payload (which starts at ``line + 1``)."""
    for offset, row in enumerate(text.split("\n")):
        if row.strip() and row.strip() not in ("[", "]"):
            return line + 1 + offset
    return line + 1


_TRUNCATED_WHERE = re.compile(r"\s+#\s+(?P<file>\S+):(?P<line>\d+) in (?P<func>\S+)\s*$")


def reason_message(reason: str, location: Frame | None) -> str:
    """The first line of a recompile reason, its padding collapsed and the ``# …/file.py:L in fn``
    comment PyTorch cut to a fixed width (``# orkspace/proj/health.py:21 in forward``, written by
    ``torch/_guards.py`` / ``guards.py``'s ``get_guard_fail_reason`` in PyTorch 2.5-2.14) given the
    full path from the reason's own ``User stack trace:`` frame when that frame's path ends with the
    cut one and names the same line; otherwise the comment is kept as PyTorch wrote it."""
    head = reason.strip().split("\n", 1)[0].rstrip()
    m = _TRUNCATED_WHERE.search(head)
    if m and location is not None and location.file.endswith(m["file"]) and int(m["line"]) == location.line:
        head = f"{head[: m.start()]}  # {location.file}:{location.line} in {m['func']}"
    return re.sub(r"(\S) {3,}", r"\1  ", head)


def _recompile(reasons: list[str], cid: str, path: str, rank: int | None, record: str, line: int, target_line: int) -> CompileEvent | None:
    """A recompile event: the message is the first reason's first line (the failed guard of the
    newest cache entry), the location the first frame of its ``User stack trace:``."""
    if not reasons:
        return None
    first = reasons[0]
    _, marker, user = first.partition("User stack trace:")
    stack = _frames(user + "\n") if marker else []
    location = stack[0] if stack else None
    message = reason_message(first, location)
    return CompileEvent(
        path,
        rank,
        cid,
        "recompile",
        message,
        None,
        None,
        location,
        stack,
        reasons=reasons,
        record=record,
        record_line=line,
        target_line=target_line,
    )


def _kernel_info(text: str, line: int, warn) -> dict[str, dict] | None:
    try:
        value = _json.loads(text)
    except ValueError as exc:
        warn(line + 1, f"invalid JSON in {KERNEL_INFO}: {exc}")
        return None
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        warn(line + 1, f"{KERNEL_INFO} is not an object of kernel names to objects (unknown form); skipped")
        return None
    return value
