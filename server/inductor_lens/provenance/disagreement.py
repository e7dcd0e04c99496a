"""When PyTorch's own kernel -> node mapping, or the launch comment, says more than the call it maps computes.

PyTorch's provenance tracking (``torch/_inductor/debug.py`` ``set_kernel_post_grad_provenance_tracing``, 2.9 - 2.15)
gives an extern call the origins of the node whose buffer it writes. Under tensor parallelism (DTensor
``RowwiseParallel``) the GEMM's output buffer is then reduced in place (``_c10d_functional.all_reduce_`` + ``wait_tensor``),
and the mapping gives ``extern_kernels.addmm:3`` the ``wait_tensor`` node, and its stack traces DTensor's
``style.py`` line. The call's own comment (``Original ATen: [..., aten.addmm]``) and the graph say what it computes.
"""

from __future__ import annotations

from ..model import FxGraph, aten_op_of
from ..readers.output_code import LaunchSite


def call_op(name: str) -> str | None:
    """The ATen op an extern or fallback call runs, by its name: ``extern_kernels.addmm`` / ``torch.ops.aten.mm.default``
    / ``aten.mm.out`` / ``aoti_torch_cuda_addmm_out`` -> ``addmm``/``mm``; ``None`` for other names."""
    for prefix in ("extern_kernels.", "torch.ops.aten.", "aten."):
        if name.startswith(prefix):
            return name[len(prefix) :].split(".")[0].rstrip("_") or None
    if name.startswith("aoti_torch_") and name.count("_") >= 3:
        return name.split("_", 3)[-1].removesuffix("_out") or None
    return None


def mapping_disagreement(post: FxGraph, site: LaunchSite, key: str, mapped: list[str], keys: list[str]) -> str | None:
    """A warning's text when the mapping names for the extern/fallback launch ``site`` (key ``key``) only post-grad nodes
    (``mapped`` names, ``keys`` their keys in ``post``) of ops other than the one the call runs while the call's own
    comment names that op; ``None`` when they agree or nothing says (no comment, no known op)."""
    op = call_op(site.name)
    if op is None or not any(a.rpartition(".")[2] == op for a in site.aten_ops):
        return None
    ops = list(dict.fromkeys((aten_op_of(post.nodes[k].target) or "").rpartition(".")[2].rstrip("_") for k in keys if k in post.nodes))
    ops = [o for o in ops if o]
    if not ops or op in ops:
        return None
    return (
        f"PyTorch's mapping gives {key} the node(s) {', '.join(mapped)} ({', '.join(ops)}), not the {op} the call runs "
        "and its comment names: its comment and the graph are used"
    )


def own_comment_names(pre: FxGraph | None, post: FxGraph | None, post_keys: list[str], names: list[str]) -> list[str]:
    """The pre-grad ``names`` of an extern or fallback call's comment that are its own: those whose ``# File:`` line
    is the line of one of its post-grad nodes ``post_keys``. Inductor's comment for a call lists the origins of its
    ``ExternKernel``, which can hold the node of an input it reads (AOTInductor's ``[relu, linear_1]`` above the
    second ``addmm``, ``torch/_inductor/ir.py``); all ``names`` when none is, or nothing says."""
    if pre is None or post is None or not post_keys or not names:
        return names
    own = {(n.frame.file, n.frame.line) for k in post_keys if (n := post.nodes.get(k)) is not None and n.frame is not None}
    mine = [k for k in names if (n := pre.nodes.get(k)) is not None and n.frame is not None and (n.frame.file, n.frame.line) in own]
    return mine or names
