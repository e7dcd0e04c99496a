"""``inductor-lens report``: the index as one JSON document or as text tables.

JSON shape (lines 1-based; unknown values ``null``)::

    {"traces": [{path, rank, torch_version, compile_ids}],
     "compiles": [...], "compile_events": [...],   (see report_health.py)
     "kernels": [{trace, rank, compile_id, pid, graph, key, name, kind, definition {path, line} | null,
                  launches [{path, line, post_grad_nodes, pre_grad_nodes, aten_ops, model_lines, provenance,
                             module, modules, module_shared}], post_grad_nodes, pre_grad_nodes, aten_ops,
                  module, modules, module_shared,   (see module_paths.py)
                  source [{file, line, function, code, resolved, via, role (only when followed)}], model_lines [...],
                  provenance, frames_from, measured {runs, events, total_us, mean_us, clock} | null}],
     "lines": [{file, line, code, resolved, kernels [{trace, compile_id, graph, key}], launches,
                measured {share_us, kernels_us, percent, by_graph {kind: share_us}} | null}],   (see line_time.py)
     "measured": {total_us, lines_us, runs [n], clock} | null,   (see hot_lines.py)
     "calls": [{file, line, code, resolved, innermost, compile_ids, graphs, kernels, launches, measured_us, percent}],
     "profiles": [{path, device_events, graph_calls}],
     "unattributed": [{name, count, total_us, profile}],
     "warnings": [{file, line, message}]}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..files.resolve import PathResolver
from ..index.trace_index import Index
from ..model import Frame, Kernel, Launch, Span
from ..perf.devices import device_peak
from ..perf.shape import shape_json
from ..perf.throughput import IndexFigures, line_throughput, totals_throughput
from ..provenance.modules import NO_MODULE, kernel_module, launch_module
from ..timing.hot_lines import call_sites, hot_lines
from .health import health_json

if TYPE_CHECKING:
    from .._json import Preserialized
    from ..ir.kernel_ir import KernelIRs


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


def launch_json(
    launch: Launch, resolver: PathResolver | None, kernel: Kernel | None = None, memo: dict | None = None, perf: IndexFigures | None = None
) -> dict:
    """One launch with its own provenance: ``{path, line, post_grad_nodes, pre_grad_nodes,
    aten_ops, model_lines, provenance, confidence, alternatives (only when ambiguous), module, modules,
    module_shared}`` (the module of its own
    pre-grad nodes in ``kernel``'s graph); with ``perf``, also ``bytes`` (read and written, an
    integer; ``null`` when unknown, with ``bytes_unknown`` saying why), ``bytes_from``
    (``inductor``: the kernel's ``kernel_num_gb``; ``derived``) and ``flops`` (GEMMs,
    convolutions, attention; else ``null``): :mod:`inductor_lens.perf.figures`."""
    module = launch_module(kernel, launch) if kernel is not None else None
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
        **(module.to_json() if module is not None else NO_MODULE),
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
    perf: IndexFigures | None = None,
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
        measured.update(totals_throughput(kernel, totals, perf.peak(kernel)).to_json())
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

    __slots__ = ("refs", "head", "totals", "shapes", "_written")

    #: the most compile-info variants kept per content (a repeated compile's usually equal the first's)
    KEEP = 8
    #: ``head``'s values that are long lists (three quarters of a kernel's bytes)
    LISTS = ("launches", "source", "model_lines")

    def __init__(self, refs: tuple, head: dict, totals: tuple) -> None:
        self.refs, self.head, self.totals = refs, head, totals
        self.shapes: list[tuple[str | None, dict, dict | None]] = []
        self._written: dict | None = None  # None: not written yet; {}: once, as it is

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

    def shape(self, kernel: Kernel, perf: IndexFigures) -> dict | None:
        """:func:`shape_json` of ``kernel``'s compile facts: the same as another kernel's of this
        content in the same trace whose compile info (``triton_kernel_info``, the one fact that is
        its compile's) is equal."""
        trace = kernel.graph.trace if kernel.graph is not None else None
        info = perf.compile_info(kernel)
        for known_trace, known_info, made in self.shapes:
            if known_trace == trace and known_info == info:
                return made
        made = shape_json(perf.shape(kernel))
        if len(self.shapes) < self.KEEP:
            self.shapes.append((trace, info, made))
        return made


def _kernel_content(kernel: Kernel, resolver: PathResolver | None, source: bool, memo: dict | None, perf: IndexFigures | None) -> _Content:
    """The :class:`_Content` of ``kernel``, made once per distinct kernel in ``memo``."""
    graph = kernel.graph
    post, pre = (graph.post_grad, graph.pre_grad) if graph is not None else (None, None)
    key = ("kernel", id(kernel.launches), id(kernel.frames), id(post), id(pre), source, id(perf))
    found = memo.get(key) if memo is not None else None
    if found is None:
        found = _Content((kernel.launches, kernel.frames, post, pre, perf), *_make_content(kernel, resolver, source, memo, perf))
        if memo is not None:
            memo[key] = found
    return found


def _make_content(
    kernel: Kernel, resolver: PathResolver | None, source: bool, memo: dict | None, perf: IndexFigures | None
) -> tuple[dict, tuple]:
    module = kernel_module(kernel)
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
        **(module.to_json() if module is not None else NO_MODULE),
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
    return head, (perf.totals(kernel) if perf is not None else (None, None, None))


def lines_json(index: Index, resolver: PathResolver | None, hot=None, perf: IndexFigures | None = None) -> list[dict]:
    """One row per model line any kernel names (file as the trace wrote it, then line): the kernels
    and launches naming it and, with a profile, its share of their time, their whole time (µs),
    its percent of every measured kernel's time and its share per graph kind.  The ``share_us`` of
    all rows add up to the device time of the measured launches that have a model line
    (:mod:`inductor_lens.timing.line_time`, ranked by :mod:`inductor_lens.timing.hot_lines`)."""
    hot = hot or hot_lines(index.kernels)
    per_line = perf.lines(index.kernels) if perf is not None else {}
    rows = []
    named: dict[int, dict] = {}  # id(kernel) -> how a row names it (a kernel is named by each of its lines)
    for row in sorted(hot.rows, key=lambda r: (r.frame.file, r.frame.line)):
        frame = row.frame
        share, whole = row.share_us, row.kernels_us
        measured = None
        figures: dict = {}
        line = per_line.get((frame.file, frame.line))
        speed = line_throughput(line, perf.line_peak(row.kernels)) if line is not None and perf is not None else None
        if speed is not None:
            figures = {"bytes": speed.bytes, "flops": speed.flops}
        if share is not None and whole is not None:
            measured = {
                "share_us": round(share, 3),
                "kernels_us": round(whole, 3),
                "percent": None if row.percent is None else round(row.percent, 3),
                "by_graph": {k: round(v, 3) for k, v in row.by_graph.items()},
                **(speed.to_json() if speed is not None else {}),
            }
        rows.append(
            {
                "file": frame.file,
                "line": frame.line,
                "code": frame.code,
                "resolved": resolver.resolve(frame.file, frame.code, frame.line) if resolver is not None else None,
                "kernels": [named.get(id(k)) or named.setdefault(id(k), _kernel_ref(k)) for k in row.kernels],
                "launches": row.launches,
                **figures,
                "measured": measured,
            }
        )
    return rows


def _kernel_ref(k: Kernel) -> dict:
    return {
        "trace": k.graph.trace if k.graph else None,
        "compile_id": k.graph.compile_id if k.graph else None,
        "graph": k.graph.kind if k.graph else None,
        "key": k.key,
    }


def calls_json(index: Index, resolver: PathResolver | None, total_us: float | None) -> list[dict]:
    """The user's own lines that called compiled code (:func:`inductor_lens.timing.hot_lines.call_sites`)."""
    out = []
    for site in call_sites(index.graphs, total_us):
        frame = site.frame
        out.append(
            {
                "file": frame.file,
                "line": frame.line,
                "code": frame.code,
                "resolved": resolver.resolve(frame.file, frame.code, frame.line) if resolver is not None else None,
                "innermost": site.innermost,
                "compile_ids": site.compile_ids,
                "graphs": [{"trace": g.trace, "compile_id": g.compile_id, "graph": g.kind} for g in site.graphs],
                "kernels": site.kernels,
                "launches": site.launches,
                "measured_us": None if site.measured_us is None else round(site.measured_us, 3),
                "percent": None if site.percent is None else round(site.percent, 3),
            }
        )
    return out


def devices_json(names: list[str]) -> list[dict]:
    """``[{name, known, peak: {hbm_gbps, tflops {dtype: TFLOP/s}} | null}]`` of the profiled
    devices (:mod:`inductor_lens.perf.devices`; ``peak`` null for a device not in the table)."""
    out = []
    for name in names:
        peak = device_peak(name)
        out.append(
            {
                "name": name,
                "table": peak.name if peak else None,
                "peak": {"hbm_gbps": peak.hbm_gbps, "tflops": dict(peak.tflops)} if peak else None,
            }
        )
    return out


def _ranks_json(index: Index) -> dict | None:
    """``{count, groups, divergence}`` for a job of several ranks (:mod:`inductor_lens.health.ranks`), else ``None``."""
    from .ranks import job_story

    story = job_story(index)
    return story.to_json() if story is not None else None


def index_json(index: Index, resolver: PathResolver | None, ir: "KernelIRs | None" = None) -> dict:
    """The whole ``report --json`` document; with ``ir`` (``report --ir``), each Triton kernel also
    has ``ir`` (:meth:`inductor_lens.ir.kernel_ir.KernelIR.to_json`) and the document ``ir_roots``
    (the Triton cache folders looked in)."""
    return {key: list(value) if key == "kernels" else value for key, value in document_items(index, resolver, ir)}


def document_items(
    index: Index, resolver: PathResolver | None, ir: "KernelIRs | None" = None, preserialized: "Preserialized | None" = None
) -> Iterator[tuple[str, Any]]:
    """:func:`index_json`'s ``(key, value)`` items, in the document's order, each made when asked
    for; ``"kernels"`` is an iterator of the kernels' objects (to be consumed before the next item
    is asked for: :func:`write_json` serializes and writes them in chunks while the rest is made).
    ``preserialized`` (depth 3): the kernels' shared lists as fragments (:func:`kernel_json`), for
    a writer that writes them where these items place them."""
    memo: dict = {}
    perf = IndexFigures(index)
    hot = hot_lines(index.kernels, perf.splits)
    yield (
        "traces",
        [{"path": t.path, "rank": t.rank, "torch_version": t.torch_version, "compile_ids": list(t.compile_ids)} for t in index.traces],
    )
    yield from health_json(index, resolver).items()
    yield "ranks", _ranks_json(index)
    yield "kernels", (_with_ir(kernel_json(k, resolver, memo=memo, perf=perf, preserialized=preserialized), k, ir) for k in index.kernels)
    yield "lines", lines_json(index, resolver, hot, perf)
    yield (
        "measured",
        (
            {"total_us": round(hot.total_us, 3), "lines_us": round(hot.lines_us, 3), "runs": hot.runs, "clock": hot.clock}
            if hot.runs
            else None
        ),
    )
    yield "calls", calls_json(index, resolver, hot.total_us if hot.runs else None)
    yield (
        "profiles",
        [{"path": p.path, "device_events": p.device_events, "graph_calls": len(p.calls), "device": p.device_name} for p in index.profiles],
    )
    yield "devices", devices_json(perf.device_names)
    yield "unattributed", [dict(u, profile=p.path) for p in index.profiles for u in p.unattributed_json()]
    yield "warnings", [w.to_json() for w in index.warnings]
    if ir is not None:
        yield "ir_roots", list(ir.caches.roots)
    perf.save()  # the next run (a warm re-open) reads the launches' figures instead of the output codes


def _with_ir(out: dict, kernel: Kernel, ir: "KernelIRs | None") -> dict:
    if ir is not None:
        found = ir.of(kernel)
        if found is not None:
            out["ir"] = found.to_json()
    return out


def write_json(index: Index, resolver: PathResolver | None, stream, ir: "KernelIRs | None" = None) -> None:
    """Write :func:`index_json` (with ``ir``: see there) to ``stream`` (a text stream: its binary
    buffer when it has one), indented, newline-terminated: the bytes one serialization of the whole
    document gives, made and written piece by piece (:func:`inductor_lens._json.stream_document`:
    a thread writes while the next kernels are made; the document is never whole in memory)."""
    from .. import _json

    preserialized = _json.Preserialized(depth=3)  # a key of a kernel, in the document's "kernels"
    _json.stream_document(document_items(index, resolver, ir, preserialized), stream, preserialized)
