"""Which pre-grad subgraph a launch comment's name is in, when several subgraphs have it.

Dynamo puts each ``torch.utils.checkpoint.checkpoint`` call (and other higher-order ops) in a subgraph of the
pre-grad graph, ``class wrap_body_0(torch.nn.Module)`` called through ``torch.ops.higher_order.tag_activation_checkpoint``
(``torch/_dynamo/variables/higher_order_ops.py``, PyTorch 2.4 - 2.15); two checkpointed blocks of one module class
give ``wrap_body_0.linear`` and ``wrap_body_1.linear``, and the output code's comments say only ``linear``.
"""

from __future__ import annotations

from ..model import Frame, FxGraph


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
