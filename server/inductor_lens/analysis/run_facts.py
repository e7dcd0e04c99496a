"""Run-level facts of a comparison: versions, device, the compile options that differ, compile
health per compiled function, and total measured time.

Versions and options come from each frame compile's ``compilation_metrics`` record
(``pytorch_version``, ``triton_version``, ``cuda_version``, ``inductor_config``,
``dynamo_config``: :class:`~inductor_lens.model.health.Compile`), the PyTorch version also from
the log's ``torch_version`` artifact; the device from a joined profile's ``deviceProperties``
(its name) or, without one, the output code's ``DeviceProperties(type=..., cc=...)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..health.queries import compiled_functions, frame_compiles
from ..index.trace_index import Index

_DEVICE_PROPS = re.compile(r"DeviceProperties\(type='(?P<type>\w+)'[^)]*?\bcc=(?P<cc>\d+)")
#: settings that name paths or caches of the machine, not choices that change code
_NOT_OPTIONS = re.compile(
    r"(_dir|_path|cache|trace\.|worker|compile_threads|_TESTING|TYPE_CHECKING|_save_config_ignore|_cache_config_ignore)", re.I
)


@dataclass
class RunFacts:
    """One side: ``paths`` as named, ``versions`` (``pytorch``, ``triton``, ``cuda``: the values seen,
    in order), ``device``, ``config`` (setting -> value; a setting with several values across
    compiles keeps the first), ``graphs``, ``kernels``, ``launches``, ``measured_us`` (the measured
    time of its kernels, summed over the profiled runs) and ``profiled_runs`` (graph calls the
    profiles recorded; None without one)."""

    paths: list[str]
    versions: dict[str, list[str]] = field(default_factory=dict)
    device: str | None = None
    config: dict[str, object] = field(default_factory=dict)
    graphs: int = 0
    kernels: int = 0
    launches: int = 0
    measured_us: float | None = None
    profiled_runs: int | None = None
    #: kernels per provenance (``mapping``, ``stack_traces``, ``comments``, ``inferred``...)
    provenance: dict[str, int] = field(default_factory=dict)

    @property
    def inferred(self) -> bool:
        """Whether no kernel's links came from PyTorch's provenance (a trace without it)."""
        return bool(self.provenance) and not (set(self.provenance) & {"mapping", "stack_traces", "kernel_information"})


def _add(versions: dict[str, list[str]], key: str, value: str | None) -> None:
    if value and value not in versions.setdefault(key, []):
        versions[key].append(value)


def run_facts(index: Index, paths: list[str]) -> RunFacts:
    """The facts of one run."""
    out = RunFacts(list(paths))
    for trace in index.traces:
        _add(out.versions, "pytorch", trace.torch_version)
    for c in index.compiles:
        _add(out.versions, "pytorch", c.versions.get("pytorch_version"))
        _add(out.versions, "triton", c.versions.get("triton_version"))
        _add(out.versions, "cuda", c.versions.get("cuda_version"))
    out.versions = {k: v for k, v in out.versions.items() if v}
    out.config = {k: v for k, v in index.compile_settings().items() if not _NOT_OPTIONS.search(k)}
    kernels = index.kernels
    out.graphs = len(index.graphs)
    out.kernels = len(kernels)
    out.launches = sum(len(k.launches) for k in kernels)
    for k in kernels:
        out.provenance[k.provenance] = out.provenance.get(k.provenance, 0) + 1
    measured = [k.measured for k in kernels if k.measured is not None]
    if measured:
        out.measured_us = sum(m.total_us for m in measured)
    if index.profiles:
        out.profiled_runs = sum(len(p.calls) for p in index.profiles)
        names = [p.device_name for p in index.profiles if getattr(p, "device_name", None)]
        out.device = names[0] if names else None
    if out.device is None:
        out.device = _code_device(index)
    return out


def _code_device(index: Index) -> str | None:
    """``cuda (sm_90)`` from the first output code's ``DeviceProperties``, ``cpu`` for C++ kernels only."""
    for graph in index.graphs:
        try:
            with open(graph.output_code, encoding="utf-8", errors="replace") as fh:
                text = fh.read(400_000)
        except OSError:
            continue
        m = _DEVICE_PROPS.search(text)
        if m:
            return f"{m['type']} (sm_{m['cc']})" if m["type"] == "cuda" else m["type"]
        if any(k.kind == "cpp" for k in graph.kernels):
            return "cpu"
    return None


def differing_options(a: RunFacts, b: RunFacts) -> list[dict]:
    """``[{name, a, b, kind}]``: settings whose value differs, by name; ``kind`` is ``changed``
    (both runs list it) or ``only_a`` / ``only_b`` (one PyTorch version has the setting, the other
    not: ``a`` or ``b`` is then null)."""
    out = []
    for key in sorted(set(a.config) | set(b.config)):
        if key in a.config and key in b.config:
            if a.config[key] != b.config[key]:
                out.append({"name": key, "a": a.config[key], "b": b.config[key], "kind": "changed"})
        else:
            out.append({"name": key, "a": a.config.get(key), "b": b.config.get(key), "kind": "only_a" if key in a.config else "only_b"})
    return out


def break_where(e) -> str:
    """A graph break's place as two runs share it: ``file name:code`` (the line number when the
    record gives no code), ``?`` without a location."""
    loc = e.location
    return f"{loc.basename}:{' '.join(loc.code.split()) or loc.line}" if loc is not None else "?"


def new_graph_breaks(a: Index, b: Index) -> list:
    """The graph-break events of ``b`` whose place and reason no graph break of ``a`` has."""
    known = {(break_where(e), e.message) for e in a.compile_events if e.kind == "graph_break"}
    return [e for e in b.compile_events if e.kind == "graph_break" and (break_where(e), e.message) not in known]


def compiles_json(a: Index, b: Index) -> list[dict]:
    """Compile health per compiled function (matched by file name and function name): frame
    compiles, graph breaks, recompiles, guards and compile time on each side, and the graph breaks
    B has that A has not (by file name, line text or number, and reason)."""

    def table(index: Index) -> dict[tuple[str, str], dict]:
        rows: dict[tuple[str, str], dict] = {}
        for fn in compiled_functions(index.compiles, index.compile_events):
            key = (fn.frame.basename, fn.name)
            row = rows.setdefault(
                key,
                {
                    "line": fn.frame.line,
                    "compiles": 0,
                    "graph_breaks": 0,
                    "recompiles": 0,
                    "guards": None,
                    "compile_time_s": None,
                    "breaks": set(),
                },
            )
            row["compiles"] += frame_compiles(fn.compiles)
            row["recompiles"] += frame_compiles(e for e in fn.events if e.kind == "recompile")
            for e in fn.events:
                if e.kind == "graph_break":
                    row["graph_breaks"] += 1
                    row["breaks"].add((break_where(e), e.message))
            guards = [c.guards for c in fn.compiles if c.guards is not None]
            if guards:
                row["guards"] = (row["guards"] or 0) + max(guards)
            times = [c.compile_time_s for c in fn.compiles if c.compile_time_s is not None]
            if times:
                row["compile_time_s"] = round((row["compile_time_s"] or 0.0) + sum(times), 6)
        return rows

    ta, tb = table(a), table(b)
    out = []
    for key in sorted(set(ta) | set(tb)):
        ra, rb = ta.get(key), tb.get(key)
        new_breaks = sorted((rb["breaks"] if rb else set()) - (ra["breaks"] if ra else set()))
        out.append(
            {
                "file": key[0],
                "function": key[1],
                "a": None if ra is None else {k: v for k, v in ra.items() if k != "breaks"},
                "b": None if rb is None else {k: v for k, v in rb.items() if k != "breaks"},
                "new_graph_breaks": [{"where": w, "message": m} for w, m in new_breaks],
            }
        )
    return out
