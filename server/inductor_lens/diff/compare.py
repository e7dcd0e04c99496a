"""Two opened runs compared: the ``inductor-lens diff --json`` document and what the table and
the editor show.

JSON shape::

    {"runs": [{paths, versions, device, graphs, kernels, launches, measured_us, profiled_runs}] x2,
     "options": [{name, a, b}],                          settings that differ
     "summary": {lines, added, removed, changed, same, measured_us_a, measured_us_b, delta_us},
     "lines": [{file, code, line_a, line_b, lines_a, lines_b, text, change, words, delta_us,
                a: {file, kernels: [{name, family, launches}], aten_ops, fx_nodes, modules, measured_us, config} | null,
                b: {...} | null}],
     "kernels": [{a: {name, graph, compile_id, trace}, b: {...}, by, same_family}],
     "unmatched_kernels": {a: [...], b: [...]},
     "compiles": [{file, function, a, b, new_graph_breaks}],
     "warnings": [{file, line, message, run}]}

``lines`` are sorted as the table shows them: changed lines first (added, removed, changed) by
|Δ time| then file and line, then the others by |Δ time|.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..index.trace_index import Index
from ..text import format_us
from .kernels import KernelPair, match_kernels
from .lines import LineDiff, RunLines, SideLine, compare_lines, run_lines
from .runs import RunFacts, compiles_json, differing_options, run_facts

CHANGED = ("added", "removed", "changed")


@dataclass
class Comparison:
    """Everything a comparison shows (see the module docstring)."""

    runs: tuple[RunFacts, RunFacts]
    lines: list[LineDiff]
    pairs: list[KernelPair]
    unmatched: tuple[list, list]
    options: list[dict]
    compiles: list[dict]
    warnings: list[dict]
    indexes: tuple[Index, Index] | None = None

    @property
    def changed(self) -> list[LineDiff]:
        return [d for d in self.lines if d.change in CHANGED]

    def slower_by(self) -> float | None:
        """B's total measured time over A's, minus 1 (0.1 = 10% slower), or None when a side has none."""
        ta, tb = self.runs[0].measured_us, self.runs[1].measured_us
        if not ta or tb is None:
            return None
        return tb / ta - 1.0


def _order(d: LineDiff) -> tuple:
    delta = abs(d.delta_us) if d.delta_us is not None else 0.0
    return (d.change not in CHANGED, -delta, d.key[0], (d.b or d.a).line if (d.b or d.a) else 0)  # type: ignore[union-attr]


def compare(index_a: Index, index_b: Index, paths_a: list[str], paths_b: list[str]) -> Comparison:
    """Compare two opened runs (every graph materialized, profiles joined)."""
    la, lb = run_lines(index_a), run_lines(index_b)
    lines = compare_lines(la, lb)
    for d in lines:
        d.words = describe(d, la, lb)
    lines.sort(key=_order)
    facts = (run_facts(index_a, paths_a), run_facts(index_b, paths_b))
    same_version = facts[0].versions.get("pytorch") == facts[1].versions.get("pytorch")
    pairs, only_a, only_b = match_kernels(index_a.kernels, index_b.kernels, same_version)
    warnings = [dict(w.to_json(), run="a") for w in index_a.warnings] + [dict(w.to_json(), run="b") for w in index_b.warnings]
    return Comparison(
        facts, lines, pairs, (only_a, only_b), differing_options(*facts), compiles_json(index_a, index_b), warnings, (index_a, index_b)
    )


# ---------------------------------------------------------------------- words
def _shared_with(side: SideLine, family: str, run: RunLines, own_file: str, name: str) -> str:
    """`` (shared with lines 23, 24 in A)``: numbered as run ``name`` numbers them (a line moves
    between runs); a line of another file is named with it (``activations.py:66``)."""
    keys = sorted((k for k in side.shared.get(family, ()) if k in run.rows), key=lambda k: (k[0] != own_file, k[0], run.rows[k].line))
    others = [str(run.rows[k].line) if k[0] == own_file else f"{k[0]}:{run.rows[k].line}" for k in keys]
    if not others:
        return ""
    shown = ", ".join(others[:4]) + (", ..." if len(others) > 4 else "")
    return f" (shared with line{'s' if len(others) > 1 else ''} {shown} in {name})"


def _config_words(family: str, a: SideLine, b: SideLine) -> list[str]:
    fa, fb = a.facts.get(family), b.facts.get(family)
    if fa is None or fb is None or fa.source is None or fb.source is None:
        return []
    out = []
    ca, cb = fa.chosen(), fb.chosen()
    # a side whose launch config is unknown (several configs, no .best_config at hand) is not compared
    moves = [f"{k} {ca.get(k, '-')} → {cb.get(k, '-')}" for k in sorted(set(ca) | set(cb)) if ca and cb and ca.get(k) != cb.get(k)]
    if moves:
        out.append(f"`{family}`: " + ", ".join(moves))
    na, nb = fa.configs_tried(), fb.configs_tried()
    if na != nb and na is not None and nb is not None:
        out.append(f"`{family}`: autotune {na} → {nb} configs")
    if fa.source.heuristic != fb.source.heuristic:
        out.append(f"`{family}`: {fa.source.heuristic} → {fb.source.heuristic}")
    for name, f in (("A", fa), ("B", fb)):
        if (f.configs_tried() or 0) > 1 and f.best_config is None:
            out.append(f"`{family}` in {name}: config chosen by autotuning unknown (no Inductor cache with its .best_config at hand)")
    return out


def describe(d: LineDiff, la: RunLines, lb: RunLines) -> list[str]:
    """What changed on a row, in words a user reads."""
    a, b = d.a, d.b
    words: list[str] = []
    if a is None and b is not None:
        words.append("new: " + ", ".join(f"`{f}`" + (f" ×{n}" if n > 1 else "") for f, n in sorted(b.kernels.items())))
    elif b is None and a is not None:
        words.append("gone: " + ", ".join(f"`{f}`" + (f" ×{n}" if n > 1 else "") for f, n in sorted(a.kernels.items())))
    elif a is not None and b is not None:
        for family in sorted(set(a.kernels) - set(b.kernels)):
            words.append(f"left `{family}`{_shared_with(a, family, la, d.key[0], 'A')}")
        for family in sorted(set(b.kernels) - set(a.kernels)):
            words.append(f"joined `{family}`{_shared_with(b, family, lb, d.key[0], 'B')}")
        for family in sorted(set(a.kernels) & set(b.kernels)):
            if a.kernels[family] != b.kernels[family]:
                words.append(f"`{family}` {a.kernels[family]} → {b.kernels[family]} launches")
            words.extend(_config_words(family, a, b))
    if d.text == "inserted":
        words.append("line inserted")
    elif d.text == "deleted":
        words.append("line deleted")
    ta, tb = d.time("a"), d.time("b")
    if ta is not None and tb is not None:
        pct = f" ({tb / ta - 1:+.0%})" if ta else ""
        words.append(f"{format_us(ta)} → {format_us(tb)}{pct}")
    elif ta is not None:  # one run has a profile: its time, said as that side's only
        words.append(f"A measured {format_us(ta)}; B has no profile")
    elif tb is not None:
        words.append(f"B measured {format_us(tb)}; A has no profile")
    return words


# ---------------------------------------------------------------------- JSON
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
        "runs": [r.to_json() for r in c.runs],
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
                "line_a": d.a.line if d.a else None,
                "line_b": d.b.line if d.b else None,
                "lines_a": d.a.lines if d.a else [],
                "lines_b": d.b.lines if d.b else [],
                "text": d.text,
                "change": d.change,
                "words": d.words,
                "delta_us": None if d.delta_us is None else round(d.delta_us, 3),
                "a": _side_json(d.a),
                "b": _side_json(d.b),
            }
            for d in c.lines
        ],
        "kernels": [{"a": _kernel_ref(p.a), "b": _kernel_ref(p.b), "by": p.by, "same_family": p.a.family == p.b.family} for p in c.pairs],
        "unmatched_kernels": {"a": [_kernel_ref(k) for k in c.unmatched[0]], "b": [_kernel_ref(k) for k in c.unmatched[1]]},
        "compiles": c.compiles,
        "warnings": c.warnings,
    }
