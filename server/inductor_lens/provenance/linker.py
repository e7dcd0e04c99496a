"""Link one graph's pieces into kernels: output code + FX graphs + mapping + stack traces.

The rules (what PyTorch gives, and what to do when it gives less or wrong):

* A kernel exists only if the graph's code has it.  Mapping or stack-trace keys of kernels absent
  from the code (stale keys: 2.8 never clears its map, 2.11 can list another compile's key) are
  ignored; node names are kept only if they are nodes of this graph's post-grad / pre-grad graph.
* One entry per provenance key: ``name:handle`` is one launch site; without handles (v1, or
  ``INDUCTOR_PROVENANCE=0``) the entry is the bare name with every launch site.
* Every launch gets its own provenance (:class:`~inductor_lens.model.Launch`); the kernel's
  fields are the union of its launches' (with debug handles a key is one launch).
* A launch's post-grad nodes come from the mapping when it names the key, else from the
  kernel's ``Source node to ATen node mapping`` header (which describes the first launch of its
  name only), else from the alignment of the wrapper's dataflow with the post-grad graph
  (:mod:`inductor_lens.provenance.infer`, marked ``inferred``), else from the launch comment's names that
  only the post-grad graph has.
* Names are resolved in the graph they belong to: launch-comment names (``Topologically Sorted
  Source Nodes``) are pre-grad (Dynamo) names, or the post-grad graph's own names where the
  pre-grad graph has none (backward nodes); mapping and header names are post-grad names, looked
  up first in the higher-order-op subgraph the launch runs in.  A name no graph has is a
  warning naming the comment's file and line.  Without a pre-grad graph (a loose output code,
  a ``TORCH_COMPILE_DEBUG`` folder) the names the post-grad graph does not have are the launch's
  pre-grad nodes as written, unchecked.
* A comment belongs to the one launch right under it (``utils.py`` ``get_kernel_metadata``, written
  by each kernel's ``codegen_comment``): a fallback or extern call printed after a fused kernel
  without a comment of its own keeps only what is known of it (its inferred node and that node's
  model line), never the fused kernel's comment (:class:`~inductor_lens.readers.output_code.LaunchSite`).
* Source frames come from the stack-traces artifact when it has frames for the key, else from
  the ``# File:`` lines of the launch's post-grad nodes and of its comment's names (only the
  node's own for an extern call, whose comment also names its inputs' views); frames in
  generated code (compiled autograd's ``<eval_with_key>``) are followed to the lines behind them.
  A post-grad node printed without a ``# File:`` line (one PyTorch's passes made) takes the
  compile's ``pass_frame`` (:mod:`inductor_lens.provenance.pass_frames`); the kernel header's ``Graph
  fragment`` names such nodes among the kernel's own.
* A ``[Provenance debug handles]`` key with no launch after it is still a kernel of the code
  (listed without a launch site, with a warning).
"""

from __future__ import annotations

from ..model import Frame, FxGraph, Graph, InputWarning, Kernel, Launch, Span, aten_op_of
from ..readers.output_code import KernelDef, LaunchSite, split_key
from .disagreement import call_op, mapping_disagreement, own_comment_names
from .generated_frames import follow_generated
from .infer import infer_graph_launches
from .inputs import GraphInputs
from .pass_nodes import REINPLACE_NAME, header_pass_names, scatters_fed
from .subgraphs import fill_between, scoped_keys, subgraph_choice

__all__ = ["GraphInputs", "link_graph"]


def _unique(items) -> list:
    """The truthy items, each once, in order of first appearance."""
    return [item for item in dict.fromkeys(items) if item]


def _frames_from_nodes(graph: FxGraph | None, names: list[str], pass_frame: Frame | None = None) -> list[Frame]:
    """One single-frame stack per distinct ``# File:`` line of the nodes ``names`` of ``graph``, in
    graph order; a node printed without one takes ``pass_frame`` (a node a pass made) when given."""
    if graph is None:
        return []
    found: list[tuple[int, Frame]] = []
    seen: set[tuple[str, int]] = set()
    for name in names:
        node = graph.nodes.get(name)
        if node is None:
            continue
        frame = node.frame if node.frame is not None else pass_frame
        if frame is None:
            continue
        ident = (frame.file, frame.line)
        if ident in seen:
            continue
        seen.add(ident)
        found.append((node.line, frame))
    found.sort(key=lambda item: item[0])
    return [Frame(f.file, f.line, f.function, f.code, stack=i, innermost=True) for i, (_, f) in enumerate(found)]


def _merge_frames(*lists: list[Frame]) -> list[Frame]:
    """One frame per (file, line) of single-frame stacks from several sources, renumbered."""
    seen: set[tuple[str, int]] = set()
    out: list[Frame] = []
    for frames in lists:
        for f in frames:
            if (f.file, f.line) not in seen:
                seen.add((f.file, f.line))
                out.append(Frame(f.file, f.line, f.function, f.code, stack=len(out), innermost=True))
    return out


class _Linker:
    """Per-graph state for linking: graphs, mapping, inferred nodes (computed once, on demand)."""

    def __init__(self, graph: Graph, inputs: GraphInputs) -> None:
        self.graph, self.inputs = graph, inputs
        self.post, self.pre = inputs.post_grad, inputs.pre_grad
        self.mapping = inputs.mapping
        self.stack = inputs.stack_traces or {}
        self.post_to_pre = (
            self.mapping.post_to_pre if self.mapping is not None and self.mapping.post_to_pre else None
        ) or inputs.post_to_pre
        self._inferred: dict[int, list[str]] | None = None
        self._other: set[str] | None = None
        self._aot: FxGraph | None = None
        self._pre_scoped: dict[str, list[str]] | None = None
        self._pass_names: dict[str, list[str]] | None = None
        self.first_line: dict[str, int] = {}
        for site in inputs.code.launches:
            self.first_line.setdefault(site.name, site.line)
        self.scopes = set(self.post.scopes) if self.post is not None else set()
        #: where each launch's frames came from, by launch line
        self.frames_from: dict[int, str | None] = {}

    def inferred(self, line: int) -> list[str]:
        if self._inferred is None:
            found = self.inputs.inferred_elsewhere() if self.inputs.inferred_elsewhere is not None else None
            if found is None:
                found = infer_graph_launches(self.inputs.code, self.inputs.code_text, self.post)
            self._inferred = found
        return self._inferred.get(line, [])

    def alternatives(self, line: int) -> tuple[str, ...]:
        """The other nodes the inference found as fitting for the launch on ``line`` (where it chose)."""
        self.inferred(line)
        return tuple(getattr(self._inferred, "alternatives", {}).get(line, ()))

    def pass_names(self) -> dict[str, list[str]]:
        """Every kernel header's map of names neither graph has (:func:`~.pass_nodes.header_pass_names`)."""
        if self._pass_names is None:
            codes = [self.inputs.code, *([self.inputs.kernel_code] if self.inputs.kernel_code is not None else [])]
            self._pass_names = header_pass_names(codes, self.pre, self.post)
        return self._pass_names

    def pre_scoped(self, name: str) -> list[str]:
        """The keys of the pre-grad subgraph nodes called ``name`` (indexed once per graph)."""
        if self._pre_scoped is None:
            self._pre_scoped = scoped_keys(self.pre) if self.pre is not None else {}
        return self._pre_scoped.get(name, [])

    def scope_of(self, site: LaunchSite) -> str:
        return next((s for s in self.scopes if s and s.rsplit(".", 1)[-1] == site.fn), "")

    def post_keys(self, names, scope: str) -> list[str]:
        if self.post is None:
            return _unique(names)
        return _unique(k for n in names if (k := self.post.resolve(n, scope)) is not None)

    def comment_names(self, site: LaunchSite, scope: str, launch_key: str = "") -> tuple[list[str], list[str], list[str]]:
        """A launch comment's names as (pre-grad keys, post-grad keys, names no graph has)."""
        pre, post, unknown = [], [], []
        ambiguous: list[list[str]] = []
        for name in site.source_nodes:
            if not name:
                continue
            if self.pre is not None and name in self.pre.nodes:
                pre.append(name)
            elif self.post is not None and (key := self.post.resolve(name, scope)) is not None:
                post.append(key)
            elif self.pre is not None and len(found := self.pre_scoped(name)) == 1:
                pre.append(found[0])  # a name of one of the Dynamo graph's own subgraphs (torch.cond's branches)
            elif self.pre is not None and found:  # in several subgraphs (each checkpointed block's wrap_body_N has its linear)
                ambiguous.append(found)
            elif name in PASS_NAMES:
                continue
            elif self.pre is None:  # no pre-grad graph to judge it by (a loose output code): the Dynamo name as written
                pre.append(name)
            else:
                unknown.append(name)
        if ambiguous:
            assert self.pre is not None
            pre += subgraph_choice(self.pre, ambiguous, pre, self.stack.get(launch_key) or [])
        return pre, post, unknown

    def output_frames(self, post: list[str]) -> list[Frame]:
        """Frames for graph outputs printed under ``No stacktrace found`` (nodes a post-grad pass
        made, such as a pattern's ``addmm``): the same output of the AOT graph, before the passes."""
        if self.post is None or self.inputs.aot_graph is None:
            return []
        outputs = self.post.outputs.get("", [])
        positions = [i for i, key in enumerate(outputs) if key in post]
        if not positions:
            return []
        if self._aot is None:
            self._aot = self.inputs.aot_graph()
        aot_out = self._aot.outputs.get("", [])
        names = [aot_out[i] for i in positions if i < len(aot_out) and aot_out[i]]
        return _frames_from_nodes(self._aot, [n for n in names if n is not None])

    def checked_comment_names(self, site: LaunchSite, scope: str, kdef: KernelDef | None, key: str) -> tuple[list[str], list[str]]:
        """A launch comment's names as (pre-grad keys, post-grad keys); a name no graph has is
        said, unless the kernel header maps it or another graph of the compile has it."""
        c_pre, c_post, unknown = self.comment_names(site, scope, key)
        if unknown and self.post is not None:
            # a name Inductor's passes gave a node after the post-grad graph was printed
            # (reinplace's `_generalized_scatter`): the kernel header maps it to the post-grad node;
            # an extern call's comment names it too, and any Triton kernel's header of the graph maps it
            fed = scatters_fed(list(site.source_nodes), self.post, scope)
            for name in list(unknown):
                targets = (kdef.node_map.get(name, []) if kdef is not None else []) or self.pass_names().get(name, [])
                for target in targets or ([fed[name]] if name in fed else []):
                    found = self.post.resolve(target, scope)
                    if found is not None:
                        if name in unknown:
                            unknown.remove(name)
                        if found not in c_post:
                            c_post.append(found)
            # the reinplace pass's own names that no header maps: known to be Inductor's, not the user's
            unknown = [n for n in unknown if not REINPLACE_NAME.match(n)]
        if unknown and self.inputs.other_names is not None:
            if self._other is None:
                self._other = self.inputs.other_names()
            unknown = [n for n in unknown if n not in self._other]
        if unknown:
            self.graph.warnings.append(
                InputWarning(
                    self.inputs.code_path,
                    site.comment_line,
                    f"launch comment names node(s) that neither the pre-grad nor the post-grad graph has: {', '.join(unknown)}; ignored",
                )
            )
        return c_pre, c_post

    def launch(self, site: LaunchSite, key: str, kdef: KernelDef | None, kind: str, mapped: list[str] | None, several: bool) -> Launch:
        """One launch site of kernel ``key`` linked: its post-grad and pre-grad nodes, ATen ops and
        frames, with where they came from (the rules of this module's docstring)."""
        post_graph, pre_graph = self.post, self.pre
        scope = self.scope_of(site)
        c_pre, c_post = self.checked_comment_names(site, scope, kdef, key)
        header = kdef is not None and bool(kdef.node_map) and self.first_line.get(site.name) == site.line
        provenance = "stack_traces" if key in self.stack else "comments"
        distrusted = None
        if mapped is not None and kind in ("extern", "fallback") and self.post is not None:
            distrusted = mapping_disagreement(self.post, site, key, mapped, self.post_keys(mapped, scope))
        if distrusted is not None:  # the call's own comment and the graph's dataflow, not the mapping (nor its stack traces)
            self.graph.warnings.append(InputWarning(self.inputs.code_path, site.line, distrusted))
            mapped, provenance = None, "comments"
        if mapped is not None:
            provenance = self.inputs.mapping_source
            post = self.post_keys(mapped, scope)
            if several:  # a bare name with several sites (v1 mapping): each site's own share
                share = [k for k in self.inferred(site.line) if k in post]
                post = share or post
        elif header and kdef is not None:
            post = self.post_keys(kdef.post_grad_nodes, scope)
        elif self.inferred(site.line):
            post = list(self.inferred(site.line))
            provenance = provenance if provenance == "stack_traces" else "inferred"
        else:
            post = list(c_post)
        post_nodes = post_graph.nodes if post_graph is not None else {}
        pre_nodes = pre_graph.nodes if pre_graph is not None else {}
        if post_graph is not None:
            post = sorted(_unique(post), key=lambda n: post_nodes[n].line if n in post_nodes else 0)

        pre: list[str] = list(self.inputs.kernel_to_pre.get(key, [])) if self.inputs.kernel_to_pre else []
        if self.post_to_pre and not pre:
            pre = [p for n in post for p in self.post_to_pre.get(n, [])]
        if not pre:
            header_names = list(kdef.node_map) if header and kdef is not None else []
            mine = own_comment_names(pre_graph, post_graph, post, c_pre) if kind in ("extern", "fallback") else c_pre
            pre = [n for n in header_names if n in pre_nodes] + mine
        if pre_graph is not None:
            pre = sorted((n for n in _unique(pre) if n in pre_nodes), key=lambda n: pre_nodes[n].line)
        else:  # the comment's order (Inductor sorts it topologically)
            pre = _unique(pre)

        exact = _unique(aten_op_of(post_nodes[n].target) for n in post if n in post_nodes) if post_graph is not None else []
        aten = list(site.aten_ops) or (list(kdef.aten_ops) if kdef is not None and (header or not several) else [])
        if not aten or (kind in ("extern", "fallback") and exact):
            aten = exact or aten
        elif kind in ("extern", "fallback") and (op := call_op(site.name)) is not None:  # no graph to say: the call's own op
            aten = [a for a in aten if a.rpartition(".")[2] == op] or aten  # (its comment also names its inputs' ops)

        frames = self.launch_frames(site, key if distrusted is None else None, kind, mapped, (post, pre), (c_pre, c_post))
        alternatives = self.alternatives(site.line) if provenance == "inferred" else ()
        return Launch(
            self.inputs.code_path, site.line, site.col, site.end_col, post, pre, _unique(aten), list(frames), provenance, alternatives
        )

    def launch_frames(self, site: LaunchSite, key: str | None, kind: str, mapped: list[str] | None, nodes, comment) -> list[Frame]:
        """A launch's source frames: the stack-traces artifact's for ``key`` (None: the mapping of the
        launch is distrusted, and its stack traces with it), else the ``# File:``
        lines of its nodes (``nodes``: post-grad, pre-grad) and of its comment's names (``comment``:
        pre-grad, post-grad), followed out of generated code; where they came from is noted."""
        (post, pre), (c_pre, c_post) = nodes, comment
        post_graph, pre_graph = self.post, self.pre
        frames: list[Frame] = self.stack.get(key) or [] if key is not None else []
        came = "stack_traces" if frames else None
        if not frames:
            own: list[Frame] = _frames_from_nodes(post_graph, post, self.inputs.pass_frame)
            if mapped is not None:
                frames = own or _frames_from_nodes(pre_graph, pre)
            elif kind == "extern" and own:
                frames = own  # the comment also names the views of its inputs
            else:
                frames = _merge_frames(own, _frames_from_nodes(pre_graph, c_pre), _frames_from_nodes(post_graph, c_post))
            if not frames:
                frames = own = self.output_frames(post)
            from_post = bool(own) or bool(_frames_from_nodes(post_graph, c_post))
            came = ("post_grad_graph" if from_post else "pre_grad_graph") if frames else None
        self.frames_from[site.line] = came
        return follow_generated(list(frames), self.inputs.frame_graphs)


#: Names PyTorch's own post-grad passes put in launch comments for nodes no printed graph has
#: (``torch/_inductor/fx_passes/replace_random.py`` names its replacements ``inductor_random``).
PASS_NAMES = frozenset({"inductor_random"})

_RANK = {"mapping": 0, "kernel_information": 0, "stack_traces": 1, "comments": 2, "inferred": 3}


def link_graph(graph: Graph, inputs: GraphInputs) -> list[Kernel]:
    """Build ``graph.kernels`` from ``inputs``; returns them.  Never raises on odd input."""
    code = inputs.code
    defs = dict(code.defs)
    def_paths = {name: inputs.code_path for name in defs}
    if inputs.kernel_code is not None and inputs.kernel_code_path:
        for name, body in inputs.kernel_code.defs.items():
            defs[name] = body  # the real body beats the wrapper's extern "C" declaration
            def_paths[name] = inputs.kernel_code_path
    entries, handle_keys = _entries(graph, inputs)
    link = _Linker(graph, inputs)
    kernels = [_kernel(link, key, sites, key in handle_keys, defs, def_paths) for key, sites in entries.items()]
    kernels.sort(key=lambda k: k.launches[0].line if k.launches else (k.definition.line if k.definition else 0))
    fill_between(kernels, link.pre, link.post)  # a comment-less kernel of a checkpointed block: its neighbours' subgraph
    graph.kernels = kernels
    return kernels


def _entries(graph: Graph, inputs: GraphInputs) -> tuple[dict[str, list[LaunchSite]], set[str]]:
    """The code's kernels as provenance keys with their launch sites (a kernel defined and never
    launched, or a debug handle with no launch after it, has none: the latter is said), and the
    keys that are ``name:handle``."""
    code = inputs.code
    entries: dict[str, list[LaunchSite]] = {}
    for site in code.launches:
        entries.setdefault(site.key or site.name, []).append(site)
    launched = {site.name for site in code.launches}
    # a multi-kernel's sub-kernels are its alternatives, not kernels of their own
    alternative_of = {alt: kdef.name for kdef in code.defs.values() for alt in kdef.alternatives}
    for name in code.defs:
        if name not in launched and name not in alternative_of:  # defined, never launched: still a kernel of this code
            entries.setdefault(name, [])
    handle_keys = {key for _, key in code.handles}
    for line, key in code.unbound_handles:  # a handle comment is a kernel of this code too
        if key not in entries:
            entries[key] = []
            graph.warnings.append(
                InputWarning(
                    inputs.code_path,
                    line,
                    f"no launch found after [Provenance debug handles] {key}; the kernel is listed without a launch site",
                )
            )
    return entries, handle_keys


def _kernel(
    link: _Linker, key: str, sites: list[LaunchSite], handled: bool, defs: dict[str, KernelDef], def_paths: dict[str, str]
) -> Kernel:
    """One kernel of the graph: its launches linked, its fields the union of theirs (or, never
    launched, what its header says), its nodes in graph order, its multi-kernel alternatives."""
    inputs, post_graph, pre_graph, mapping = link.inputs, link.post, link.pre, link.mapping
    name, handle = split_key(key) if handled else (key, None)
    kdef: KernelDef | None = defs.get(name)
    kind = kdef.kind if kdef is not None else (sites[0].kind if sites else "pointwise")
    definition = Span(def_paths[name], kdef.line, kdef.col, kdef.end_col) if kdef is not None else None
    mapped = None
    if mapping is not None and key in mapping.kernel_to_post:
        mapped = mapping.kernel_to_post[key]
    elif inputs.kernel_to_post and key in inputs.kernel_to_post:
        mapped = inputs.kernel_to_post[key]
    launches = [link.launch(site, key, kdef, kind, mapped, len(sites) > 1) for site in sites]
    if launches:
        post_nodes = _unique(n for la in launches for n in la.post_grad_nodes)
        pre_nodes = _unique(n for la in launches for n in la.pre_grad_nodes)
        aten = _unique(a for la in launches for a in la.aten_ops)
        frames = launches[0].frames if len(launches) == 1 else _merge_frames(*(la.model_lines for la in launches))
        provenance = min((la.provenance for la in launches), key=_RANK.__getitem__)
    else:
        post_nodes, pre_nodes, aten, frames, provenance = _unlaunched(link, key, kdef, mapped)
    if post_graph is not None:
        post_nodes = sorted(post_nodes, key=lambda n: post_graph.nodes[n].line if n in post_graph.nodes else 0)
    if pre_graph is not None:
        pre_nodes = sorted(pre_nodes, key=lambda n: pre_graph.nodes[n].line if n in pre_graph.nodes else 0)
    if launches:
        came = {link.frames_from.get(la.line) for la in launches}
        frames_from = next((c for c in ("stack_traces", "post_grad_graph", "pre_grad_graph") if c in came), None)
    elif frames:
        from_post = _frames_from_nodes(post_graph, post_nodes)
        frames_from = "stack_traces" if key in link.stack else ("post_grad_graph" if from_post else "pre_grad_graph")
    else:
        frames_from = None
    alternatives = [
        (
            alt,
            defs[alt].kind if alt in defs else "unknown",
            Span(def_paths[alt], defs[alt].line, defs[alt].col, defs[alt].end_col) if alt in defs else None,
        )
        for alt in (kdef.alternatives if kdef is not None else [])
    ]
    return Kernel(
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
        graph=link.graph,
        alternatives=alternatives,
    )


def _unlaunched(link: _Linker, key: str, kdef: KernelDef | None, mapped: list[str] | None):
    """A kernel defined and never launched: (post-grad nodes, pre-grad nodes, ATen ops, frames,
    provenance) from the mapping or what its header says."""
    inputs, post_graph, pre_graph = link.inputs, link.post, link.pre
    post_nodes = link.post_keys(mapped if mapped is not None else (kdef.post_grad_nodes if kdef is not None else []), "")
    pre_nodes = list(inputs.kernel_to_pre.get(key, [])) if inputs.kernel_to_pre else []
    pre_nodes = pre_nodes or [n for n in (kdef.node_map if kdef is not None else []) if pre_graph is not None and n in pre_graph.nodes]
    aten = list(kdef.aten_ops) if kdef is not None else []
    frames = (
        link.stack.get(key) or _frames_from_nodes(post_graph, post_nodes, inputs.pass_frame) or _frames_from_nodes(pre_graph, pre_nodes)
    )
    frames = follow_generated(frames, inputs.frame_graphs)
    provenance = inputs.mapping_source if mapped is not None else ("stack_traces" if key in link.stack else "comments")
    return post_nodes, pre_nodes, aten, frames, provenance
