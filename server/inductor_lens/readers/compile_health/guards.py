"""Recompile reasons (the failed guards) and ``triton_kernel_info``.

- artifact ``recompile_reasons`` (``torch/_dynamo/guards.py``, 2.6 - 2.14), "json" payload: a JSON
  list of failed guards, newest cache entry first, each ``<cache entry compile id>: <guard>  #
  <comment>`` and often ``User stack trace:`` with the user frame that made the guard.  A single
  reason is sometimes written as plain text instead of a JSON list (2.14, observed); both are read.
  ``compilation_metrics.recompile_reason`` (2.8 - 2.14) gives the same first reason.
- artifact ``triton_kernel_info`` (``torch/_inductor/async_compile.py``, CUDA), JSON: per Triton
  kernel name ``compile_time_us``, ``autotune_cache_state`` and the configs.
"""

from __future__ import annotations

import re

from ... import _json
from ...model import CompileEvent, Frame
from .breaks import frames

RECOMPILE = "recompile_reasons"
KERNEL_INFO = "triton_kernel_info"


def reasons_of(text: str, line: int, warn) -> list[str]:
    """The failed guards of a ``recompile_reasons`` payload (a JSON list, or one plain-text
    reason) that starts at log line ``line + 1``; an unknown JSON form is read as text, with a warning."""
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


def first_reason_line(text: str, line: int) -> int:
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


def recompile_event(
    reasons: list[str], cid: str, path: str, rank: int | None, record: str, line: int, target_line: int
) -> CompileEvent | None:
    """A recompile event (``None`` without reasons): the message is the first reason's first line
    (the failed guard of the newest cache entry), the location the first frame of its ``User stack trace:``."""
    if not reasons:
        return None
    first = reasons[0]
    _, marker, user = first.partition("User stack trace:")
    stack = frames(user + "\n") if marker else []
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


def kernel_info(text: str, line: int, warn) -> dict[str, dict] | None:
    """``{kernel name: facts}`` of a ``triton_kernel_info`` payload starting at log line
    ``line + 1``; ``None`` (with a warning) when it is not JSON or not an object of objects."""
    try:
        value = _json.loads(text)
    except ValueError as exc:
        warn(line + 1, f"invalid JSON in {KERNEL_INFO}: {exc}")
        return None
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        warn(line + 1, f"{KERNEL_INFO} is not an object of kernel names to objects (unknown form); skipped")
        return None
    return value


#: the envelope key of a frame compile's guards as text (``torch/_dynamo/guards.py``, 2.6 - 2.14)
GUARDS = "dynamo_cpp_guards_str"
#: the global-state guard's matmul TF32 flag: ``___check_global_state() against {..."allow_tf32":true,...}``
_ALLOW_TF32 = re.compile(r'"allow_tf32":\s*(true|false)')


def allow_tf32_of(text: str) -> bool | None:
    """``torch.backends.cuda.matmul.allow_tf32`` as the compile's ``GLOBAL_STATE`` guard records it
    (``set_float32_matmul_precision("high")`` sets it), ``None`` when the guards name none."""
    m = _ALLOW_TF32.search(text)
    return None if m is None else m.group(1) == "true"
