"""Which pre-grad subgraph a launch comment's name is in, when several subgraphs have it.

Dynamo puts each ``torch.utils.checkpoint.checkpoint`` call (and other higher-order ops) in a subgraph of the
pre-grad graph, ``class wrap_body_0(torch.nn.Module)`` called through ``torch.ops.higher_order.tag_activation_checkpoint``
(``torch/_dynamo/variables/higher_order_ops.py``, PyTorch 2.4 - 2.15); two checkpointed blocks of one module class
give ``wrap_body_0.linear`` and ``wrap_body_1.linear``, and the output code's comments say only ``linear``.
"""

from __future__ import annotations

from ..model import Frame, FxGraph, Kernel


def scoped_keys(graph: FxGraph) -> dict[str, list[str]]:
    """``{name: [key, ...]}`` of the nodes of ``graph``'s subgraphs (keys ``scope.name``)."""
    out: dict[str, list[str]] = {}
    for key in graph.nodes:
        if "." in key:
            out.setdefault(key.rsplit(".", 1)[1], []).append(key)
    return out


def subgraph_choice(pre: FxGraph, ambiguous: list[list[str]], known: list[str], stack: list[Frame]) -> list[str]:
    """For each list of candidate keys in ``ambiguous`` (one comment name each), the subgraph node to take: the one whose
    subgraph is called on a line that is a frame of the launch's ``stack`` (PyTorch's stack traces: the
    ``checkpoint(...)`` line, then the block's own line), else the one in the subgraph of the comment's other names
    (``known`` keys), else the one subgraph that has every ambiguous name of the comment, else every candidate (the
    name is the graph's, in one of them).  Keys are ``scope.name``; never raises."""
    lines = {(f.file, f.line) for f in stack}

    def call_line(candidate: str) -> tuple[str, int] | None:
        node = pre.nodes.get(candidate.rpartition(".")[0])  # ``wrap_body_0 = self.wrap_body_0``, under the call's # File:
        return (node.frame.file, node.frame.line) if node is not None and node.frame is not None else None

    scopes = {k.rpartition(".")[0] for k in known if "." in k}
    out: list[str] = []
    for found in ambiguous:
        by_frame = [c for c in found if call_line(c) in lines]
        by_scope = [c for c in found if c.rpartition(".")[0] in scopes]
        out += by_frame if len(by_frame) == 1 else by_scope if len(by_scope) == 1 else found
    if len(ambiguous) > 1 and not lines and not scopes:
        common = set.intersection(*({c.rpartition(".")[0] for c in found} for found in ambiguous))
        if len(common) == 1:
            out = [c for found in ambiguous for c in found if c.rpartition(".")[0] in common]
    return out


def fill_between(kernels: list[Kernel], pre: FxGraph | None, post: FxGraph | None) -> None:
    """Give a launch that has post-grad nodes and no pre-grad node (a C++ kernel with no comment inside a checkpointed
    block: ``cpp_fused_gelu_0:2``, whose ``mul``/``erf``/... name no pre-grad node) the pre-grad nodes of one HOP
    subgraph that lie strictly between its neighbours': the post-grad graph's dataflow gives the launches whose nodes
    its nodes read (producers) and that read its nodes (consumers); when those with pre-grad nodes all have them in one
    subgraph ``S`` (keys ``S.name``), it takes the nodes of ``S`` that read a producer's node (transitively) and that a
    consumer's node reads (transitively), producers' nodes excepted (``wrap_body_0.linear`` -> ``gelu`` ->
    ``wrap_body_0.linear_1``: ``wrap_body_0.gelu``), but none that a launch other than its consumers has (a consumer's
    comment may name it: Inductor lists an extern call's input's origins in its comment).  A node two such launches
    would take is given to neither (two branches between the same neighbours are not told apart).  Graphs as printed by PyTorch 2.4 - 2.15
    (``print_readable``); mutates ``kernels`` (their launches and ``pre_grad_nodes``); never raises."""
    if pre is None or post is None:
        return
    owner: dict[str, list[tuple[int, int]]] = {}  # post-grad key -> the launches with pre-grad nodes computing it
    claimed: dict[str, set[tuple[int, int]]] = {}  # pre-grad key -> the launches that have it
    for ki, kernel in enumerate(kernels):
        for li, launch in enumerate(kernel.launches):
            for node in launch.post_grad_nodes if launch.pre_grad_nodes else ():
                owner.setdefault(node, []).append((ki, li))
            for node in launch.pre_grad_nodes:
                claimed.setdefault(node, set()).add((ki, li))
    readers = _readers(post)
    pre_readers = _readers(pre)
    taken: dict[tuple[int, int], set[str]] = {}
    for ki, kernel in enumerate(kernels):
        for li, launch in enumerate(kernel.launches):
            if launch.pre_grad_nodes or not launch.post_grad_nodes:
                continue
            mine = set(launch.post_grad_nodes)
            read = {a for n in mine if n in post.nodes for a in post.nodes[n].args} - mine
            sides = [
                {o for a in read for o in owner.get(a, ())},
                {o for n in mine for r in readers.get(n, ()) if r not in mine for o in owner.get(r, ())},
            ]
            producers, consumers = ([p for ki2, li2 in side for p in kernels[ki2].launches[li2].pre_grad_nodes] for side in sides)
            scopes = {k.rpartition(".")[0] for k in producers + consumers}
            if not producers or not consumers or len(scopes) != 1 or "" in scopes:
                continue
            after = _reach(set(producers), pre_readers)
            before = _reach(set(consumers), {k: list(n.args) for k, n in pre.nodes.items()})
            found = {k for k in after & before if k in pre.nodes and pre.nodes[k].target} - set(producers)
            found = {k for k in found if claimed.get(k, set()) <= sides[1]}  # none a third launch has
            if found:
                taken[(ki, li)] = found
    counts: dict[str, int] = {}
    for found in taken.values():
        for k in found:
            counts[k] = counts.get(k, 0) + 1
    for (ki, li), found in taken.items():
        alone = sorted((k for k in found if counts[k] == 1), key=lambda k: pre.nodes[k].line)
        if alone:
            kernel = kernels[ki]
            kernel.launches[li] = kernel.launches[li]._replace(pre_grad_nodes=alone)
            nodes = {k for la in kernel.launches for k in la.pre_grad_nodes}
            kernel.pre_grad_nodes = sorted(nodes, key=lambda k: pre.nodes[k].line if k in pre.nodes else 0)


def _readers(graph: FxGraph) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, node in graph.nodes.items():
        for arg in node.args:
            out.setdefault(arg, []).append(key)
    return out


def _reach(start: set[str], edges: dict[str, list[str]]) -> set[str]:
    """The keys reached from ``start`` along ``edges`` in one step or more."""
    seen: set[str] = set()
    todo = [n for s in start for n in edges.get(s, ())]
    while todo:
        key = todo.pop()
        if key not in seen:
            seen.add(key)
            todo += edges.get(key, ())
    return seen
