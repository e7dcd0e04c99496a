"""The provenance model shared by every layer: frames, locations, FX graphs, kernels, graphs.

All line numbers are 1-based, all columns 0-based and counted in characters of the line
(editors convert to UTF-16 at the protocol boundary).  Paths are plain file-system paths.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import NamedTuple

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


class Frame(NamedTuple):
    """One source frame of a stack trace: ``File "<file>", line <line>, in <function>`` + ``code``.

    ``file`` is the path exactly as the trace wrote it (another machine's path, usually);
    ``stack`` is the index of the stack-trace string it came from within its kernel and
    ``innermost`` marks the last frame of that string (the line that made the FX node).
    A NamedTuple: cheap to create, share, compare and pickle (the index cache holds many).
    """

    file: str
    line: int
    function: str
    code: str
    stack: int = 0
    innermost: bool = True


class Location(NamedTuple):
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


class FxGraph:
    """A printed FX graph: its text file on disk and its nodes by name (first definition wins).

    ``nodes`` is kept in memory while the index is built; the on-disk index cache stores only the
    path, and a re-opened graph parses its file again when its nodes are first asked for.
    """

    def __init__(self, path: str, nodes: dict[str, FxNode] | None = None, graph_id: int | None = None) -> None:
        self.path = path
        self.graph_id = graph_id
        self._nodes = nodes if nodes is not None else {}
        self._parsed = nodes is not None

    @property
    def nodes(self) -> dict[str, FxNode]:
        if not self._parsed:
            from .readers.fx_graph import parse_fx_graph  # a reader; only on a re-opened index

            try:
                with open(self.path, encoding="utf-8", errors="replace") as fh:
                    self._nodes = parse_fx_graph(fh.read(), self.path).nodes
            except OSError:
                self._nodes = {}
            self._parsed = True
        return self._nodes

    @nodes.setter
    def nodes(self, value: dict[str, FxNode]) -> None:
        self._nodes, self._parsed = value, True

    def __getstate__(self):
        return {"path": self.path, "graph_id": self.graph_id}

    def __setstate__(self, state):
        self.path, self.graph_id = state["path"], state["graph_id"]
        self._nodes, self._parsed = {}, False

    def node_at_line(self, line: int) -> FxNode | None:
        """The node defined on ``line`` (1-based), if any."""
        for node in self.nodes.values():
            if node.line == line:
                return node
        return None


@dataclass(slots=True, frozen=True)
class Measured:
    """What a profiler trace measured for one kernel: ``runs`` calls (graph executions it ran in),
    ``events`` device kernel executions (a cuBLAS call can run two), ``total_us``/``mean_us`` of
    device time per run, in microseconds.  ``clock`` is ``"device"``, or ``"cpu"`` where the
    kernel ran on the CPU (a C++ kernel, whose ``RECORD_FUNCTION`` Inductor adds with
    ``TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1``, or an extern call in a profile with no device
    activity): then ``events`` are CPU op executions and the times are their CPU wall time."""

    runs: int
    events: int
    total_us: float
    mean_us: float
    clock: str = "device"

    def to_json(self) -> dict:
        return {"runs": self.runs, "events": self.events, "total_us": self.total_us, "mean_us": self.mean_us, "clock": self.clock}


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
    #: launches and device time joined from a torch.profiler trace, or None
    measured: "Measured | None" = None

    def for_graph(self, graph: "Graph") -> "Kernel":
        """The same kernel in another, identical graph (lists are shared, never mutated)."""
        return Kernel(self.key, self.name, self.kind, self.handle, self.definition, self.launches, self.post_grad_nodes,
                      self.pre_grad_nodes, self.aten_ops, self.source, self.provenance, self.frames_from, graph)

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


def _lazy(name: str):
    """A property that materializes the graph (parses its payloads) on first access."""
    private = "_" + name

    def get(self):
        self.ensure()
        return getattr(self, private)

    def set_(self, value):
        setattr(self, private, value)

    return property(get, set_, doc=f"``{name}`` (materialized on first access)")


class Graph:
    """One compiled graph (forward, backward or inference) of one compile id of one trace.

    Known at once (cold index): ``trace``, ``rank``, ``compile_id``, ``kind``, ``ordinal`` and
    ``output_code`` (the path editors open: the Inductor cache file when it exists on disk with
    this text, else an extracted copy in the cache folder).  Materialized on first access, by the
    ``loader`` the index gives (parsing the payloads it points at): ``kernels``, ``post_grad``,
    ``pre_grad``, ``kernel_code`` (the AOTInductor kernel ``.cpp``), ``output_code_aliases``
    (other files with the same text), ``wrapper_language`` and ``mapping_version``.  Thread-safe.
    """

    kernels = _lazy("kernels")
    post_grad = _lazy("post_grad")
    pre_grad = _lazy("pre_grad")
    kernel_code = _lazy("kernel_code")
    output_code_aliases = _lazy("output_code_aliases")
    wrapper_language = _lazy("wrapper_language")
    mapping_version = _lazy("mapping_version")

    def __init__(self, trace: str, rank: int | None, compile_id: str, kind: str, ordinal: int, output_code: str,
                 *, loader=None, output_code_aliases=None, kernel_code: str | None = None, wrapper_language: str = "python",
                 post_grad: FxGraph | None = None, pre_grad: FxGraph | None = None, kernels=None,
                 mapping_version: str | None = None) -> None:
        self.trace = trace
        self.rank = rank
        self.compile_id = compile_id
        self.kind = kind
        self.ordinal = ordinal
        self.output_code = output_code
        self._output_code_aliases = list(output_code_aliases or [])
        self._kernel_code = kernel_code
        self._wrapper_language = wrapper_language
        self._post_grad = post_grad
        self._pre_grad = pre_grad
        self._kernels = list(kernels or [])
        self._mapping_version = mapping_version
        #: MD5 of the output code's payload (from the log) and the extracted paths of its FX graphs
        self.code_md5: str | None = None
        self.graph_files: dict[str, str] = {}
        #: what went wrong while materializing (damaged payloads, ...), with file and line
        self.warnings: list[Warning_] = []
        #: the output code's payload was unreadable when materializing (the index hides the graph)
        self.broken = False
        self._template: Graph | None = None
        self._loader = loader
        self._lock = threading.RLock()

    @property
    def loaded(self) -> bool:
        """Whether the graph is materialized (its payloads parsed)."""
        return self._loader is None

    def ensure(self) -> None:
        """Materialize now (once; later calls and calls from inside the loader return at once)."""
        if self._loader is None:
            return
        with self._lock:
            loader, self._loader = self._loader, None
            if loader is not None:
                loader(self)

    def copy_content_from(self, template: "Graph") -> None:
        """Take the materialized content of an identical graph (another rank, a repeated compile:
        same payload MD5s) with kernels of its own; the index cache then stores only the link."""
        template.ensure()
        self._template = template
        self.output_code = template.output_code
        self._output_code_aliases = list(template.output_code_aliases)
        self._kernel_code = template.kernel_code
        self._wrapper_language = template.wrapper_language
        self._post_grad, self._pre_grad = template.post_grad, template.pre_grad
        self._mapping_version = template.mapping_version
        self.graph_files = dict(template.graph_files)
        self._kernels = [k.for_graph(self) for k in template.kernels]

    _COPIED = ("_kernels", "_post_grad", "_pre_grad", "_kernel_code", "_output_code_aliases", "_mapping_version")

    def __getstate__(self):
        self.ensure()
        state = dict(self.__dict__)
        state.pop("_lock", None)
        if state.get("_template") is not None:  # rebuilt from the template when unpickled
            for key in self._COPIED:
                state.pop(key, None)
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.RLock()
        if self.__dict__.get("_template") is not None and "_kernels" not in state:
            self._loader = lambda g: g.copy_content_from(g._template)

    @property
    def label(self) -> str:
        """``[0/0] forward``: compile id and graph kind, for people."""
        return f"[{self.compile_id}] {self.kind}"

    def __repr__(self) -> str:
        return f"Graph({self.trace!r}, {self.compile_id!r}, {self.kind!r}, loaded={self.loaded})"


@dataclass(slots=True)
class TraceInfo:
    """One input the index read: a log file, a debug folder, a tlparse folder or a loose file."""

    path: str
    rank: int | None = None
    torch_version: str | None = None
    compile_ids: list[str] = field(default_factory=list)
    format: str = "torch_trace"
    readable: bool = True
