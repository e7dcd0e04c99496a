"""Reader of TorchInductor output code (wrapper code): kernel definitions, launches, comments
(a reader package: it may import model and its own modules only).

Formats (``torch/_inductor/codegen/wrapper.py``, ``cpp_wrapper_cpu.py``, ``cpp_wrapper_gpu.py``,
``triton.py``, ``cpp.py``; PyTorch 2.7 - 2.14):

* Python wrapper (``inductor_output_code``): ``# AOT ID: ['0_forward']`` first line; kernel
  definitions ``name = async_compile.triton('name', '''...''', device_str='cuda')`` /
  ``async_compile.cpp_pybinding([...], r'''...''')`` preceded by ``# kernel path:``,
  ``# Topologically Sorted Source Nodes: [...], Original ATen: [...]``,
  ``# Source node to ATen node mapping:`` (``#   src => post1, post2``) and ``# Graph fragment:``;
  launches inside ``def call(args)`` / ``Runner.call``: ``name.run(...)``, ``cpp_kernel(...)``,
  ``extern_kernels.mm(...)``, ``torch.ops.aten.x.default(...)`` / ``aten.x.y(...)``, each after
  ``# [Provenance debug handles] name:N`` (2.9+) with lines like ``stream0 = get_raw_stream(0)``
  possibly in between.
* JIT ``cpp_wrapper``: a Python module whose ``cpp_wrapper_src = (r'''...''')`` string holds C++
  with ``inductor_entry_impl(...)`` ... ``} // inductor_entry_impl``; an ``r\"\"\"`` autotune block
  at the top holds Python-looking definitions and ``.run(`` calls that are *not* launches.
* AOTInductor (``graph_dump`` ``inductor_aot_wrapper_code``): C++ with ``run_impl(`` ... ``} //
  AOTInductorModel::run_impl``; Triton launches go through ``static inline void call_<kernel>(``
  helpers; extern ops are C shims ``aoti_torch_<device>_<op>``; C++ kernels are
  ``extern "C" void cpp_fused_...(`` in the separate ``inductor_aot_kernel_code``.

Uses only line-level text scanning (no ``exec``/``import`` of the code, ever).

Modules: :mod:`.common` (shapes, patterns, kinds), :mod:`.regions` (string regions of Python
wrappers), :mod:`.headers` (kernel header comments), :mod:`.launches` (launch sites, debug handles),
:mod:`.collectives` (the arguments of a ``_c10d_functional`` collective launch).
"""

from __future__ import annotations

import re

from .common import (
    _AOT_ID,
    _CPP_EXTERN_C,
    _CPP_HELPER_DEF,
    _DECORATOR,
    _DECORATOR_KINDS,
    _FORWARDER_DEF,
    _FORWARDER_RETURN,
    _PREFIX_KINDS,
    _PY_DEF,
    _PY_DEF_SRC_NAME,
    _PY_SHADER_DEF,
    BACKEND_KINDS,
    KernelDef,
    LaunchSite,
    ParsedCode,
    kind_from_name,
    split_key,
)
from .headers import _read_header
from .launches import collect_launches
from .regions import _triple_quote_spans

__all__ = ["KernelDef", "LaunchSite", "ParsedCode", "kind_from_name", "parse_output_code", "split_key"]


def parse_output_code(text: str, language: str | None = None) -> ParsedCode:
    """Parse wrapper code ``text``.  ``language`` ``"cpp"`` for AOTInductor ``.cpp``; else guessed.

    Never raises on odd input; what it cannot recognise is left out.
    """
    lines = text.split("\n")
    if language is None:
        language = (
            "cpp"
            if any("AOTInductorModel::run_impl" in ln for ln in lines[:5000]) and not any(_PY_DEF.match(ln) for ln in lines[:5000])
            else "python"
        )
    parsed = ParsedCode(language=language)
    if lines and (m := _AOT_ID.match(lines[0])) is not None:
        ids = [s.strip().strip("'\"") for s in m["ids"].split(",") if s.strip()]
        parsed.aot_id = ids[0] if ids else None
    if language == "cpp":
        regions: list[str | None] = ["cpp"] * len(lines)
    else:
        regions = _triple_quote_spans(lines)
    parsed.regions = regions
    shadow_defs: dict[str, KernelDef] = {}
    _collect_defs(lines, regions, parsed, shadow_defs)
    collect_launches(lines, regions, parsed)
    _inherit_alternative_headers(parsed)
    for name, kdef in parsed.defs.items():
        shadow = shadow_defs.get(name)
        if shadow is not None:
            if not kdef.node_map:
                kdef.node_map = shadow.node_map
                kdef.source_nodes = shadow.source_nodes
                kdef.aten_ops = shadow.aten_ops
            kdef.kernel_path = kdef.kernel_path or shadow.kernel_path
            if shadow.kind != kind_from_name(name):
                kdef.kind = shadow.kind
    return parsed


_NAME = re.compile(r"[A-Za-z_]\w*")


def _alternatives(lines: list[str], idx: int, rest: str) -> list[str]:
    """The kernel names of ``async_compile.multi_kernel('multi_kernel_0', [a, b, ], arg_index=...)``
    (one per line as Inductor writes them, or on the line itself): what comes after ``[`` up to ``]``."""
    text = rest.split("[", 1)[1] if "[" in rest else ""
    j = idx + 1
    while "]" not in text and j < len(lines) and j < idx + 200:
        text += " " + lines[j]
        j += 1
    return _NAME.findall(text.split("]", 1)[0])


def _inherit_alternative_headers(parsed: ParsedCode) -> None:
    """A multi-kernel has no header of its own: it computes what its first alternative does."""
    for kdef in parsed.defs.values():
        first = parsed.defs.get(kdef.alternatives[0]) if kdef.alternatives else None
        if first is not None and not kdef.node_map and not kdef.source_nodes:
            kdef.node_map, kdef.source_nodes, kdef.aten_ops = first.node_map, first.source_nodes, first.aten_ops
            kdef.fragment_nodes, kdef.kernel_path = first.fragment_nodes, first.kernel_path


def _kind_of_python_def(lines: list[str], idx: int, name: str, how: str, rest: str) -> str:
    if how.startswith("cpp"):
        return "cpp"
    if how == "multi_kernel":
        return "multi_kernel"
    if how != "triton":  # another backend's kernel (Halide, Pallas, Metal, a GEMM template), else one not known here
        return BACKEND_KINDS.get(how, "other")
    src = _PY_DEF_SRC_NAME.match(rest)
    decorator = None
    combo = False
    for j in range(idx + 1, min(idx + 40, len(lines))):
        line = lines[j]
        if decorator is None and (m := _DECORATOR.match(line)) is not None:
            decorator = m["what"]
        if "combo_grid_meta" in line:
            combo = True
        if line.startswith("def ") or line.startswith("'''"):
            break
    if combo and decorator != "foreach" and not name.startswith("triton_for_"):  # foreach kernels are combo kernels inside
        return "combo"
    prefixed = next((kind for prefix, kind in _PREFIX_KINDS if name.startswith(prefix) and prefix.startswith("triton_")), None)
    if prefixed is not None:  # Inductor's own category (a cooperative reduction is triton_unk_: unknown)
        return prefixed
    if decorator in _DECORATOR_KINDS:
        return _DECORATOR_KINDS[decorator]
    if src is not None and src["src"] != name and not name.startswith("triton_"):
        return "user_triton"
    return kind_from_name(name)


def _is_prototype(lines: list[str], idx: int) -> bool:
    """Whether the ``extern "C" void name(`` on line index ``idx`` is a declaration (``...);``), not the body (``...) {``):
    C++ wrappers declare each kernel near the top and define it after the launcher (``cpp_wrapper``'s
    ``cpp_wrapper_src``; AOTInductor's ``package_cpp_only``, whose ``wrapper.cpp`` has the kernel code appended,
    ``torch/_inductor/codecache.py`` ``AotCodeCompiler.compile``)."""
    depth = 0
    for n, line in enumerate(lines[idx : idx + 60]):
        for pos, ch in enumerate(line):
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:  # what follows the parameter list, on this line or the next that has anything
                    after = [line[pos + 1 :], *lines[idx + n + 1 : idx + n + 4]]
                    rest = next((a.strip() for a in after if a.strip()), "")
                    return rest.startswith(";")
    return False


def _collect_defs(lines, regions, parsed: ParsedCode, shadow_defs: dict[str, KernelDef]) -> None:
    prototypes: set[str] = set()  # C++ kernels whose definition so far is a declaration (a body replaces it)
    for idx, line in enumerate(lines):
        region = regions[idx]
        if region is None or region == "string":
            if region is None and (f := _FORWARDER_DEF.match(line)) is not None:
                body = [ln for ln in lines[idx + 1 : idx + 6] if ln.strip() and not ln.lstrip().startswith("#")]
                if body and (r := _FORWARDER_RETURN.match(body[0])) is not None:
                    target = r["target"]
                    parsed.forwarders[f["name"]] = target[: -len(".run")] if target.endswith(".run") else target
                continue
            m = _PY_DEF.match(line) or _PY_SHADER_DEF.match(line)
            if m is None:
                continue
            name = m["name"]
            kdef = KernelDef(
                name=name,
                kind=_kind_of_python_def(lines, idx, name, m["how"], m["rest"]),
                line=idx + 1,
                col=0,
                end_col=len(name),
            )
            _read_header(lines, idx, kdef)
            if kdef.kind == "multi_kernel":
                kdef.alternatives = _alternatives(lines, idx, m["rest"])
            if region is None:
                parsed.defs.setdefault(name, kdef)
            else:  # the cpp_wrapper autotune block: not a definition, but its header is useful
                shadow_defs.setdefault(name, kdef)
        elif region == "cpp":
            m = _CPP_HELPER_DEF.match(line) or _CPP_EXTERN_C.match(line)
            if m is None:
                continue
            name = m["name"]
            col = line.index(name, m.start("name"))
            prefix_col = col - len("call_") if line[max(0, col - 5) : col] == "call_" else col
            kdef = KernelDef(name=name, kind=kind_from_name(name), line=idx + 1, col=prefix_col, end_col=col + len(name))
            if name not in parsed.defs or name in prototypes:
                parsed.defs[name] = kdef
                prototypes.discard(name)
                if _CPP_EXTERN_C.match(line) and _is_prototype(lines, idx):
                    prototypes.add(name)
