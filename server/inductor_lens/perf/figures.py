"""Bytes and FLOPs per launch: what a launch reads and writes, counted the way Inductor counts it,
and the FLOPs of GEMMs, batched GEMMs, convolutions and attention, counted as PyTorch's FLOP
counter does.

**Bytes** (``torch/_inductor/codegen/simd.py`` ``estimate_kernel_num_bytes``, PyTorch 2.6-2.14,
which Inductor writes into a Triton kernel's ``inductor_meta`` as ``kernel_num_gb`` only under
``TORCHINDUCTOR_BENCHMARK_KERNEL=1`` or ``profile_bandwidth``): for each pointer argument of the
launch, the number of elements of the buffer passed (the wrapper's allocation, view or reuse, a
graph input's ``assert_size_stride`` or its post-grad placeholder) times the element size (the
kernel signature's ``*fp32``), twice for a buffer updated in place (``in_out_ptr``), nothing for a
pointer the kernel body never uses.  A buffer larger than the kernel's iteration space (the
product of ``xnumel``, ``r0_numel``, ...) is a sliced one: it counts one iteration space per
distinct index expression the kernel accesses it with.  A template kernel
(``select_algorithm.py`` ``TritonTemplateKernel.estimate_kernel_num_bytes``) counts its inputs
and output whole.  C++ kernels (``codegen/cpp.py``; Inductor gives no figure for them) count
every pointer argument whole, in-place ones twice.  Extern calls (a cuBLAS GEMM, a convolution)
count the tensors of the post-grad node they compute: its inputs and its outputs.  When the
kernel source carries ``kernel_num_gb`` the launch uses it (``bytes_from: "inductor"``).

**FLOPs** (``torch/utils/flop_counter.py``, PyTorch 2.6-2.14): ``mm``/``addmm`` 2·M·N·K (the bias
add not counted), ``bmm``/``baddbmm`` 2·B·M·N·K, ``convolution`` 2·N·Cout·(Cin/groups)·prod(kernel)
·prod(out spatial) (input spatial when transposed), ``convolution_backward`` its grad-input and
grad-weight convolutions, scaled dot-product attention 2 batched GEMMs forward and 5 backward;
from the shapes the post-grad graph prints for the node the launch computes.  Other launches
have none (``None``).

Dynamic shapes: a size the code gives only as a symbol (``s0``) makes the figure unknown
(``None``, with ``why``).

Pure functions over the output code's text and the graph's post-grad nodes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Graph, Kernel, Launch, aten_op_of
from ..readers.kernel_args import (
    BufferShape,
    KernelArgs,
    launch_args,
    numel_of,
    read_buffer_shapes,
    read_kernel_args,
)
from .flops import launch_flops, op_node
from .shapes import ann_bytes as _ann_bytes
from .shapes import parse_ann

_RUN = re.compile(r"^\s*(?P<name>\w+)\.run\(")
_WORD = re.compile(r"\w+")
_SYMBOLIC_SIZE = re.compile(r"\[[^\]]*[a-z]")  # an annotation's size list naming a symbol (s0)
_VIEW_BASE = re.compile(r"reinterpret_tensor\(\s*(\w+)")
_VIEW_SIZES = re.compile(r"reinterpret_tensor\(\s*\w+\s*,\s*\((?P<sizes>[^)]*)\)")
_WRAPPER_DTYPE_BYTES = {
    "float32": 4, "float": 4, "float16": 2, "half": 2, "bfloat16": 2, "float64": 8, "double": 8, "int64": 8,
    "long": 8, "int32": 4, "int": 4, "int16": 2, "int8": 1, "uint8": 1, "bool": 1,
}  # fmt: skip


@dataclass(slots=True)
class LaunchFigures:
    """One launch's figures: ``bytes`` read and written (``None`` when unknown: ``why``),
    ``bytes_from`` ``inductor`` (the kernel's ``kernel_num_gb``) or ``derived``; ``flops``
    (``None`` for a launch that runs no GEMM, convolution or attention)."""

    bytes: int | None
    flops: int | None = None
    bytes_from: str = "derived"
    why: str | None = None
    #: the dtype of the GEMM/convolution/attention the FLOPs are of (``f32``, ``bf16``; FX's prefix)
    dtype: str | None = None
    #: why the FLOPs are held to ``dtype``'s peak (:func:`.devices.compute_precision`); set on
    #: the figures :class:`~.throughput.IndexFigures` hands out, ``None`` in the computed ones
    dtype_from: str | None = None

    def to_json(self) -> dict:
        out: dict = {"bytes": self.bytes, "flops": self.flops, "bytes_from": self.bytes_from}
        if self.why:
            out["bytes_unknown"] = self.why
        return out


class GraphFigures:
    """The figures of every launch of one graph, computed once from its output code and post-grad
    graph (``lines``: the output code's text lines; ``None`` when it cannot be read)."""

    def __init__(self, graph: Graph, lines: list[str] | None) -> None:
        self.graph = graph
        self.lines = lines or []
        self.kernels: dict[str, KernelArgs] = read_kernel_args(self.lines) if lines else {}
        self.shapes: dict[str, list[BufferShape]] = read_buffer_shapes(self.lines) if lines else {}
        self._memo: dict[tuple[str, int], LaunchFigures] = {}
        self._mutated: dict[str, list[int]] | None = None

    # --------------------------------------------------------------------- buffers
    def _placeholder(self, name: str) -> tuple[int | None, list[int] | None] | None:
        """(element bytes, sizes) of a graph input or node the post-grad graph annotates."""
        post = self.graph.post_grad
        if post is None:
            return None
        ann = post.placeholders.get(name) or (post.nodes[name].ann if name in post.nodes else "")
        items = parse_ann(ann) if ann else []
        return items[0] if len(items) == 1 else None

    def defined(self, name: str, line: int) -> tuple[str, BufferShape | None]:
        """The statement that last gives ``name`` its size before ``line``, following reuse
        (``buf7 = buf6; del buf6  # reuse``: a 12-layer GPT-2 backward chains 24 of them):
        (the name it ends on, the statement; ``None`` when the code has none)."""
        for _ in range(10_000):
            best: BufferShape | None = None
            for shape in self.shapes.get(name, ()):
                if shape.line < line:
                    best = shape if best is None or shape.how != "assert" or best.how == "assert" else best
            if best is None or best.how != "reuse":
                return name, best
            name, line = best.src, best.line
        return name, None

    def numel(self, name: str, line: int) -> int | None:
        """Elements of wrapper name ``name`` as defined before ``line`` (``None``: unknown)."""
        name, best = self.defined(name, line)
        if best is not None:
            return numel_of(best.sizes)
        found = self._placeholder(name)
        return numel_of(found[1]) if found is not None else None

    def _elem_bytes(self, name: str, line: int, depth: int = 0) -> int | None:
        """Bytes per element of wrapper name ``name``: its allocation's dtype (through views and
        reuse), else its post-grad annotation."""
        for shape in reversed(self.shapes.get(name, ())):
            if shape.line >= line:
                continue
            if shape.how == "alloc" and shape.dtype:
                return _WRAPPER_DTYPE_BYTES.get(shape.dtype)
            if shape.how in ("view", "reuse") and shape.src and depth < 20:
                return self._elem_bytes(shape.src, shape.line, depth + 1)
        found = self._placeholder(name)
        return found[0] if found is not None else None

    def mutated_before(self, name: str, line: int) -> bool:
        """Whether a Triton launch before ``line`` mutated wrapper buffer ``name``: wrote it through
        an ``out_ptr`` its ``mutated_arg_names`` lists (a buffer another kernel made).  Inductor's scheduler renames a mutated
        buffer for the kernels that read it afterwards, and ``estimate_kernel_num_bytes`` looks
        the launch's argument (the real name) up among those renamed reads: it counts nothing
        for it (PyTorch 2.11; e.g. ConvNeXt's backward reading a LayerNorm weight gradient
        accumulated by atomic adds)."""
        if self._mutated is None:
            self._mutated = {}
            for n, text in enumerate(self.lines, 1):
                launched = _RUN.match(text) if ".run(" in text else None
                args = self.kernels.get(launched["name"]) if launched is not None else None
                if args is None or not args.mutated:
                    continue
                values = launch_args(text, args.name) or []
                for p, value in zip(args.params, values, strict=False):
                    # an out_ptr it mutates: a buffer another kernel made, written in place
                    # (atomic adds, index_put); in_out_ptr is Inductor's own in-place reuse
                    if p.name in args.mutated and p.name.startswith("out_ptr"):
                        self._mutated.setdefault(value, []).append(n)
        return any(at < line for at in self._mutated.get(name, ()))

    # --------------------------------------------------------------------- launches
    def figures(self, kernel: Kernel, launch: Launch) -> LaunchFigures:
        """The figures of one launch of ``kernel`` (memoized)."""
        key = (kernel.key, launch.line)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._compute(kernel, launch)
        return found

    def _compute(self, kernel: Kernel, launch: Launch) -> LaunchFigures:
        flops, dtype = launch_flops(self.graph, kernel, launch)
        if kernel.kind in ("extern", "fallback"):
            total = _extern_bytes(self.graph, kernel, launch)
            why = None
            if total is None:
                symbolic = self.graph.post_grad is not None and any(
                    _SYMBOLIC_SIZE.search(self.graph.post_grad.nodes[n].ann or "")
                    for n in launch.post_grad_nodes
                    if n in self.graph.post_grad.nodes
                )
                why = (
                    "the op's tensor sizes are not fixed in the code (dynamic shapes)"
                    if symbolic
                    else "no shapes printed for the op's tensors"
                )
            return LaunchFigures(total, flops, why=why, dtype=dtype)
        # a multi-kernel passes its launch's arguments to the sub-kernel it picks; each reads and
        # writes the same buffers (a looped or a persistent form of one reduction): the first's source
        args = self.kernels.get(kernel.alternatives[0][0] if kernel.alternatives else kernel.name)
        if args is None:
            return LaunchFigures(None, flops, why="kernel source not in the output code", dtype=dtype)
        if args.language == "triton" and args.num_gb is not None:
            return LaunchFigures(round(args.num_gb * 1e9), flops, bytes_from="inductor", dtype=dtype)
        text = self.lines[launch.line - 1] if 0 < launch.line <= len(self.lines) else ""
        values = launch_args(text, kernel.name)
        if values is None:
            return LaunchFigures(None, flops, why="launch arguments not read", dtype=dtype)
        if args.heuristic == "template":
            total, why = self._template_bytes(kernel, launch, args, values)
        else:
            total, why = self._pointer_bytes(args, values, launch.line)
        return LaunchFigures(total, flops, why=why, dtype=dtype)

    def _template_bytes(self, kernel: Kernel, launch: Launch, args: KernelArgs, values: list[str]) -> tuple[int | None, str | None]:
        """A template's bytes as ``TritonTemplateKernel.estimate_kernel_num_bytes`` counts them: its
        input nodes (``arg_A``, ``arg_B``, ...; a leading ``in_ptr`` is an ``addmm``'s bias, an input
        node at the output's size: it is broadcast) and its output node (the GEMM's result, from the
        post-grad node's shape); inputs and outputs of a fused epilogue are not counted."""
        node, _ = op_node(self.graph, kernel, launch)
        items = parse_ann(node.ann) if node is not None and node.ann else []
        if len(items) != 1 or items[0][0] is None or numel_of(items[0][1]) is None:
            return None, "no shape printed for the template's output (or a dynamic one)"
        out_elem, out_sizes = items[0]
        out_numel = numel_of(out_sizes)
        assert out_numel is not None and out_elem is not None
        bound = dict(zip((p.name for p in args.params), values, strict=False))
        total = out_numel * out_elem
        seen_arg = False
        for p in args.params:
            if not p.pointer:
                continue
            if p.name.startswith("arg_"):
                seen_arg = True
                value = bound.get(p.name, "")
                numel = self.numel(value, launch.line) if _WORD.fullmatch(value) else numel_of(_view_sizes(value))
                if numel is None:
                    return None, f"the size of {value or p.name} is not fixed in the code (dynamic shapes)"
                total += numel * (p.elem_bytes or out_elem)
            elif not seen_arg and p.name.startswith("in_ptr"):
                total += out_numel * (p.elem_bytes or out_elem)  # the bias, broadcast to the output
        return total, None

    def _pointer_bytes(self, args: KernelArgs, values: list[str], line: int) -> tuple[int | None, str | None]:
        params = args.params
        if len(values) < sum(1 for p in params if p.pointer):
            return None, "fewer launch arguments than pointer parameters"
        bound = dict(zip((p.name for p in params), values, strict=False))
        space = 1
        for n in args.numels.values():
            space *= n
        for p in params:  # sizes passed at the launch (not fixed in the body)
            if p.name.endswith("numel") and p.name not in args.numels:
                value = bound.get(p.name, "")
                if value.isdigit():
                    space *= int(value)
                else:
                    space = 0  # symbolic: the slicing rule cannot apply
        total = 0
        for p in params:
            if not p.pointer or p.name not in args.mentioned:
                continue  # Inductor: an argument the kernel never accesses moves nothing
            value = bound.get(p.name, "")
            if args.language == "triton" and p.name.startswith("in_ptr") and self.mutated_before(value, line):
                continue  # Inductor's count: a read of a buffer mutated before is not found (see mutated_before)
            name = value if _WORD.fullmatch(value) else _view_base(value)
            numel = self.numel(name, line) if name else None
            inline = _view_sizes(value)
            if inline is not None:
                numel = numel_of(inline)
            if numel is None:
                base, stmt = self.defined(name, line) if name else ("", None)
                if stmt is not None or (base and self._placeholder(base) is not None):
                    return None, f"the size of {value or p.name} is not fixed in the code (dynamic shapes)"
                return None, f"the code gives no size for {value or p.name} (an output of a fallback op, with no assert_size_stride)"
            if args.language == "triton" and args.heuristic != "template" and space and numel > space:
                numel = max(1, len(args.indices.get(p.name, ()))) * space  # a sliced buffer
            elem = p.elem_bytes or self._elem_bytes(name, line)
            if elem is None:
                return None, f"the element type of {p.name} is not known"
            total += numel * elem * (2 if p.inplace else 1)
        return total, None


def _view_base(value: str) -> str:
    m = _VIEW_BASE.match(value)
    return m.group(1) if m else ""


def _view_sizes(value: str) -> list[int] | None:
    m = _VIEW_SIZES.match(value)
    if m is None:
        return None
    try:
        return [int(p) for p in m["sizes"].split(",") if p.strip()]
    except ValueError:
        return None


def called_op(kernel_name: str) -> str | None:
    """The ATen op an extern or fallback launch calls, from its name as the output code writes it
    (``torch/_inductor/ir.py`` ``ExternKernel`` / ``FallbackKernel`` codegen):
    ``torch.ops.aten._scaled_dot_product_efficient_attention.default`` ->
    ``aten._scaled_dot_product_efficient_attention``; ``extern_kernels.mm`` -> ``aten.mm``; None
    for anything else."""
    if kernel_name.startswith("extern_kernels."):
        return "aten." + kernel_name[len("extern_kernels.") :].split(".")[0]
    return aten_op_of(kernel_name)


def _extern_bytes(graph: Graph, kernel: Kernel, launch: Launch) -> int | None:
    """What an extern or fallback launch reads and writes: the annotated output and inputs of
    the post-grad node it computes.  That node is the one whose ATen op the launch calls (a
    launch's node list also holds the views and index helpers PyTorch gathered for it, e.g. an
    attention call's ``iota`` mask nodes); failing that, the first ATen node of the list."""
    post = graph.post_grad
    if post is None:
        return None
    names = list(launch.post_grad_nodes)
    op = called_op(kernel.name)
    if op is not None:
        names.sort(key=lambda n: 0 if (node := post.nodes.get(n)) is not None and aten_op_of(node.target) == op else 1)
    for name in names:
        node = post.nodes.get(name)
        if node is None or not aten_op_of(node.target):
            continue
        total = _ann_bytes(node.ann) if node.ann else _outputs_bytes(post, node)
        if total is None:
            continue
        for arg in node.args:
            src = post.nodes.get(arg)
            ann = src.ann if src is not None else post.placeholders.get(arg, "")
            part = _ann_bytes(ann) if ann else None
            if part is not None:
                total += part
        return total
    return None


def _outputs_bytes(post, node) -> int | None:
    """The bytes of a node printed without an annotation (a tuple result): its ``getitem`` users'
    annotations (``getitem_3: "f32[16, 3, 3, 3]..." = convolution_backward[0]``)."""
    total = 0
    seen = False
    for user in post.users(node.key):  # the nodes reading it, from the graph's index (built once)
        if user.args[:1] != (node.key,) or not user.ann:
            continue
        if user.target.startswith(f"{node.name}[") or "getitem" in user.target or not user.target:
            part = _ann_bytes(user.ann)
            if part is None:
                return None
            total += part
            seen = True
    return total if seen else None


#: a kernel's figures per run of its graph: (bytes, FLOPs, dtype, why that dtype), its launches summed
Totals = tuple[int | None, int | None, str | None, str | None]


def launch_totals(launches: list[LaunchFigures]) -> Totals:
    """(bytes, FLOPs, dtype, why) of a kernel's launches summed: bytes ``None`` when a launch's are
    unknown, FLOPs ``None`` when none are counted, the first launch's dtype that has one and its why."""
    known = [f.bytes for f in launches]
    bytes_ = sum(b for b in known if b is not None) if known and all(b is not None for b in known) else None
    flops_list = [f.flops for f in launches if f.flops is not None]
    flops = sum(flops_list) if flops_list else None
    first = next((f for f in launches if f.dtype), None)
    return bytes_, flops, first.dtype if first else None, first.dtype_from if first else None


def measured_sums(launches: list[LaunchFigures], parts: list[float | None]) -> tuple[int | None, int | None]:
    """(bytes, FLOPs) per measured run: each launch's times its part of the runs
    (:meth:`~inductor_lens.model.Measured.launch_parts`; ``None``: no time, left out); bytes
    ``None`` when a measured launch's are unknown, FLOPs ``None`` when none are counted."""
    timed = [(f, p) for f, p in zip(launches, parts, strict=True) if p is not None]
    bytes_ = None if any(f.bytes is None for f, _ in timed) else round(sum(f.bytes * p for f, p in timed if f.bytes is not None))
    counted = [f.flops * p for f, p in timed if f.flops is not None]
    return bytes_, round(sum(counted)) if counted else None
