"""Kernels of two runs matched to each other (the second view of a comparison; model lines are
the identity, :mod:`.run_lines`).

A pair is made, best first, by: the model lines and ATen ops the kernels compute (both must share
a line), within the same graph kind (forward, backward, inference); then, between runs of the same
PyTorch version, by the post-grad FX node names they compute; then by family (name without its
counter: an extern call such as ``extern_kernels.mm`` with the same ATen op) in launch order.
What is left on either side is unmatched.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Graph, Kernel
from .run_lines import LineKey, kernel_family, line_key


@dataclass
class KernelDef:
    """One kernel of one graph as a user knows it: every provenance key of the same name (a
    kernel launched at several sites has one key per debug handle) taken together."""

    name: str
    graph: Graph | None
    family: str
    lines: set[LineKey]
    aten_ops: list[str]
    post_grad_nodes: set[str]
    launches: int
    kernel: Kernel | None = None
    #: device µs of each run (graph call), the keys of this name summed (``Measured.run_us``);
    #: empty unmeasured
    run_us: list[float] = field(default_factory=list)

    @property
    def model_lines(self) -> set[LineKey]:
        return self.lines


@dataclass
class KernelPair:
    """Two kernels matched: ``by`` is ``lines``, ``nodes`` or ``family``; ``score`` the overlap of
    their model lines and ATen ops (0-2)."""

    a: KernelDef
    b: KernelDef
    by: str
    score: float


def kernel_defs(kernels: list[Kernel]) -> list[KernelDef]:
    """``kernels`` (an index's) grouped by graph and name, in order."""
    out: dict[tuple[int, str], KernelDef] = {}
    for k in kernels:
        key = (id(k.graph), k.name)
        found = out.get(key)
        if found is None:
            found = out[key] = KernelDef(k.name, k.graph, kernel_family(k), set(), [], set(), 0, k)
        found.lines.update(line_key(f) for f in k.model_lines)
        found.aten_ops.extend(op for op in k.aten_ops if op not in found.aten_ops)
        found.post_grad_nodes.update(k.post_grad_nodes)
        found.launches += len(k.launches)
        runs = k.measured.run_us if k.measured is not None else ()
        if runs and len(found.run_us) in (0, len(runs)):
            found.run_us = [a + b for a, b in zip(found.run_us or [0.0] * len(runs), runs, strict=True)]
    return list(out.values())


def _lines(kernel: KernelDef) -> set[LineKey]:
    return kernel.lines


def _jaccard(x: set, y: set) -> float:
    return len(x & y) / len(x | y) if x or y else 0.0


def _kind(kernel: KernelDef) -> str | None:
    return kernel.graph.kind if kernel.graph is not None else None


def match_kernels(
    kernels_a: list[Kernel], kernels_b: list[Kernel], same_version: bool
) -> tuple[list[KernelPair], list[KernelDef], list[KernelDef]]:
    """``(pairs, unmatched in a, unmatched in b)`` of two runs' kernels (grouped by
    :func:`kernel_defs`); each kernel is in at most one pair."""
    a, b = kernel_defs(kernels_a), kernel_defs(kernels_b)
    lines_a = [_lines(k) for k in a]
    lines_b = [_lines(k) for k in b]
    by_line: dict[LineKey, list[int]] = {}
    for j, keys in enumerate(lines_b):
        for key in keys:
            by_line.setdefault(key, []).append(j)
    scored: list[tuple[float, int, int]] = []
    for i, keys in enumerate(lines_a):
        seen: set[int] = set()
        for key in keys:
            for j in by_line.get(key, ()):
                if j in seen or _kind(a[i]) != _kind(b[j]):
                    continue
                seen.add(j)
                score = _jaccard(keys, lines_b[j]) + _jaccard(set(a[i].aten_ops), set(b[j].aten_ops))
                score += 0.01 if a[i].family == b[j].family else 0.0
                scored.append((score, i, j))
    scored.sort(key=lambda s: (-s[0], s[1], s[2]))
    pairs: list[KernelPair] = []
    used_a: set[int] = set()
    used_b: set[int] = set()
    for score, i, j in scored:
        if i not in used_a and j not in used_b:
            used_a.add(i)
            used_b.add(j)
            pairs.append(KernelPair(a[i], b[j], "lines", round(score, 3)))
    if same_version:
        for i, ka in enumerate(a):
            if i in used_a or not ka.post_grad_nodes:
                continue
            nodes = ka.post_grad_nodes
            found = [j for j in range(len(b)) if j not in used_b and _kind(b[j]) == _kind(ka) and nodes & b[j].post_grad_nodes]
            best = max(found, key=lambda j: _jaccard(nodes, b[j].post_grad_nodes)) if found else None
            if best is not None:
                used_a.add(i)
                used_b.add(best)
                pairs.append(KernelPair(ka, b[best], "nodes", 0.0))
    for i, ka in enumerate(a):
        if i in used_a:
            continue
        hit = next(
            (
                j
                for j in range(len(b))
                if j not in used_b and _kind(b[j]) == _kind(ka) and b[j].family == ka.family and b[j].aten_ops == ka.aten_ops
            ),
            None,
        )
        if hit is not None:
            used_a.add(i)
            used_b.add(hit)
            pairs.append(KernelPair(ka, b[hit], "family", 0.0))
    return (pairs, [k for i, k in enumerate(a) if i not in used_a], [k for j, k in enumerate(b) if j not in used_b])
