"""The provenance model shared by every layer: frames, locations, FX graphs, kernels, graphs.

All line numbers are 1-based, all columns 0-based and counted in characters of the line
(editors convert to UTF-16 at the protocol boundary).  Paths are plain file-system paths.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Kernel kinds, as reported in ``report --json`` (``kind``).
KINDS = (
    "pointwise",
    "reduction",
    "persistent_reduction",
    "template",
    "combo",
    "user_triton",
    "cpp",
    "extern",
    "fallback",
)

#: Where a kernel's provenance (post-grad nodes and source frames) came from.
#: ``mapping``: the ``inductor_provenance_tracking_node_mappings`` artifact names the kernel;
#: ``stack_traces``: only the ``..._kernel_stack_traces`` artifact names it (nodes from code comments);
#: ``comments``: neither (nodes from the code comments, frames from the graphs' ``# File:`` lines).
PROVENANCE_SOURCES = ("mapping", "stack_traces", "comments")


@dataclass(slots=True)
class Warning_:
    """A skipped or suspicious piece of input: ``file`` and 1-based ``line`` (0 when unknown)."""

    file: str
    line: int
    message: str

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "message": self.message}


@dataclass(slots=True, frozen=True)
class Frame:
    """One source frame of a stack trace: ``File "<file>", line <line>, in <function>`` + ``code``.

    ``file`` is the path exactly as the trace wrote it (another machine's path, usually);
    ``stack`` is the index of the stack-trace string it came from within its kernel and
    ``innermost`` marks the last frame of that string (the line that made the FX node).
    """

    file: str
    line: int
    function: str
    code: str
    stack: int = 0
    innermost: bool = True


@dataclass(slots=True, frozen=True)
class Location:
    """A range on one line of a file: ``line`` 1-based, ``col``/``end_col`` 0-based, end exclusive."""

    path: str
    line: int
    col: int = 0
    end_col: int = 0


@dataclass(slots=True)
class FxNode:
    """A node of a printed FX graph (``GraphModule.print_readable``).

    ``target`` is the callee text (``torch.ops.aten.mm.default``, ``torch._C._nn.linear``, ...)
    or ``""`` for plain assignments; ``line``/``col`` locate the node name in the graph text;
    ``frame`` is the ``# File: ...`` comment above it, if any.
    """

    name: str
    target: str
    line: int
    col: int
    frame: Frame | None = None


@dataclass(slots=True)
class FxGraph:
    """A printed FX graph: its text file on disk and its nodes by name (first definition wins)."""

    path: str
    nodes: dict[str, FxNode] = field(default_factory=dict)
    graph_id: int | None = None

    def node_at_line(self, line: int) -> FxNode | None:
        for node in self.nodes.values():
            if node.line == line:
                return node
        return None


@dataclass(slots=True)
class Kernel:
    """One provenance key of one graph: ``name:handle`` (one launch site) or a bare name (all sites).

    Shapes: ``launches`` is a list of :class:`Location` (one with a debug handle, every site
    without); ``source`` the frames PyTorch recorded (each stack outermost first, innermost
    last); ``post_grad_nodes``/``pre_grad_nodes`` FX node names of the graph's post-grad and
    pre-grad graphs; ``aten_ops`` like ``aten.addmm``.  ``definition`` is ``None`` for extern
    and fallback calls.
    """

    key: str
    name: str
    kind: str
    handle: int | None
    definition: Location | None
    launches: list[Location]
    post_grad_nodes: list[str] = field(default_factory=list)
    pre_grad_nodes: list[str] = field(default_factory=list)
    aten_ops: list[str] = field(default_factory=list)
    source: list[Frame] = field(default_factory=list)
    provenance: str = "comments"
    frames_from: str | None = None
    graph: "Graph | None" = field(default=None, repr=False)

    @property
    def model_lines(self) -> list[Frame]:
        """The innermost frame of each stack trace, de-duplicated by (file, line), in order."""
        seen: set[tuple[str, int]] = set()
        out: list[Frame] = []
        for frame in self.source:
            if frame.innermost and (frame.file, frame.line) not in seen:
                seen.add((frame.file, frame.line))
                out.append(frame)
        return out


@dataclass(slots=True)
class Graph:
    """One compiled graph (forward, backward or inference) of one compile id of one trace.

    ``output_code`` is the path of the wrapper code as editors open it (an extracted copy in
    the cache folder for code that exists only inside a log); ``output_code_aliases`` are other
    files on disk with the same text (the Inductor cache file, a debug-folder ``output_code.py``).
    ``kernel_code`` is the separate AOTInductor kernel ``.cpp`` where there is one.
    """

    trace: str
    rank: int | None
    compile_id: str
    kind: str
    ordinal: int
    output_code: str
    output_code_aliases: list[str] = field(default_factory=list)
    kernel_code: str | None = None
    wrapper_language: str = "python"
    post_grad: FxGraph | None = None
    pre_grad: FxGraph | None = None
    kernels: list[Kernel] = field(default_factory=list)
    mapping_version: str | None = None

    @property
    def label(self) -> str:
        return f"[{self.compile_id}] {self.kind}"


@dataclass(slots=True)
class TraceInfo:
    """One input the index read: a log file, a debug folder, a tlparse folder or a loose file."""

    path: str
    rank: int | None = None
    torch_version: str | None = None
    compile_ids: list[str] = field(default_factory=list)
    format: str = "torch_trace"
    readable: bool = True
