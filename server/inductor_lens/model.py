"""The provenance model shared by every layer: frames, spans, FX graphs, kernels, graphs.

All line numbers are 1-based, all columns 0-based and counted in characters of the line
(editors convert to UTF-16 at the protocol boundary).  Paths are plain file-system paths.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Protocol

from .trace_paths import basename as trace_basename


@dataclass(slots=True)
class InputWarning:
    """A skipped or suspicious piece of input: ``file`` and 1-based ``line`` (0 when unknown).

    Every reader reports damage this way instead of raising; ``report --json`` lists them under
    ``warnings`` and the server logs them and shows them as diagnostics on opened files.
    """

    file: str
    line: int
    message: str

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "message": self.message}


class Frame(NamedTuple):
    """One source frame of a stack trace: ``File "<file>", line <line>, in <function>`` + ``code``.

    ``file`` is the path exactly as the trace wrote it (another machine's path, usually);
    ``stack`` is the index of the stack-trace string it came from within its kernel and
    ``innermost`` marks its model line: the last frame of that string (the line that made the FX
    node), unless that frame is in generated code (``<eval_with_key>.7``): then the frame it was
    followed to (:mod:`inductor_lens.generated_frames`), whose ``via`` names the generated frame
    (``<eval_with_key>.7:63``), and no frame when it cannot be followed.
    A NamedTuple: cheap to create, share, compare and pickle (the index cache holds many).
    """

    file: str
    line: int
    function: str
    code: str
    stack: int = 0
    innermost: bool = True
    via: str | None = None

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


#: Parses a printed FX graph's text (and its file path) into its nodes by name and the
#: ``# File:`` comment frames by line; the reader gives it (``readers.fx_graph.parse_fx_graph``).
FxParser = Callable[[str, str], "FxGraph"]


class FxGraph:
    """A printed FX graph: its text file on disk and its nodes by name (first definition wins).

    ``nodes`` is kept in memory while the index is built; the on-disk index cache stores only the
    path and the ``parse`` function that made it (pickled by name), and a re-opened graph parses
    its file again when its nodes are first asked for.  ``comment_frames`` maps the 1-based line
    of each ``# File: ...`` comment to its frame.
    """

    def __init__(self, path: str, nodes: dict[str, FxNode] | None = None, graph_id: int | None = None,
                 *, parse: FxParser | None = None, comment_frames: dict[int, Frame] | None = None) -> None:
        self.path = path
        self.graph_id = graph_id
        self.parse = parse
        self._nodes = nodes if nodes is not None else {}
        self._comment_frames = comment_frames if comment_frames is not None else {}
        self._parsed = nodes is not None

    def _ensure_parsed(self) -> None:
        if self._parsed:
            return
        self._parsed = True
        if self.parse is None:
            return
        try:
            with open(self.path, encoding="utf-8", errors="replace") as fh:
                again = self.parse(fh.read(), self.path)
        except OSError:
            return
        self._nodes, self._comment_frames = again._nodes, again._comment_frames

    @property
    def nodes(self) -> dict[str, FxNode]:
        """Nodes by name, in graph order (parsed again from :attr:`path` after unpickling)."""
        self._ensure_parsed()
        return self._nodes

    @property
    def comment_frames(self) -> dict[int, Frame]:
        """``{1-based line: frame}`` of the graph text's ``# File:`` comments."""
        self._ensure_parsed()
        return self._comment_frames

    def __getstate__(self):
        return {"path": self.path, "graph_id": self.graph_id, "parse": self.parse}

    def __setstate__(self, state):
        self.path, self.graph_id, self.parse = state["path"], state["graph_id"], state.get("parse")
        self._nodes, self._comment_frames, self._parsed = {}, {}, False

    def node_at_line(self, line: int) -> FxNode | None:
        """The node defined on ``line`` (1-based), if any."""
        for node in self.nodes.values():
            if node.line == line:
                return node
        return None


def aten_op_of(target: str) -> str | None:
    """``torch.ops.aten.mm.default`` -> ``aten.mm``; ``None`` for targets that are not ATen/prims ops."""
    if not target.startswith("torch.ops."):
        return None
    parts = target[len("torch.ops.") :].split(".")
    if len(parts) >= 2:
        return f"{parts[0]}.{parts[1]}"
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

    Shapes: ``launches`` is a list of :class:`Span` (one with a debug handle, every site
    without); ``frames`` the source frames PyTorch recorded (each stack outermost first,
    innermost last; ``source`` in ``report --json``); ``post_grad_nodes``/``pre_grad_nodes`` FX node names of the graph's post-grad and
    pre-grad graphs; ``aten_ops`` like ``aten.addmm``.  ``definition`` is ``None`` for extern
    and fallback calls.
    """

    key: str
    name: str
    kind: str
    handle: int | None
    definition: Span | None
    launches: list[Span]
    post_grad_nodes: list[str] = field(default_factory=list)
    pre_grad_nodes: list[str] = field(default_factory=list)
    aten_ops: list[str] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    provenance: str = "comments"
    frames_from: str | None = None
    graph: "Graph | None" = field(default=None, repr=False)
    #: launches and device time joined from a torch.profiler trace, or None; never pickled (the
    #: index cache holds what the trace says, a profile join is redone on every index)
    measured: "Measured | None" = None

    def __getstate__(self):
        return tuple(None if name == "measured" else getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            setattr(self, name, value)

    def for_graph(self, graph: "Graph") -> "Kernel":
        """The same kernel in another, identical graph (lists are shared, never mutated)."""
        return Kernel(self.key, self.name, self.kind, self.handle, self.definition, self.launches, self.post_grad_nodes,
                      self.pre_grad_nodes, self.aten_ops, self.frames, self.provenance, self.frames_from, graph)

    @property
    def home(self) -> Span | None:
        """Where the kernel *is*: its definition, else its first launch (extern and fallback
        calls have no definition).  Go to definition, workspace symbols."""
        return self.definition or (self.launches[0] if self.launches else None)

    @property
    def first_launch(self) -> Span | None:
        """Where the kernel *runs*: its first launch, else its definition (a kernel defined and
        never launched).  Links in hovers and lenses."""
        return self.launches[0] if self.launches else self.definition

    @property
    def model_lines(self) -> list[Frame]:
        """The innermost frame of each stack trace, de-duplicated by (file, line), in order."""
        seen: set[tuple[str, int]] = set()
        out: list[Frame] = []
        for frame in self.frames:
            if frame.innermost and (frame.file, frame.line) not in seen:
                seen.add((frame.file, frame.line))
                out.append(frame)
        return out


class GraphLoader(Protocol):
    """Materializes a cold :class:`Graph`: reads and parses the payloads it points at and sets its
    lazy fields (``inductor_lens.loader.LogGraphLoader`` for graphs of a log)."""

    def __call__(self, graph: "Graph") -> None: ...


class _CopyFromTemplate:
    """The loader of an unpickled graph whose content is an identical graph's (its ``_template``)."""

    def __call__(self, graph: "Graph") -> None:
        template = graph._template
        if template is not None:
            graph.copy_content_from(template)


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
                 *, loader: GraphLoader | None = None, output_code_aliases=None, kernel_code: str | None = None, wrapper_language: str = "python",
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
        self.warnings: list[InputWarning] = []
        #: the process that wrote the graph, when several processes wrote its log (else None)
        self.pid: int | None = None
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
            self._loader = _CopyFromTemplate()

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


@dataclass(slots=True)
class Compile:
    """One frame compile of one trace, from its ``compilation_metrics`` record (PyTorch's
    ``torch/_dynamo/utils.py``; see :mod:`inductor_lens.readers.compile_health`).

    ``compile_id`` is the record's (``0/0_1`` when the compile restarted after a graph break);
    ``function`` the compiled function (``file``, ``line`` = ``co_firstlineno``, ``function`` =
    ``co_name``, ``code`` empty), read from ``function_from`` (``compilation_metrics`` or, when it
    names none, ``dynamo_start``); times in seconds; ``graph_breaks`` counts the graph-break records
    of this compile; ``guards`` is ``guard_count``; ``cache`` PyTorch's ``*_cache_hit_count`` /
    ``*_cache_miss_count`` fields; ``failure`` ``{type, reason, file, line}`` or ``None``;
    ``line`` the record's line in the log (0 when there is none).
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


@dataclass(slots=True)
class CompileEvent:
    """A graph break, a recompilation or a failure, as one record of a trace states it.

    ``kind``: ``graph_break``, ``recompile`` or ``failure``; ``message``: PyTorch's graph-break type,
    the first failed guard (``0/1: self.scale == 1.0 ...``) or the failure's first line;
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
