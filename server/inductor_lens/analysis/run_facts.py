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


def _break_shown(e) -> dict:
    """A graph break's ``{where: "file name:line", code}`` as the footer prints it."""
    loc = e.location
    if loc is None:
        return {"where": "?", "code": None}
    return {"where": f"{loc.basename}:{loc.line}", "code": " ".join(loc.code.split()) if loc.code else None}


def _compile_rows(index: Index) -> dict[tuple[str, str, int], dict]:
    """Compile health per compiled function of one run, keyed by (file name, name, first line)."""
    rows: dict[tuple[str, str, int], dict] = {}
    for fn in compiled_functions(index.compiles, index.compile_events):
        key = (fn.frame.basename, fn.name, fn.frame.line or 0)
        row = rows.setdefault(
            key,
            {
                "line": fn.frame.line,
                "compiles": 0,
                "graph_breaks": 0,
                "recompiles": 0,
                "failures": [],
                "guards": None,
                "compile_time_s": None,
                "breaks": {},
            },
        )
        row["compiles"] += frame_compiles(fn.compiles)
        row["recompiles"] += frame_compiles(e for e in fn.events if e.kind == "recompile")
        for e in fn.events:
            if e.kind == "graph_break":
                row["graph_breaks"] += 1
                row["breaks"].setdefault((break_where(e), e.message), _break_shown(e))
            elif e.kind in ("failure", "conversion_failure") and e.message not in row["failures"]:
                row["failures"].append(e.message)
        guards = [c.guards for c in fn.compiles if c.guards is not None]
        if guards:
            row["guards"] = (row["guards"] or 0) + max(guards)
        times = [c.compile_time_s for c in fn.compiles if c.compile_time_s is not None]
        if times:
            row["compile_time_s"] = round((row["compile_time_s"] or 0.0) + sum(times), 6)
    return rows


def _match_functions(ka: list[tuple], kb: list[tuple], line_map: dict[int, int]) -> list[tuple]:
    """Pairs ``(A key | None, B key | None)`` of one file's functions of one name: A's first line
    carried to B's by ``line_map`` (the text pairing of the two files) or kept, then each A
    function with the B function at that line, the rest nearest line first."""
    pairs: list[tuple] = []
    left_b, left_a = list(kb), []
    for k in ka:
        at = line_map.get(k[2], k[2])
        same = next((j for j in left_b if j[2] == at), None)
        if same is None:
            left_a.append(k)
        else:
            pairs.append((k, same))
            left_b.remove(same)
    for k in left_a:
        at = line_map.get(k[2], k[2])
        near = min(left_b, key=lambda j: abs(j[2] - at), default=None)
        pairs.append((k, near))
        if near is not None:
            left_b.remove(near)
    return pairs + [(None, j) for j in left_b]


def compiles_json(a: Index, b: Index, line_maps: dict[str, dict[int, int]] | None = None) -> list[dict]:
    """Compile health per compiled function: frame compiles, graph breaks, recompiles, failures
    (messages of compiles that failed: the function then runs eagerly), guards and compile time on
    each side (``line``: its first line in that run), and the graph breaks B has that A has not (by
    file name, line text or number, and reason; each ``{where: "file:line", code, message}``).
    Functions are told apart by file, name and first line (``Block.forward`` and
    ``Transformer.forward`` are two); two runs' functions of one file and name are matched by line,
    A's carried to B's by ``line_maps`` (file name -> A line -> B line, the text pairing)."""
    ta, tb = _compile_rows(a), _compile_rows(b)
    out = []
    for name in sorted({k[:2] for k in (*ta, *tb)}):
        ka = sorted(k for k in ta if k[:2] == name)
        kb = sorted(k for k in tb if k[:2] == name)
        for k_a, k_b in _match_functions(ka, kb, (line_maps or {}).get(name[0], {})):
            ra, rb = ta.get(k_a) if k_a else None, tb.get(k_b) if k_b else None
            known = ra["breaks"] if ra else {}
            new_breaks = sorted((k, shown) for k, shown in (rb["breaks"] if rb else {}).items() if k not in known)
            out.append(
                {
                    "file": name[0],
                    "function": name[1],
                    "a": None if ra is None else {k: v for k, v in ra.items() if k != "breaks"},
                    "b": None if rb is None else {k: v for k, v in rb.items() if k != "breaks"},
                    "new_graph_breaks": [{**shown, "message": m} for (_, m), shown in new_breaks],
                }
            )
    return out
