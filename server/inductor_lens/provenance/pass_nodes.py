"""Names a launch comment gives nodes that Inductor's passes made and unmade before the post-grad
graph was printed, linked to the post-grad nodes they became.

Inductor's scatter-reinplacing pass (``torch/_inductor/fx_passes/reinplace.py``, PyTorch 2.1 -
2.14) rewrites each ``slice_scatter``/``select_scatter``/... into a ``_generalized_scatter`` node
(``canonicalize_view_scatter_ops``), then decomposes those back into ``slice_scatter_default_N``
(or ``clone``, views and ``copy_``) nodes (``decompose_generalized_scatter``) before the graph is
printed; a kernel's origins keep the ``_generalized_scatter_N`` names.  A Triton kernel's header
maps the names of the first launch of its name (``#   _generalized_scatter => slice_scatter_default``);
an extern call's comment names them with no header of its own.  Linked, in this order:

* the launch's own kernel header, then any kernel header of the graph (one node per name);
* else the node they feed: the comment is topologically sorted, so the names just before the
  first post-grad node that reads scatter nodes are those scatters, in the order it reads them
  (``_generalized_scatter_4, _generalized_scatter_5, add_83``, ``add_83 = add(slice_scatter_default_4,
  slice_scatter_default_5)``).

Names of the pass that neither links are Inductor's, never a warning.
"""

from __future__ import annotations

import re

from ..model import FxGraph
from ..readers.output_code import ParsedCode

#: the nodes of the reinplace pass (``_generalized_scatter``, ``_generalized_scatter_3``, the in-place twin)
REINPLACE_NAME = re.compile(r"^_(?:inplace_)?generalized_scatter(?:_\d+)?$")
#: the targets the pass decomposes them into
_SCATTER = re.compile(r"\baten\.(?:slice_scatter|select_scatter|diagonal_scatter|as_strided_scatter|copy_?)\b")


def header_pass_names(codes: list[ParsedCode], pre: FxGraph | None, post: FxGraph | None) -> dict[str, list[str]]:
    """``{reinplace name: [post-grad node, ...]}`` of every kernel header (``# Source node to ATen
    node mapping``) in ``codes``, for names neither graph has (the first header naming it wins)."""
    out: dict[str, list[str]] = {}
    pre_nodes = pre.nodes if pre is not None else {}
    post_nodes = post.nodes if post is not None else {}
    for code in codes:
        for kdef in code.defs.values():
            for name, targets in kdef.node_map.items():
                if targets and REINPLACE_NAME.match(name) and name not in pre_nodes and name not in post_nodes:
                    out.setdefault(name, list(targets))
    return out


def scatters_fed(names: list[str], post: FxGraph, scope: str) -> dict[str, str]:
    """``{pass name: post-grad node key}`` for the reinplace names of one comment (``names``, in
    its order) that the next post-grad node named after them reads as scatter nodes, paired in the
    order it reads them."""
    out: dict[str, str] = {}
    pending: list[str] = []
    for name in names:
        if REINPLACE_NAME.match(name):
            pending.append(name)
            continue
        if not pending:
            continue
        key = post.resolve(name, scope)
        node = post.nodes.get(key) if key is not None else None
        if node is None:
            continue
        read = [a for a in node.args if (arg := post.nodes.get(a)) is not None and _SCATTER.search(arg.target)]
        if read:
            out.update(zip(pending, read, strict=False))  # as many as both have
            pending = []
    return out
