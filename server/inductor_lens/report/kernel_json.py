"""One kernel of ``report --json`` (and of ``inductorLens/kernels``): :func:`kernel_json`, its
launches (:func:`launch_json`) and frames (:func:`frame_json`); what kernels copied from an
identical graph (ranks, repeated compiles) share is made once per document (``memo``), and
written from bytes made once (:func:`kernel_items`).  The shape is docs/report-json.md's (see
:mod:`.json_report`'s docstring)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

from .. import _json
from ..analysis.shown import module_of, shape_of, totals_throughput
from ..files.resolve import PathResolver
from ..model import Frame, Kernel, Launch, Span

if TYPE_CHECKING:
    from .._json import Preserialized


#: what ``report --json`` says for a kernel or launch whose graph names no module
NO_MODULE: dict = {"module": None, "modules": [], "module_shared": False}


def module_json(ref) -> dict:
    """``{module, modules, module_shared}`` of a kernel's or launch's module (``ref``:
    :func:`inductor_lens.analysis.shown.module_of`'s answer, ``None`` for none)."""
    if ref is None:
        return NO_MODULE
    return {"module": ref.path, "modules": list(ref.modules), "module_shared": ref.shared}


def _loc(loc: Span | None) -> dict | None:
    return None if loc is None else {"path": loc.path, "line": loc.line}


def frame_json(frame: Frame, resolver: PathResolver | None, memo: dict | None = None) -> dict:
    """A frame as ``{file, line, function, code, resolved}`` (``resolved``: local path or null), plus
    ``via`` (the generated-code frame it was followed from) when there is one, and ``role`` (what
    the kernel does for this line when it was followed through PyTorch's machinery: ``gradient
    accumulation``).  With ``memo`` (one
    dict per document) each distinct frame is made once and the same dict is shared (GPT-2's
    kernels repeat a few hundred frames ~25,000 times)."""
    if memo is not None:
        found = memo.get(frame)
        if found is None:
            found = memo[frame] = frame_json(frame, resolver)
        return found
    resolved = resolver.resolve(frame.file, frame.code, frame.line) if resolver is not None else None
    out = {"file": frame.file, "line": frame.line, "function": frame.function, "code": frame.code, "resolved": resolved}
    if frame.via is not None:  # followed out of generated code (compiled autograd's <eval_with_key>.N)
        out["via"] = frame.via
    if frame.role is not None:  # followed through PyTorch's machinery: what the kernel does for this line
        out["role"] = frame.role
    return out


def launch_json(launch: Launch, resolver: PathResolver | None, kernel: Kernel | None = None, memo: dict | None = None, perf=None) -> dict:
    """One launch with its own provenance: ``{path, line, post_grad_nodes, pre_grad_nodes,
    aten_ops, model_lines, provenance, confidence, alternatives (only when ambiguous), module, modules,
    module_shared}`` (the module of its own
    pre-grad nodes in ``kernel``'s graph); with ``perf``, also ``bytes`` (read and written, an
    integer; ``null`` when unknown, with ``bytes_unknown`` saying why), ``bytes_from``
    (``inductor``: the kernel's ``kernel_num_gb``; ``derived``) and ``flops`` (GEMMs,
    convolutions, attention; else ``null``): :mod:`inductor_lens.perf.figures`."""
    module = module_of(kernel, launch) if kernel is not None else None
    figures = perf.launch(kernel, launch).to_json() if perf is not None and kernel is not None else {}
    return {
        "path": launch.path,
        "line": launch.line,
        "post_grad_nodes": list(launch.post_grad_nodes),
        "pre_grad_nodes": list(launch.pre_grad_nodes),
        "aten_ops": list(launch.aten_ops),
        "model_lines": [frame_json(f, resolver, memo) for f in (perf.splits.model_lines(launch.frames) if perf else launch.model_lines)],
        "provenance": launch.provenance,
        "confidence": launch.confidence,
        **({"alternatives": list(launch.alternatives)} if launch.alternatives else {}),
        **module_json(module),
        **figures,
    }


def _shared(memo: dict | None, what: str, of: list, make) -> list:
    """``make()`` once per list object: kernels copied from an identical graph (ranks, repeated
    compiles) share their launch and frame lists, so their JSON is made once too."""
    if memo is None:
        return make()
    key = (what, id(of))
    found = memo.get(key)
    if found is None or found[0] is not of:
        found = memo[key] = (of, make())
    return found[1]


def kernel_json(
    kernel: Kernel,
    resolver: PathResolver | None,
    *,
    source: bool = True,
    memo: dict | None = None,
    perf=None,
    preserialized: "Preserialized | None" = None,
) -> dict:
    """One kernel in the ``report --json`` / ``inductorLens/kernels`` shape; ``source=False``
    leaves out the full stacks (``source`` is then ``null``; ``model_lines`` stay); ``memo`` as
    in :func:`frame_json`.  With ``perf``: ``bytes``/``flops`` per run of its graph (its launches
    summed), and a measured kernel's ``measured`` gains ``gbps``, ``tflops``, ``peak_fraction``,
    ``bound`` and ``device`` (:mod:`inductor_lens.perf.throughput`), and ``shape`` (Triton kernels'
    compile facts, :mod:`inductor_lens.perf.shape`).

    What a kernel copied from an identical graph (ranks, repeated compiles: it shares its launch
    and frame lists and its graph's FX graphs) has in common with the kernel it was copied from is
    made once per ``memo``; its graph's names, its compile facts and its measured time are its own.
    With ``preserialized`` (the kernels are written as items of the document's ``kernels``), the
    launch, source and model-line lists such kernels share are written from bytes made once."""
    graph = kernel.graph
    content = _kernel_content(kernel, resolver, source, memo, perf)
    head = content.head if preserialized is None else content.written_head(preserialized)
    totals = content.totals
    measured = kernel.measured.to_json() if kernel.measured is not None else None
    if measured is not None and perf is not None:
        measured.update(totals_throughput(perf, kernel, totals).to_json())
    return {
        **_graph_names(graph, memo),
        **head,
        **({"payload_changed": True} if graph is not None and graph.payload_changed else {}),
        "frames_from": kernel.frames_from,
        **({"bytes": totals[0], "flops": totals[1], "shape": content.shape(kernel, perf)} if perf is not None else {}),
        "measured": measured,
    }


def _graph_names(graph, memo: dict | None) -> dict:
    """``{trace, rank, compile_id, pid, graph}`` of a kernel's graph (once per graph in ``memo``)."""
    key = ("graph", id(graph))
    found = memo.get(key) if memo is not None else None
    if found is None:
        names = {
            "trace": graph.trace if graph else None,
            "rank": graph.rank if graph else None,
            "compile_id": graph.compile_id if graph else None,
            "pid": graph.pid if graph else None,
            "graph": graph.kind if graph else None,
        }
        if memo is None:
            return names
        found = memo[key] = (graph, names)  # (it holds the graph its key names by id)
    return found[1]


class _Content:
    """What :func:`kernel_json` makes of a kernel's content (``head``: ``key`` to ``confidence``),
    its launches' (bytes, FLOPs, dtype) per run (``totals``), and the shapes made for it; one
    for the kernels copied from one another (``refs``: what its memo key names by id)."""

    __slots__ = ("refs", "head", "totals", "shapes", "_written", "_rest")

    #: the most compile-info variants kept per content (a repeated compile's usually equal the first's)
    KEEP = 8
    #: ``head``'s values that are long lists (three quarters of a kernel's bytes)
    LISTS = ("launches", "source", "model_lines")

    def __init__(self, refs: tuple, head: dict, totals: tuple) -> None:
        self.refs, self.head, self.totals = refs, head, totals
        self.shapes: list[tuple[str | None, dict, dict | None]] = []
        self._written: dict | None = None  # None: not written yet; {}: once, as it is
        self._rest: dict[tuple, bytes | None] = {}  # (payload_changed, frames_from, id(shape)) -> bytes: see made_copy

    def written_head(self, preserialized: "Preserialized") -> dict:
        """``head`` for a kernel written into the document: as it is the first time, then with
        its :data:`LISTS` as fragments (a content written once pays for no fragment)."""
        written = self._written
        if written is None:
            self._written = {}
            return self.head
        if not written:
            written = self._written = dict(self.head)
            for key in self.LISTS:
                if isinstance(written[key], list):
                    written[key] = preserialized.of(written[key])
        return written

    def shape(self, kernel: Kernel, perf) -> dict | None:
        """:func:`inductor_lens.analysis.shown.shape_of` of ``kernel``'s compile facts: the same as another kernel's of this
        content in the same trace whose compile info (``triton_kernel_info``, the one fact that is
        its compile's) is equal."""
        return self._shape(kernel, perf)[0]

    def _shape(self, kernel: Kernel, perf, info: dict | None = None) -> tuple[dict | None, bool]:
        """(:meth:`shape`, whether it is kept here: the same object for the next kernel it fits);
        ``info``: ``perf.compile_info(kernel)`` when the caller has it."""
        trace = kernel.graph.trace if kernel.graph is not None else None
        if info is None:
            info = perf.compile_info(kernel)
        for known_trace, known_info, made in self.shapes:
            if known_trace == trace and known_info == info:
                return made, True
        made = shape_of(perf.shape(kernel))
        if len(self.shapes) < self.KEEP:
            self.shapes.append((trace, info, made))
            return made, True
        return made, False

    def made_copy(
        self, kernel: Kernel, perf, preserialized: "Preserialized", names: bytes, changed: bool, info: dict | None = None
    ) -> tuple[bytes, ...] | None:
        """The bytes :func:`kernel_json` of ``kernel`` serializes to as an item of the document's
        ``kernels`` (:class:`inductor_lens._json.Made`'s pieces), for a kernel of a content already
        written and without a measured time: ``names`` (its graph's :func:`_graph_names`, made by
        :func:`_names_bytes`), then what follows them, serialized once per content and the facts
        that are not the content's (its graph's ``payload_changed``, its ``frames_from``, its
        compile facts; ``changed``: its graph's ``payload_changed``).  ``None`` where that does not
        hold or orjson refuses the text; ``info`` as for :meth:`_shape`)."""
        if self._written is None or kernel.measured is not None:
            return None
        shape, kept = self._shape(kernel, perf, info)
        if not kept:
            return None
        key = (changed, kernel.frames_from, id(shape))
        rest = self._rest.get(key, b"")
        if rest == b"":
            totals = self.totals
            made = _json.item_bytes(
                {
                    **self.written_head(preserialized),
                    **({"payload_changed": True} if changed else {}),
                    "frames_from": kernel.frames_from,
                    "bytes": totals[0],
                    "flops": totals[1],
                    "shape": shape,
                    "measured": None,
                }
            )
            rest = self._rest[key] = made[1:] if made is not None and made.startswith(b"{\n") else None
        return None if rest is None else (names, rest)


def _kernel_content(
    kernel: Kernel, resolver: PathResolver | None, source: bool, memo: dict | None, perf, fx: tuple | None = None
) -> _Content:
    """The :class:`_Content` of ``kernel``, made once per distinct kernel in ``memo``; ``fx``: its
    graph's ``(post_grad, pre_grad)`` when the caller has them."""
    graph = kernel.graph
    post, pre = fx if fx is not None else (graph.post_grad, graph.pre_grad) if graph is not None else (None, None)
    key = ("kernel", id(kernel.launches), id(kernel.frames), id(post), id(pre), source, id(perf))
    found = memo.get(key) if memo is not None else None
    if found is None:
        found = _Content((kernel.launches, kernel.frames, post, pre, perf), *_make_content(kernel, resolver, source, memo, perf))
        if memo is not None:
            memo[key] = found
    return found


def _make_content(kernel: Kernel, resolver: PathResolver | None, source: bool, memo: dict | None, perf) -> tuple[dict, tuple]:
    module = module_of(kernel)
    frames = kernel.frames
    head = {
        "key": kernel.key,
        "name": kernel.name,
        "kind": kernel.kind,
        "handle": kernel.handle,
        "definition": _loc(kernel.definition),
        **(
            {"alternatives": [{"name": n, "kind": k, "definition": _loc(d)} for n, k, d in kernel.alternatives]}
            if kernel.alternatives
            else {}
        ),
        "launches": _shared(
            memo, "launches", kernel.launches, lambda: [launch_json(la, resolver, kernel, memo, perf) for la in kernel.launches]
        ),
        "post_grad_nodes": list(kernel.post_grad_nodes),
        "pre_grad_nodes": list(kernel.pre_grad_nodes),
        "aten_ops": list(kernel.aten_ops),
        **module_json(module),
        "source": _shared(memo, "source", frames, lambda: [frame_json(f, resolver, memo) for f in frames]) if source else None,
        "model_lines": _shared(
            memo,
            "model_lines",
            frames,
            lambda: [frame_json(f, resolver, memo) for f in (perf.splits.model_lines(frames) if perf else kernel.model_lines)],
        ),
        "provenance": kernel.provenance,
        "confidence": kernel.confidence,
    }
    return head, (perf.totals(kernel) if perf is not None else (None, None, None, None))


def kernel_items(
    kernels: list[Kernel], resolver: PathResolver | None, memo: dict, perf, preserialized: "Preserialized"
) -> Iterator[dict | _json.Made]:
    """:func:`kernel_json` of each of ``kernels``, as the document's ``kernels`` writes it: the
    kernels copied from an identical graph (ranks, repeated compiles) whose content is already
    written, as :class:`inductor_lens._json.Made` bytes (:meth:`_Content.made_copy`), the same bytes
    at a fraction of the work (the 342 MB log's 16,206 copies)."""
    # id(graph) -> (graph, its names' bytes, its payload_changed, its (post-grad, pre-grad) graphs, its compile infos)
    of_graph: dict[int, tuple[object, bytes | None, bool, tuple, dict]] = {}
    for kernel in kernels:
        graph = kernel.graph
        found = of_graph.get(id(graph))
        if found is None or found[0] is not graph:
            made = _json.item_bytes(_graph_names(graph, memo))
            found = of_graph[id(graph)] = (
                graph,
                made[: -len(_CLOSE)] + b"," if made is not None and made.endswith(_CLOSE) else None,
                graph is not None and graph.payload_changed,
                (graph.post_grad, graph.pre_grad) if graph is not None else (None, None),
                perf.compile_infos(graph) if graph is not None else {},
            )
        content = _kernel_content(kernel, resolver, True, memo, perf, found[3])
        if found[1] is None:
            pieces = None
        else:
            info = found[4].get(kernel.name)
            pieces = content.made_copy(kernel, perf, preserialized, found[1], found[2], info if isinstance(info, dict) else {})
        if pieces is None:
            yield kernel_json(kernel, resolver, memo=memo, perf=perf, preserialized=preserialized)
        else:
            yield _json.Made(pieces, partial(kernel_json, kernel, resolver, memo=memo, perf=perf))


#: how an object that is an item of the document's ``kernels`` ends
_CLOSE = b"\n    }"
