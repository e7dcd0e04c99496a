"""Which module a kernel or launch belongs to (``transformer.h.7.mlp.c_fc``), read off the graph's own names.

Dynamo lifts every parameter and buffer a compiled frame reads into a graph input named after its
source, ``L['self'].transformer.h[7].mlp.c_fc.weight`` becoming the placeholder
``L_self_modules_transformer_modules_h_modules_7_modules_mlp_modules_c_fc_parameters_weight_``
(non-alphanumeric runs of the source name collapsed to ``_``; bound to the local
``l_self_..._weight_``), and the pre-grad graph's nodes read those locals
(``x = torch.addmm(l_self_..._c_attn_parameters_bias_, view_1, l_self_..._c_attn_parameters_weight_)``).
Seen in every Dynamo pre-grad graph of the traces here (PyTorch 2.8 - 2.14; the name comes from
``torch/_dynamo/output_graph.py``).  So a pre-grad node's module is the owner of the parameters
it reads, and a kernel's or launch's module is that of its pre-grad nodes:

* a node that reads only parameters (``t = l_self_..._weight_.t()``) passes their owner on to the
  nodes that read it;
* several modules: the longest dotted prefix they share (a kernel fusing ``h.3.ln_2`` and the bias
  add of ``h.3.attn.c_proj`` is ``transformer.h.3``), every one of them listed in ``modules``;
* a parameter read from more than one source line of the graph (GPT-2's ``lm_head`` reads
  ``transformer.wte``'s tied weight) is *shared*: its owner is named and ``shared`` says so, rather
  than guessing which module the call belonged to;
* ``None`` where the graph does not say: no pre-grad graph (PyTorch 2.6, warm cache), export /
  AOTInductor names (``p_fc1_weight``, whose ``_`` cannot be told from the path's dots), nodes
  reading no parameter (a reshape between two GEMMs), backward kernels without pre-grad nodes.

A module name that starts with ``_`` loses it (Dynamo collapses ``__`` runs); the root is dropped
when it is ``self`` (``L_m_modules_fc1_...`` of a function taking ``m`` is ``m.fc1``).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass

from ..model import FxGraph, Kernel, Launch

_PARAM = re.compile(r"^[lLgG]_(?P<path>.+?)_(?:parameters|buffers)_(?P<name>.+?)_?$")


@dataclass(slots=True, frozen=True)
class ModuleRef:
    """The module of a kernel or launch: ``path`` (dotted, ``None`` when its modules share no
    prefix), ``modules`` every module whose parameters or buffers it reads (graph order) and
    ``shared``: a parameter it reads is read from several source lines (tied weights)."""

    path: str | None
    modules: tuple[str, ...]
    shared: bool


def parameter_owner(name: str) -> str | None:
    """``l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_weight_``
    -> ``transformer.h.0.attn.c_attn``; ``None`` for a name that is no Dynamo parameter/buffer input."""
    m = _PARAM.match(name)
    if m is None:
        return None
    root, *parts = m["path"].split("_modules_")
    if root == "self":
        return ".".join(parts) if parts else "self"
    return ".".join([root, *parts])


@dataclass(slots=True)
class _Table:
    owners: dict[str, tuple[str, ...]]  # node key -> modules whose parameters it reads
    shared: set[str]  # modules with a parameter read from several source lines


_TABLES: "weakref.WeakKeyDictionary[FxGraph, _Table]" = weakref.WeakKeyDictionary()


def _table(pre_grad: FxGraph) -> _Table:
    table = _TABLES.get(pre_grad)
    if table is not None:
        return table
    owners: dict[str, tuple[str, ...]] = {}
    param_only: dict[str, tuple[str, ...]] = {}  # parameter locals and nodes computed from parameters only
    readers: dict[str, set[tuple[str, int]]] = {}  # module -> source lines of the nodes reading its parameters
    for key, node in pre_grad.nodes.items():
        own = parameter_owner(node.name)
        if own is not None:
            param_only[key] = (own,)
            continue
        if node.target.startswith("torch.ops.higher_order."):
            continue  # passes parameters on to its subgraph (tag_activation_checkpoint, cond), whose nodes read them
        found: list[str] = []
        params_only = bool(node.args)
        for arg in node.args:
            direct = parameter_owner(arg.rpartition(".")[2])  # (a HOP subgraph's input: ``wrap_body_0.l_self_modules_...``)
            mods = (direct,) if direct is not None else param_only.get(arg)
            if mods is None:
                params_only = False
                continue
            for mod in mods:
                if mod not in found:
                    found.append(mod)
        if not found:
            continue
        if params_only:
            param_only[key] = tuple(found)
        owners[key] = tuple(found)
        if node.frame is not None:
            for mod in found:
                readers.setdefault(mod, set()).add((node.frame.file, node.frame.line))
    table = _Table(owners, {mod for mod, lines in readers.items() if len(lines) > 1})
    _TABLES[pre_grad] = table
    return table


def _common_prefix(paths: list[str]) -> str | None:
    split = [p.split(".") for p in paths]
    common: list[str] = []
    for level in zip(*split, strict=False):
        if all(part == level[0] for part in level):
            common.append(level[0])
        else:
            break
    return ".".join(common) or None


def module_of_nodes(pre_grad: FxGraph | None, nodes: list[str]) -> ModuleRef | None:
    """The module of pre-grad nodes ``nodes`` (keys of ``pre_grad``), or ``None`` when the graph
    does not say (see the module docstring for the rules)."""
    if pre_grad is None or not nodes:
        return None
    table = _table(pre_grad)
    modules: list[str] = []
    for key in nodes:
        for mod in table.owners.get(key, ()):
            if mod not in modules:
                modules.append(mod)
    if not modules:
        return None
    path = modules[0] if len(modules) == 1 else _common_prefix(modules)
    return ModuleRef(path, tuple(modules), any(m in table.shared for m in modules))


def kernel_module(kernel: Kernel) -> ModuleRef | None:
    """The module of ``kernel`` (all its pre-grad nodes)."""
    graph = kernel.graph
    return module_of_nodes(graph.pre_grad if graph is not None else None, kernel.pre_grad_nodes)


def launch_module(kernel: Kernel, launch: Launch) -> ModuleRef | None:
    """The module of one launch of ``kernel`` (its own pre-grad nodes: a kernel without debug
    handles is launched by many layers)."""
    graph = kernel.graph
    return module_of_nodes(graph.pre_grad if graph is not None else None, launch.pre_grad_nodes)
