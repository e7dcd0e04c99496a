"""Kernel headers: the ``#`` comment block above a kernel definition in Python wrapper code.

``# kernel path: <file>``, ``# Topologically Sorted Source Nodes: [...], Original ATen: [...]``
and ``# Source node to ATen node mapping:`` with ``#   <source> => <post-grad>, ...`` lines
(``torch/_inductor/codegen/simd.py`` / ``cpp.py``, PyTorch 2.6 - 2.14); before 2.5 the first is
``# Source Nodes: [...]`` and the mapping's lines follow it with no heading, ``# mul => mul``
(``codegen/triton.py`` ``codegen_kernel``, 2.4), then (2.9+) ``# Graph
fragment:`` with one ``#   %name : ... = call_function[...]`` line per node the kernel computes.
"""

from __future__ import annotations

from .common import (
    _FRAGMENT_HEAD,
    _FRAGMENT_NODE,
    _KERNEL_PATH,
    _LEGACY_NODE_MAP_LINE,
    _NODE_MAP_HEAD,
    _NODE_MAP_LINE,
    _ORIGINS,
    KernelDef,
    split_list,
)


def _read_header(lines: list[str], def_index: int, kdef: KernelDef) -> None:
    """Fill ``kdef`` from the contiguous ``#`` comment block right above line index ``def_index``."""
    start = def_index
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    section = None
    for idx in range(start, def_index):
        text = lines[idx]
        if (m := _KERNEL_PATH.match(text)) is not None:
            kdef.kernel_path = m["path"]
            section = None
        elif (m := _ORIGINS.match(text)) is not None:
            kdef.source_nodes = split_list(m["src"])
            kdef.aten_ops = split_list(m["aten"])
            section = None if m["order"] else "legacy_map"
        elif _NODE_MAP_HEAD.match(text):
            section = "map"
        elif _FRAGMENT_HEAD.match(text):
            section = "fragment"  # its node lines are not the mapping's
        elif section == "map" and (m := _NODE_MAP_LINE.match(text)) is not None:
            kdef.node_map.setdefault(m["src"], []).extend(split_list(m["posts"]))
        elif section == "legacy_map" and (m := _LEGACY_NODE_MAP_LINE.match(text)) is not None:
            kdef.node_map.setdefault(m["src"], []).extend(split_list(m["posts"]))
        elif section == "fragment" and (m := _FRAGMENT_NODE.match(text)) is not None:
            kdef.fragment_nodes.append(m["name"])
