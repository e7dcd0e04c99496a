"""The forms of a ``dynamo_graph_break_reason`` artifact (a string payload), read into events.

PyTorch writes three different texts under that one artifact name (the artifact exists from
PyTorch 2.6, pytorch/pytorch#138778; before it, graph breaks are in ``restart_reasons`` only, see
:mod:`.metrics`):

1. ``torch/_dynamo/symbolic_convert.py`` ``log_graph_break`` (2.6 - 2.14), a graph break Dynamo
   compiles around: ``Graph break in user code at FILE:LINE``, then ``Graph Break Reason: ...``
   (2.6: ``Reason: ...``) with PyTorch's graph-break type, ``  Explanation: ...``, ``  Hint: ...``
   and (2.8+) ``For more details ... visit: URL`` lines, then ``User code traceback:`` with the
   user frames, then Dynamo's own traceback.  -> a ``graph_break`` at FILE:LINE.
2. ``torch/_dynamo/convert_frame.py`` (only with the ``graph_breaks`` log on), a graph break
   Dynamo cannot resume from, raised outside the tracer, so the whole frame runs eagerly:
   ``Graph break: skip: from user code at:`` (2.6) or ``Graph break: torch.compile cannot
   properly resume from this graph break, which results in a skip.`` + ``torch.compile will skip
   tracing the frame NAME (FILE line N) and fall back to eager.`` + ``The graph break occurred in
   the following user code:`` (2.13, 2.14), then the user frames (``traceback.format_list``),
   then the Python traceback whose last exception (``torch._dynamo.exc.Unsupported: ...``)
   carries the graph-break type, explanation and hints.  -> a ``graph_break`` at the innermost
   user frame (the skipped frame when none is listed).
3. ``torch/_dynamo/exc.py`` ``unimplemented_with_warning`` (2.6 - 2.14; ``format_error_msg_verbose``):
   the backend compiler raised one of the exceptions Dynamo falls back on (fake tensor's
   ``DataDependentOutputException``, ``DynamicOutputShapeException``, ...):
   ``WON'T CONVERT NAME FILE line N``, ``========== TorchDynamo Stack Trace ==========``, the
   Python traceback, and optionally ``========== The above exception occurred while processing the
   following code ==========`` with the user frames (``format_error_msg``'s shorter form says
   ``due to:`` instead of the banner).  Not a graph break: the graph break Dynamo makes next has
   its own record (form 1), or none.  -> a ``conversion_failure`` at the function (FILE, line N
   is its ``co_firstlineno``), named after the exception (``DataDependentOutputException:
   aten._local_scalar_dense.default``).

Any other text is read as form 1 without a location, with a warning.
"""

from __future__ import annotations

import re

from ...model import CompileEvent, Frame

GRAPH_BREAK = "dynamo_graph_break_reason"

_BREAK_HEAD = re.compile(r"^Graph break(?: \([^)\n]*\))? in user code at (?P<file>.+):(?P<line>\d+)", re.M)
_SKIP_HEAD = re.compile(r"\AGraph break: (?:skip: from user code at:|torch\.compile cannot properly resume from this graph break)")
_SKIPPED_FRAME = re.compile(r"torch\.compile will skip tracing the frame (?P<func>\S+) \((?P<file>.+) line (?P<line>\d+)\)")
_WONT_HEAD = re.compile(r"\AWON'T CONVERT (?P<func>\S+) (?P<file>.+?) line (?P<line>\d+) ?$", re.M)
_PROCESSING = re.compile(r"^=+ The above exception occurred while processing the following code =+$", re.M)
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>[^\n]+))?\n(?P<code>(?:[ \t]+[^\n]*\n?)?)', re.M)
#: a frame of a Python traceback (two spaces in); frames quoted inside an exception's message are indented further
_TB_FRAME = re.compile(r'^  File "[^"\n]+", line \d+', re.M)
_TRACEBACK = "Traceback (most recent call last):"
_URL = re.compile(r"For more details about this graph break, please visit: (\S+)")
_SECTION = re.compile(r"^\s*(Explanation|Hint|Developer debug context):\s?(.*)$")


def frames(text: str) -> list[Frame]:
    """``File "F", line N, in FUNC`` + code lines (Python's traceback format), outermost first."""
    out = []
    for m in _FRAME.finditer(text):
        out.append(Frame(m["file"], int(m["line"]), (m["func"] or "").strip(), m["code"].strip()))
    if out:
        out = [f._replace(stack=0, innermost=(i == len(out) - 1)) for i, f in enumerate(out)]
    return out


def sections(reason: str) -> tuple[str, str | None, str | None, str | None]:
    """(graph-break type / first line, explanation, hints joined by newlines, URL) of PyTorch's
    ``format_graph_break_message`` text (``torch/_dynamo/exc.py``, 2.7 - 2.14; older texts are
    one line); the type is the last line before ``Explanation:``."""
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


def final_exception(traceback_text: str) -> tuple[int, str] | None:
    """(line offset in ``traceback_text``, text) of the exception a Python traceback ends with:
    what follows its last frame (``torch._dynamo.exc.Unsupported: ...`` and the lines after it),
    or ``None`` when no exception line follows."""
    last = max(_TB_FRAME.finditer(traceback_text), key=lambda m: m.start(), default=None)
    if last is None:
        return None
    rows = traceback_text[last.end() :].split("\n")
    base = traceback_text[: last.end()].count("\n")
    for i, row in enumerate(rows):
        if i and row.strip() and not row[0].isspace():  # (row 0 is the rest of the frame line)
            return base + i, "\n".join(rows[i:]).strip()
    return None


def exception_name(text: str) -> str:
    """``torch._subclasses.fake_tensor.DataDependentOutputException: aten._local_scalar_dense.default``
    -> ``DataDependentOutputException: aten._local_scalar_dense.default`` (the first line, the
    exception's module path dropped, as ``fail_type`` names it)."""
    head = text.split("\n", 1)[0].strip()
    m = re.match(r"(?P<name>[A-Za-z_][\w.]*)(?P<rest>:.*)?$", head)
    return m["name"].rsplit(".", 1)[-1] + (m["rest"] or "") if m else head


def break_event(text: str, record, path: str, rank: int | None, warn) -> CompileEvent:
    """One event from a ``dynamo_graph_break_reason`` payload, of whichever form it is (module
    docstring): ``kind`` ``graph_break`` or ``conversion_failure``.  Never raises; an unknown
    form is a graph break without a location, with a warning naming the record's line."""
    if _WONT_HEAD.match(text):
        return _wont_convert(text, record, path, rank)
    if _SKIP_HEAD.match(text):
        return _skip_break(text, record, path, rank)
    return _user_code_break(text, record, path, rank, warn)


def _event(record, path, rank, kind, message, explanation, hint, location, stack, url, target_line) -> CompileEvent:
    return CompileEvent(
        path,
        rank,
        record.compile_id,
        kind,
        message,
        explanation,
        hint,
        location,
        stack,
        url=url,
        record=GRAPH_BREAK,
        record_line=record.line,
        target_line=target_line,
    )


def _user_code_break(text: str, record, path: str, rank: int | None, warn) -> CompileEvent:
    """Form 1: ``Graph break in user code at FILE:LINE``."""
    head = _BREAK_HEAD.search(text)
    body = text[head.end() :] if head else text
    reason, _, rest = body.partition("\nUser code traceback:")
    if not _:
        reason = reason.split("\n" + _TRACEBACK, 1)[0]
    reason = re.sub(r"^\s*(?:Graph Break Reason|Reason):\s*", "", reason.strip())
    message, explanation, hint, url = sections(reason)
    stack = frames(rest.split("\n\n", 1)[0] + "\n") if rest else []
    location = None
    if head is not None:
        file, line = head["file"], int(head["line"])
        match = next((f for f in reversed(stack) if f.file == file and f.line == line), None)
        location = Frame(file, line, match.function if match else "", match.code if match else "")
    else:
        warn(record.line, f"{GRAPH_BREAK} without 'Graph break in user code at FILE:LINE' (unknown form); shown without a location")
        message = message or text.strip().split("\n", 1)[0]
    return _event(record, path, rank, "graph_break", message, explanation, hint, location, stack, url, record.line + 1)


def _skip_break(text: str, record, path: str, rank: int | None) -> CompileEvent:
    """Form 2: a graph break that skips the frame (``convert_frame.py``)."""
    head, _, traceback_text = text.partition(_TRACEBACK)
    stack = frames(head)
    skipped = _SKIPPED_FRAME.search(head)
    location = stack[-1] if stack else Frame(skipped["file"], int(skipped["line"]), skipped["func"], "") if skipped else None
    message, explanation, hint, url = "", None, None, None
    target_line = record.line + 1
    exc = final_exception(traceback_text)
    if exc is not None:
        offset, exc_text = exc
        reason = re.sub(r"^[A-Za-z_][\w.]*: ?", "", exc_text)  # the exception's class
        message, explanation, hint, url = sections(reason)
        target_line = record.line + 1 + head.count("\n") + offset
    message = message or head.split("\n", 1)[0].strip()
    return _event(record, path, rank, "graph_break", message, explanation, hint, location, stack, url, target_line)


def _wont_convert(text: str, record, path: str, rank: int | None) -> CompileEvent:
    """Form 3: ``WON'T CONVERT NAME FILE line N`` (the backend compiler's exception)."""
    m = _WONT_HEAD.match(text)
    assert m is not None  # (break_event matched it)
    location = Frame(m["file"], int(m["line"]), m["func"], "")
    split = _PROCESSING.search(text)
    traceback_text = text[: split.start()] if split else text
    stack = frames(text[split.end() :]) if split else []
    exc = final_exception(traceback_text)
    message, target_line = f"WON'T CONVERT {m['func']}", record.line + 1
    if exc is not None:
        offset, exc_text = exc
        message, target_line = exception_name(exc_text), record.line + 1 + offset
    return _event(record, path, rank, "conversion_failure", message, None, None, location, stack, None, target_line)
