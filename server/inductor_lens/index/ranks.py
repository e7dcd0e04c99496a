"""Graphs of several ranks that differ only where PyTorch writes each rank's own id: parsed once.

Ranks of one job compile the same code, but their payloads are rarely byte-identical (so the
loader's copy-by-MD5 misses them).  Measured on ``torch-2.14-cpu/ddp`` (2 ranks, gloo): a
graph's output code, post-grad graph, mapping and stack traces are identical, and the pre-grad
graph differs only in its ``# graph id: N`` trailer (``id()`` of the rank's GraphModule,
``torch/_inductor/compile_fx.py`` via ``GraphModule.print_readable``; PyTorch 2.7 - 2.14).  A
graph whose payloads equal an already materialized one's once that line is left out takes its
content (nodes, kernels) with a pre-grad graph of its own (its file, its graph id).  On GPUs the
output code also differs by rank (``# kernel path:`` hashes, ``DeviceProperties(index=N)``): those
graphs are still parsed per rank (see README "Many ranks").
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

from ..model import FxGraph
from ..readers.torch_trace.graphs import GRAPH_ROLES, GraphRecords

_GRAPH_ID_LINE = re.compile(r"^\s*# graph id: (\d+)\s*$", re.M)
_PRE_GRAD = 1 + GRAPH_ROLES.index("pre_grad")  # its place in a content key (kind first)


def without_graph_id(key: tuple | None, group: GraphRecords, text_of: Callable[[Any], str | None]) -> tuple[tuple, str] | None:
    """``(key, pre-grad text)``: the content key ``key`` with the pre-grad graph's MD5 replaced by
    that of its text without the ``# graph id:`` line, or ``None`` when that would change nothing
    or cannot be trusted (no pre-grad graph, no id line, a damaged payload, or a PyTorch 2.8
    post -> pre artifact, which names the graph id)."""
    if key is None or group.pre_grad is None or group.post_to_pre is not None:
        return None
    text = text_of(group.pre_grad)
    if text is None or "# graph id:" not in text:
        return None
    stripped = _GRAPH_ID_LINE.sub("", text)  # (the line stays, empty: every other line keeps its number)
    parts = list(key)
    parts[_PRE_GRAD] = ("without graph id", hashlib.md5(stripped.encode("utf-8")).hexdigest())
    return tuple(parts), text


def own_pre_grad(template: FxGraph, text: str, path: str) -> FxGraph:
    """A rank's pre-grad graph (``text``, extracted at ``path``) that differs from ``template``
    only in its graph id: the template's nodes and frames, its own file and id."""
    found = _GRAPH_ID_LINE.search(text)
    fx = FxGraph(
        path,
        nodes=template.nodes,
        graph_id=int(found.group(1)) if found else None,
        parse=template.parse,
        comment_frames=template.comment_frames,
    )
    fx._placeholders, fx._inputs, fx._outputs = template.placeholders, template.inputs, template.outputs
    return fx
