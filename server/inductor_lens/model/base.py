"""Warnings, source frames and spans: the smallest shared shapes.

All line numbers are 1-based, all columns 0-based and counted in characters of the line
(editors convert to UTF-16 at the protocol boundary).  Paths are plain file-system paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..files.trace_paths import basename as trace_basename


@dataclass(slots=True)
class InputWarning:
    """A skipped or suspicious piece of input: ``file`` and 1-based ``line`` (0 when unknown).

    Every reader reports damage this way instead of raising; ``report --json`` lists them under
    ``warnings`` and the server logs them and shows them as diagnostics on opened files.
    """

    file: str
    line: int
    message: str
    #: a payload whose MD5 does not match, read as it is now (shown, marked as changed)
    changed: bool = False
    #: a record whose envelope could not be read, skipped (a log of such records only is unreadable)
    unread: bool = False
    #: the cache folder could not be written (a full disk): an answer that says so is not saved
    cache_unwritten: bool = False

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "message": self.message}

    @property
    def where(self) -> str:
        """``file:line``, or ``file`` alone for a warning about the whole file (line 0)."""
        return where_text(self.file, self.line)


def where_text(file: str, line: int) -> str:
    """``file:line``, or ``file`` when ``line`` is 0 (the whole file, or no line known)."""
    return f"{file}:{line}" if line else file


class Frame(NamedTuple):
    """One source frame of a stack trace: ``File "<file>", line <line>, in <function>`` + ``code``.

    ``file`` is the path exactly as the trace wrote it (another machine's path, usually);
    ``stack`` is the index of the stack-trace string it came from within its kernel and
    ``innermost`` marks its model line: the last frame of that string (the line that made the FX
    node), unless that frame is in generated code (``<eval_with_key>.7``): then the frame it was
    followed to (:mod:`inductor_lens.provenance.generated_frames`), whose ``via`` names the generated frame
    (``<eval_with_key>.7:63``), and no frame when it cannot be followed.  A frame in PyTorch's
    machinery (``torch/_dynamo``, ``torch/_inductor``, ...) is never a model line: the stack's
    innermost frame outside it is, and a followed frame that lands in the machinery is replaced by
    the user's line it works for, with ``role`` saying what the kernel does there (``gradient
    accumulation`` for compiled autograd's ``AccumulateGrad``).
    A NamedTuple: cheap to create, share, compare and pickle (the index cache holds many).
    """

    file: str
    line: int
    function: str
    code: str
    stack: int = 0
    innermost: bool = True
    via: str | None = None
    role: str | None = None

    @property
    def basename(self) -> str:
        """The file name, also of a path written on another OS (``C:\\proj\\models.py`` -> ``models.py``)."""
        return trace_basename(self.file)


class Span(NamedTuple):
    """A range on one line of a file: ``line`` 1-based, ``col``/``end_col`` 0-based, end exclusive.

    The one type for (path, line) ranges: kernel definitions, launches, FX nodes, model lines.
    """

    path: str
    line: int
    col: int = 0
    end_col: int = 0


#: a model line's row key: (file as the trace wrote it, line, the line's code with whitespace
#: collapsed); two runs whose model files differ at a line (``report tf_plain tf_item``: line 94 is
#: ``opt.step()`` in one and the loss in the other) are two rows, never one
LineKey = tuple[str, int, str]


def line_key(frame: Frame) -> LineKey:
    """``frame``'s :data:`LineKey`."""
    return (frame.file, frame.line, " ".join((frame.code or "").split()))


def innermost_frames(frames) -> list[Frame]:
    """The innermost frame of each stack trace in ``frames``, de-duplicated by (file, line), in order."""
    seen: set[tuple[str, int]] = set()
    out: list[Frame] = []
    for frame in frames:
        if frame.innermost and (frame.file, frame.line) not in seen:
            seen.add((frame.file, frame.line))
            out.append(frame)
    return out


class Launch(NamedTuple):
    """One launch (call site) of a kernel with its own provenance.

    The first four fields are a :class:`Span` (``line`` 1-based, columns 0-based, end
    exclusive).  ``post_grad_nodes``/``pre_grad_nodes`` are FX node keys, ``aten_ops`` like
    ``aten.mm``, ``frames`` the source frames of this launch (shape of :attr:`Kernel.frames`),
    ``provenance`` for this launch: ``mapping``, ``stack_traces``, ``comments`` or ``inferred``.  With debug handles a
    kernel key is one launch and the launch's fields equal the kernel's.
    """

    path: str
    line: int
    col: int = 0
    end_col: int = 0
    post_grad_nodes: list[str] = []
    pre_grad_nodes: list[str] = []
    aten_ops: list[str] = []
    frames: list[Frame] = []
    provenance: str = "comments"
    #: post-grad nodes the inference could have given instead, where it had to choose (``inferred`` only)
    alternatives: tuple[str, ...] = ()

    @property
    def model_lines(self) -> list[Frame]:
        """The innermost frame of each of this launch's stack traces (see :attr:`Kernel.model_lines`)."""
        return innermost_frames(self.frames)

    @property
    def confidence(self) -> str:
        """How sure the link is: ``exact`` (PyTorch recorded it: mapping, stack traces, a comment
        naming the nodes), ``inferred`` (read off the dataflow, which pinned it), or ``ambiguous``
        (inferred where several nodes fitted: :attr:`alternatives`)."""
        if self.provenance != "inferred":
            return "exact"
        return "ambiguous" if self.alternatives else "inferred"
