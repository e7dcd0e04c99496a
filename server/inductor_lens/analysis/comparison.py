"""Two opened runs compared at the model line: :class:`Comparison` (each run's facts, the lines
compared row by row with what changed in words, the kernels matched across runs, the options and
compile health that differ), what ``inductor-lens diff`` and the editor's *Compare with Trace...*
show (the JSON is written by :mod:`inductor_lens.diff.compare`).

``lines`` are sorted as the table shows them: changed lines first (added, removed, changed) by
|Δ time| then file and line, then the others by |Δ time|.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..index.trace_index import Index
from ..text import format_us
from .kernel_pairs import KernelPair, match_kernels
from .run_facts import RunFacts, compiles_json, differing_options, run_facts
from .run_lines import LineDiff, RunLines, SideLine, compare_lines, run_lines

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
