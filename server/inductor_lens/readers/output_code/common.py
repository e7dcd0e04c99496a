"""The shapes the output-code reader returns, its line patterns and kernel kinds by name.

Patterns follow what PyTorch writes (``torch/_inductor/codegen/wrapper.py``, ``cpp_wrapper_cpu.py``,
``cpp_wrapper_gpu.py``, ``triton.py``, ``cpp.py``; PyTorch 2.6 - 2.14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HANDLE = re.compile(r"^\s*(?:#|//) \[Provenance debug handles\] (?P<key>\S.*?)\s*$")
#: ``Topologically Sorted Source Nodes`` / ``Unsorted Source Nodes`` (2.5+); plain ``Source Nodes`` (2.4 and before)
_ORIGINS = re.compile(
    r"^\s*(?:#|//) (?:(?P<order>Topologically Sorted|Unsorted) )?Source Nodes: \[(?P<src>.*)\], Original ATen: \[(?P<aten>.*)\]\s*$"
)
_KERNEL_PATH = re.compile(r"^# kernel path: (?P<path>.+?)\s*$")
_NODE_MAP_HEAD = re.compile(r"^#\s*Source node to ATen node mapping:\s*$")
_NODE_MAP_LINE = re.compile(r"^#   (?P<src>[^ ]*) => (?P<posts>.+)$")
#: 2.4 and before: the header's map follows the ``# Source Nodes:`` line with no heading, ``# mul => mul``
_LEGACY_NODE_MAP_LINE = re.compile(r"^# (?P<src>\w+) => (?P<posts>\w+(?:, \w+)*)\s*$")
_FRAGMENT_HEAD = re.compile(r"^#\s*Graph fragment:\s*$")
#: a node the kernel computes, in its header's ``Graph fragment`` (2.9+): ``#   %view : ... = call_function[target=...](...)``
_FRAGMENT_NODE = re.compile(r"^#\s+%(?P<name>\w+) :.*?= call_function\[")
_AOT_ID = re.compile(r"^# AOT ID: \[(?P<ids>.*)\]\s*$")
_PY_DEF = re.compile(r"^(?P<name>[A-Za-z_]\w*) = async_compile\.(?P<how>\w+)\((?P<rest>.*)$")
#: ``mps_lib_0 = compile_mps_shader("""...""")``: Metal kernels of the MPS backend before ``async_compile.metal``
#: (``torch/_inductor/codegen/mps.py``, 2.6 - 2.9), launched as ``mps_lib_0.generated_kernel(buf0, ..., threads=[8])``
_PY_SHADER_DEF = re.compile(r"^(?P<name>[A-Za-z_]\w*) = (?P<how>compile_mps_shader)\((?P<rest>.*)$")
#: the backend of ``async_compile.<how>`` -> its kernels' kind (``torch/_inductor/async_compile.py``, 2.4 - 2.15):
#: Halide and Pallas CPU/GPU kernels, Metal (MPS) shaders; CUDA/ROCm/CuTe DSL sources are GEMM templates
BACKEND_KINDS = {
    "halide": "halide",
    "pallas": "pallas",
    "metal": "mps",
    "compile_mps_shader": "mps",
    "cuda": "template",
    "rocm": "template",
    "cutlass": "template",
    "cutedsl": "template",
    "xpu": "template",
}
_PY_DEF_SRC_NAME = re.compile(r"^\s*'(?P<src>[\w]+)'")
_DECORATOR = re.compile(r"^@triton_heuristics\.(?P<what>\w+)\(")
#: Functions whose bodies launch kernels: ``call(args)``, ``Runner.call(self, args)``,
#: ``partition_0(args)``, and HOP subgraphs such as ``true_graph_0(args)`` (``torch.cond``).
_CALL_DEF = re.compile(r"^\s*def (?P<fn>\w+)\((?:self, )?args\):")
_CPP_HELPER_DEF = re.compile(r"^\s*static inline void call_(?P<name>\w+)\(")
_CPP_EXTERN_C = re.compile(r'^\s*extern "C"\s+(?:[\w:<>*&]+\s+)*?void\s+(?P<name>\w+)\(')
_CPP_LAUNCHER_START = re.compile(r"(?:::run_impl\(|^\s*void inductor_entry_impl\()")
_CPP_LAUNCHER_END = re.compile(r"^\}\s*(?://.*)?$")

#: a call of a kernel defined in the code by its name, or through one of its methods (``halide_kernel_0(buf0, buf1)``,
#: ``mps_lib_0.generated_kernel(buf0, threads=[8])``, ``generated_kernel_0(buf0, ...)``)
_PY_DEFINED_CALL = re.compile(r"(?<![\w.])(?P<name>[A-Za-z_]\w*)(?:\.\w+)?\(")
_PY_TRITON_LAUNCH = re.compile(r"(?<![\w.])(?P<name>[A-Za-z_]\w*)\.run\(")
_PY_EXTERN_LAUNCH = re.compile(r"(?<![\w.])(?P<name>extern_kernels\.\w+)\(")
_PY_FALLBACK_LAUNCH = re.compile(r"(?<![\w.])(?P<name>(?:torch\.ops|aten)\.[\w.]+?)\(")
_IDENT_CALL = re.compile(r"(?<![\w.])(?P<name>[A-Za-z_]\w*)\(")
_CPP_HELPER_LAUNCH = re.compile(r"(?<![\w.])call_(?P<name>\w+)\(")
_CPP_SHIM_LAUNCH = re.compile(r"(?<![\w.])(?P<name>aoti_torch_(?:cpu|cuda|xpu|mps)_\w+)\(")
_XNUMEL_DECL = re.compile(r"_xnumel(?:_\d+)?\s*=")
#: Statements Inductor writes only after a kernel call, never between the call's ``Source Nodes``
#: comment and the call (``codegen_comment`` is followed by the call itself: ``ir.py``
#: ``ExternKernel.codegen_comment``, ``codegen/wrapper.py`` ``generate_extern_kernel_out``/``_alloc``,
#: ``codegen/simd.py`` ``codegen_comment`` + ``call_kernel``): buffer frees, size and alignment
#: asserts, a multi-output's ``buf13 = buf12[0]``, intermediate hooks, a C++ handle's ``.reset();``.
_AFTER_CALL = re.compile(
    r"^\s*(?:del |assert_size_stride\(|assert_alignment\(|run_intermediate_hooks\(|return\b|\w+ = \w+\[\d+\]\s*$|\w+\.reset\(\);)"
)
#: A module-level function that only forwards its arguments: ``def extern_kernels_extern_kernels_addmm_2(*args,
#: **kwargs):`` / ``return extern_kernels.addmm(*args, **kwargs)`` (``TORCH_COMPILE_DEBUG_EXTEND=1``,
#: wrapper.py ``define_extern_kernel_profile_wrapper``, 2.14): a call of it is a launch of its target.
_FORWARDER_DEF = re.compile(r"^def (?P<name>\w+)\(\*args, \*\*kwargs\):\s*$")
_FORWARDER_RETURN = re.compile(r"^\s+return (?P<target>[A-Za-z_][\w.]*)\(\*args, \*\*kwargs\)\s*$")

_DECORATOR_KINDS = {
    "pointwise": "pointwise",
    "reduction": "reduction",
    "persistent_reduction": "persistent_reduction",
    "split_scan": "split_scan",
    "template": "template",
    "user_autotune": "user_triton",
    "foreach": "foreach",
    "cooperative_reduction": "reduction",
}
#: Inductor names a Triton kernel ``triton_<category[:3]>_...`` (``codegen/triton.py`` ``define_kernel``,
#: category from ``utils.py`` ``get_kernel_category_by_source_code``: the one ``@triton_heuristics.<c>``
#: decorator among foreach, persistent_reduction, pointwise, reduction, split_scan, template, else unknown).
_PREFIX_KINDS = (
    ("triton_poi_", "pointwise"),
    ("triton_red_", "reduction"),
    ("triton_per_", "persistent_reduction"),
    ("triton_tem_", "template"),
    ("triton_for_", "foreach"),
    ("triton_spl_", "split_scan"),
    ("triton_unk_", "unknown"),
    ("triton_sca_", "reduction"),
    ("cpp_", "cpp"),
)


def kind_from_name(name: str) -> str:
    """Kernel kind from its name alone: ``triton_poi_*`` pointwise, ``triton_for_*`` foreach,
    ``triton_spl_*`` split_scan, ``triton_unk_*`` unknown, ``extern_kernels.*`` extern, ...; a
    ``triton_`` name of no known category is ``unknown``, any other name ``user_triton``."""
    if name.startswith("extern_kernels.") or name.startswith("aoti_torch_"):
        return "extern"
    if name.startswith(("torch.ops.", "aten.", "at::")):  # at::_ops::<op>::call: a fallback's C++ name
        return "fallback"
    for prefix, kind in _PREFIX_KINDS:
        if name.startswith(prefix):
            return kind
    return "user_triton" if not name.startswith("triton_") else "unknown"


def split_key(key: str) -> tuple[str, int | None]:
    """``name:handle`` -> (name, handle); a bare name -> (name, None).  Splits at the *last* colon."""
    name, sep, tail = key.rpartition(":")
    if sep and tail.isdigit() and name:
        return name, int(tail)
    return key, None


def split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")] if text.strip() else []


@dataclass(slots=True)
class KernelDef:
    """A kernel definition: ``name`` on ``line`` (1-based) at ``[col, end_col)``, its kind and header.

    ``node_map`` is the ``Source node to ATen node mapping`` header (source name -> post-grad
    names); ``fragment_nodes`` the post-grad nodes its ``Graph fragment`` header computes
    (``call_function`` lines, PyTorch 2.9+: also the nodes a post-grad pass made, which no source
    node maps to); ``source_nodes``/``aten_ops`` the ``Topologically Sorted Source Nodes`` header.
    ``alternatives`` are the kernels a ``multi_kernel`` picks among at run time, in the order
    written (``multi_kernel_0 = async_compile.multi_kernel('multi_kernel_0', [triton_red_..., triton_per_...],
    arg_index=...)``, ``torch/_inductor/codegen/multi_kernel.py``, ``TORCHINDUCTOR_MULTI_KERNEL=1``).
    """

    name: str
    kind: str
    line: int
    col: int
    end_col: int
    source_nodes: list[str] = field(default_factory=list)
    aten_ops: list[str] = field(default_factory=list)
    node_map: dict[str, list[str]] = field(default_factory=dict)
    kernel_path: str | None = None
    fragment_nodes: list[str] = field(default_factory=list)
    alternatives: list[str] = field(default_factory=list)

    @property
    def post_grad_nodes(self) -> list[str]:
        """The header's post-grad names: the mapping's, then the fragment's other computed nodes."""
        out: list[str] = []
        for posts in (*self.node_map.values(), self.fragment_nodes):
            for post in posts:
                if post not in out:
                    out.append(post)
        return out


@dataclass(slots=True)
class LaunchSite:
    """One launch (call site) of a kernel: ``name`` at ``line`` (1-based), ``[col, end_col)``.

    ``key`` is the debug-handle key bound to it (``name:N``) or ``None``; ``source_nodes`` and
    ``aten_ops`` come from the ``Topologically Sorted Source Nodes`` comment just above it, on
    ``comment_line`` (0 when none).  Inductor writes that comment right before one kernel call
    (``codegen_comment``), so it covers the first launch after it only: a call printed after that
    launch without a comment of its own (an in-place fallback such as ``aten.scatter_reduce_``,
    ``aten.index_put_``, a multi-output's ``buf13 = buf12[0]``) is not covered, and neither is any
    launch after a statement of :data:`_AFTER_CALL` or an unrecognised ``name.run(`` call (the
    comment's own launch, in a form not read).  ``fn`` is the launcher function it is in (``call``,
    ``partition_0``, a subgraph such as ``true_graph_0``; ``""`` in C++ wrappers).
    """

    name: str
    kind: str
    line: int
    col: int
    end_col: int
    key: str | None = None
    source_nodes: list[str] = field(default_factory=list)
    aten_ops: list[str] = field(default_factory=list)
    comment_line: int = 0
    fn: str = ""


@dataclass(slots=True)
class ParsedCode:
    """Everything the index needs from one output-code text.

    ``language`` is ``python`` or ``cpp``; ``aot_id`` the ``# AOT ID`` entry (``0_forward``) or
    ``None``; ``defs`` kernel definitions by name; ``launches`` in file order; ``handles`` ``(line, key)`` of every
    ``[Provenance debug handles]`` comment in the launcher, ``unbound_handles`` those bound to no
    launch; ``forwarders`` functions that only forward to a kernel (``{name: target}``).
    """

    language: str
    aot_id: str | None = None
    defs: dict[str, KernelDef] = field(default_factory=dict)
    launches: list[LaunchSite] = field(default_factory=list)
    handles: list[tuple[int, str]] = field(default_factory=list)
    #: per line, ``None`` for code and a region name for lines inside string literals
    regions: list[str | None] = field(default_factory=list)
    unbound_handles: list[tuple[int, str]] = field(default_factory=list)
    forwarders: dict[str, str] = field(default_factory=dict)

    @property
    def graph_kind(self) -> str | None:
        if not self.aot_id:
            return None
        for kind in ("forward", "backward", "inference"):
            if self.aot_id.endswith(kind):
                return kind
        return None
