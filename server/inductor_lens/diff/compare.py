"""Two opened runs compared (:mod:`inductor_lens.analysis.comparison`), written as the
``inductor-lens diff --json`` document.

JSON shape::

    {"headline": "B is 29% slower per step (26.4 → 34.1 ms): GPU busy +0.4, ...",
     "time": {clock, per, a, b, a_us, b_us, change_pct, spread, a_median_us, b_median_us, median_change_pct,
              skew, within_noise, profiles, notes, headline} | null
                                                           (:mod:`inductor_lens.analysis.wall`)
     "causes": [{kind, file, line, code, delta_us, message, ...}],   ranked (:mod:`inductor_lens.analysis.causes`)
     "notes": [sentence],                                 about the comparison (different models, steps, ranks)
     "model_files": {file name: [A's local copy, B's]},   read to pair lines by text (:mod:`inductor_lens.analysis.pairing`)
     "runs": [{paths, versions, device, graphs, kernels, launches, measured_us, profiled_runs}] x2,
     "options": [{name, a, b}],                          settings that differ
     "summary": {lines, added, removed, changed, same, measured_us_a, measured_us_b, delta_us},
     "lines": [{file, code, code_a, line_a, line_b, lines_a, lines_b, text, change, words, why, delta_us,
                a: {file, kernels: [{name, family, launches}], aten_ops, fx_nodes, modules, measured_us, config} | null,
                b: {...} | null}],
     "kernels": [{a: {name, graph, compile_id, trace}, b: {...}, by, same_family,
                  time: {a: {min_us, median_us, max_us, runs}, b: {...}, change_pct, verdict} | null}],
                                                          per kernel, by its runs' median; verdict
                                                          "within noise" when the runs' ranges overlap
     "unmatched_kernels": {a: [...], b: [...]},
     "compiles": [{file, function, a: {line, compiles, graph_breaks, recompiles, failures, guards, compile_time_s} | null,
                   b, new_graph_breaks: [{where: "file:line", code, message}]}],
     "warnings": [{file, line, message, run}]}

``lines[i].text``: null (the same text on both sides), ``edited`` (A's line ``code_a`` at
``line_a`` became B's ``code`` at ``line_b``), ``inserted`` (B only) or ``deleted`` (A only);
``why`` says why a line still in B lost its compiled kernels.  ``lines`` are sorted as the table shows them: changed lines first (added, removed, changed) by
|Δ time| then file and line, then the others by |Δ time|.
"""

from __future__ import annotations

from ..analysis.comparison import Comparison
from ..analysis.run_facts import RunFacts
from ..analysis.run_lines import SideLine
from ..analysis.wall import kernel_verdict


# ---------------------------------------------------------------------- JSON
def _run_json(run: RunFacts) -> dict:
    """One run's ``{paths, provenance, versions, device, graphs, kernels, launches, measured_us, profiled_runs}``."""
    return {
        "paths": run.paths,
        "provenance": dict(sorted(run.provenance.items())),
        "versions": run.versions,
        "device": run.device,
        "graphs": run.graphs,
        "kernels": run.kernels,
        "launches": run.launches,
        "measured_us": None if run.measured_us is None else round(run.measured_us, 3),
        "profiled_runs": run.profiled_runs,
    }


def _side_json(side: SideLine | None) -> dict | None:
    if side is None:
        return None
    config = {}
    for family, facts in side.facts.items():
        if facts.source is None and not facts.compile_info:
            continue
        config[family] = {
            "heuristic": facts.source.heuristic if facts.source else None,
            "config": facts.chosen() or None,
            "configs_tried": facts.configs_tried(),
            "chosen_known": facts.best_config is not None or facts.configs_tried() == 1,
            "autotune_cache": facts.compile_info.get("autotune_cache_state"),
            "compile_time_us": facts.compile_info.get("compile_time_us"),
        }
    return {
        "file": side.file,
        "kernels": [{"name": side.names[f][0], "family": f, "launches": n} for f, n in sorted(side.kernels.items())],
        "aten_ops": sorted(side.aten_ops),
        "fx_nodes": sorted(side.fx_nodes),
        "modules": sorted(side.modules),
        "measured_us": None if side.measured_us is None else round(side.measured_us, 3),
        "config": config,
    }


def _kernel_ref(kernel) -> dict:
    g = kernel.graph
    return {
        "name": kernel.name,
        "graph": g.kind if g else None,
        "compile_id": g.compile_id if g else None,
        "trace": g.trace if g else None,
        "launches": kernel.launches,
    }


def comparison_json(c: Comparison) -> dict:
    """The ``inductor-lens diff --json`` document (see the module docstring)."""
    counts = {k: sum(1 for d in c.lines if d.change == k) for k in ("added", "removed", "changed", "same")}
    ta, tb = c.runs[0].measured_us, c.runs[1].measured_us
    return {
        "headline": c.headline,
        "time": c.time,
        "causes": c.causes,
        "notes": c.notes,
        "model_files": {k: list(v) for k, v in sorted(c.model_files.items())},
        "runs": [_run_json(r) for r in c.runs],
        "options": c.options,
        "summary": {
            "lines": len(c.lines),
            **counts,
            "measured_us_a": None if ta is None else round(ta, 3),
            "measured_us_b": None if tb is None else round(tb, 3),
            "delta_us": None if ta is None or tb is None else round(tb - ta, 3),
        },
        "lines": [
            {
                "file": d.key[0],
                "code": d.key[1],
                "code_a": d.code_a,
                "line_a": d.where_a,
                "line_b": d.where_b,
                "lines_a": d.a.lines if d.a else [],
                "lines_b": d.b.lines if d.b else [],
                "text": d.text,
                "change": d.change,
                "words": d.words,
                "why": d.why,
                "delta_us": None if d.delta_us is None else round(d.delta_us, 3),
                "a": _side_json(d.a),
                "b": _side_json(d.b),
            }
            for d in c.lines
        ],
        "kernels": [
            {
                "a": _kernel_ref(p.a),
                "b": _kernel_ref(p.b),
                "by": p.by,
                "same_family": p.a.family == p.b.family,
                "time": kernel_verdict(p.a.run_us, p.b.run_us),
            }
            for p in c.pairs
        ],
        "unmatched_kernels": {"a": [_kernel_ref(k) for k in c.unmatched[0]], "b": [_kernel_ref(k) for k in c.unmatched[1]]},
        "compiles": c.compiles,
        "warnings": c.warnings,
    }
