"""Reader for kernel <-> FX node mappings.

* ``inductor_provenance_tracking_node_mappings`` (TORCH_TRACE artifact and the debug-folder
  ``inductor_provenance_tracking_node_mappings.json``; ``torch/_inductor/debug.py``
  ``dump_inductor_provenance_info``): ``{"preToPost", "postToPre", "cppCodeToPost",
  "postToCppCode", "version": 2.0}``.  v1 (PyTorch 2.7/2.8) has no ``version`` and bare kernel
  names; v2.0 (2.9+) keys are ``name:handle``.  The debug-folder copy of v2 lacks ``version``,
  so v2 is detected by the ``:N`` key suffix.  A backward compiled lazily may log only
  ``{"version": 2.0}``; an internal error logs ``{}``.
* ``inductor_generated_kernel_to_post_grad_nodes`` (2.8) / ``inductor_triton_kernel_to_post_grad_nodes``
  (2.7): ``{kernel_name: [post_grad_node, ...]}``, the same as v1 ``cppCodeToPost``.
* ``inductor_post_to_pre_grad_nodes`` (2.8): ``{post_grad_node: [NodeSource dict, ...]}`` where each
  NodeSource is ``{name, target, graph_id, pass_name, action, from_node: [...]}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HANDLE = re.compile(r":\d+$")


@dataclass(slots=True)
class NodeMapping:
    """A normalized mapping: ``kernel_to_post`` ``{key: [post-grad node]}``, ``post_to_pre`` ``{post: [pre]}``.

    ``version`` is ``"2.0"`` or ``"1"``; ``empty`` is true when the artifact carried no kernel map
    (``{"version": 2.0}`` or ``{}``).
    """

    version: str
    kernel_to_post: dict[str, list[str]] = field(default_factory=dict)
    post_to_pre: dict[str, list[str]] = field(default_factory=dict)


def _str_lists(value) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        return {}
    return {k: [x for x in v if isinstance(x, str)] for k, v in value.items() if isinstance(k, str) and isinstance(v, list)}


def parse_node_mappings(value) -> NodeMapping | None:
    """Normalize a parsed ``..._node_mappings`` payload; ``None`` if it is not a JSON object."""
    if not isinstance(value, dict):
        return None
    kernel_to_post = _str_lists(value.get("cppCodeToPost"))
    if "version" in value:
        version = str(value["version"])
        if version == "2":
            version = "2.0"
    elif any(_HANDLE.search(k) for k in kernel_to_post):
        version = "2.0"
    else:
        version = "1"
    return NodeMapping(
        version=version,
        kernel_to_post=kernel_to_post,
        post_to_pre=_str_lists(value.get("postToPre")),
    )


def mapping_shape_problem(value) -> str | None:
    """What is wrong with the shape of a parsed ``inductor_provenance_tracking_node_mappings``
    payload (``torch/_inductor/debug.py``, PyTorch 2.8 - 2.14: an object whose ``cppCodeToPost``,
    ``postToPre``... are objects of name lists), or ``None``: a ``None`` value (unreadable JSON,
    reported where it was read) and a well-formed one have none."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return f"is a JSON {type(value).__name__}, not an object"
    wrong = [
        key for key in ("cppCodeToPost", "postToPre", "preToPost", "postToCppCode") if key in value and not isinstance(value[key], dict)
    ]
    return f"has {', '.join(wrong)} that {'is' if len(wrong) == 1 else 'are'} not an object" if wrong else None


def parse_kernel_to_post(value) -> dict[str, list[str]]:
    """``inductor_generated_kernel_to_post_grad_nodes`` / ``..._triton_kernel_...``: ``{name: [post]}``."""
    return _str_lists(value)


def parse_post_to_pre_nodes(value, pre_grad_graph_id: int | None = None) -> dict[str, list[str]]:
    """``inductor_post_to_pre_grad_nodes`` (2.8): post-grad node -> pre-grad node names.

    Walks each NodeSource tree and keeps names whose ``graph_id`` is the pre-grad graph's id when
    that id is known, else the top-level names.
    """
    out: dict[str, list[str]] = {}
    if not isinstance(value, dict):
        return out

    def walk(sources, acc: list[str]) -> None:
        for src in sources if isinstance(sources, list) else []:
            if not isinstance(src, dict):
                continue
            name = src.get("name")
            if isinstance(name, str) and src.get("graph_id") == pre_grad_graph_id and name not in acc:
                acc.append(name)
            walk(src.get("from_node"), acc)

    for post, sources in value.items():
        names: list[str] = []
        if pre_grad_graph_id is not None:
            walk(sources, names)
        if not names and isinstance(sources, list):
            names = [s["name"] for s in sources if isinstance(s, dict) and isinstance(s.get("name"), str)]
        out[post] = names
    return out
