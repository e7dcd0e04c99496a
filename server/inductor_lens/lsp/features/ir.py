"""From a Triton kernel's source line to what it compiled to, and back (issue 30): a line inside a
kernel's source in the output code -> its TTIR/TTGIR/LLIR/PTX/SASS lines (definition: the PTX;
references: every form); a line of an IR file -> the kernel line it came from; hovers with the
instruction counts and the first PTX lines.  Only what the Triton cache holds
(:mod:`inductor_lens.ir`); nothing is compiled.  (snapshot, path, line) -> LSP results; the IR
files are named through their stage-named links in the server's cache folder
(:func:`inductor_lens.analysis.ir.shown_ir_file`), and a file opened through one is its IR file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from ...analysis.ir import ir_document, kernel_irs, light_irs, shown_ir_file
from ...analysis.snapshot import Snapshot, uri
from ...model import Kernel

#: forms in the order a hover and a references list name them
FORMS = ("ptx", "sass", "ttgir", "ttir", "llir")
#: the files that can be IR documents
IR_EXTENSIONS = tuple(f".{form}" for form in FORMS)


@dataclass(slots=True)
class IrHit:
    """A kernel-file ``kernel_line`` of ``kernel`` (whose IR is ``ir``), found from an output-code
    line or from line ``ir_line`` of an IR file of ``form``."""

    kernel: Kernel
    ir: Any  # the kernel's IR (:class:`inductor_lens.ir.kernel_ir.KernelIR`)
    kernel_line: int
    form: str | None = None
    ir_line: int | None = None


def _kernel_source_at(ctx: Snapshot, path: str, line: int) -> tuple[Kernel, Any] | None:
    """The Triton kernel whose source in an output code holds ``line`` of ``path``, with its IR
    (found or not); None outside a Triton kernel's source."""
    doc = ctx.index.document(path)
    if doc is None or not doc.role.is_code:
        return None
    here = ctx.paths_of(doc.graph, doc.role)
    best: Kernel | None = None
    irs = kernel_irs(ctx)
    for kernel in irs.with_sub_kernels(doc.graph.kernels):  # a multi-kernel's sub-kernels are defined there too
        d = kernel.definition
        if d is not None and os.path.abspath(d.path) in here and d.line < line and (best is None or d.line > best.definition.line):  # type: ignore[union-attr]
            best = kernel
    if best is None or best.definition is None:
        return None
    text = irs.kernel_text(best.definition.path, best.definition.line)
    if text is None or line >= best.definition.line + text.count("\n"):  # past the kernel's closing '''
        return None
    ir = irs.of(best)
    return (best, ir) if ir is not None else None


def ir_at(ctx: Snapshot, path: str, line: int) -> IrHit | None:
    """The kernel line at ``line`` (1-based) of ``path``: inside a Triton kernel's source in an
    output code, or an instruction line of one of its IR files; None elsewhere (or no IR)."""
    path = os.path.abspath(path)
    doc = ctx.index.document(path)
    if doc is not None and doc.role.is_code:
        source = _kernel_source_at(ctx, path, line)
        if source is None or source[1].folder is None:
            return None
        best, ir = source
        kline = ir.kernel_line(line)
        known = {k for m in ir.maps.values() for k in (*m.lines, *m.inlined)}
        if kline is None or kline > max(known, default=0):
            return None
        return IrHit(best, ir, kline)
    if not path.endswith(IR_EXTENSIONS):  # a model file, a graph...: no IR is worked out for it
        return None
    found = ir_document(ctx, path)  # (also a file opened through the stage-named link of references)
    if found is None:
        return None
    ir, form, kernel = found
    kline = ir.maps[form].kernel_line_of().get(line)
    return IrHit(kernel, ir, kline, form, line) if kline is not None else None


def _ir_locations(ctx: Snapshot, hit: IrHit, forms: tuple[str, ...], real: bool = False) -> list[types.Location]:
    """The lines of ``forms`` that ``hit``'s kernel line became, in the files named by their stage
    (:func:`inductor_lens.analysis.ir.shown_ir_file`: what a references peek lists), with
    ``real`` in the IR files themselves too (a highlight paints whichever of the two is open)."""
    out: list[types.Location] = []
    for form in forms:
        path = hit.ir.files.get(form)
        found = hit.ir.maps.get(form)
        if not path or found is None:
            continue
        shown = shown_ir_file(ctx, hit.ir, form) or path
        files = [shown] + ([path] if real and os.path.abspath(path) != shown else [])
        for n in [*found.lines.get(hit.kernel_line, []), *found.inlined.get(hit.kernel_line, [])]:
            line = types.Range(start=types.Position(n - 1, 0), end=types.Position(n - 1, 200))
            out.extend(types.Location(uri=uri(f), range=line) for f in files)
    return out


def _kernel_line_location(hit: IrHit) -> types.Location | None:
    d = hit.kernel.definition
    code_line = hit.ir.code_line(hit.kernel_line)
    if d is None or code_line is None:
        return None
    return types.Location(
        uri=uri(d.path), range=types.Range(start=types.Position(code_line - 1, 0), end=types.Position(code_line - 1, 200))
    )


def definition(ctx: Snapshot, path: str, line: int) -> list[types.Location] | None:
    """A kernel source line -> its PTX lines (SASS, TTGIR when there is no PTX); an IR line -> the
    kernel source line in the output code.  None when ``path``/``line`` is neither."""
    hit = ir_at(ctx, path, line)
    if hit is None:
        return None
    if hit.form is not None:
        back = _kernel_line_location(hit)
        return [back] if back is not None else []
    for form in ("ptx", "sass", "ttgir"):
        found = _ir_locations(ctx, hit, (form,))
        if found:
            return found
    return []


def references(ctx: Snapshot, path: str, line: int) -> list[types.Location] | None:
    """Every IR line of every form the kernel line became (and, from an IR line, the kernel line too)."""
    hit = ir_at(ctx, path, line)
    if hit is None:
        return None
    out = _ir_locations(ctx, hit, FORMS)
    back = _kernel_line_location(hit)
    return ([back] if back is not None and hit.form is not None else []) + out


def linked(ctx: Snapshot, path: str, line: int) -> list[types.Location] | None:
    """For linked highlighting: the kernel line in the output code and its lines in every IR form
    (None when ``path``/``line`` is neither a kernel source line nor an IR line)."""
    hit = ir_at(ctx, path, line)
    if hit is None:
        return None
    back = _kernel_line_location(hit)
    return ([back] if back is not None else []) + _ir_locations(ctx, hit, FORMS, real=True)


def counts_text(ir, kernel_line: int) -> str:
    """``12 PTX (4 inlined) · 9 SASS · 3 TTGIR · 3 TTIR · 20 LLIR`` for one kernel line."""
    parts = []
    for form in FORMS:
        found = ir.maps.get(form)
        if found is None:
            continue
        own, inl = len(found.lines.get(kernel_line, [])), len(found.inlined.get(kernel_line, []))
        parts.append(f"{own + inl} {form.upper()}" + (f" ({inl} inlined from Triton's library)" if inl else ""))
    return " · ".join(parts)


def measured_text(ir, kernel_line: int) -> str:
    """``\n\nMeasured (Nsight Compute, 10 launches): 262 warp-stall samples, 56% of the kernel's · mostly long_sb``, or ``""``."""
    m = ir.metrics
    if not m or not m.get("launches"):
        return ""
    row = m["lines"].get(str(kernel_line))
    total = m["total"]["samples"] or 0
    if row is None or not row["samples"]:
        return f"\n\nMeasured (Nsight Compute, {m['launches']} launches): no warp-stall samples on this line"
    share = f", {100 * row['samples'] / total:.0f}% of the kernel's" if total else ""
    reasons = ", ".join(f"{r.removeprefix('stall_')} {int(v)}" for r, v in row["stalls"].items())
    return (
        f"\n\nMeasured (Nsight Compute, {m['launches']} launches): **{row['samples']} warp-stall samples**{share}"
        + (f" · {reasons}" if reasons else "")
        + f" · {row['instructions_executed']} instructions executed"
    )


def totals_text(ir) -> str:
    """``289 PTX · 264 SASS instructions · 32 registers · 0 spills`` for a kernel."""
    parts = [f"{ir.maps[f].instructions} {f.upper()}" for f in ("ptx", "sass") if f in ir.maps]
    text = " · ".join(parts) + (" instructions" if parts else "")
    res = ir.resources
    if res.get("registers") is not None:
        text += f" · {res['registers']} registers"
    if res.get("spills") is not None:
        text += f" · {res['spills']} spill loads/stores"
    if res.get("shared_bytes"):
        text += f" · {res['shared_bytes']} B shared"
    return text


def hover_markdown(ctx: Snapshot, path: str, line: int) -> str | None:
    """Hover text for a kernel source line (its instruction counts, the first PTX lines) or an IR
    line (the kernel line it came from)."""
    hit = ir_at(ctx, path, line)
    if hit is None:
        return _missing_markdown(ctx, path, line)
    code_line = hit.ir.code_line(hit.kernel_line)
    source = ctx.line_text(hit.kernel.definition.path, code_line).strip() if hit.kernel.definition and code_line else ""
    # numbered by the file the cursor is in, the other numbering in brackets (issue 50 item 6)
    if hit.form is not None:
        where = f"{hit.form.upper()} line {hit.ir_line} (kernel line {hit.kernel_line}" + (
            f", output code line {code_line})" if code_line else ")"
        )
    else:
        where = f"line {line} (kernel line {hit.kernel_line})"
    head = f"**{hit.kernel.name}** {where}: {counts_text(hit.ir, hit.kernel_line)}{measured_text(hit.ir, hit.kernel_line)}"
    if hit.form is not None:
        return f"{head}\n\n```python\n{source}\n```\n\n{totals_text(hit.ir)} in the kernel"
    block = _ptx_block(ctx, hit)
    sass = f"\n\nNo SASS: {hit.ir.sass_missing}" if hit.ir.sass_missing else ""
    return f"{head}{block}\n\n{totals_text(hit.ir)} in the kernel · {_folder_link(hit.ir.folder.path) if hit.ir.folder else ''}{sass}"


def _ptx_block(ctx: Snapshot, hit: IrHit, most: int = 6) -> str:
    """The first PTX lines of the kernel line, then those inlined from Triton's library (a
    ``tl.sum``'s reduction: ``ptx.inlined``), marked so; ``""`` when there are none."""
    ptx_path, ptx = hit.ir.files.get("ptx"), hit.ir.maps.get("ptx")
    if not ptx_path or ptx is None:
        return ""
    own = [ctx.line_text(ptx_path, n).strip() for n in ptx.lines.get(hit.kernel_line, [])[:most]]
    inlined = ptx.inlined.get(hit.kernel_line, [])
    shown = own + (["// inlined from Triton's library:"] if inlined else [])
    shown += [ctx.line_text(ptx_path, n).strip() for n in inlined[: max(2, most - len(own))]]
    return ("\n\n```ptx\n" + "\n".join(shown) + "\n```") if shown else ""


def _folder_link(path: str) -> str:
    """The Triton cache folder named relative to its cache (``<hash>/`` under ``TRITON_CACHE_DIR``,
    the parent named too), the full path in the link."""
    parent = os.path.basename(os.path.dirname(path))
    return f"Triton cache [{parent}/{os.path.basename(path)}]({uri(path)})"


def _missing_markdown(ctx: Snapshot, path: str, line: int) -> str | None:
    """For a line of a Triton kernel's source whose Triton cache folder was not found: why, where
    it was looked for, and what to set (None elsewhere)."""
    path = os.path.abspath(path)
    if path.endswith(IR_EXTENSIONS):
        return None
    found = _kernel_source_at(ctx, path, line)
    if found is None or found[1].folder is not None:
        return None
    kernel, ir = found
    looked = "".join(f"\n- `{p}`" for p in ir.match.looked[:8]) + ("\n- …" if len(ir.match.looked) > 8 else "")
    return (
        f"**{kernel.name}**: no IR ({ir.match.reason})"
        + (f"\n\nLooked in:{looked}" if looked else "")
        + "\n\nSet `inductorLens.tritonCache` to the run's Triton cache: its `TRITON_CACHE_DIR`, its Inductor cache "
        + "(`TORCHINDUCTOR_CACHE_DIR`, by default `/tmp/torchinductor_<user>`) or `~/.triton/cache` "
        + "(`${workspaceFolder}`, `~` and `${env:NAME}` are expanded)."
    )


def model_line_ir(ctx: Snapshot, kernels: list[Kernel]) -> str | None:
    """``Compiled to:`` each Triton kernel of a model line with its instruction totals (only
    kernels whose IR the Triton cache holds; None when none does)."""
    # PTX (and its counts) only: a model line can have dozens of kernels, and its first hover
    # must not wait for nvdisasm on each cubin (the kernel lines' own hovers give SASS)
    irs = light_irs(ctx)
    rows: dict[str, str] = {}
    for kernel in kernels:
        ir = irs.of(kernel)
        if ir is not None and ir.folder is not None and kernel.name not in rows:
            rows[kernel.name] = totals_text(ir)
    if not rows:
        return None
    return "**Compiled to** (Triton cache):\n\n" + "\n".join(f"- `{name}`: {text}" for name, text in rows.items())
