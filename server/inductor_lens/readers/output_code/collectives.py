"""Collective calls in a Python wrapper's launch statements.

TorchInductor lowers the functional collectives (``torch.distributed._functional_collectives``,
and ``dist.all_reduce`` & co. that Dynamo traces into them) to fallback launches of the
``_c10d_functional`` ops (``torch/_inductor/comm_lowering.py``, ``torch/_inductor/ir.py``
``_CollectiveKernel``, a ``FallbackKernel``; read here as PyTorch 2.13 writes it, and the same
statement wherever the Python wrapper prints the op call), one statement each in ``def call(args)``::

    torch.ops._c10d_functional.all_reduce_.default(buf1, 'sum', '0')
    buf7 = torch.ops._c10d_functional.all_gather_into_tensor.default(buf6, 4, '0')
    torch.ops._c10d_functional.wait_tensor.default(buf7)

with the op schemas of ``torch/csrc/distributed/c10d/Functional.cpp``: ``all_reduce(input,
reduce_op, group_name)``, ``all_gather_into_tensor(input, group_size, group_name)``,
``reduce_scatter_tensor(input, reduce_op, group_size, group_name)``, ``all_to_all_single(input,
output_split_sizes, input_split_sizes, group_name)``, ``broadcast(input, src, group_name)`` and
their ``_`` (in place), ``_out`` and ``_coalesced`` forms; ``_c10d_functional_autograd`` has
the same arguments.  (PyTorch 2.13 also writes the op names alone, in scheduling order, as the
``inductor_collective_schedule`` artifact, ``torch/_inductor/debug.py``; the launches say more.)

The index finds the launches (kernels named ``torch.ops._c10d_functional.<op>.<overload>``);
this module reads one launch statement's arguments.  ``wait_tensor`` is not a collective.
"""

from __future__ import annotations

import re

from ...lexical import split_top
from ...model import Collective

_CALL = re.compile(r"(?:torch\.ops\.)?(_c10d_functional(?:_autograd)?)\.(\w+)\.(\w+)\s*\(")
_REDUCE_OPS = frozenset({"sum", "avg", "product", "min", "max", "band", "bor", "bxor", "premul_sum"})
#: ops whose integer argument before the group's name is the group size
_SIZED = ("all_gather_into_tensor", "reduce_scatter_tensor")


def is_collective(name: str) -> bool:
    """Whether a launched kernel's name (``torch.ops._c10d_functional.all_reduce_.default``, the
    fallback name ``torch/_inductor/ir.py`` gives a ``_CollectiveKernel``; PyTorch 2.13) is a
    collective (``wait_tensor`` is not)."""
    m = _CALL.match(name + "(")
    return m is not None and m.group(2) != "wait_tensor"


def _op(name: str) -> str:
    for suffix in ("_out", "_"):
        if name.endswith(suffix) and name != suffix:
            return name[: -len(suffix)]
    return name


def _literal(arg: str) -> str | None:
    return arg[1:-1] if len(arg) >= 2 and arg[0] == arg[-1] and arg[0] in "'\"" else None


def collective_call(statement: str) -> Collective | None:
    """The collective a launch statement of a Python wrapper (``inductor_output_code``, written by
    ``torch/_inductor/codegen/wrapper.py`` for ``torch/_inductor/ir.py``'s ``_CollectiveKernel``;
    PyTorch 2.13) calls, ``None`` when it calls none (or only ``wait_tensor``): op, reduce op,
    group size and group name as the call prints them, by the op schemas of
    ``torch/csrc/distributed/c10d/Functional.cpp`` (``frame`` and ``code_line`` are left for the
    caller, who knows the launch)."""
    m = _CALL.search(statement)
    if m is None or m.group(2) == "wait_tensor":
        return None
    op = _op(m.group(2))
    close = statement.rfind(")")
    args = [a for a in split_top(statement[m.end() : close if close > m.end() else len(statement)]) if "=" not in a.split("(")[0]]
    strings = [(i, _literal(a)) for i, a in enumerate(args) if _literal(a) is not None]
    group = strings[-1][1] if strings else None
    reduce_op = next((s for _, s in strings[:-1] if s in _REDUCE_OPS), None)
    group_size = None
    if op.startswith(_SIZED) and strings:
        before = strings[-1][0] - 1
        if before >= 0 and args[before].isdigit():
            group_size = int(args[before])
    return Collective(op, reduce_op, group_size, group)
