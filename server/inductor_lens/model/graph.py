"""Kernels and compiled graphs (lazily materialized), measured times, traces."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol

from .base import Frame, InputWarning, Launch, Span, innermost_frames
from .fx import FxGraph


@dataclass(slots=True, frozen=True)
class Measured:
    """What a profiler trace measured for one kernel: ``runs`` calls (graph executions it ran in),
    ``events`` device kernel executions (a cuBLAS call can run two), ``total_us``/``mean_us`` of
    device time per run, in microseconds.  ``clock`` is ``"device"``, or ``"cpu"`` where the
    kernel ran on the CPU (a C++ kernel, whose ``RECORD_FUNCTION`` Inductor adds with
    ``TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1``, or an extern call in a profile with no device
    activity): then ``events`` are CPU op executions and the times are their CPU wall time.
    ``launch_us`` is the time of each launch of the kernel (in the order of ``Kernel.launches``: a
    kernel without debug handles has several), which adds up to ``total_us`` (not in ``to_json``:
    ``report --json`` has it per model line, ``lines``); ``run_us`` each run's time."""

    runs: int
    events: int
    total_us: float
    mean_us: float
    clock: str = "device"
    launch_us: tuple[float, ...] = ()
    #: the device time of each run (graph call) in call order, device clock only (the spread the
    #: noise rule reads: ``diff``'s per-kernel verdicts use the median); not in ``to_json``
    run_us: tuple[float, ...] = ()
    #: the distinct names of the device kernels joined to it, in first-seen order (a cuBLAS GEMM's
    #: ``sm90_xmma_gemm_f32f32_tf32f32_...`` says it ran on TF32 tensor cores); not in ``to_json``
    device_kernels: tuple[str, ...] = ()
    #: how many of the ``runs`` have device time in the profile (a profile cut off mid-write keeps
    #: the CPU ops of every call but loses the device events of the later ones): ``mean_us`` is
    #: over these; ``None``: every run (CPU clock); not in ``to_json``
    timed_runs: int | None = None
    #: the same per launch (in the order of ``Kernel.launches``); empty: ``timed_runs`` each
    launch_runs: tuple[int, ...] = ()

    def to_json(self) -> dict:
        return {"runs": self.runs, "events": self.events, "total_us": self.total_us, "mean_us": self.mean_us, "clock": self.clock}

    def launch_parts(self, launches: int) -> list[float | None]:
        """Each launch's measured runs as a part of the runs ``mean_us`` is over (1.0 where it has
        time in every one of them; ``None`` where it has none: its bytes and FLOPs moved in no
        measured time).  A launch's figures times its part, over ``mean_us``, is what was measured."""
        base = self.runs if self.timed_runs is None else self.timed_runs
        if len(self.launch_runs) != launches:
            return [1.0 if base else None] * launches
        return [None if not r or not base else (1.0 if r == base else r / base) for r in self.launch_runs]


@dataclass(slots=True)
class Kernel:
    """One provenance key of one graph: ``name:handle`` (one launch site) or a bare name (all sites).

    Shapes: ``launches`` is a list of :class:`Launch` (one with a debug handle, every site
    without; each with its own provenance, whose union the kernel's fields are); ``frames`` the
    source frames PyTorch recorded (each stack outermost first, innermost last; ``source`` in
    ``report --json``); ``post_grad_nodes``/``pre_grad_nodes`` FX node names of the graph's post-grad and
    pre-grad graphs; ``aten_ops`` like ``aten.addmm``.  ``definition`` is ``None`` for extern
    and fallback calls.  ``alternatives`` (kind ``multi_kernel``: Inductor's ``MultiKernel``, which
    picks one of its sub-kernels at run time) are the sub-kernels it picks among, each
    ``(name, kind, definition)``; they are not kernels of their own.
    """

    key: str
    name: str
    kind: str
    handle: int | None
    definition: Span | None
    launches: list[Launch]
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
    alternatives: list[tuple[str, str, Span | None]] = field(default_factory=list)

    def __getstate__(self):
        return tuple(None if name == "measured" else getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            setattr(self, name, value)

    def for_graph(self, graph: "Graph") -> "Kernel":
        """The same kernel in another, identical graph (lists are shared, never mutated)."""
        return Kernel(
            self.key,
            self.name,
            self.kind,
            self.handle,
            self.definition,
            self.launches,
            self.post_grad_nodes,
            self.pre_grad_nodes,
            self.aten_ops,
            self.frames,
            self.provenance,
            self.frames_from,
            graph,
            None,
            self.alternatives,
        )

    @property
    def home(self) -> Span | Launch | None:
        """Where the kernel *is*: its definition, else its first launch (extern and fallback
        calls have no definition).  Go to definition, workspace symbols."""
        return self.definition or (self.launches[0] if self.launches else None)

    @property
    def first_launch(self) -> Span | Launch | None:
        """Where the kernel *runs*: its first launch, else its definition (a kernel defined and
        never launched).  Links in hovers and lenses."""
        return self.launches[0] if self.launches else self.definition

    @property
    def confidence(self) -> str:
        """The weakest of its launches' (:attr:`Launch.confidence`): ``exact``, ``inferred`` or
        ``ambiguous``; a kernel with no launch is ``inferred`` when its own provenance is."""
        marks = {la.confidence for la in self.launches}
        for mark in ("ambiguous", "inferred"):
            if mark in marks:
                return mark
        return "inferred" if self.provenance == "inferred" else "exact"

    @property
    def inferred(self) -> bool:
        """Whether a link of this kernel was inferred from the code's dataflow (its own provenance or
        a launch's: the trace recorded no provenance for it)."""
        return self.provenance == "inferred" or any(la.provenance == "inferred" for la in self.launches)

    @property
    def model_lines(self) -> list[Frame]:
        """The innermost frame of each stack trace, de-duplicated by (file, line), in order."""
        return innermost_frames(self.frames)


class GraphLoader(Protocol):
    """Materializes a cold :class:`Graph`: reads and parses the payloads it points at and sets its
    lazy fields (``inductor_lens.index.loader.LogGraphLoader`` for graphs of a log)."""

    def __call__(self, graph: "Graph") -> None: ...


class _CopyFromTemplate:
    """The loader of an unpickled graph whose content is an identical graph's (its ``_template``)."""

    def __call__(self, graph: "Graph") -> None:
        template = graph._template
        if template is not None:
            graph.copy_content_from(template, graph.__dict__.get("_own_pre_grad"))


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

    #: (class default for graphs unpickled from an older index cache)
    call_stack: tuple[Frame, ...] = ()
    kernels = _lazy("kernels")
    post_grad = _lazy("post_grad")
    pre_grad = _lazy("pre_grad")
    kernel_code = _lazy("kernel_code")
    output_code_aliases = _lazy("output_code_aliases")
    wrapper_language = _lazy("wrapper_language")
    mapping_version = _lazy("mapping_version")

    def __init__(
        self,
        trace: str,
        rank: int | None,
        compile_id: str,
        kind: str,
        ordinal: int,
        output_code: str,
        *,
        loader: GraphLoader | None = None,
        output_code_aliases=None,
        kernel_code: str | None = None,
        wrapper_language: str = "python",
        post_grad: FxGraph | None = None,
        pre_grad: FxGraph | None = None,
        kernels=None,
        mapping_version: str | None = None,
    ) -> None:
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
        #: the model line of the nodes PyTorch's passes made in this compile, when the compile-time
        #: stack had one (:mod:`inductor_lens.provenance.pass_frames`); set by the index before materializing
        self.pass_frame: Frame | None = None
        #: the program's frames that called the compiled function, outermost first: the
        #: compile's ``dynamo_start`` stack without its last frame (the compiled function itself);
        #: ``()`` when the log has none.  Set by the index, like ``pass_frame``
        self.call_stack: tuple[Frame, ...] = ()
        #: the output code's payload was unreadable when materializing (the index hides the graph)
        self.broken = False
        self._template: Graph | None = None
        #: the pre-grad graph of a copy whose own differs from its template's in its graph id only (ranks.py)
        self._own_pre_grad: FxGraph | None = None
        self._loader = loader
        self._lock = threading.RLock()

    @property
    def loaded(self) -> bool:
        """Whether the graph is materialized (its payloads parsed)."""
        return self._loader is None

    @property
    def payload_changed(self) -> bool:
        """Whether a payload of this graph read from the log does not match the MD5 PyTorch wrote
        for it (edited afterwards): it is shown as it is now, and its kernels say so."""
        self.ensure()
        return any(w.changed for w in self.warnings)

    @property
    def copied(self) -> bool:
        """Whether the graph's content is an identical graph's (another rank, a repeated compile),
        known once it is materialized (:meth:`copy_content_from`)."""
        return self._template is not None

    def ensure(self) -> None:
        """Materialize now (once; later calls and calls from inside the loader return at once)."""
        if self._loader is None:
            return
        with self._lock:
            loader, self._loader = self._loader, None
            if loader is not None:
                loader(self)

    def fx(self, role: str) -> FxGraph | None:
        """The graph's printed FX graph of ``role`` (``DocRole.POST_GRAD`` or ``PRE_GRAD``), or
        ``None`` (materializes the graph)."""
        if role == "post_grad":
            return self.post_grad
        if role == "pre_grad":
            return self.pre_grad
        raise ValueError(f"not an FX graph role: {role!r}")

    def copy_content_from(self, template: "Graph", own_pre_grad: FxGraph | None = None) -> None:
        """Take the materialized content of an identical graph (another rank, a repeated compile:
        same payload MD5s) with kernels of its own; the index cache then stores only the link.
        ``own_pre_grad``: this graph's pre-grad graph, when it differs from the template's in its
        graph id only (another rank: :mod:`inductor_lens.index.ranks`)."""
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
        self._own_pre_grad = own_pre_grad
        if own_pre_grad is not None:
            self._pre_grad = own_pre_grad
            self.graph_files["pre_grad"] = own_pre_grad.path

    def forget_copy(self, output_code: str, graph_files: dict[str, str], wrapper_language: str) -> None:
        """Undo :meth:`copy_content_from` (a copy whose own payloads turned out damaged), back to
        the cold fields it had, before it is materialized from its own payloads."""
        self._template = None
        self.output_code, self.graph_files, self._wrapper_language = output_code, dict(graph_files), wrapper_language
        self._output_code_aliases, self._kernel_code, self._mapping_version = [], None, None
        self._post_grad = self._pre_grad = self._own_pre_grad = None
        self._kernels = []

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
    #: when its first record was written (``MMDD HH:MM:SS.ffffff``, the glog prefix), for a log; ``None`` otherwise
    started: str | None = None
