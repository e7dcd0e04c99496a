"""FLOPs of a launch that computes a GEMM, a batched GEMM, a convolution or attention, counted as
PyTorch's FLOP counter does (``torch/utils/flop_counter.py``, PyTorch 2.6-2.14): ``mm``/``addmm``
2·M·N·K (the bias add not counted), ``bmm``/``baddbmm`` 2·B·M·N·K, ``convolution``
2·N·Cout·(Cin/groups)·prod(kernel)·prod(output spatial) (input spatial when transposed),
``convolution_backward`` its grad-input and grad-weight convolutions (as its ``output_mask``
asks; a grouped one's weight gradient counted once, where PyTorch's counter counts it ``groups``
times), scaled dot-product attention 2 batched GEMMs forward and 5 backward; from the shapes the
post-grad graph prints for the node the launch computes (``mm: "f32[64, 1024][1024, 1]cuda:0" =
torch.ops.aten.mm.default(permute, arg1_1)``: the annotations of ``permute`` and ``arg1_1``).

Pure functions over a graph's post-grad nodes.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..model import Graph, Kernel, Launch, aten_op_of
from .shapes import ANN, parse_ann


def op_node(graph: Graph, kernel: Kernel, launch: Launch):
    """The post-grad node a GEMM/convolution/attention launch computes, with its ATen op."""
    post = graph.post_grad
    if post is None:
        return None, None
    nodes = launch.post_grad_nodes or kernel.post_grad_nodes
    for name in nodes:
        node = post.nodes.get(name)
        if node is not None:
            op = aten_op_of(node.target)
            if op in FLOP_OPS:
                return node, op
    return None, None


def _shapes(graph: Graph, node) -> list[list[int] | None]:
    post = graph.post_grad
    out = []
    for arg in node.args:
        src = post.nodes.get(arg) if post is not None else None
        ann = src.ann if src is not None else post.placeholders.get(arg, "") if post is not None else ""
        items = parse_ann(ann) if ann else []
        out.append(items[0][1] if len(items) == 1 else None)
    return out


def _node_text(graph: Graph, node) -> str:
    post = graph.post_grad
    if post is None:
        return ""
    lines = _graph_lines(post.path)
    return lines[node.line - 1] if 0 < node.line <= len(lines) else ""


@lru_cache(maxsize=64)
def _graph_lines(path: str) -> list[str]:
    """A graph file's lines, read once (extracted graph files are content-addressed and read-only)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read().split("\n")
    except OSError:
        return []


def _mm(a, b) -> int | None:
    if a is None or b is None or len(a) != 2 or len(b) != 2:
        return None
    return 2 * a[0] * b[1] * a[1]


def _bmm(a, b) -> int | None:
    if a is None or b is None or len(a) != 3 or len(b) != 3:
        return None
    return 2 * a[0] * a[1] * b[2] * a[2]


def _conv(x, w, out, transposed: bool) -> int | None:
    if x is None or w is None or out is None or len(w) < 2:
        return None
    spatial = (x if transposed else out)[2:]
    n = x[0] * w[0] * w[1] * 2
    for s in spatial:
        n *= s
    for k in w[2:]:
        n *= k
    return n


def _sdpa(q, k, v) -> int | None:
    if q is None or k is None or v is None or len(q) != 4 or len(k) != 4 or len(v) != 4:
        return None
    b, h, sq, d = q
    sk, dv = k[2], v[3]
    return _bmm([b * h, sq, d], [b * h, d, sk]) + _bmm([b * h, sq, sk], [b * h, sk, dv])  # type: ignore[operator]


def _sdpa_backward(g, q, k, v) -> int | None:
    if None in (g, q, k, v) or any(len(s) != 4 for s in (g, q, k, v)):
        return None
    b, h, sq, d = q
    sk, dv = k[2], v[3]
    bh = b * h
    parts = (
        _bmm([bh, sq, d], [bh, d, sk]),
        _bmm([bh, sq, dv], [bh, dv, sk]),
        _bmm([bh, sk, sq], [bh, sq, dv]),
        _bmm([bh, sq, sk], [bh, sk, d]),
        _bmm([bh, d, sq], [bh, sq, sk]),
    )
    return sum(p for p in parts if p is not None)


FLOP_OPS = frozenset(
    {
        "aten.mm", "aten.addmm", "aten.bmm", "aten.baddbmm", "aten._scaled_mm", "aten.convolution",
        "aten.convolution_backward", "aten._scaled_dot_product_efficient_attention",
        "aten._scaled_dot_product_flash_attention", "aten._scaled_dot_product_cudnn_attention",
        "aten._scaled_dot_product_efficient_attention_backward",
        "aten._scaled_dot_product_flash_attention_backward", "aten._scaled_dot_product_cudnn_attention_backward",
    }
)  # fmt: skip


def node_flops(graph: Graph, node, op: str) -> int | None:
    """PyTorch's FLOP count of one post-grad node (``torch/utils/flop_counter.py``)."""
    shapes = _shapes(graph, node)
    if op in ("aten.mm", "aten._scaled_mm"):
        return _mm(*shapes[:2]) if len(shapes) >= 2 else None
    if op == "aten.addmm":
        return _mm(shapes[1], shapes[2]) if len(shapes) >= 3 else None
    if op == "aten.bmm":
        return _bmm(*shapes[:2]) if len(shapes) >= 2 else None
    if op == "aten.baddbmm":
        return _bmm(shapes[1], shapes[2]) if len(shapes) >= 3 else None
    if op == "aten.convolution":
        out = parse_ann(node.ann)
        transposed = ", True, [" in _node_text(graph, node)  # (..., dilation, transposed, output_padding, groups)
        return _conv(shapes[0] if shapes else None, shapes[1] if len(shapes) > 1 else None, out[0][1] if out else None, transposed)
    if op == "aten.convolution_backward":
        if len(shapes) < 3:
            return None
        g, x, w = shapes[:3]
        text = _node_text(graph, node)
        mask = re.search(r"\[(True|False), (True|False), (True|False)\]\)", text)
        transposed = bool(re.search(r"\], (True), \[", text))
        want = [mask.group(i) == "True" for i in (1, 2, 3)] if mask else [True, True, False]
        total = 0
        if want[0]:
            part = _conv(g, w, x, not transposed)
            if part is None:
                return None
            total += part

        def t(s):
            return [s[1], s[0], *s[2:]] if s is not None and len(s) >= 2 else None

        if want[1]:
            part = _conv(t(g), t(x), t(w), False) if transposed else _conv(t(x), t(g), t(w), False)
            if part is None:
                return None
            # PyTorch's counter multiplies a grouped convolution's weight gradient by its groups
            # (the transposed shapes pair every input channel with every output channel); each
            # group's channels meet only their own: counted once here (a depthwise 7x7 conv: 40x less)
            groups = re.search(r"\], (?:True|False), \[[^\]]*\], (\d+), \[(?:True|False)", text)
            total += part // max(1, int(groups.group(1))) if groups else part
        return total
    if op.endswith("_attention_backward"):
        return _sdpa_backward(*shapes[:4]) if len(shapes) >= 4 else None
    if op.endswith("_attention"):
        return _sdpa(*shapes[:3]) if len(shapes) >= 3 else None
    return None


def launch_flops(graph: Graph, kernel: Kernel, launch: Launch) -> tuple[int | None, str | None]:
    """(FLOPs, dtype) of a launch that computes a GEMM, a convolution or attention (an extern
    call, a fallback, or a template kernel), from its post-grad node's shapes; ``(None, None)``
    otherwise.  The dtype is the node's output's (``f32``)."""
    if kernel.kind not in ("extern", "fallback", "template"):
        return None, None
    node, op = op_node(graph, kernel, launch)
    if node is None or op is None:
        return None, None
    m = ANN.search(node.ann) if node.ann else None
    if m is None and node.args and graph.post_grad is not None:  # a tuple result (convolution_backward): its input's
        post = graph.post_grad
        first = post.nodes[node.args[0]].ann if node.args[0] in post.nodes else post.placeholders.get(node.args[0], "")
        m = ANN.search(first) if first else None
    dtype = m["dtype"] if m else None
    if dtype == "f32" and op.startswith("aten.convolution"):
        # cuDNN runs float32 convolutions on TF32 tensor cores by default
        # (torch.backends.cudnn.allow_tf32 = True; matmuls default to False)
        dtype = "tf32"
    return node_flops(graph, node, op), dtype
