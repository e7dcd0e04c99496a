"""Parser for TorchInductor output code (wrapper code): kernel definitions, launches, comments.

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
_FRAGMENT_NODE = re.compile(r"^#   %(?P<name>\w+) : .*?= call_function\[target=(?P<target>[^\]]+)\]")
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


def _split_list(text: str) -> list[str]:
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
    fragment_nodes: list[tuple[str, str]] = field(default_factory=list)
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
    ``aten_ops`` come from the ``Topologically Sorted Source Nodes`` comment just above it, on
    ``comment_line`` (0 when none); ``fn`` is the launcher function it is in (``call``,
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
    ``None``; ``defs`` kernel definitions by name; ``launches`` in file order; ``kernel_paths``
    ``(line, path)`` of ``# kernel path:`` comments; ``handles`` ``(line, key)`` of every
    ``[Provenance debug handles]`` comment in the launcher.
    """

    language: str
    aot_id: str | None = None
    defs: dict[str, KernelDef] = field(default_factory=dict)
    launches: list[LaunchSite] = field(default_factory=list)
    handles: list[tuple[int, str]] = field(default_factory=list)
    kernel_paths: list[tuple[int, str]] = field(default_factory=list)
    #: per line, ``None`` for code and a region name for lines inside string literals
    regions: list[str | None] = field(default_factory=list)

    @property
    def graph_kind(self) -> str | None:
        if not self.aot_id:
            return None
        for kind in ("forward", "backward", "inference"):
            if self.aot_id.endswith(kind):
                return kind
        return None


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
            kdef.source_nodes = _split_list(m["src"])
            kdef.aten_ops = _split_list(m["aten"])
            section = None
        elif _NODE_MAP_HEAD.match(text):
            section = "map"
        elif _FRAGMENT_HEAD.match(text):
            section = "fragment"
        elif section == "map" and (m := _NODE_MAP_LINE.match(text)) is not None:
            kdef.node_map.setdefault(m["src"], []).extend(_split_list(m["posts"]))
        elif section == "fragment" and (m := _FRAGMENT_NODE.match(text)) is not None:
            kdef.fragment_nodes.append((m["name"], m["target"]))


def _triple_quote_spans(lines: list[str]) -> list[str | None]:
    """Per line, the region it is in: ``None`` (code), ``"kernel_src"``, ``"cpp"`` or ``"string"``.

    A line that opens a string is code (its start is); lines strictly inside or closing it are
    in the string's region.  The region of a string is decided by the line that opens it.
    """
    regions: list[str | None] = [None] * len(lines)
    inside: str | None = None  # delimiter
    region: str | None = None
    prev_code = ""
    for idx, line in enumerate(lines):
        if inside is not None:
            regions[idx] = region
        pos = 0
        while True:
            if inside is None:
                a, b = line.find("'''", pos), line.find('"""', pos)
                candidates = [x for x in (a, b) if x >= 0]
                if not candidates:
                    break
                at = min(candidates)
                inside = line[at : at + 3]
                opener = line if line[:at].strip() not in ("", "r") else prev_code
                if "async_compile." in opener:
                    region = "kernel_src"
                elif "cpp_wrapper_src" in opener:
                    region = "cpp"
                else:
                    region = "string"
                pos = at + 3
            else:
                end = line.find(inside, pos)
                if end < 0:
                    break
                inside = None
                pos = end + 3
        if line.strip() and regions[idx] is None:
            prev_code = line
    return regions


def parse_output_code(text: str, language: str | None = None) -> ParsedCode:
    """Parse wrapper code ``text``.  ``language`` ``"cpp"`` for AOTInductor ``.cpp``; else guessed.

    Never raises on odd input; what it cannot recognise is left out.
    """
    lines = text.split("\n")
    if language is None:
        language = "cpp" if any("AOTInductorModel::run_impl" in ln for ln in lines[:5000]) and not any(
            _PY_DEF.match(ln) for ln in lines[:5000]
        ) else "python"
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
    _collect_launches(lines, regions, parsed)
    for name, kdef in parsed.defs.items():
        shadow = shadow_defs.get(name)
        if shadow is not None:
            if not kdef.node_map:
                kdef.node_map = shadow.node_map
                kdef.source_nodes = shadow.source_nodes
                kdef.aten_ops = shadow.aten_ops
                kdef.fragment_nodes = shadow.fragment_nodes
            kdef.kernel_path = kdef.kernel_path or shadow.kernel_path
            if shadow.kind != kind_from_name(name):
                kdef.kind = shadow.kind
    return parsed


def _kind_of_python_def(lines: list[str], idx: int, name: str, how: str, rest: str) -> str:
    if how.startswith("cpp"):
        return "cpp"
    if how != "triton":
        return "template"
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
    if combo:
        return "combo"
    if decorator in _DECORATOR_KINDS:
        return _DECORATOR_KINDS[decorator]
    if src is not None and src["src"] != name and not name.startswith("triton_"):
        return "user_triton"
    return kind_from_name(name)


def _collect_defs(lines, regions, parsed: ParsedCode, shadow_defs: dict[str, KernelDef]) -> None:
    for idx, line in enumerate(lines):
        region = regions[idx]
        if region is None or region == "string":
            if (m := _KERNEL_PATH.match(line)) is not None and region is None:
                parsed.kernel_paths.append((idx + 1, m["path"]))
            m = _PY_DEF.match(line)
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
            parsed.defs.setdefault(name, kdef)


def _collect_launches(lines, regions, parsed: ParsedCode) -> None:
    defs = parsed.defs
    in_launcher = False
    launcher_indent = 0
    fn = ""
    pending_origins: tuple[int, list[str], list[str]] | None = None
    for idx, line in enumerate(lines):
        region = regions[idx]
        stripped = line.strip()
        if region == "kernel_src" or region == "string":
            continue
        is_cpp = region == "cpp"
        if not stripped:
            continue
        # launcher boundaries
        if is_cpp:
            if not in_launcher:
                if _CPP_LAUNCHER_START.search(line) and not stripped.startswith("//") and not stripped.endswith(";"):
                    in_launcher = True
                continue
            if _CPP_LAUNCHER_END.match(line):
                in_launcher = False
                continue
        else:
            indent = len(line) - len(line.lstrip())
            if in_launcher and indent <= launcher_indent and not stripped.startswith("#"):
                in_launcher = False
            if not in_launcher:
                m = _CALL_DEF.match(line)
                if m is not None:
                    in_launcher = True
                    launcher_indent = indent
                    fn = m["fn"]
                continue
        # inside a launcher body
        if (m := _HANDLE.match(line)) is not None:
            parsed.handles.append((idx + 1, m["key"]))
            continue
        if (m := _ORIGINS.match(line)) is not None:
            pending_origins = (idx + 1, _split_list(m["src"]), _split_list(m["aten"]))
            continue
        if stripped.startswith("#") or stripped.startswith("//"):
            continue
        site = _launch_on_line(line, idx + 1, defs, is_cpp)
        if site is None:
            continue
        if pending_origins is not None and idx + 1 - pending_origins[0] <= 8:
            site.source_nodes, site.aten_ops = pending_origins[1], pending_origins[2]
            site.comment_line = pending_origins[0]
        site.fn = "" if is_cpp else fn
        pending_origins = None
        parsed.launches.append(site)
    _bind_handles(lines, parsed)


_NOT_A_LAUNCH = ("del ", "assert_size_stride(", "assert_alignment(", "return ", "stream", "with ", "buf", "args", "int_array_",
                 "AtenTensorHandle ", "RAIIAtenTensorHandle ", "auto ", "if ", "}", "{")


def _launch_on_line(line: str, line_no: int, defs: dict[str, KernelDef], is_cpp: bool) -> LaunchSite | None:
    if "(" not in line or _XNUMEL_DECL.search(line):
        return None
    stripped = line.lstrip()
    if stripped.startswith(_NOT_A_LAUNCH) and " = torch.ops." not in line and " = aten." not in line and " = extern_kernels." not in line:
        return None
    if is_cpp:
        m = _CPP_HELPER_LAUNCH.search(line)
        if m is not None and m["name"] in defs:
            name = m["name"]
            return LaunchSite(name, defs[name].kind, line_no, m.start(), m.end("name"))
        m = _CPP_SHIM_LAUNCH.search(line)
        if m is not None:
            return LaunchSite(m["name"], "extern", line_no, m.start("name"), m.end("name"))
        return _cpp_kernel_call(line, line_no, defs)
    m = _PY_TRITON_LAUNCH.search(line)
    if m is not None and m["name"] in defs:
        name = m["name"]
        return LaunchSite(name, defs[name].kind, line_no, m.start("name"), m.end("name"))
    m = _PY_EXTERN_LAUNCH.search(line)
    if m is not None:
        return LaunchSite(m["name"], "extern", line_no, m.start("name"), m.end("name"))
    m = _PY_FALLBACK_LAUNCH.search(line)
    if m is not None:
        return LaunchSite(m["name"], "fallback", line_no, m.start("name"), m.end("name"))
    return _cpp_kernel_call(line, line_no, defs)


def _cpp_kernel_call(line: str, line_no: int, defs: dict[str, KernelDef]) -> LaunchSite | None:
    """A call of a defined C++ kernel by name (``cpp_fused_x_0(...)``), in either wrapper language."""
    for m in _IDENT_CALL.finditer(line):
        name = m["name"]
        if name in defs and defs[name].kind == "cpp":
            return LaunchSite(name, "cpp", line_no, m.start("name"), m.end("name"))
    return None


def _bind_handles(lines: list[str], parsed: ParsedCode) -> None:
    """Bind each debug-handle comment to the first unbound launch of its kernel after it.

    When no recognised launch follows within the comment's block, the next line that contains
    the bare kernel name (not an ``*_xnumel`` declaration) becomes the launch site, so unknown
    launch forms still get a location.
    """
    if not parsed.handles:
        return
    by_line = {site.line: site for site in parsed.launches}
    handle_lines = [line for line, _ in parsed.handles]
    for n, (line, key) in enumerate(parsed.handles):
        name, _ = split_key(key)
        limit = handle_lines[n + 1] if n + 1 < len(handle_lines) else line + 40
        limit = min(limit, line + 40, len(lines) + 1)
        bound = False
        for probe in range(line + 1, limit):
            site = by_line.get(probe)
            if site is not None and site.key is None and site.name == name:
                site.key = key
                bound = True
                break
        if bound:
            continue
        for probe in range(line + 1, limit):
            text = lines[probe - 1]
            col = text.find(name)
            if col >= 0 and not _XNUMEL_DECL.search(text) and not text.lstrip().startswith(("#", "//")):
                kind = parsed.defs[name].kind if name in parsed.defs else kind_from_name(name)
                site = LaunchSite(name, kind, probe, col, col + len(name), key=key)
                existing = by_line.get(probe)
                if existing is not None:
                    existing.key, existing.name, existing.kind = key, name, kind
                    existing.col, existing.end_col = col, col + len(name)
                else:
                    parsed.launches.append(site)
                    by_line[probe] = site
                break
    parsed.launches.sort(key=lambda s: s.line)
