"""Hover text (concise markdown) for kernels, FX nodes and model lines."""

from __future__ import annotations

import os
from dataclasses import replace

from lsprotocol import types

from ...analysis.shown import FrameShown, KernelShown, kernel_shown, module_of
from ...analysis.snapshot import LineShare, Snapshot, uri
from ...model import Frame, Kernel, Launch
from ...text import format_bytes, format_us, module_text, plural
from .health import compile_info_markdown

KIND_TEXT = {
    "pointwise": "pointwise Triton kernel",
    "reduction": "reduction Triton kernel",
    "persistent_reduction": "persistent-reduction Triton kernel",
    "template": "template kernel",
    "combo": "combo Triton kernel",
    "foreach": "foreach Triton kernel",
    "split_scan": "split-scan Triton kernel",
    "unknown": "Triton kernel (category unknown to Inductor)",
    "user_triton": "user-defined Triton kernel",
    "cpp": "C++ kernel",
    "halide": "Halide kernel",
    "pallas": "Pallas kernel",
    "mps": "Metal (MPS) kernel",
    "other": "kernel of a backend Inductor Lens does not know",
    "extern": "extern kernel",
    "fallback": "ATen fallback",
    "multi_kernel": "multi-kernel (picks one of its sub-kernels at run time)",
}
MAX_NODES = 12


def _link(shown: FrameShown) -> str:
    """A frame as a hover names it: a link to its local line, its code, and how it was found."""
    frame = shown.frame
    code = f" `{frame.code}`" if frame.code else ""
    if shown.path is None:
        return f"{shown.label}{code} — *not found locally: {frame.file}*"
    note = {"moved": f" *(was line {frame.line} in the trace)*", "mismatch": " *(local file differs from the trace)*"}.get(shown.status, "")
    return f"[{shown.label}]({uri(shown.path)}#L{shown.line}){code}{note}"


def _frame_link(ctx: Snapshot, frame: Frame) -> str:
    return _link(ctx.frame_shown(frame))


def module_markdown(ref) -> str | None:
    """The hover's module line (``ref``: :func:`inductor_lens.analysis.shown.module_of`'s answer), or
    ``None`` when the graph names no module."""
    if ref is None:
        return None
    text = f"**Module:** `{ref.path}`" if ref.path is not None else "**Modules:** " + ", ".join(f"`{m}`" for m in ref.modules)
    if ref.path is not None and len(ref.modules) > 1:
        text += " (" + ", ".join(f"`{m}`" for m in ref.modules) + ")"
    if ref.shared:
        text += " — a weight shared by several model lines (tied): the module that owns it is named"
    return text


#: What the hover says when a link was inferred, and how to get exact links.
INFERRED_NOTE = (
    "*Inferred link:* this trace records no provenance for it, so its nodes were read off the "
    "wrapper code's dataflow against the post-grad graph. Re-run with `INDUCTOR_PROVENANCE=1` "
    "(PyTorch 2.9+; `TORCH_COMPILE_DEBUG=1` on 2.7/2.8) for exact links."
)


#: What the hover says on a kernel of a graph whose payload in the log was changed after PyTorch wrote it.
CHANGED_NOTE = (
    "⚠ *Changed payload:* a payload of this graph in the log does not match the MD5 PyTorch wrote "
    "for it (it was edited afterwards); it is shown as it is now, which may not be what ran."
)


def kernel_markdown(ctx: Snapshot, kernel: Kernel, *, launches: int | None = None, launch: Launch | None = None) -> str:
    """The hover text of one kernel; with ``launch``, that launch's own provenance (a kernel
    launched at several sites without debug handles) and which of its launches it is.  Reads the
    kernel as shown (:meth:`inductor_lens.analysis.core.Analysis.kernel_shown`, made once)."""
    if launch is not None and len(kernel.launches) > 1:
        n = next((i for i, la in enumerate(kernel.launches) if la.line == launch.line), 0)
        view = replace(
            kernel,
            post_grad_nodes=list(launch.post_grad_nodes),
            pre_grad_nodes=list(launch.pre_grad_nodes),
            aten_ops=list(launch.aten_ops),
            frames=list(launch.frames),
            provenance=launch.provenance,
            launches=[launch],
        )
        shown = kernel_shown(ctx, view, ctx.frame_shown)  # (a view made for this hover: not kept)
        text = _kernel_text(shown, launches if launches is not None else len(kernel.launches), None)
        head, _, rest = text.partition("\n\n")
        return f"{head}\n\nlaunch {n + 1} of {len(kernel.launches)} (this line)\n\n{rest}"
    return _kernel_text(ctx.kernel_shown(kernel), launches, launch)


def _kernel_text(shown: KernelShown, launches: int | None, launch: Launch | None) -> str:
    """Model lines first (what the user came for), then module, time and compile facts, then the details."""
    kernel = shown.kernel
    parts = _title(kernel, launches if launches is not None else len(kernel.launches)) + _model_lines(shown)
    module = module_markdown(shown.module)
    if module:
        parts.append(module)
    parts += _figures(shown)
    parts += _details(shown, launch)
    return "\n\n".join(parts)


def _title(kernel: Kernel, n_launch: int) -> list[str]:
    graph = kernel.graph
    title = f"**`{kernel.key}`**" + (" (debug handle)" if kernel.handle is not None else "")
    where = f"compile {graph.compile_id} · {graph.kind} graph" if graph else ""
    rank = f" · rank {graph.rank}" if graph and graph.rank is not None else ""
    rank += f" · pid {graph.pid}" if graph and graph.pid is not None else ""
    parts = [f"{title} — {KIND_TEXT.get(kernel.kind, kernel.kind)}", f"{where}{rank} · {n_launch} launch{'es' if n_launch != 1 else ''}"]
    if kernel.alternatives:
        alts = ", ".join(f"`{name}` ({KIND_TEXT.get(kind, kind).removesuffix(' Triton kernel')})" for name, kind, _ in kernel.alternatives)
        parts.append(f"**Alternatives:** {alts}")
    return parts


def _model_lines(shown: KernelShown) -> list[str]:
    if not shown.model_lines:
        return ["*No model lines recorded for this kernel.*"]
    items = []
    for f, caller in shown.model_lines:
        role = f" — *{f.frame.role}*" if f.frame.role else ""
        items.append(f"- {_link(f)}{role}" + (f" ← called from {_link(caller)}" if caller is not None else ""))
    parts = ["**Model lines**\n" + "\n".join(items)]
    if shown.yours is not None:
        parts.append(f"**Your code:** {_link(shown.yours)}" + ("" if shown.yours_inside else " *(the call of the compiled code)*"))
    if shown.shared_outer:
        parts.append(f"called from {' › '.join(f.label for f in shown.shared_outer)}")
    return parts


def _figures(shown: KernelShown) -> list[str]:
    """Measured time and speed, bytes and FLOPs per run, the compile shape and compile facts."""
    parts = []
    m = shown.kernel.measured
    if m is not None:
        clock = "CPU" if m.clock == "cpu" else "device"
        parts.append(
            f"**Measured:** {plural(m.runs, 'run')} · {format_us(m.total_us)} {clock} time"
            f" ({format_us(m.mean_us)} per run"
            + (f", {m.events} {clock} kernels" if m.events != m.runs else "")
            + ")"
            + (f" · {shown.speed}" if shown.speed else "")
        )
    if shown.bytes is not None or shown.flops is not None:
        moved = [f"{format_bytes(shown.bytes)} read and written" if shown.bytes is not None else "bytes unknown"]
        if shown.flops is not None:
            moved.append(_flop_text(shown.flops))
        parts.append("**Per run:** " + " · ".join(moved))
    if shown.shape:
        parts.append(f"**Shape:** {shown.shape}")
    compiled = compile_info_markdown(shown.compile_info)
    if compiled:
        parts.append(compiled)
    return parts


#: how the hover names where a kernel's nodes and model lines came from
SOURCE_TEXT = {
    "mapping": "node mapping",
    "stack_traces": "stack traces + code comments",
    "comments": "code comments + graphs",
    "inferred": "inferred from the code's dataflow",
}
FRAMES_TEXT = {
    "stack_traces": "stack traces",
    "post_grad_graph": "post-grad graph `# File:` lines",
    "pre_grad_graph": "pre-grad graph `# File:` lines",
    None: "none",
}


def _details(shown: KernelShown, launch: Launch | None) -> list[str]:
    """Fused nodes, ATen ops, pre-grad nodes, where the links came from and what to mistrust."""
    kernel = shown.kernel
    parts = []
    if shown.fused:
        listed = ", ".join(f"`{name}`" + (f" ({op})" if op else "") for name, op in shown.fused[:MAX_NODES])
        more = f" … +{len(shown.fused) - MAX_NODES}" if len(shown.fused) > MAX_NODES else ""
        parts.append(f"**Fuses {plural(len(shown.fused), 'post-grad node')}:** " + listed + more)
    if kernel.aten_ops:
        parts.append("**ATen ops:** " + ", ".join(kernel.aten_ops))
    if kernel.pre_grad_nodes:
        parts.append("**Pre-grad nodes:** " + ", ".join(f"`{n}`" for n in kernel.pre_grad_nodes[:MAX_NODES]))
    parts.append(f"*provenance: {SOURCE_TEXT[kernel.provenance]} · model lines from {FRAMES_TEXT[kernel.frames_from]}*")
    if kernel.inferred:
        parts.append(INFERRED_NOTE)
    if kernel.graph is not None and kernel.graph.payload_changed:
        parts.append(CHANGED_NOTE)
    chose = [la for la in ([launch] if launch is not None else kernel.launches) if la.alternatives]
    if chose:
        others = list(dict.fromkeys(n for la in chose for n in la.alternatives))
        listed = ", ".join(f"`{n}`" for n in others[:MAX_NODES]) + (f" … +{len(others) - MAX_NODES}" if len(others) > MAX_NODES else "")
        where = "" if launch is not None or len(kernel.launches) == 1 else f" ({plural(len(chose), 'launch')})"
        parts.append(f"*Ambiguous link{where}:* the alignment had to choose here: {listed} could belong to this launch or another.")
    return parts


def launches_markdown(ctx: Snapshot, kernels: list[Kernel]) -> str:
    """One line per entry of a kernel launched several times (its debug handles): the launch, its
    model line, module and measured time; then the first entry's block (the code is the same)."""
    rows = []
    for k in kernels:
        loc = k.first_launch
        link = f"[{k.key}]({uri(loc.path)}#L{loc.line})" if loc else k.key
        model = k.model_lines
        where = _frame_link(ctx, model[0]) + (f" +{len(model) - 1}" if len(model) > 1 else "") if model else "no model line"
        module = module_text(module_of(k))
        took = f" · {format_us(k.measured.total_us)}" if k.measured is not None else ""
        rows.append(f"- {link} — {where}" + (f" · `{module}`" if module else "") + took)
    return "\n".join(rows) + "\n\n---\n\n" + kernel_markdown(ctx, kernels[0])


def _flop_text(n: int) -> str:
    """``7.08 MFLOP``, ``33.6 GFLOP`` (decimal units)."""
    for unit, size in (("TFLOP", 1e12), ("GFLOP", 1e9), ("MFLOP", 1e6), ("kFLOP", 1e3)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} FLOP"


def _hover(text: str) -> types.Hover:
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def hover(ctx: Snapshot, path: str, line: int, col: int) -> types.Hover | None:
    """Hover at (``line`` 1-based, ``col`` 0-based) of ``path``: kernel, FX node or model line."""
    hit = ctx.kernel_at(path, line, col)
    if hit is not None:
        sharing = ctx.kernels_sharing_definition(hit.kernel)
        if hit.where == "definition" and len(sharing) > 1:
            return _hover(f"**{hit.kernel.name}** is launched {len(sharing)} times in this graph\n\n{launches_markdown(ctx, sharing)}")
        return _hover(kernel_markdown(ctx, hit.kernel, launch=hit.launch))
    found = ctx.node_at(path, line)
    if found is not None:
        return _hover(node_markdown(ctx, *found))
    from .ir import hover_markdown as ir_hover

    text = ir_hover(ctx, path, line)
    if text is not None:
        return _hover(text)
    rows = ctx.kernels_on_source_line(path, line)
    site = ctx.call_site(path, line)
    texts = []
    if rows:
        texts.append(source_line_markdown(ctx, rows, ctx.line_share(path, line)))
        from .ir import model_line_ir

        compiled = model_line_ir(ctx, [k for k, _ in rows])
        if compiled:
            texts.append(compiled)
    if site is not None:
        texts.append(call_site_markdown(ctx, site))
    from .lenses import eager_on_lines

    eager = eager_on_lines(ctx, path).get(line)
    if eager:  # compiled and eager time apart: the eager part, launched outside compiled code here
        texts.append(
            f"**Eager (outside compiled code):** {eager[len('eager ') :]}: the device time this line launched outside "
            "compiled code (placed by the profile's Python stacks)"
        )
    if texts and ctx.reading:  # a big log's first part: its model lines' kernels so far
        texts.append(f"*Partial: {ctx.reading}.*")
    return _hover("\n\n---\n\n".join(texts)) if texts else None


def call_site_markdown(ctx: Snapshot, site) -> str:
    """Hover on a line of the user's code that called compiled code: the compiles and graphs it
    called (forward and backward), their kernels, measured time, compile problems, and the lines
    inside the compiled code that take the most of it."""
    from .health import call_site_problems

    parts = [f"**This line calls compiled code:** compile {', '.join(site.compile_ids)}"]
    rows = []
    for graph in site.graphs:
        times = [k.measured.total_us for k in graph.kernels if k.measured is not None]
        took = f" · {format_us(sum(times))}" if times else ""
        rows.append(f"- compile {graph.compile_id} {graph.kind} graph: {plural(len(graph.kernels), 'kernel')}{took}")
    parts.append("\n".join(rows))
    if site.measured_us is not None:
        percent = ctx.percent_of_total(site.measured_us)
        parts.append(
            f"**Measured:** {format_us(site.measured_us)}"
            + (f", {percent:.0f}% of the {format_us(ctx.measured_total_us)} measured over {ctx.runs_text()}" if percent is not None else "")
        )
        host = ctx.host_us(site.graphs)
        if host is not None:
            from .lenses import per_step_text

            parts.append(
                f"**Host:** {per_step_text(ctx, host[0])} of CPU time inside these compiled calls (guards, launches, the wrapper's "
                "Python): while it runs, the GPU may wait"
            )
    problems = call_site_problems(ctx, site)
    if problems:
        parts.append(f"**Compile health:** {problems} (see the compiled function's lens)")
    hot = ctx.hot_lines([k for g in site.graphs for k in g.kernels])
    if hot.measured:
        items = []
        for row in hot.rows[:5]:
            percent = ctx.percent_of_total(row.share_us)
            items.append(f"- {_frame_link(ctx, row.frame)} — {format_us(row.share_us or 0.0)} ({percent or 0:.0f}%)")
        parts.append("**Where its time goes:**\n" + "\n".join(items))
    return "\n\n".join(parts)


def node_markdown(ctx: Snapshot, graph, role: str, node) -> str:
    """Hover on an FX node: its target, model line and the kernels it went into."""
    kernels = ctx.index.kernels_of_node(graph, role, node.key)
    which = "post-grad" if role == "post_grad" else "pre-grad"
    parts = [f"**{node.name}** — {which} FX node" + (f" · `{node.target}`" if node.target else "")]
    model_line = ctx.node_model_line(node.frame, kernels)  # a compiled-autograd <eval_with_key> frame: followed
    if model_line is not None:
        parts.append("**Model line:** " + _frame_link(ctx, model_line))
    if kernels:
        items = []
        for k in kernels:
            loc = k.first_launch
            link = f"[{k.key}]({uri(loc.path)}#L{loc.line})" if loc else k.key
            items.append(f"- {link} — {KIND_TEXT.get(k.kind, k.kind)}, {k.graph.kind if k.graph else '?'} graph")
        parts.append(f"**Went into {plural(len(kernels), 'kernel')}:**\n" + "\n".join(items))
    else:
        parts.append("*No kernel computes this node (view, placeholder, or fused away).*")
    return "\n\n".join(parts)


#: How many kernels (and how many inner lines) a model-line hover lists before "+N more".
LIST_MAX = 12


def _innermost_of_stack(kernel: Kernel, frame: Frame) -> Frame | None:
    """The innermost frame of the stack ``frame`` belongs to in ``kernel`` (where the call on an
    outer line really produced the kernel)."""
    inner = [f for f in kernel.frames if f.stack == frame.stack and f.innermost]
    return inner[0] if inner else None


#: How the hover states the rule that splits time across lines (line_time.py).
SHARE_RULE = "each launch's time split across its model lines by the post-grad nodes that compute (an extern call: its op's line)"


def source_line_markdown(ctx: Snapshot, rows: list, share: LineShare | None = None) -> str:
    """Hover on a model or library line: its share of the measured time, the kernels it produced
    directly (each with its share and full time), then those produced by calls on it, grouped by the
    inner line that produced them (stack traces share outer frames: every GPT-2 kernel passes
    through the same wrapper line)."""
    from .lenses import per_step_text

    kernels = [k for k, _ in rows]
    ops = sum(len(k.post_grad_nodes) for k in kernels)
    parts = [f"**{plural(len(kernels), 'kernel')} · {plural(ops, 'op')}** came from this line"]
    if share is not None and share.share_us is not None:
        whole = share.kernels_us or 0.0
        if share.own_us is not None:
            text = (
                f"**Compiled:** {per_step_text(ctx, share.own_us)} is this line's share of the {per_step_text(ctx, whole)} "
                f"its kernels ran ({SHARE_RULE})"
            )
            if share.calls_us:
                text += f"; {per_step_text(ctx, share.calls_us)} more in calls on it"
        else:
            text = (
                f"**Compiled:** {per_step_text(ctx, share.calls_us or 0.0)} in calls on this line: the shares of the lines it "
                f"calls, of the {per_step_text(ctx, whole)} its kernels ran"
            )
        speed = ctx.line_speed(rows)
        if speed:
            text += f"\n\n**Against the device:** {speed} (this line's bytes and FLOPs over its share of the time)"
        parts.append(text)
    by_trace: dict[str, list] = {}
    for kernel, frame in rows:
        by_trace.setdefault(kernel.graph.trace if kernel.graph else "", []).append((kernel, frame))
    for trace, items in by_trace.items():
        header = (
            f"*{os.path.basename(os.path.dirname(os.path.dirname(trace))) or trace}* — `{os.path.basename(trace)}`\n"
            if len(by_trace) > 1
            else ""
        )
        direct = list({id(k): (k, f) for k, f in items if f.innermost}.values())  # a kernel once
        via = [(k, f) for k, f in items if not f.innermost]
        via_kernels = len({id(k) for k, _ in via})
        lines = []
        for kernel, _ in direct[:LIST_MAX]:
            loc = kernel.first_launch
            link = f"[{kernel.key}]({uri(loc.path)}#L{loc.line})" if loc else kernel.key
            part = share.part_of(kernel) if share is not None else None
            if part is not None and part.share_us is not None and part.full_us is not None:
                took = f", {format_us(part.share_us)} of its {format_us(part.full_us)}"
            else:
                took = f", {format_us(kernel.measured.total_us)}" if kernel.measured is not None else ""
            lines.append(
                f"- {link} — {KIND_TEXT.get(kernel.kind, kernel.kind)}, compile {kernel.graph.compile_id} {kernel.graph.kind}{took}"
            )
        if len(direct) > LIST_MAX:
            lines.append(f"- … +{len(direct) - LIST_MAX} more")
        if via:
            # one row per inner line (file, line and code), however many stacks reach it: a Frame
            # also carries its stack's number, and two rows then read as one line listed twice
            groups: dict[tuple[str, int, str], tuple[Frame, list[Kernel]]] = {}
            for kernel, frame in via:
                inner = _innermost_of_stack(kernel, frame)
                if inner is not None:
                    row = groups.setdefault((inner.file, inner.line, inner.code), (inner, []))[1]
                    if kernel not in row:
                        row.append(kernel)
            ranked = sorted(groups.values(), key=lambda item: -len(item[1]))
            lines.append(f"{plural(via_kernels, 'kernel')} through calls on this line, by the line that made them:")
            for inner, group in ranked[:LIST_MAX]:
                lines.append(f"  - {_frame_link(ctx, inner)} — {plural(len(group), 'kernel')}")
            if len(ranked) > LIST_MAX:
                lines.append(f"  - … +{len(ranked) - LIST_MAX} more lines")
        parts.append(header + "\n".join(lines))
    return "\n\n".join(parts)
