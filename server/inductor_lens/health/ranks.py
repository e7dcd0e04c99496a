"""Many ranks, one story: which ranks of a job compiled alike, and what differs, with the ranks it
is on (issue 28).

A distributed job writes one ``TORCH_TRACE`` log per rank (``dedicated_log_torch_trace_rank_N_*.log``,
``torch/_logging/_internal.py``); each log's compile ids count that rank's own frames, so ranks
that compiled alike have the same compile ids, with the same functions, graph breaks, recompile
reasons, failures and kernels.  Ranks whose whole story is the same are one group; then each
difference is one entry naming its ranks:

* ``compile``: a compile id (each attempt its own id: ``0/0`` and its restart ``0/0_1``) that not
  every rank has and no other cause explains (its function, at its line);
* ``graph_break``: a graph break only some ranks hit (its user line), or the restart of a compile
  id after one;
* ``recompile``: a recompile only some ranks made (the failed guard and its user line);
* ``failure`` / ``conversion_failure``: a compile that failed on some ranks only;
* ``function``: ranks that compiled another function under the same compile id;
* ``collective``: a compile id whose collective sequence (the ``_c10d_functional`` ops its
  graphs launch, in order, with their reduce op and group size) differs between ranks: one entry
  per distinct sequence, with its ranks, at the first collective where it differs from the others;
* ``graph``: a graph whose kernels differ between ranks that share its compile id;
* ``cache``: the same compile with another cache hit/miss pattern.

Every compile id that not every rank has appears in at least one entry, and the entries of one
id together name exactly the ranks that have it.  Input: the index's :class:`Compile` and
:class:`CompileEvent` lists, its graphs and each rank's :class:`Collective` sequences
(``index/collectives.py``; model objects only; ``health`` imports nothing above ``model``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..files.discovery import natural_key
from ..model import Collective, Compile, CompileEvent, Frame, Graph, TraceInfo
from ..text import rank_list


@dataclass(slots=True)
class Divergence:
    """One difference between ranks: ``kind`` (see the module), the ``compile_id`` as PyTorch
    spells it, the ``ranks`` it is on (sorted), the user line (``file`` as the trace wrote it,
    1-based ``line``; ``None`` when PyTorch gives none) and a one-line ``message``; ``frame``: that
    line's frame with its code where the entry has one (a collective's; not in the JSON)."""

    kind: str
    compile_id: str
    ranks: list[int]
    file: str | None
    line: int | None
    message: str
    frame: Frame | None = None

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "compile_id": self.compile_id,
            "ranks": self.ranks,
            "file": self.file,
            "line": self.line,
            "message": self.message,
        }


@dataclass(slots=True)
class RankGroup:
    """Ranks whose compiles, events and kernels are the same: ``ranks`` (sorted), the ``traces``
    (log paths, in rank order), how many ``compiles`` and ``kernels`` each has."""

    ranks: list[int]
    traces: list[str]
    compiles: int
    kernels: int

    def to_json(self) -> dict:
        return {
            "ranks": self.ranks,
            "label": rank_list(self.ranks),
            "traces": self.traces,
            "compiles": self.compiles,
            "kernels": self.kernels,
        }


@dataclass(slots=True)
class RankStory:
    """The job's ranks: ``count``, ``groups`` (largest first) and ``divergence`` (compile-id order)."""

    count: int
    groups: list[RankGroup] = field(default_factory=list)
    divergence: list[Divergence] = field(default_factory=list)
    #: logs of several runs of a job in one folder (a rank with several logs): each run's own story, in start
    #: order, the first being this one; ``started`` is when the run's first log began (``MMDD HH:MM:SS.ffffff``)
    runs: list["RankStory"] = field(default_factory=list)
    started: str | None = None

    def to_json(self) -> dict:
        out = {"count": self.count, "groups": [g.to_json() for g in self.groups], "divergence": [d.to_json() for d in self.divergence]}
        if self.started is not None:
            out["started"] = self.started
        if self.runs:
            out["runs"] = [r.to_json() for r in self.runs]
        return out


def runs_of(traces: Sequence[TraceInfo]) -> dict[str, int]:
    """Which run each log belongs to (``{path: 0, 1, ...}``), when a rank has several logs: two runs of a job whose
    rank logs sit in one folder. Logs are taken in the order they began (``TraceInfo.started``, their glog time,
    then their names) and a run ends where a rank it already has begins again. ``{}`` when every rank has one log
    (one run), or a log of such a rank has no start time (nothing to part them by)."""
    logs = [t for t in traces if t.rank is not None and t.format in ("torch_trace", "tlparse")]
    ranks = [t.rank for t in logs]
    if len(ranks) == len(set(ranks)) or any(t.started is None for t in logs):
        return {}
    out: dict[str, int] = {}
    run, seen = 0, set[int | None]()
    for t in sorted(logs, key=lambda t: (t.started or "", natural_key(t.path))):
        if t.rank in seen:
            run, seen = run + 1, set[int | None]()
        seen.add(t.rank)
        out[t.path] = run
    return out


def _where(frame) -> tuple[str | None, int | None]:
    return (frame.file, frame.line) if frame is not None else (None, None)


def _function(c: Compile) -> tuple:
    f = c.function
    return (f.file, f.line, f.function) if f is not None else (None, None, None)


def _event_key(e: CompileEvent) -> tuple:
    file, line = _where(e.location)
    return (e.kind, e.message, file, line)


def _graph_key(graph: Graph) -> tuple:
    return (graph.kind, tuple(sorted(k.name for k in graph.kernels)))


class _Facts(NamedTuple):
    """What one rank did under one compile id, compared between ranks (worked out once)."""

    function: tuple | None  # (file, line, name) of the compiled function; None: no compile record
    events: tuple
    graphs: tuple
    failed: bool | None
    collectives: tuple  # the collectives' keys, in launch order
    cache: tuple


def _facts(story: dict, cid: str) -> _Facts:
    c: Compile | None = story["compiles"].get(cid)
    return _Facts(
        _function(c) if c is not None else None,
        tuple(sorted(_event_key(e) for e in story["events"].get(cid, []))),
        tuple(sorted(_graph_key(g) for g in story["graphs"].get(cid, []))),
        bool(c.failure) if c is not None else None,
        tuple(x.key for x in story["collectives"].get(cid, ())),
        tuple(sorted(c.cache.items())) if c is not None else (),
    )


def rank_story(
    compiles: list[Compile],
    events: list[CompileEvent],
    graphs: list[Graph],
    collectives: Mapping[tuple[int, str], Sequence[Collective]] | None = None,
) -> RankStory | None:
    """The story of a job of several ranks (``None`` with fewer than two ranks): groups of ranks
    whose compiles, events, kernels and collectives are equal, and each :class:`Divergence` with its ranks.

    ``compiles``/``events`` are the index's (``readers/compile_health``), ``graphs`` its graphs
    (each with ``rank`` and ``compile_id``; their kernels are read), ``collectives`` each
    ``(rank, compile id)``'s collectives in launch order (``index/collectives.py``
    ``collective_sequences``: the output code's ``_c10d_functional`` launches; PyTorch 2.13 checked).
    Ranks are the logs' ranks (``files/discovery.py`` ``rank_of_path``, the envelopes' ``rank``);
    logs with no rank are left out."""
    per: dict[int, dict] = {}
    traces: dict[int, str] = {}

    def of(rank: int) -> dict:
        return per.setdefault(rank, {"compiles": {}, "events": {}, "graphs": {}, "collectives": {}})

    for c in compiles:
        if c.rank is None:
            continue
        of(c.rank)["compiles"][c.compile_id] = c
        traces.setdefault(c.rank, c.trace)
    for e in events:
        if e.rank is None:
            continue
        of(e.rank)["events"].setdefault(e.compile_id, []).append(e)
    for g in graphs:
        if g.rank is None:
            continue
        of(g.rank)["graphs"].setdefault(g.compile_id, []).append(g)
        traces.setdefault(g.rank, g.trace)
    for (rank, cid), found in (collectives or {}).items():
        if rank in per:
            per[rank]["collectives"][cid] = list(found)
    if len(per) < 2:
        return None
    ranks = sorted(per)
    count = len(ranks)

    facts = {r: {cid: _facts(story, cid) for cid in {*story["compiles"], *story["events"], *story["graphs"]}} for r, story in per.items()}
    order = sorted({cid for of_rank in facts.values() for cid in of_rank}, key=natural_key)

    # groups: ranks whose every compile id has the same facts (the cache pattern aside)
    whole: dict[tuple, list[int]] = {}
    for rank in ranks:
        key = tuple((cid, facts[rank][cid][:5]) for cid in order if cid in facts[rank])
        whole.setdefault(key, []).append(rank)
    groups = [
        RankGroup(
            members,
            [traces[r] for r in members if r in traces],
            len(per[members[0]]["compiles"]),
            sum(len(g.kernels) for gs in per[members[0]]["graphs"].values() for g in gs),
        )
        for members in sorted(whole.values(), key=lambda m: (-len(m), m[0]))
    ]
    divergence: list[Divergence] = []
    for cid in order:
        having = [r for r in ranks if cid in facts[r]]
        divergence += _differences(cid, having, per, {r: facts[r][cid] for r in having}, len(having) == count)
    return RankStory(count, groups, divergence)


def _differences(cid: str, having: list[int], per: dict[int, dict], facts: dict[int, _Facts], everyone: bool) -> list[Divergence]:
    """The entries for compile id ``cid``, which the ranks ``having`` have, with their ``facts``
    (``everyone``: every rank has it, so only what differs among them counts)."""
    out: list[Divergence] = []
    explained: set[int] = set()
    # events: each event key on the ranks that have it; an event every rank with the id has is shared
    by_event: dict[tuple, tuple[CompileEvent, list[int]]] = {}
    for r in having:
        for e in per[r]["events"].get(cid, []):
            by_event.setdefault(_event_key(e), (e, []))[1].append(r)
    for _, (e, rs) in sorted(by_event.items(), key=lambda kv: kv[1][1]):
        rs = sorted(set(rs))
        if everyone and len(rs) == len(having):
            continue
        file, line = _where(e.location)
        if file is None:  # (a recompile for a shape names no user line: the function's)
            c = per[rs[0]]["compiles"].get(cid)
            file, line = _where(c.function) if c is not None else (None, None)
        kind = e.kind if e.kind in ("graph_break", "recompile", "failure", "conversion_failure") else "graph_break"
        out.append(Divergence(kind, cid, rs, file, line, e.message))
        explained |= set(rs)
    if not everyone:  # ranks with this id not explained by an event of theirs: a restart after a
        # graph break under the first attempt's id (0/0_1 after 0/0), or the compile itself
        base = cid.split("_")[0]
        rest = [r for r in having if r not in explained]
        restarted: dict[tuple, list[int]] = {}
        for r in rest:
            breaks = [e for e in per[r]["events"].get(base, []) if e.kind == "graph_break"] if base != cid else []
            if breaks:
                e = breaks[0]
                restarted.setdefault((_event_key(e), e.message, _where(e.location)), []).append(r)
        for (_, message, (file, line)), rs in restarted.items():
            out.append(Divergence("graph_break", cid, sorted(rs), file, line, f"restarted after a graph break: {message}"))
            explained |= set(rs)
        left = [r for r in having if r not in explained]
        by_function: dict[tuple, list[int]] = {}
        for r in left:
            by_function.setdefault(facts[r].function or (None, None, None), []).append(r)
        for (file, line, function), rs in by_function.items():
            what = f"compile {cid} of {function}" if function else f"compile {cid}"
            out.append(Divergence("compile", cid, sorted(rs), file, line, f"{what}, not on every rank"))
        return out
    # every rank has the id: the function, the failure, the collectives, the kernels, the cache pattern
    for kind, field_, say in (
        ("function", "function", "another function"),
        ("failure", "failed", "failed"),
        ("collective", "collectives", ""),
        ("graph", "graphs", "other kernels"),
        ("cache", "cache", "another cache hit/miss pattern"),
    ):
        # a rank already explained for this id (a graph break that restarted it, another
        # function) differs in everything after it: said once
        split: dict = {}
        for r in having:
            if r not in explained:
                split.setdefault(getattr(facts[r], field_), []).append(r)
        if len(split) < 2:
            continue
        majority = max(split.values(), key=len)
        if kind == "collective":  # every sequence its own entry, the majority's too
            found = _collective_entries(cid, per, split)
            out += found
            explained |= {r for d in found for r in d.ranks if r not in majority}
            continue
        for value, rs in split.items():
            if rs is majority or (kind == "failure" and not value):
                continue
            c = per[rs[0]]["compiles"].get(cid)
            file, line = _where(c.function) if c is not None else (None, None)
            message = _say(kind, say, cid, per, rs[0], majority[0])
            out.append(Divergence(kind, cid, sorted(rs), file, line, message))
            explained |= set(rs)
    return out


def collective_words(seq: Sequence[Collective]) -> str:
    """``all_reduce(sum) ×2 then all_gather(4 ranks)``: runs of the same collective counted;
    ``no collective`` for none."""
    runs: list[list] = []
    for c in seq:
        if runs and runs[-1][0] == c.label:
            runs[-1][1] += 1
        else:
            runs.append([c.label, 1])
    return " then ".join(f"{label} ×{n}" if n > 1 else label for label, n in runs) or "no collective"


def _first_difference(mine: Sequence[Collective], theirs: Sequence[Collective]) -> int:
    i = 0
    while i < min(len(mine), len(theirs)) and mine[i].key == theirs[i].key:
        i += 1
    return i


def _collective_entries(cid: str, per: dict, split: dict[tuple, list[int]]) -> list[Divergence]:
    """One ``collective`` entry per distinct sequence of compile ``cid`` (``split``: sequence ->
    ranks), the most ranks' first: at the first collective where it differs from the most ranks'
    sequence (that one: from any other), the message naming what the others issue."""
    groups = sorted(split.values(), key=lambda rs: (-len(rs), rs[0]))
    seqs = [per[rs[0]]["collectives"].get(cid, []) for rs in groups]
    out: list[Divergence] = []
    for n, (rs, mine) in enumerate(zip(groups, seqs, strict=True)):
        others = [j for j in range(len(groups)) if j != n] if n == 0 else [0]
        at, j = min((_first_difference(mine, seqs[j]), j) for j in others)
        where = mine[at] if at < len(mine) else seqs[j][at] if at < len(seqs[j]) else None
        frame = where.frame if where is not None else None
        if frame is not None:
            file, line = frame.file, frame.line
        else:
            c = per[rs[0]]["compiles"].get(cid)
            file, line = _where(c.function) if c is not None else (None, None)
        if n == 0:
            them = [r for g in groups[1:] for r in g]
            other = collective_words(seqs[1]) if len(groups) == 2 else f"{len(groups) - 1} other sequences"
            message = f"{collective_words(mine)} vs {other} ({'rank' if len(them) == 1 else 'ranks'} {rank_list(them)})"
        else:
            message = f"{collective_words(mine)} vs {collective_words(seqs[0])} ({'rank' if len(groups[0]) == 1 else 'ranks'} {rank_list(groups[0])})"
        out.append(Divergence("collective", cid, sorted(rs), file, line, f"compile {cid}: collectives {message}", frame))
    return out


def _say(kind: str, say: str, cid: str, per: dict, rank: int, other: int) -> str:
    if kind == "graph":
        mine = {k.name for gs in per[rank]["graphs"].get(cid, []) for k in gs.kernels}
        theirs = {k.name for gs in per[other]["graphs"].get(cid, []) for k in gs.kernels}
        only, missing = sorted(mine - theirs), sorted(theirs - mine)
        parts = [f"{len(mine)} kernels against {len(theirs)} on rank {other}"]
        if only:
            parts.append("only here: " + ", ".join(only[:3]) + (f" +{len(only) - 3}" if len(only) > 3 else ""))
        if missing:
            parts.append("not here: " + ", ".join(missing[:3]) + (f" +{len(missing) - 3}" if len(missing) > 3 else ""))
        return f"compile {cid}: other kernels ({'; '.join(parts)})"
    if kind == "function":
        mine, theirs = per[rank]["compiles"].get(cid), per[other]["compiles"].get(cid)
        name = mine.function.function if mine is not None and mine.function is not None else "?"
        them = theirs.function.function if theirs is not None and theirs.function is not None else "?"
        return f"compile {cid} is {name} on these ranks, {them} on rank {other}"
    return f"compile {cid}: {say}"
