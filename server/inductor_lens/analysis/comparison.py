"""Two opened runs compared at the model line: :class:`Comparison` (each run's facts, the lines
compared row by row with what changed in words, the kernels matched across runs, the options and
compile health that differ), what ``inductor-lens diff`` and the editor's *Compare with Trace...*
show (the JSON is written by :mod:`inductor_lens.diff.compare`).

The comparison holds the wall clock (:mod:`.wall`), the causes ranked (:mod:`.causes`) and the
lines paired by their text (:mod:`.pairing`: ``text`` null, ``edited``, ``inserted`` or
``deleted``; ``code_a`` A's code of an edited line; ``why`` why a line still in B lost its kernels).

``lines`` are sorted as the table shows them: changed lines first (added, removed, changed) by
|Δ time| then file and line, then the others by |Δ time|.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..files.resolve import beside_trace_folders
from ..index.trace_index import Index
from ..model import Frame
from ..model.compile_id import base_compile_id
from ..text import format_us
from .causes import SideTime, rank_causes, recompile_causes
from .kernel_pairs import KernelPair, match_kernels
from .pairing import TextPairing, library_unchanged, model_pairings, pair_rows
from .run_facts import RunFacts, compiles_json, differing_options, new_graph_breaks, run_facts
from .run_lines import LineDiff, RunLines, SideLine, compare_lines, line_key, run_lines
from .wall import wall_time

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
    #: the wall-clock comparison (:mod:`.wall`), None unless both runs have a profile
    time: dict | None = None
    #: the wall headline (or why there is none)
    headline: str = ""
    #: the causes, ranked (:mod:`.causes`)
    causes: list[dict] = field(default_factory=list)
    #: sentences about the comparison itself (different models, a missing profile...)
    notes: list[str] = field(default_factory=list)
    #: file name -> (A's local model file, B's) the text pairing read, None where unreadable
    model_files: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    #: each side's kernel-facts reader, made when first asked for
    _readers: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def changed(self) -> list[LineDiff]:
        return [d for d in self.lines if d.change in CHANGED]

    def kernel_source_lines(self, side: int, kernel) -> tuple[int, int] | None:
        """The output-code lines ``(first, last)`` of ``kernel``'s source in run ``side`` (0: A,
        1: B), its definition's line when the source's extent is unknown; ``None`` without a
        definition or without the runs' indexes."""
        if kernel is None or kernel.definition is None or self.indexes is None:
            return None
        from ..index.kernel_facts import KernelFactsReader

        reader = self._readers.get(side) or self._readers.setdefault(side, KernelFactsReader(self.indexes[side]))
        found = reader.facts(kernel).source
        return found.source_lines if found is not None and found.source_lines else (kernel.definition.line, kernel.definition.line)


def _order(d: LineDiff) -> tuple:
    delta = abs(d.delta_us) if d.delta_us is not None else 0.0
    return (d.change not in CHANGED, -delta, d.key[0], d.where_b or d.where_a or 0)


def _files(run: RunLines, side: SideTime) -> dict[str, str]:
    """file name -> the path the trace writes, of every row, eager line and call site."""
    out = {key[0]: file for key, (file, _) in sorted({**side.eager_where, **side.host_where}.items()) if file}
    out.update({key[0]: row.file for key, row in sorted(run.rows.items())})
    return out


def side_time(index: Index) -> SideTime:
    """One run's profile beyond its compiled kernels, from its first profile (rank 0's): the step
    block (``ProfileJoin.step``, :mod:`inductor_lens.timing.step`), the eager device time per line
    (``ProfileJoin.eager``, :mod:`inductor_lens.timing.eager`, where the join has it) and the host
    time in compiled code per call site (``ProfileJoin.host_us`` per graph,
    :mod:`inductor_lens.timing.host`, at each graph's innermost call site of the user's code);
    an empty :class:`SideTime` without a profile."""
    out = SideTime()
    profile = next((p for p in index.profiles if getattr(p, "step", None) is not None), None)
    if profile is None:
        return out
    out.block = profile.step.to_json()
    eager = getattr(profile, "eager", None)
    for (file, line), e in eager.lines.items() if eager is not None else ():
        key = line_key(Frame(file, line, "", e.code))
        out.eager[key] = out.eager.get(key, 0.0) + e.eager_us
        out.eager_where.setdefault(key, (file, line))
    if getattr(profile, "host_us", None):
        from ..timing.host import graph_key
        from ..timing.hot_lines import call_sites

        site_of: dict[tuple[str, str, str], Frame] = {}
        for site in call_sites(index.graphs):
            for graph in site.graphs if site.innermost else ():
                site_of.setdefault(graph_key(graph), site.frame)
                site_of.setdefault(("", base_compile_id(graph.compile_id), "region"), site.frame)
        for gkey, us in profile.host_us.items():
            frame = site_of.get(gkey)
            key = line_key(frame) if frame is not None else ("?", f"compiled graph {gkey[1]} ({gkey[2]})")
            out.host[key] = out.host.get(key, 0.0) + us
            if frame is not None:
                out.host_where.setdefault(key, (frame.file, frame.line))
    return out


def _keys_as_b(side: SideTime, pairings: dict[str, TextPairing]) -> None:
    """A's eager lines and call sites keyed by the B line their line became (text pairing), so that
    an edited call site (``cmodel(idx)`` -> ``model(idx)``) compares with itself."""
    for table, where in ((side.eager, side.eager_where), (side.host, side.host_where)):
        for key in list(table):
            file, line = where.get(key, (None, None))
            pairing = pairings.get(key[0])
            if pairing is None or line is None or line not in pairing.a_to_b:
                continue
            new = (key[0], pairing.code_b(pairing.a_to_b[line]))
            if not new[1] or new == key:
                continue
            table[new] = table.get(new, 0.0) + table.pop(key)
            where[new] = where.pop(key)


def _model_notes(la: RunLines, lb: RunLines) -> list[str]:
    """A sentence when the two runs compute lines of no common model file (two different models)."""
    fa, fb = {k[0] for k in la.rows}, {k[0] for k in lb.rows}
    if fa and fb and not fa & fb:
        return [
            f"A and B share no model file (A: {', '.join(sorted(fa)[:3])}; B: {', '.join(sorted(fb)[:3])}): "
            "they look like runs of different models; every line is on one side only, and only run-level facts compare"
        ]
    return []


def _gone_functions(index_a: Index, index_b: Index, unchanged: set[str]) -> list[tuple[str, str, int]]:
    """The functions A compiled and B does not, ``(file name, function, line)``: by file and name,
    and by line too in an unchanged library file (each decoder layer's ``forward`` and the model's
    are two functions of one file)."""

    def frames(index: Index) -> set[tuple[str, str, int]]:
        return {(c.function.basename, c.function.function, c.function.line) for c in index.compiles if c.function is not None}

    fa, fb = frames(index_a), frames(index_b)
    named = {(f, n) for f, n, _ in fb}
    return sorted(g for g in fa - fb if (g[0], g[1]) not in named or g[0] in unchanged)


def compare(index_a: Index, index_b: Index, paths_a: list[str], paths_b: list[str], resolvers=(None, None)) -> Comparison:
    """Compare two opened runs (every graph materialized, profiles joined); ``resolvers``: each
    run's :class:`~inductor_lens.files.resolve.PathResolver` (``--path-map``) to find its model files."""
    la, lb = run_lines(index_a), run_lines(index_b)
    ta, tb = side_time(index_a), side_time(index_b)
    folders = [beside_trace_folders([t.path for t in ix.traces], [p.path for p in ix.profiles]) for ix in (index_a, index_b)]
    files_a, files_b = _files(la, ta), _files(lb, tb)
    pairings, model_files = model_pairings(files_a, files_b, folders[0], folders[1], resolvers)
    unchanged = library_unchanged(files_a, files_b, model_files)
    lines = pair_rows(compare_lines(la, lb), pairings, unchanged)
    facts = (run_facts(index_a, paths_a), run_facts(index_b, paths_b))
    same_version = facts[0].versions.get("pytorch") == facts[1].versions.get("pytorch")
    pairs, only_a, only_b = match_kernels(index_a.kernels, index_b.kernels, same_version)
    warnings = [dict(w.to_json(), run="a") for w in index_a.warnings] + [dict(w.to_json(), run="b") for w in index_b.warnings]
    _keys_as_b(ta, pairings)
    time, headline = wall_time(ta.block, tb.block, (len(index_a.profiles), len(index_b.profiles)))
    for name, side, index in (("A", ta, index_a), ("B", tb, index_b)):
        if side.block is None and any("not joined" in w.message for w in index.warnings):  # a profile, but not of this run
            other = "B" if name == "A" else "A"
            headline = headline.replace(
                f"{name} has no profile ({other} has)", f"{name}'s profile was not joined (see its warning; {other}'s was)"
            )
    options = differing_options(*facts)
    breaks = new_graph_breaks(index_a, index_b)
    compiles = compiles_json(index_a, index_b, {name: p.a_to_b for name, p in pairings.items()})
    gone = _gone_functions(index_a, index_b, unchanged)
    changed = [o for o in options if o["kind"] == "changed"]
    causes = rank_causes(lines, ta, tb, time, breaks, recompile_causes(index_a, index_b), changed, gone)
    steps = (ta.steps, tb.steps) if time is not None and time["per"] == "step" else None
    for d in lines:
        d.words = describe(d, la, lb, steps)
    lines.sort(key=_order)
    out = Comparison(facts, lines, pairs, (only_a, only_b), options, compiles, warnings, (index_a, index_b))
    out.time, out.headline, out.causes, out.model_files = time, headline, causes, model_files
    out.notes = _model_notes(la, lb) + (time["notes"] if time else []) + _same_work_note(out)
    return out


def _same_work_note(c: Comparison) -> list[str]:
    """A sentence when B is slower or faster beyond the steps' spread while nothing in the compiled
    code differs (no line's kernels or text, no option, no graph break or recompile) and the GPU did
    the same work (device time per step within 3%): a host-side change the code does not explain."""
    t = c.time
    if t is None or t["within_noise"] is not False or t["change_pct"] is None or abs(t["change_pct"]) < 3:
        return []
    if any(d.change != "same" or d.text for d in c.lines) or any(
        k["kind"] not in ("kernel", "eager", "host", "sync", "unplaced") for k in c.causes
    ):
        return []
    a, b = t["a"], t["b"]
    dev_a = (a["compiled_device_us"] + a["other_device_us"]) / (a["steps"] or 1)
    dev_b = (b["compiled_device_us"] + b["other_device_us"]) / (b["steps"] or 1)
    if not dev_a or abs(dev_b / dev_a - 1) > 0.03:
        return []
    return [
        f"the compiled code is the same and the GPU did the same work ({dev_a / 1000:.2f} → {dev_b / 1000:.2f} ms of device time "
        f"per step), yet the step changed by {t['change_pct']:+.1f}%: host time the code does not explain (another load on the "
        "machine?); profile both runs again, one at a time"
    ]


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
    ha, hb = fa.source.size_hints, fb.source.size_hints
    if ha and hb and ha != hb:  # the shapes it runs on (a batch size, a sequence length)
        sizes = [f"{k} {ha.get(k, '-')} → {hb.get(k, '-')}" for k in sorted(set(ha) | set(hb)) if ha.get(k) != hb.get(k)]
        out.append(f"`{family}`: size hints " + ", ".join(sizes))
    if fa.source.heuristic != fb.source.heuristic:
        out.append(f"`{family}`: {fa.source.heuristic} → {fb.source.heuristic}")
    for name, f in (("A", fa), ("B", fb)):
        if (f.configs_tried() or 0) > 1 and f.best_config is None:
            out.append(f"`{family}` in {name}: config chosen by autotuning unknown (no Inductor cache with its .best_config at hand)")
    return out


def describe(d: LineDiff, la: RunLines, lb: RunLines, steps: tuple[int, int] | None = None) -> list[str]:
    """What changed on a row, in words a user reads; ``steps``: each run's profiled steps, when
    both profiles have step markers (a line's time is then said per step)."""
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
    elif d.text == "edited":
        words.append(f"line edited: was `{d.code_a}`" + (f" (line {d.where_a})" if d.where_a else ""))
    if d.why:
        words.append(d.why)
    elif d.a is not None and d.b is None and d.text is None and d.where_b:
        words.append(f"still at line {d.where_b} in B, computed by no compiled kernel there")
    ta, tb = d.time("a"), d.time("b")
    if ta is not None and tb is not None and steps:
        ta, tb = ta / steps[0], tb / steps[1]
        pct = f" ({tb / ta - 1:+.0%})" if ta else ""
        words.append(f"compiled {format_us(ta)} → {format_us(tb)} per step{pct}")
    elif ta is not None and tb is not None:
        pct = f" ({tb / ta - 1:+.0%})" if ta else ""
        words.append(f"{format_us(ta)} → {format_us(tb)}{pct}, summed over each run's profiled calls")
    elif ta is not None:  # one run has a profile: its time, said as that side's only
        words.append(f"A measured {format_us(ta)}; B has no profile")
    elif tb is not None:
        words.append(f"B measured {format_us(tb)}; A has no profile")
    return words
