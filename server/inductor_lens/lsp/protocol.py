"""Wire shapes of the custom requests, mirroring ``client/src/protocol.ts``.

``inductorLens/kernels`` -> ``[kernel]`` (the ``report --json`` kernel shape, :func:`kernel_json`), or
with ``limit`` one page ``{kernels, total, next}`` (:func:`kernels_page`);
``inductorLens/traces`` -> ``[trace]`` (:func:`traces_json`); ``inductorLens/linkedRanges`` ->
``{preGrad, postGrad, code, source: [Location]}`` (:func:`linked_ranges_json`);
``inductorLens/addTraces`` / ``reindex`` -> ``{kernels}``; ``inductorLens/addProfiles`` ->
``{kernels, profiles}``; ``inductorLens/compiles`` -> ``{compiles, compile_events}``
(:func:`compiles_json`); the ``inductorLens/status`` notification -> :func:`status_json`.
Params come as pygls attribute objects or dicts; each request's are read into a typed class
(:class:`KernelsParams`, :class:`PathsParams`, :class:`PositionParams`), bad values ignored.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from lsprotocol import types

from ..analysis.snapshot import Snapshot
from ..model import Graph
from ..report.health import health_json
from ..report.kernel_json import kernel_json
from .features.health import problem_counts

#: The empty ``inductorLens/linkedRanges`` answer.
LINKED_RANGE_KEYS = ("preGrad", "postGrad", "code", "source", "ir")


def param(params, name: str):
    """Read a field of custom-request params (pygls gives an attribute object, tests a dict)."""
    if params is None:
        return None
    if isinstance(params, dict):
        return params.get(name)
    return getattr(params, name, None)


def str_list(value) -> list[str]:
    """A list of strings from request params, or [] (a bare string is not a list of paths)."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, (list, tuple)) else []


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class KernelsParams:
    """``inductorLens/kernels`` params: ``trace`` (a log path: its kernels only), ``summary``
    (leave out the full stacks), ``limit``/``offset`` (a client that pages; ``limit`` None: one answer)."""

    trace: str | None = None
    summary: bool = False
    limit: int | None = None
    offset: int = 0

    @classmethod
    def parse(cls, params) -> KernelsParams:
        trace = param(params, "trace")
        return cls(
            trace if isinstance(trace, str) else None,
            param(params, "summary") is True,
            _int(param(params, "limit")),
            _int(param(params, "offset")) or 0,
        )


@dataclass(frozen=True)
class PathsParams:
    """``inductorLens/addTraces`` / ``addProfiles`` params: ``paths`` (absolute)."""

    paths: tuple[str, ...] = ()

    @classmethod
    def parse(cls, params) -> PathsParams:
        return cls(tuple(os.path.abspath(p) for p in str_list(param(params, "paths"))))


@dataclass(frozen=True)
class CompareParams:
    """``inductorLens/compare`` params: the baseline's ``paths`` and ``profiles`` (absolute; no
    paths: clear the comparison)."""

    paths: tuple[str, ...] = ()
    profiles: tuple[str, ...] = ()

    @classmethod
    def parse(cls, params) -> CompareParams:
        return cls(PathsParams.parse(params).paths, tuple(os.path.abspath(p) for p in str_list(param(params, "profiles"))))


@dataclass(frozen=True)
class PositionParams:
    """``inductorLens/linkedRanges`` params: a document ``uri`` (``textDocument.uri`` or ``uri``)
    and a 0-based ``line``/``character`` (None when missing or not numbers)."""

    uri: str | None = None
    line: int | None = None
    character: int | None = None

    @classmethod
    def parse(cls, params) -> PositionParams:
        uri = param(param(params, "textDocument") or {}, "uri") or param(params, "uri")
        position = param(params, "position") or {}
        return cls(uri if isinstance(uri, str) else None, _int(param(position, "line")), _int(param(position, "character")))


def kernels_json(snapshot: Snapshot, trace: str | None, full: bool) -> list[dict]:
    """``inductorLens/kernels``: every kernel (of ``trace`` only, when given); ``full=False`` leaves
    out the full stacks (``source``: GPT-2 has ~30 frames a kernel).  Computed once per snapshot."""
    wanted = os.path.abspath(trace) if trace else None
    return snapshot.cached(
        ("kernels", wanted, full),
        lambda: [
            kernel_json(k, snapshot.resolver, source=full, perf=snapshot.perf)
            for k in snapshot.index.kernels
            if wanted is None or (k.graph is not None and os.path.abspath(k.graph.trace) == wanted)
        ],
    )


#: Kernels per page when a client pages without saying how many (about 1-2 MB of JSON in summary).
PAGE = 1000


def kernels_page(snapshot: Snapshot, trace: str | None, full: bool, offset: int, limit: int) -> dict:
    """One page of ``inductorLens/kernels``: ``{kernels: [kernel, ...] (at most ``limit``, from
    ``offset``), total, next}`` (``next``: the offset of the next page, ``null`` after the last),
    so that a big index (16,644 kernels: 35 MB in summary, 90 MB in full) is never one answer.
    Each page is made when asked; frames shared by pages are made into JSON once per snapshot."""
    wanted = os.path.abspath(trace) if trace else None
    kernels = snapshot.cached(
        ("kernel list", wanted),
        lambda: [k for k in snapshot.index.kernels if wanted is None or (k.graph is not None and os.path.abspath(k.graph.trace) == wanted)],
    )
    memo: dict = snapshot.cached(("kernel json memo", full), dict)
    offset, limit = max(offset, 0), max(limit, 1)
    page = [kernel_json(k, snapshot.resolver, source=full, memo=memo, perf=snapshot.perf) for k in kernels[offset : offset + limit]]
    end = offset + len(page)
    return {"kernels": page, "total": len(kernels), "next": end if end < len(kernels) else None}


def graph_time(graph: Graph) -> float | None:
    """Total measured device time of a graph's kernels (µs), or None without a profile."""
    times = [k.measured.total_us for k in graph.kernels if k.measured is not None]
    return round(sum(times), 3) if times else None


def traces_json(index) -> list[dict]:
    """``inductorLens/traces``: per trace its graphs (files, kernel counts, measured time) and the
    device kernels of its profiles that belong to no compiled kernel; in a job of several ranks,
    ``same_as``: the trace of the first rank of its group of identical ranks, when that is another
    (:mod:`inductor_lens.health.ranks`; the Kernels view shows the group once)."""
    from ..analysis.core import job_story

    story = job_story(index)
    first: dict[str, str] = {}
    for group in story.groups if story is not None else []:
        for trace in group.traces[1:]:
            first[trace] = group.traces[0]
    out = []
    for t in index.traces:
        graphs = [g for g in index.graphs if g.trace == t.path]
        out.append(
            {
                "path": t.path,
                "rank": t.rank,
                "torch_version": t.torch_version,
                "compile_ids": list(t.compile_ids),
                "kernels": sum(len(g.kernels) for g in graphs),
                "graphs": [
                    {
                        "compile_id": g.compile_id,
                        "pid": g.pid,
                        "graph": g.kind,
                        "output_code": g.output_code,
                        "kernel_code": g.kernel_code,
                        "post_grad_graph": g.post_grad.path if g.post_grad else None,
                        "pre_grad_graph": g.pre_grad.path if g.pre_grad else None,
                        "kernels": len(g.kernels),
                        "measured_us": graph_time(g),
                    }
                    for g in graphs
                ],
                "unattributed": [dict(u, profile=p.path) for p in index.profiles if t.path in p.traces for u in p.unattributed_json()],
                **({"same_as": first[t.path]} if t.path in first else {}),
            }
        )
    return out


def location_json(loc: types.Location) -> dict:
    """An LSP ``Location`` as plain JSON."""
    r = loc.range
    return {
        "uri": loc.uri,
        "range": {
            "start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character},
        },
    }


def linked_ranges_json(ranges: dict[str, list] | None) -> dict:
    """``inductorLens/linkedRanges``: the ranges per panel (every key present, empty when none), and
    ``preGradNote``: why the pre-grad panel shows what it shows (a backward kernel's forward nodes
    matched by model line), or why it shows nothing; ``null`` when it shows the kernel's own nodes."""
    ranges = ranges or {}
    out: dict = {key: [location_json(loc) for loc in ranges.get(key, [])] for key in LINKED_RANGE_KEYS}
    notes = ranges.get("preGradNote") or []
    out["preGradNote"] = notes[0] if notes else None
    return out


def status_json(index, state: str, message: str = "") -> dict:
    """The ``inductorLens/status`` notification: ``state`` is indexing, ready or error;
    ``problems`` (``graphBreaks`` + ``recompiles`` + ``failures``) counts the compile problems;
    ``inferred`` the kernels with a link inferred from the code's dataflow (no provenance recorded)."""
    kernels = index.kernels
    return {
        "state": state,
        "kernels": len(kernels),
        "inferred": sum(1 for k in kernels if k.inferred),
        "traces": len(index.traces),
        "errors": len(index.warnings),
        "message": message,
        **problem_counts(index),
    }


def compiles_json(snapshot: Snapshot) -> dict:
    """``inductorLens/compiles``: ``{compiles, compile_events}`` in the ``report --json`` shapes
    (:mod:`inductor_lens.report.health`), paths resolved by the snapshot's resolver.  Once per snapshot."""
    return snapshot.cached(("compiles",), lambda: health_json(snapshot.index, snapshot.resolver))
