"""Launches: the call sites inside a wrapper's launcher body, and debug-handle binding.

Python wrappers launch in ``def call(args)`` / ``Runner.call`` / HOP subgraph functions
(``name.run(...)``, ``extern_kernels.mm(...)``, ``torch.ops.aten.x.default(...)``, C++ kernels by
name); C++ wrappers in ``run_impl`` / ``inductor_entry_impl`` (``call_<kernel>(...)`` helpers,
``aoti_torch_<device>_<op>`` shims).  2.9+ puts ``# [Provenance debug handles] name:N`` above each.
With ``TORCH_COMPILE_DEBUG_EXTEND=1`` (2.14) calls go through module-level forwarding functions
(``extern_kernels_extern_kernels_addmm_2(...)``), which launch their target.
"""

from __future__ import annotations

from .common import (
    _AFTER_CALL,
    _CALL_DEF,
    _CPP_HELPER_LAUNCH,
    _CPP_LAUNCHER_END,
    _CPP_LAUNCHER_START,
    _CPP_SHIM_LAUNCH,
    _HANDLE,
    _IDENT_CALL,
    _ORIGINS,
    _PY_DEFINED_CALL,
    _PY_EXTERN_LAUNCH,
    _PY_FALLBACK_LAUNCH,
    _PY_TRITON_LAUNCH,
    _XNUMEL_DECL,
    KernelDef,
    LaunchSite,
    ParsedCode,
    kind_from_name,
    split_key,
    split_list,
)


def collect_launches(lines, regions, parsed: ParsedCode) -> None:
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
            if pending_origins is not None and parsed.handles and parsed.handles[-1][0] > pending_origins[0]:
                pending_origins = None  # the comment was another call's, whose launch was not recognised
            parsed.handles.append((idx + 1, m["key"]))
            continue
        if (m := _ORIGINS.match(line)) is not None:
            pending_origins = (idx + 1, split_list(m["src"]), split_list(m["aten"]))
            continue
        if stripped.startswith("#") or stripped.startswith("//"):
            continue
        if _AFTER_CALL.match(line):
            pending_origins = None  # a comment is its call's: it never reaches past the statements after one
            continue
        site = _launch_on_line(line, idx + 1, defs, is_cpp, parsed.forwarders)
        if site is None:
            if pending_origins is not None and not is_cpp and _unread_run(line, defs):
                pending_origins = None  # the comment's own launch, of a kernel this code does not define
            continue
        if pending_origins is not None and idx + 1 - pending_origins[0] <= 8:
            site.source_nodes, site.aten_ops = pending_origins[1], pending_origins[2]
            site.comment_line = pending_origins[0]
        site.fn = "" if is_cpp else fn
        pending_origins = None
        parsed.launches.append(site)
    _bind_handles(lines, parsed)


def _unread_run(line: str, defs: dict[str, KernelDef]) -> bool:
    """Whether ``line`` launches a Triton kernel ``name.run(...)`` that no definition here names."""
    return any(m["name"] not in defs for m in _PY_TRITON_LAUNCH.finditer(line))


_NOT_A_LAUNCH = (
    "del ",
    "assert_size_stride(",
    "assert_alignment(",
    "return ",
    "stream",
    "with ",
    "buf",
    "args",
    "int_array_",
    "AtenTensorHandle ",
    "RAIIAtenTensorHandle ",
    "auto ",
    "if ",
    "}",
    "{",
)


def _launch_on_line(
    line: str, line_no: int, defs: dict[str, KernelDef], is_cpp: bool, forwarders: dict[str, str] | None = None
) -> LaunchSite | None:
    if "(" not in line or _XNUMEL_DECL.search(line):
        return None
    if forwarders and not is_cpp:  # a call through a forwarding function (profiler wrappers) launches its target
        for call in _IDENT_CALL.finditer(line):
            target = forwarders.get(call["name"])
            if target is not None:
                kind = defs[target].kind if target in defs else kind_from_name(target)
                return LaunchSite(target, kind, line_no, call.start("name"), call.end("name"))
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
    return _defined_call(line, line_no, defs)


def _defined_call(line: str, line_no: int, defs: dict[str, KernelDef]) -> LaunchSite | None:
    """A Python wrapper's call of a kernel it defines, by name or a method (C++ ``cpp_fused_x_0(...)``, Halide
    ``halide_kernel_0(...)``, Metal ``mps_lib_0.generated_kernel(...)``): any backend's kernel is launched so."""
    for m in _PY_DEFINED_CALL.finditer(line):
        name = m["name"]
        if name in defs and defs[name].kind != "multi_kernel":
            return LaunchSite(name, defs[name].kind, line_no, m.start("name"), m.end("name"))
    return None


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
    launch forms still get a location.  When the name appears nowhere (a key named otherwise
    than its call: ``at::_ops::mm_out::call:1`` above ``aoti_torch_cuda_mm_out(...)``, a fallback's
    C++ name before pytorch#162628), the first unbound launch of the block is the key's.
    Comments bound to nothing are listed in ``parsed.unbound_handles``.
    """
    if not parsed.handles:
        return
    by_line = {site.line: site for site in parsed.launches}
    handle_lines = [line for line, _ in parsed.handles]
    for n, (line, key) in enumerate(parsed.handles):
        name, _ = split_key(key)
        limit = handle_lines[n + 1] if n + 1 < len(handle_lines) else line + 40
        limit = min(limit, line + 40, len(lines) + 1)
        block = range(line + 1, limit)
        site = next((s for p in block if (s := by_line.get(p)) is not None and s.key is None and s.name == name), None)
        if site is None:
            site = _site_by_name(lines, block, name, parsed, by_line)
        if site is None:  # the key names the kernel otherwise than its launch does
            site = next((s for p in block if (s := by_line.get(p)) is not None and s.key is None), None)
        if site is None:
            parsed.unbound_handles.append((line, key))
            continue
        site.key = key
    parsed.launches.sort(key=lambda s: s.line)


def _site_by_name(lines: list[str], block: range, name: str, parsed: ParsedCode, by_line: dict[int, LaunchSite]) -> LaunchSite | None:
    """The first line of ``block`` that names ``name`` (not a declaration or comment), as a launch site."""
    for probe in block:
        text = lines[probe - 1]
        col = text.find(name)
        if col >= 0 and not _XNUMEL_DECL.search(text) and not text.lstrip().startswith(("#", "//")):
            kind = parsed.defs[name].kind if name in parsed.defs else kind_from_name(name)
            existing = by_line.get(probe)
            if existing is not None:
                existing.name, existing.kind = name, kind
                existing.col, existing.end_col = col, col + len(name)
                return existing
            site = LaunchSite(name, kind, probe, col, col + len(name))
            parsed.launches.append(site)
            by_line[probe] = site
            return site
    return None
