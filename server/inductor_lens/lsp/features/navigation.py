"""Go to definition, find references and the three-panel linked ranges."""

from __future__ import annotations

import os
from functools import lru_cache

from lsprotocol import types

from ...analysis.shown import module_of_nodes
from ...analysis.snapshot import Snapshot, uri
from ...model import Kernel, Launch, Span


def lsp_location(loc: Span | Launch) -> types.Location:
    """Our 1-based :class:`Span` as an LSP ``Location`` (0-based lines).  One object per distinct
    range (never modified by the features): a model line's lens names thousands of launches of a
    few output codes."""
    return _location(loc.path, loc.line, loc.col, loc.end_col)


@lru_cache(maxsize=1 << 16)
def _location(path: str, line: int, col: int, end_col: int) -> types.Location:
    return types.Location(
        uri=uri(path), range=types.Range(start=types.Position(line - 1, col), end=types.Position(line - 1, max(end_col, col)))
    )


def _model_locations(ctx: Snapshot, kernel: Kernel) -> list[types.Location]:
    out = []
    for frame in kernel.model_lines:
        loc = ctx.location_of_frame(frame)
        if loc is not None:
            out.append(lsp_location(loc))
    return out


def _graph_node_locations(ctx: Snapshot, kernel: Kernel, role: str) -> list[types.Location]:
    graph = kernel.graph
    fx = graph.fx(role) if graph is not None else None
    if fx is None:
        return []
    names = kernel.post_grad_nodes if role == "post_grad" else kernel.pre_grad_nodes
    out = []
    for name in names:
        node = fx.nodes.get(name)
        if node is not None:
            out.append(lsp_location(Span(fx.path, node.line, node.col, node.col + len(node.name))))
    return out


def definition(ctx: Snapshot, path: str, line: int, col: int) -> list[types.Location]:
    """Launch -> the kernel's definition; definition -> its model lines; FX node -> its kernel;
    ``# File:`` comment in a graph -> the model line; model line -> the kernels' definitions; a
    Triton kernel's source line <-> its PTX lines (:mod:`.ir`)."""
    hit = ctx.kernel_at(path, line, col)
    if hit is None:
        from .ir import definition as ir_definition

        ir_found = ir_definition(ctx, path, line)
        if ir_found is not None:
            return ir_found
    if hit is not None:
        kernel = hit.kernel
        if hit.where == "launch" and kernel.definition is not None:
            return [lsp_location(kernel.definition)]
        if hit.where == "handle" and kernel.launches:
            return [lsp_location(kernel.launches[0])]
        locations: list[types.Location] = []
        for k in ctx.kernels_sharing_definition(kernel) if hit.where == "definition" else [kernel]:
            for loc in _model_locations(ctx, k):
                if loc not in locations:
                    locations.append(loc)
        return locations
    doc = ctx.index.document(path)
    if doc is not None and doc.role.is_fx:
        found = ctx.node_at(path, line)
        if found is not None:
            graph, role, node = found
            kernels = ctx.index.kernels_of_node(graph, role, node.key)
            return [lsp_location(home) for k in kernels if (home := k.home) is not None]
        fx = doc.graph.fx(doc.role)
        frame = fx.comment_frames.get(line) if fx is not None else None
        span = ctx.location_of_frame(frame) if frame is not None else None
        return [lsp_location(span)] if span else []
    out: list[types.Location] = []
    for kernel, _ in ctx.kernels_on_source_line(path, line):
        home = kernel.home
        if home is not None and lsp_location(home) not in out:
            out.append(lsp_location(home))
    return out


def references(ctx: Snapshot, path: str, line: int, col: int, include_declaration: bool = True) -> list[types.Location]:
    """Every launch of the kernel at the position (all entries sharing its definition), or of
    every kernel a model line produced; from a Triton kernel's source line or an IR line, the IR
    lines of every form it became (:mod:`.ir`)."""
    hit = ctx.kernel_at(path, line, col)
    if hit is None:
        from .ir import references as ir_references

        ir_found = ir_references(ctx, path, line)
        if ir_found is not None:
            return ir_found
    kernels: list[Kernel]
    if hit is not None:
        kernels = ctx.kernels_sharing_definition(hit.kernel)
    else:
        found = ctx.node_at(path, line)
        if found is not None:
            kernels = ctx.index.kernels_of_node(*found[:2], found[2].key)
        else:
            kernels = [k for k, _ in ctx.kernels_on_source_line(path, line)]
            site = ctx.call_site(path, line)
            if site is not None and not kernels:  # a call of compiled code: every kernel it ran
                return _first_launches([k for g in site.graphs for k in g.kernels])
    from_line = hit is None and ctx.node_at(path, line) is None  # a model line: only the launches it made
    here = (os.path.abspath(path), line)
    out: list[types.Location] = []
    for kernel in kernels:
        if include_declaration and hit is not None and kernel.definition is not None:
            loc = lsp_location(kernel.definition)
            if loc not in out:
                out.append(loc)
        for launch in kernel.launches:
            if from_line and len(kernel.launches) > 1 and not any((ctx.local(f).path, ctx.local(f).line) == here for f in launch.frames):
                continue
            loc = lsp_location(launch)
            if loc not in out:
                out.append(loc)
    return out


def _first_launches(kernels: list[Kernel]) -> list[types.Location]:
    """Each launch site of ``kernels`` once (kernels of repeated compiles share their code)."""
    out: list[types.Location] = []
    seen: set[tuple] = set()
    for kernel in kernels:
        for launch in kernel.launches:
            key = (launch.path, launch.line, launch.col)
            if key not in seen:
                seen.add(key)
                out.append(lsp_location(launch))
    return out


def _pre_grad_links(ctx: Snapshot, kernel: Kernel) -> tuple[list[types.Location], str | None]:
    """The pre-grad graph nodes of ``kernel`` for the three-panel view, and a note when they are not
    the kernel's own: a backward kernel whose provenance names no pre-grad node gets the forward
    pre-grad nodes of its model lines (matched by their ``# File:`` line), or says why there are none."""
    own = _graph_node_locations(ctx, kernel, "pre_grad")
    if own:
        return own, None
    graph = kernel.graph
    fx = graph.pre_grad if graph is not None else None
    if fx is None:
        return [], "No pre-grad graph in this trace (PyTorch 2.6, or a warm compile cache that logs none)."
    model = kernel.model_lines
    if not model:
        return [], "No pre-grad nodes: PyTorch recorded no model line for this kernel."
    lines = {(f.file, f.line) for f in model}
    found = [node for node in fx.nodes.values() if node.frame is not None and (node.frame.file, node.frame.line) in lines]
    where = ", ".join(ctx.label(f) for f in model)
    if graph is not None and graph.kind != "backward":
        return [], f"No pre-grad nodes recorded for this kernel (its model lines: {where})."
    if not found:
        return [], f"Backward kernel: its provenance names no pre-grad node, and its model lines ({where}) are on no forward pre-grad node."
    # a line that runs once per layer: nodes of one target reading different modules' parameters
    calls: dict[tuple[str, int, str], set[str]] = {}
    for node in found:
        frame = node.frame
        if frame is not None:
            calls.setdefault((frame.file, frame.line, node.target), set()).update(
                ref.modules if (ref := module_of_nodes(fx, [node.key])) is not None else ()
            )
    repeated = max((len(mods) for mods in calls.values()), default=0)
    note = (
        f"Backward kernel: its provenance names no pre-grad node; shown are the forward pre-grad nodes of its model lines "
        f"({where}), matched by their `# File:` line"
    )
    if repeated > 1:
        note += f", of every call of those lines (one runs for {repeated} modules: the trace does not say which call this kernel is)"
    locations = [lsp_location(Span(fx.path, n.line, n.col, n.col + len(n.name))) for n in found]
    return locations, note + "."


def linked_ranges(ctx: Snapshot, path: str, line: int, col: int) -> dict[str, list]:
    """``{"preGrad", "postGrad", "code", "source", "ir"}`` (LSP locations) for the kernel or FX node at the
    position (``ir``: on a Triton kernel's source line or an IR line, that kernel line and every IR
    line it became), and ``preGradNote``: ``[text]`` when the pre-grad nodes are matched by model line or
    there are none (:func:`_pre_grad_links`), else ``[]``."""
    empty: dict[str, list] = {"preGrad": [], "postGrad": [], "code": [], "source": [], "ir": [], "preGradNote": []}
    kernels: list[Kernel] = []
    hit = ctx.kernel_at(path, line, col) or ctx.kernel_at(path, line, None)
    if hit is None:  # a Triton kernel's source line, or an IR line: the kernel line and every IR line it became
        from .ir import linked as ir_linked

        found_ir = ir_linked(ctx, path, line)
        if found_ir is not None:
            return {**empty, "ir": found_ir}
    if hit is not None:
        kernels = [hit.kernel]
    else:
        found = ctx.node_at(path, line)
        if found is not None:
            kernels = ctx.index.kernels_of_node(*found[:2], found[2].key)
            if not kernels:  # a node no kernel computes: still show it and its model line
                graph, role, node = found
                fx = graph.fx(role)
                here = [lsp_location(Span(fx.path, node.line, node.col, node.col + len(node.name)))] if fx is not None else []
                src = [lsp_location(s) for s in [ctx.location_of_frame(node.frame)] if s] if node.frame else []
                return {**empty, ("postGrad" if role == "post_grad" else "preGrad"): here, "source": src}
        else:
            kernels = [k for k, _ in ctx.kernels_on_source_line(path, line)]
    if not kernels:
        return empty
    out: dict[str, list] = {key: [] for key in empty}
    for kernel in kernels:
        pre, note = _pre_grad_links(ctx, kernel)
        if note and len(kernels) == 1:
            out["preGradNote"].append(note)
        for key, locs in (
            ("preGrad", pre),
            ("postGrad", _graph_node_locations(ctx, kernel, "post_grad")),
            ("code", [lsp_location(l) for l in ([kernel.definition] if kernel.definition else []) + list(kernel.launches)]),
            ("source", _model_locations(ctx, kernel)),
        ):
            for loc in locs:
                if loc not in out[key]:
                    out[key].append(loc)
    return out
