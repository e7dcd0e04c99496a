"""Link one graph's pieces into kernels: output code + FX graphs + mapping + stack traces.

The rules (what PyTorch gives, and what to do when it gives less or wrong):

* A kernel exists only if the graph's code has it.  Mapping or stack-trace keys of kernels absent
  from the code (stale keys: 2.8 never clears its map, 2.11 can list another compile's key) are
  ignored; node names are kept only if they are nodes of this graph's post-grad / pre-grad graph.
* One entry per provenance key: ``name:handle`` is one launch site; without handles (v1, or
  ``INDUCTOR_PROVENANCE=0``) the entry is the bare name with every launch site.
* Post-grad nodes come from the mapping when it names the key, else from the kernel's
  ``Source node to ATen node mapping`` header, else from the launch's source-node comment.
* Source frames come from the stack-traces artifact when it has frames for the key, else from
  the ``# File:`` lines of the kernel's post-grad nodes, else of its pre-grad nodes; frames in
  generated code (compiled autograd's ``<eval_with_key>``) are followed to the lines behind them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .generated_frames import follow_generated
from .model import Frame, FxGraph, Graph, InputWarning, Kernel, Span, aten_op_of
from .readers.mapping import NodeMapping
from .readers.output_code import KernelDef, LaunchSite, ParsedCode, split_key


@dataclass(slots=True)
class GraphInputs:
    """Everything known about one graph before linking (texts already parsed).

    ``stack_traces`` is ``{key: frames}`` or ``None`` when the artifact is absent;
    ``frame_graphs`` the graphs generated-code frames are followed through (read only when
    needed); ``kernel_to_post`` the 2.7/2.8 kernel -> post-grad artifact; ``post_to_pre`` the 2.8
    post -> pre artifact, already reduced to names; ``kernel_to_pre`` pre-grad nodes per key
    (AOTInductor ``kernel_information.json``); ``mapping_source`` the ``provenance`` of kernels
    that ``mapping`` names (``mapping``, or ``kernel_information`` for a package's).
    """

    code: ParsedCode
    code_path: str
    kernel_code: ParsedCode | None = None
    kernel_code_path: str | None = None
    post_grad: FxGraph | None = None
    pre_grad: FxGraph | None = None
    mapping: NodeMapping | None = None
    stack_traces: dict[str, list[Frame]] | None = None
    kernel_to_post: dict[str, list[str]] | None = None
    post_to_pre: dict[str, list[str]] | None = None
    kernel_to_pre: dict[str, list[str]] | None = None
    mapping_source: str = "mapping"
    #: graphs whose ``# File:`` lines follow frames in generated code (compiled autograd), parsed on demand
    frame_graphs: Callable[[], list[FxGraph]] | None = None


def _unique(items) -> list:
    out = []
    seen = set()
    for item in items:
        if item and item not in seen:
            seen.add(item)
            out.append(item)
    return out


def _frames_from_nodes(graph: FxGraph | None, names: list[str]) -> list[Frame]:
    if graph is None:
        return []
    found: list[tuple[int, Frame]] = []
    seen: set[tuple[str, int]] = set()
    for name in names:
        node = graph.nodes.get(name)
        if node is None or node.frame is None:
            continue
        ident = (node.frame.file, node.frame.line)
        if ident in seen:
            continue
        seen.add(ident)
        found.append((node.line, node.frame))
    found.sort(key=lambda item: item[0])
    return [Frame(f.file, f.line, f.function, f.code, stack=i, innermost=True) for i, (_, f) in enumerate(found)]


def link_graph(graph: Graph, inputs: GraphInputs) -> list[Kernel]:
    """Build ``graph.kernels`` from ``inputs``; returns them.  Never raises on odd input."""
    code = inputs.code
    defs = dict(code.defs)
    def_paths = {name: inputs.code_path for name in defs}
    if inputs.kernel_code is not None and inputs.kernel_code_path:
        for name, body in inputs.kernel_code.defs.items():
            defs[name] = body  # the real body beats the wrapper's extern "C" declaration
            def_paths[name] = inputs.kernel_code_path

    # group launch sites into entries
    entries: dict[str, list[LaunchSite]] = {}
    for site in code.launches:
        entries.setdefault(site.key or site.name, []).append(site)
    launched = {site.name for site in code.launches}
    for name in code.defs:
        if name not in launched:  # defined, never launched: still a kernel of this code
            entries.setdefault(name, [])
    handle_keys = {key for _, key in code.handles}
    for line, key in code.unbound_handles:  # a handle comment is a kernel of this code too
        if key not in entries:
            entries[key] = []
            graph.warnings.append(InputWarning(inputs.code_path, line, f"no launch found after [Provenance debug handles] {key}; "
                                                                   "the kernel is listed without a launch site"))

    post_graph, pre_graph = inputs.post_grad, inputs.pre_grad
    mapping = inputs.mapping
    stack = inputs.stack_traces or {}
    kernels: list[Kernel] = []
    for key, sites in entries.items():
        name, handle = split_key(key) if key in handle_keys else (key, None)
        kdef: KernelDef | None = defs.get(name)
        kind = kdef.kind if kdef is not None else (sites[0].kind if sites else "pointwise")
        definition = None
        if kdef is not None:
            definition = Span(def_paths[name], kdef.line, kdef.col, kdef.end_col)
        launches = [Span(inputs.code_path, s.line, s.col, s.end_col) for s in sites]

        mapped = None
        if mapping is not None and key in mapping.kernel_to_post:
            mapped = mapping.kernel_to_post[key]
        elif inputs.kernel_to_post and key in inputs.kernel_to_post:
            mapped = inputs.kernel_to_post[key]
        source_names = _unique(n for s in sites for n in s.source_nodes)
        if mapped is not None:
            provenance = inputs.mapping_source
            post_nodes = list(mapped)
        else:
            provenance = "stack_traces" if key in stack else "comments"
            if kdef is not None and kdef.node_map:
                post_nodes = kdef.post_grad_nodes
            else:
                post_nodes = [n for n in source_names if post_graph is not None and n in post_graph.nodes]
        if post_graph is not None:  # nodes of this graph only, in graph order
            post_nodes = sorted((n for n in _unique(post_nodes) if n in post_graph.nodes), key=lambda n: post_graph.nodes[n].line)
        post_nodes = _unique(post_nodes)

        pre_nodes: list[str] = list(inputs.kernel_to_pre.get(key, [])) if inputs.kernel_to_pre else []
        post_to_pre = (mapping.post_to_pre if mapping is not None and mapping.post_to_pre else None) or inputs.post_to_pre
        if post_to_pre and not pre_nodes:
            pre_nodes = [p for n in post_nodes for p in post_to_pre.get(n, [])]
        if not pre_nodes:
            header_sources = list(kdef.node_map) if kdef is not None and kdef.node_map else []
            pre_nodes = [n for n in header_sources + source_names if pre_graph is not None and n in pre_graph.nodes]
        if pre_graph is not None:
            pre_nodes = sorted((n for n in _unique(pre_nodes) if n in pre_graph.nodes), key=lambda n: pre_graph.nodes[n].line)
        pre_nodes = _unique(pre_nodes)

        # "Original ATen" of the launch comment names the ops a fused kernel came from; for an
        # extern call it also lists its neighbours' ops, so there the post-grad targets are exact
        exact = _unique(aten_op_of(post_graph.nodes[n].target) for n in post_nodes) if post_graph is not None else []
        aten = _unique(a for s in sites for a in s.aten_ops)
        if not aten and kdef is not None:
            aten = list(kdef.aten_ops)
        if not aten or (kind in ("extern", "fallback") and exact):
            aten = exact or aten

        frames = stack.get(key) or []
        frames_from = "stack_traces" if frames else None
        if not frames:
            frames = _frames_from_nodes(post_graph, post_nodes)
            frames_from = "post_grad_graph" if frames else None
        if not frames:
            frames = _frames_from_nodes(pre_graph, pre_nodes)
            frames_from = "pre_grad_graph" if frames else None
        frames = follow_generated(frames, inputs.frame_graphs)

        kernels.append(
            Kernel(
                key=key,
                name=name,
                kind=kind,
                handle=handle,
                definition=definition,
                launches=launches,
                post_grad_nodes=post_nodes,
                pre_grad_nodes=pre_nodes,
                aten_ops=aten,
                frames=list(frames),
                provenance=provenance,
                frames_from=frames_from,
                graph=graph,
            )
        )
    kernels.sort(key=lambda k: (k.launches[0].line if k.launches else (k.definition.line if k.definition else 0)))
    graph.kernels = kernels
    return kernels
