"""The shapes the output-code reader returns, its line patterns and kernel kinds by name.

Patterns follow what PyTorch writes (``torch/_inductor/codegen/wrapper.py``, ``cpp_wrapper_cpu.py``,
``cpp_wrapper_gpu.py``, ``triton.py``, ``cpp.py``; PyTorch 2.6 - 2.14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HANDLE = re.compile(r"^\s*(?:#|//) \[Provenance debug handles\] (?P<key>\S.*?)\s*$")
_ORIGINS = re.compile(
    r"^\s*(?:#|//) (?:Topologically Sorted|Unsorted) Source Nodes: \[(?P<src>.*)\], Original ATen: \[(?P<aten>.*)\]\s*$"
)
_KERNEL_PATH = re.compile(r"^# kernel path: (?P<path>.+?)\s*$")
_NODE_MAP_HEAD = re.compile(r"^#\s*Source node to ATen node mapping:\s*$")
_NODE_MAP_LINE = re.compile(r"^#   (?P<src>[^ ]*) => (?P<posts>.+)$")
_FRAGMENT_HEAD = re.compile(r"^#\s*Graph fragment:\s*$")
_AOT_ID = re.compile(r"^# AOT ID: \[(?P<ids>.*)\]\s*$")
_PY_DEF = re.compile(r"^(?P<name>[A-Za-z_]\w*) = async_compile\.(?P<how>\w+)\((?P<rest>.*)$")
_PY_DEF_SRC_NAME = re.compile(r"^\s*'(?P<src>[\w]+)'")
_DECORATOR = re.compile(r"^@triton_heuristics\.(?P<what>\w+)\(")
#: Functions whose bodies launch kernels: ``call(args)``, ``Runner.call(self, args)``,
#: ``partition_0(args)``, and HOP subgraphs such as ``true_graph_0(args)`` (``torch.cond``).
_CALL_DEF = re.compile(r"^\s*def (?P<fn>\w+)\((?:self, )?args\):")
_CPP_HELPER_DEF = re.compile(r"^\s*static inline void call_(?P<name>\w+)\(")
_CPP_EXTERN_C = re.compile(r'^\s*extern "C"\s+(?:[\w:<>*&]+\s+)*?void\s+(?P<name>\w+)\(')
_CPP_LAUNCHER_START = re.compile(r"(?:::run_impl\(|^\s*void inductor_entry_impl\()")
_CPP_LAUNCHER_END = re.compile(r"^\}\s*(?://.*)?$")

_PY_TRITON_LAUNCH = re.compile(r"(?<![\w.])(?P<name>[A-Za-z_]\w*)\.run\(")
_PY_EXTERN_LAUNCH = re.compile(r"(?<![\w.])(?P<name>extern_kernels\.\w+)\(")
_PY_FALLBACK_LAUNCH = re.compile(r"(?<![\w.])(?P<name>(?:torch\.ops|aten)\.[\w.]+?)\(")
_IDENT_CALL = re.compile(r"(?<![\w.])(?P<name>[A-Za-z_]\w*)\(")
_CPP_HELPER_LAUNCH = re.compile(r"(?<![\w.])call_(?P<name>\w+)\(")
_CPP_SHIM_LAUNCH = re.compile(r"(?<![\w.])(?P<name>aoti_torch_(?:cpu|cuda|xpu|mps)_\w+)\(")
_XNUMEL_DECL = re.compile(r"_xnumel(?:_\d+)?\s*=")

_DECORATOR_KINDS = {
    "pointwise": "pointwise",
    "reduction": "reduction",
    "persistent_reduction": "persistent_reduction",
    "split_scan": "reduction",
    "template": "template",
    "user_autotune": "user_triton",
    "foreach": "combo",
    "cooperative_reduction": "reduction",
}
_PREFIX_KINDS = (
    ("triton_poi_", "pointwise"),
    ("triton_red_", "reduction"),
    ("triton_per_", "persistent_reduction"),
    ("triton_tem_", "template"),
    ("triton_for_", "combo"),
    ("triton_sca_", "reduction"),
    ("cpp_", "cpp"),
)


def kind_from_name(name: str) -> str:
    """Kernel kind from its name alone: ``triton_poi_*`` pointwise, ``extern_kernels.*`` extern, ..."""
    if name.startswith("extern_kernels.") or name.startswith("aoti_torch_"):
        return "extern"
    if name.startswith("torch.ops.") or name.startswith("aten."):
        return "fallback"
    for prefix, kind in _PREFIX_KINDS:
        if name.startswith(prefix):
            return kind
    return "user_triton" if not name.startswith("triton_") else "pointwise"


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
    names); ``source_nodes``/``aten_ops`` the ``Topologically Sorted Source Nodes`` header.
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

    @property
    def post_grad_nodes(self) -> list[str]:
        out: list[str] = []
        for posts in self.node_map.values():
            for post in posts:
                if post not in out:
                    out.append(post)
        return out


@dataclass(slots=True)
class LaunchSite:
    """One launch (call site) of a kernel: ``name`` at ``line`` (1-based), ``[col, end_col)``.

    ``key`` is the debug-handle key bound to it (``name:N``) or ``None``; ``source_nodes`` and
    ``aten_ops`` come from the ``Topologically Sorted Source Nodes`` comment just above it.
    """

    name: str
    kind: str
    line: int
    col: int
    end_col: int
    key: str | None = None
    source_nodes: list[str] = field(default_factory=list)
    aten_ops: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ParsedCode:
    """Everything the index needs from one output-code text.

    ``language`` is ``python`` or ``cpp``; ``aot_id`` the ``# AOT ID`` entry (``0_forward``) or
    ``None``; ``defs`` kernel definitions by name; ``launches`` in file order; ``handles`` ``(line, key)`` of every
    ``[Provenance debug handles]`` comment in the launcher.
    """

    language: str
    aot_id: str | None = None
    defs: dict[str, KernelDef] = field(default_factory=dict)
    launches: list[LaunchSite] = field(default_factory=list)
    handles: list[tuple[int, str]] = field(default_factory=list)

    @property
    def graph_kind(self) -> str | None:
        if not self.aot_id:
            return None
        for kind in ("forward", "backward", "inference"):
            if self.aot_id.endswith(kind):
                return kind
        return None


