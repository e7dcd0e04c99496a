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

from ..analysis.core import Analysis
from ..files.resolve import PathResolver
from ..model import Kernel, line_key
from .health import health_json
from .kernel_json import frame_json, kernel_items, kernel_json, launch_json

__all__ = [
    "frame_json",
    "kernel_json",
    "launch_json",
    "index_json",
    "document_items",
    "write_json",
    "lines_json",
    "calls_json",
    "line_ranking",
]

if TYPE_CHECKING:
    from .._json import Preserialized


def lines_json(index, resolver: PathResolver | None, hot=None, perf=None) -> list[dict]:
    """One row per model line any kernel names (file as the trace wrote it, then line): the kernels
    and launches naming it and, with a profile, its share of their time, their whole time (µs),
    its percent of every measured kernel's time and its share per graph kind.  The ``share_us`` of
    all rows add up to the device time of the measured launches that have a model line
    (:mod:`inductor_lens.timing.line_time`, ranked by :mod:`inductor_lens.timing.hot_lines`)."""
    analysis = index if isinstance(index, Analysis) else Analysis(index, resolver)
    hot = hot or analysis.hot_lines()
    per_line = perf.lines(analysis.kernels) if perf is not None else {}
    rows = []
    named: dict[int, dict] = {}  # id(kernel) -> how a row names it (a kernel is named by each of its lines)
    for row in sorted(hot.rows, key=lambda r: (r.frame.file, r.frame.line)):
        frame = row.frame
        share, whole = row.share_us, row.kernels_us
        measured = None
        figures: dict = {}
        line = per_line.get(line_key(frame))
        speed = analysis.line_throughput(line, row.kernels) if line is not None and perf is not None else None
        if speed is not None:
            figures = {"bytes": speed.bytes, "flops": speed.flops}
        if share is not None and whole is not None:
            measured = {
                "share_us": round(share, 3),
                "eager_us": None if row.eager_us is None else round(row.eager_us, 3),
                "eager_calls": {k: round(v, 3) for k, v in row.eager_calls.items()},
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
                # a line of PyTorch's API (linear.py:134): the user's line that called it, and every one that did
                "user_line": _user_line(row.caller),
                "user_lines": [_user_line(c) for c in row.callers],
                **figures,
                "measured": measured,
            }
        )
    return rows


def _user_line(frame) -> dict | None:
    return None if frame is None else {"file": frame.file, "line": frame.line, "code": frame.code}


def line_ranking(index, resolver: PathResolver | None = None) -> list[tuple[str, int]]:
    """``(file, line)`` of the document's ``lines`` in the order ``report`` ranks them (the
    ranking :func:`document_items` writes them from: :meth:`inductor_lens.analysis.core.Analysis.hot_lines`,
    by measured share plus eager time with a profile, else by launches; ``lines`` itself is sorted by
    file and line) of ``index`` (an :class:`~inductor_lens.analysis.core.Analysis`, or the index it is of)."""
    analysis = index if isinstance(index, Analysis) else Analysis(index, resolver)
    return [(row.frame.file, row.frame.line) for row in analysis.hot_lines(by_launch_figures=True).rows]


def _kernel_ref(k: Kernel) -> dict:
    return {
        "trace": k.graph.trace if k.graph else None,
        "compile_id": k.graph.compile_id if k.graph else None,
        "graph": k.graph.kind if k.graph else None,
        "key": k.key,
    }


def calls_json(index, resolver: PathResolver | None, total_us: float | None) -> list[dict]:
    """The user's own lines that called compiled code (:meth:`inductor_lens.analysis.core.Analysis.call_sites`)
    of ``index`` (an :class:`~inductor_lens.analysis.core.Analysis`, or the index it is of)."""
    out = []
    analysis = index if isinstance(index, Analysis) else Analysis(index, resolver)
    for site in analysis.call_sites(total_us):
        frame = site.frame
        host = analysis.host_us(site.graphs)
        out.append(
            {
                "file": frame.file,
                "line": frame.line,
                "code": frame.code or None,  # (PyTorch 2.6 writes no code in a dynamo_start stack: unknown, null)
                "resolved": resolver.resolve(frame.file, frame.code or None, frame.line) if resolver is not None else None,
                "innermost": site.innermost,
                "compile_ids": site.compile_ids,
                "graphs": [{"trace": g.trace, "compile_id": g.compile_id, "graph": g.kind} for g in site.graphs],
                "kernels": site.kernels,
                "launches": site.launches,
                "measured_us": None if site.measured_us is None else round(site.measured_us, 3),
                "percent": None if site.percent is None else round(site.percent, 3),
                "host_us": None if host is None else round(host[0], 3),
                "host_us_per_step": None if host is None else round(host[1], 3),
            }
        )
    return out


def devices_json(names: list[str]) -> list[dict]:
    """``[{name, known, peak: {hbm_gbps, tflops {dtype: TFLOP/s}} | null}]`` of the profiled
    devices (:mod:`inductor_lens.perf.devices`; ``peak`` null for a device not in the table)."""
    out = []
    for name in names:
        peak = Analysis.device_peak(name)
        out.append(
            {
                "name": name,
                "table": peak.name if peak else None,
                "peak": {"hbm_gbps": peak.hbm_gbps, "tflops": dict(peak.tflops)} if peak else None,
            }
        )
    return out


def _ranks_json(analysis: Analysis) -> dict | None:
    """``{count, groups, divergence}`` for a job of several ranks (:mod:`inductor_lens.health.ranks`), else ``None``."""
    story = analysis.job_story()
    return story.to_json() if story is not None else None


def index_json(index, resolver: PathResolver | None, ir=None) -> dict:
    """The whole ``report --json`` document; with ``ir`` (``report --ir``), each Triton kernel also
    has ``ir`` (:meth:`inductor_lens.ir.kernel_ir.KernelIR.to_json`) and the document ``ir_roots``
    (the Triton cache folders looked in)."""
    return {key: list(value) if key == "kernels" else value for key, value in document_items(index, resolver, ir)}


def document_items(
    index, resolver: PathResolver | None, ir=None, preserialized: "Preserialized | None" = None
) -> Iterator[tuple[str, Any]]:
    """:func:`index_json`'s ``(key, value)`` items, in the document's order, each made when asked
    for; ``"kernels"`` is an iterator of the kernels' objects (to be consumed before the next item
    is asked for: :func:`write_json` serializes and writes them in chunks while the rest is made).
    ``preserialized`` (depth 3): the kernels' shared lists as fragments (:func:`kernel_json`), for
    a writer that writes them where these items place them."""
    memo: dict = {}
    analysis = Analysis(index, resolver)
    perf = analysis.figures
    hot = analysis.hot_lines(by_launch_figures=True)
    yield (
        "traces",
        [{"path": t.path, "rank": t.rank, "torch_version": t.torch_version, "compile_ids": list(t.compile_ids)} for t in index.traces],
    )
    yield from health_json(index, resolver).items()
    yield "ranks", _ranks_json(analysis)
    if ir is None and preserialized is not None:
        yield "kernels", kernel_items(index.kernels, resolver, memo, perf, preserialized)
    else:
        yield (
            "kernels",
            (_with_ir(kernel_json(k, resolver, memo=memo, perf=perf, preserialized=preserialized), k, ir) for k in index.kernels),
        )
    yield "lines", lines_json(analysis, resolver, hot, perf)
    yield (
        "measured",
        (
            {
                "total_us": round(hot.total_us, 3),
                "lines_us": round(hot.lines_us, 3),
                "runs": hot.runs,
                "clock": hot.clock,
            }
            if hot.runs
            else None
        ),
    )
    yield "calls", calls_json(analysis, resolver, hot.total_us if hot.runs else None)
    yield (
        "profiles",
        [
            {
                "path": p.path,
                "device_events": p.device_events,
                "graph_calls": len(p.calls),
                "device": p.device_name,
                "step": p.step.to_json() if p.step is not None else None,
                "eager": p.eager.to_json() if p.eager is not None else None,
            }
            for p in index.profiles
        ],
    )
    yield "devices", devices_json(perf.device_names)
    yield "unattributed", [dict(u, profile=p.path) for p in index.profiles for u in p.unattributed_json()]
    yield "warnings", [w.to_json() for w in index.warnings]
    if ir is not None:
        yield "ir_roots", list(ir.caches.roots)
    perf.save()  # the next run (a warm re-open) reads the launches' figures instead of the output codes


def _with_ir(out: dict, kernel: Kernel, ir) -> dict:
    if ir is not None:
        found = ir.of(kernel)
        if found is not None:
            out["ir"] = found.to_json()
        subs = {k.name: ir.of(k) for k in ir.sub_kernels(kernel)}  # a multi-kernel's: each its own folder
        if subs and isinstance(out.get("alternatives"), list):
            out["alternatives"] = [
                dict(a, ir=sub.to_json()) if isinstance(a, dict) and (sub := subs.get(str(a.get("name")))) is not None else a
                for a in out["alternatives"]
            ]
    return out


def write_json(index, resolver: PathResolver | None, stream, ir=None) -> None:
    """Write :func:`index_json` (with ``ir``: see there) to ``stream`` (a text stream: its binary
    buffer when it has one), indented, newline-terminated: the bytes one serialization of the whole
    document gives, made and written piece by piece (:func:`inductor_lens._json.stream_document`:
    a thread writes while the next kernels are made; the document is never whole in memory)."""
    from .. import _json

    preserialized = _json.Preserialized(depth=3)  # a key of a kernel, in the document's "kernels"
    _json.stream_document(document_items(index, resolver, ir, preserialized), stream, preserialized)
