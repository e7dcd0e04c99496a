"""Infer each launch's post-grad nodes where the code says nothing: align wrapper dataflow with the post-grad graph.

Without provenance (``INDUCTOR_PROVENANCE`` unset, PyTorch 2.6 - 2.14) C++ kernels carry no
comment at all, and a kernel launched at several sites has one header for all of them.  The
wrapper code and the post-grad graph still describe the same computation:

* graph inputs (``primals_N``, ``argN_1``, ``tangents_N``) are named in both, and the code's
  ``return (...)`` lists, in order, the values of the graph's ``return``;
* an extern or fallback call (``extern_kernels.mm``, ``torch.ops.aten.x.default``) is one node
  of the graph with that ATen op, whose inputs are the buffers it reads (views stripped on both
  sides), so it anchors its own node and names the nodes of the buffers it reads;
* a fused kernel (Triton, C++, template) reads buffers whose nodes are known and writes buffers;
  the nodes it computes are those between them: every node its outputs depend on, back to the
  nodes of the buffers it reads.  A buffer written by one fused kernel and read only by others
  is the latest node (in graph order) that its writer can compute and its reader needs.

Buffer reuse (``# reuse``) and ``del`` lines are not dataflow: a reused buffer is an alias.
The answer is a best reading, marked ``inferred`` by the linker; with ``INDUCTOR_PROVENANCE=1``
PyTorch records the exact one.
"""

from __future__ import annotations

from ...model import FxGraph
from ...readers.wrapper_dataflow import WrapperDataflow
from .alignment import OP_ALIASES, VIEW_OPS, Op, OpBuilder, ScopeGraph, Val, fits
from .origins import OriginRules


class _Solver(OriginRules):
    """Fills in the :class:`Val` nodes of one function's ops until nothing changes, then gives
    each kernel op its nodes."""

    def __init__(self, graph: ScopeGraph, ops: list[Op], extern_ops: set[str]) -> None:
        self.g, self.ops = graph, ops
        self.claimed: dict[str, Val] = {}
        self.matched: set[str] = set()
        self.extern_ops = extern_ops
        self._regions: dict[int, set[str] | None] = {}
        self._realized: dict[str, int] | None = None
        #: id(op) -> the origins a fallback call gathered (its node and the views of its inputs)
        self.gathered: dict[int, list[str]] = {}
        #: id(value or op) -> the other nodes that fitted as well where a rule had to choose
        self.choices: dict[int, list[str]] = {}
        #: id(op) -> nodes a kernel took that may be another call's alone (inputs_made_for_calls)
        self.taken: dict[int, list[str]] = {}
        self._fusable: dict[str, bool] = {}
        self._free_region: set[str] | None = None  # (region's: made when first asked for)
        for op in ops:
            for val in op.reads + op.writes:
                if val is not None and val.node is not None:
                    self.claimed.setdefault(val.node, val)

    # ------------------------------------------------------------------ helpers
    def assign(self, val: Val | None, key: str | None, shared: bool = False) -> bool:
        """Give ``val`` node ``key`` unless another value holds it (``shared``: an extern's
        result that a later kernel finishes in place, such as a convolution's bias)."""
        if val is None or key is None or val.node is not None:
            return False
        holder = self.claimed.get(key)
        if holder is not None and holder is not val and key not in self.g.fx.placeholders and not shared:
            return False
        val.node = key
        self.claimed[key] = val
        return True

    def read_node(self, val: Val, arg: str) -> str | None:
        """The node of a value an extern call reads as its argument ``arg``: the value ``arg`` is a
        view of, unless a fused kernel wrote the value in ``arg``'s own layout (a view that
        Inductor materialized for the call, such as ``scatter_add``'s reshaped source), which is
        then the node that kernel computed."""
        base = self.g.base(arg)
        if (
            base != arg
            and val.writer >= 0
            and self.ops[val.writer].kind == "kernel"
            and fits(self.g, arg, val) == 2
            and (base is None or fits(self.g, base, val) < 2)
        ):
            return arg
        return base

    def fusable(self, key: str) -> bool:
        """Whether node ``key`` can be computed inside a fused kernel (memoized: the graph and the
        extern ops are fixed for the solver's life)."""
        found = self._fusable.get(key)
        if found is None:
            op = self.g.ops.get(key, "")
            found = self._fusable[key] = (
                key in self.g.nodes
                and op not in self.extern_ops
                and not self.g.nodes[key].target.startswith(("torch.ops.higher_order.", "self."))
            )
        return found

    def region(self, index: int, partial: bool = False) -> set[str] | None:
        """Nodes a fused kernel can compute from the values it reads (``None`` while one is
        unknown; with ``partial``, from those known so far, not memoized)."""
        if not partial and self._regions.get(index) is not None:
            return self._regions[index]
        op = self.ops[index]
        if not partial and any(v is not None and v.node is None for v in op.reads):
            return None
        sources = {b for v in op.reads if v is not None and v.node is not None and (b := self.g.base(v.node)) is not None}
        if self._free_region is None:  # what every region holds: the nodes computable from the free nodes alone
            self._free_region = self._grow(set(), list(self.g.free_roots))
        # the region is the least set closed under "a fusable user of it whose arguments it holds
        # or are free": grown from the sources and the free region (which any such set holds), as
        # growing it from the sources and the free roots would, without walking the free region again
        out = self._free_region - sources
        out |= self._grow(sources | self._free_region, list(sources))
        if not partial:
            self._regions[index] = out
        return out

    def _grow(self, seen: set[str], stack: list[str]) -> set[str]:
        """The nodes added to ``seen`` (in place) by walking from ``stack``: each fusable user of a
        node walked whose arguments are all in ``seen`` or free."""
        out: set[str] = set()
        free = self.g.free
        users = self.g.users
        nodes = self.g.nodes
        while stack:
            key = stack.pop()
            for user in users.get(key, ()):
                if user in seen or not self.fusable(user):
                    continue
                if all(a in seen or a in free for a in nodes[user].args):
                    seen.add(user)
                    out.add(user)
                    stack.append(user)
        return out

    def back(self, starts: list[str], stops: set[str]) -> tuple[list[str], bool]:
        """Nodes the ``starts`` depend on, back to ``stops`` (excluded); and whether the walk
        ran into a graph input or a value it may not compute."""
        seen: set[str] = set()
        leak = False
        stack = [s for s in starts if s is not None]
        while stack:
            key = stack.pop()
            if key in seen or key in stops:
                continue
            if key not in self.g.nodes:
                leak = True
                continue
            if key not in starts and (key in self.claimed or not self.fusable(key)):
                leak = True  # materialized by another launch, or never fused: read, not computed
                continue
            seen.add(key)
            stack.extend(self.g.nodes[key].args)
        return sorted(seen, key=self.g.order.__getitem__), leak

    # ------------------------------------------------------------------ rules
    def returns(self) -> bool:
        changed = False
        for op in self.ops:
            if op.kind == "return":
                for val, key in zip(op.reads, self.g.outputs, strict=False):
                    changed |= self.assign(val, self.g.base(key))
        return changed

    def getitems(self) -> bool:
        changed = False
        for op in self.ops:
            if op.kind != "getitem" or not op.reads or op.reads[0] is None:
                continue
            src, dst = op.reads[0], op.writes[0]
            if src.node is not None and dst.node is None:
                for user in self.g.users.get(src.node, ()):
                    if self.g.ops[user] == "getitem" and self.g.nodes[user].target.endswith(f"[{op.name}]"):
                        changed |= self.assign(dst, user)
                        break
            elif dst.node is not None and src.node is None and self.g.ops.get(dst.node) == "getitem":
                args = self.g.nodes[dst.node].args
                changed |= bool(args) and self.assign(src, args[0])
        return changed

    def mutations(self) -> bool:
        changed = False
        for op in self.ops:
            for val in op.writes:
                if val.mutates is not None and val.node is None:
                    for user in self.g.users.get(val.mutates, ()):
                        if self.g.ops[user].endswith("_") and self.g.nodes[user].args[:1] == (val.mutates,):
                            changed |= self.assign(val, user)
                            break
        return changed

    def externs(self, force: bool = False) -> bool:
        changed = False
        for op in self.ops:
            if op.kind not in ("extern", "fallback", "hop") or op.node is not None:
                continue
            if op.kind == "hop":
                cands = [k for k in self.g.nodes if op.name in self.g.nodes[k].args and k not in self.matched]
            else:
                names = (op.name, op.name.rstrip("_"), *OP_ALIASES.get(op.name.rstrip("_"), ()))
                by_op = self.g.by_op  # (candidates are ranked below: their order does not matter)
                cands = [k for o in dict.fromkeys(names) for k in by_op.get(o, ()) if k not in self.matched]
            known = [self.g.base(v.node) for v in op.reads if v is not None and v.node is not None]
            out = op.writes[0] if op.writes else None
            scored = []
            for key in cands:
                if out is not None and out.node is not None and out.node != key:
                    continue
                if out is not None and op.kind != "hop" and fits(self.g, key, out) == 0:
                    continue
                bases = {self.g.base(a) for a in self.g.nodes[key].args}
                hits = sum(1 for k in known if k in bases)
                if hits < len(known):
                    continue
                scored.append((hits, -self.g.order[key], key))
            if not scored:
                continue
            scored.sort(reverse=True)
            unique = len(scored) == 1 or scored[0][0] > scored[1][0]
            if not force and not (unique and (scored[0][0] > 0 or len(scored) == 1)):
                continue
            key = scored[0][2]
            if not unique:  # several calls' nodes fit as well: the first in graph order was taken
                self.choices[id(op)] = [k for h, _, k in scored[1:] if h == scored[0][0]]
            op.node = key
            self.matched.add(key)
            changed = True
            for val in op.writes:
                self.assign(val, key, shared=True)
            args = list(self.g.nodes[key].args)
            tensor_reads = [v for v in op.reads if v is not None]
            if op.kind != "hop" and len(tensor_reads) == len(args):
                for val, arg in zip(tensor_reads, args, strict=True):
                    self.assign(val, self.read_node(val, arg))
        return changed

    def kernel_outputs(self) -> bool:
        """A value a fused kernel writes is the one node of its region that fits the buffer."""
        changed = False
        for index, op in enumerate(self.ops):
            if op.kind != "kernel" or all(v.node is not None for v in op.writes):
                continue
            region = self.region(index)
            if region is None:
                continue
            for val in op.writes:
                if val.node is not None:
                    continue
                cands = [k for k in region if k not in self.claimed and self.g.ops[k] not in VIEW_OPS and fits(self.g, k, val) == 2]
                # a node that reads nothing is recomputed in each reader unless Inductor realizes it
                cands = [k for k in cands if k not in self.g.free or self.realized(k)]
                if len(cands) == 1:
                    changed |= self.assign(val, cands[0])
        return changed

    def kernel_inputs(self) -> bool:
        """A value a fused kernel reads, written by another fused kernel, is the latest node its
        writer can compute that its reader's outputs depend on and that fits the buffer."""
        changed = False
        for index, op in enumerate(self.ops):
            if op.kind != "kernel":
                continue
            unknown = [v for v in op.reads if v is not None and v.node is None]
            outs = [v.node for v in op.writes if v.node is not None]
            if not unknown or not outs:
                continue
            stops = {self.g.base(v.node) for v in op.reads if v is not None and v.node is not None}
            walked, _ = self.back(outs, {s for s in stops if s is not None})
            own = self.region(index, partial=True) or set()
            walked = [k for k in walked if k not in own]
            for val in unknown:
                if val.writer < 0 or self.ops[val.writer].kind != "kernel":
                    continue
                region = self.region(val.writer)
                if region is None:
                    continue
                cands = [
                    k for k in walked if k in region and k not in self.claimed and self.g.ops[k] not in VIEW_OPS and fits(self.g, k, val)
                ]
                if cands:
                    # a buffer between two kernels holds a node Inductor realized (the others are inlined)
                    rank = {k: (fits(self.g, k, val), self.realized(k), self.g.order[k]) for k in cands}
                    best = max(cands, key=rank.__getitem__)
                    if self.assign(val, best):
                        changed = True
                        ties = sorted(
                            (k for k in cands if k != best and rank[k][:2] == rank[best][:2]),
                            key=self.g.order.__getitem__,
                        )
                        if ties:  # the latest of equally fitting nodes: Inductor's usual choice, not a certainty
                            self.choices[id(val)] = ties
        return changed

    def fill(self, skip: set[int]) -> None:
        """Last resort for values no rule pinned (but those in ``skip``, by id): the best-fitting
        free node of the writer's region."""
        for index, op in enumerate(self.ops):
            if op.kind != "kernel":
                continue
            region = self.region(index)
            if region is None:
                continue
            outs = [v.node for v in op.writes if v.node is not None]
            inside, _ = self.back(
                outs, {b for v in op.reads if v is not None and v.node is not None and (b := self.g.base(v.node)) is not None}
            )
            for val in op.writes:
                if val.node is not None or id(val) in skip:
                    continue
                cands = [k for k in region if k not in self.claimed and self.g.ops[k] not in VIEW_OPS and fits(self.g, k, val)]
                if cands:
                    best = max(cands, key=lambda k: (k in inside, fits(self.g, k, val), -self.g.order[k]))
                    if self.assign(val, best) and len(cands) > 1:  # the last resort: a guess among several
                        self.choices[id(val)] = sorted((k for k in cands if k != best), key=self.g.order.__getitem__)

    def solve(self) -> None:
        for force in (False, True):
            changed = True
            rounds = 0
            while changed and rounds < 50:
                rounds += 1
                changed = self.returns() | self.mutations() | self.getitems() | self.externs()
                changed |= self.kernel_outputs() | self.kernel_inputs()
            if force:
                break
            while self.externs(force=True):
                changed = True
                while changed:
                    changed = self.returns() | self.mutations() | self.getitems() | self.externs()
                    changed |= self.kernel_outputs() | self.kernel_inputs()
        self.layout_copy_sources()
        clones = self.scatter_clones()
        self.fill(skip=set(clones))
        for position, op in enumerate(self.ops):  # (not ops.index(op): dataclass equality, O(n) each)
            if op.kind == "kernel":
                stops = {b for v in op.reads if v is not None and v.node is not None and (b := self.g.base(v.node)) is not None}
                outs = [v.node for v in op.writes if v.node is not None]
                nodes, _ = self.back(outs, stops - set(outs))
                nodes = nodes + self.bases_seen_through_views(nodes)
                nodes = nodes + self.cat_slot_chains(position, op, nodes)
                for scatter in dict.fromkeys(clones[id(v)] for v in op.writes if id(v) in clones):
                    nodes += [k for k in [scatter, *self.all_origins(scatter)] if k not in nodes]
                nodes = sorted(nodes, key=self.g.order.__getitem__)
                # an item of a multi-output node (var_mean[0]) counts only where the kernel stores it
                op.nodes = [k for k in nodes if self.g.ops[k] != "getitem" or k in outs]
                copies = [v for v in op.writes if v.node in self.g.fx.placeholders and v.mutates is None]
                if not op.nodes and copies:  # a layout copy of graph inputs: it belongs to the calls reading it
                    op.nodes = [
                        o.node
                        for o in self.ops
                        if o.kind in ("extern", "fallback") and o.node is not None and any(r is v for r in o.reads for v in copies)
                    ]
            elif op.kind == "extern" and op.node is not None:
                op.nodes = [op.node] + (self.all_origins(op.node) if self.not_its_own_value(position, op) else [])
            elif op.kind in ("fallback", "hop") and op.node is not None:
                stops = {b for v in op.reads if v is not None and v.node is not None and (b := self.g.base(v.node)) is not None}
                views, _ = self.back(list(self.g.nodes[op.node].args), stops)
                # its origins: its node (and the items it returns) and the views of its inputs it
                # gathered, but not a view Inductor copied into a fixed layout for the call
                # (see OriginRules.fixed_for_users); a copy made for the call carries them too
                fixed = self.fixed_views(op.node)
                nodes = [op.node] + [k for k in views if (self.g.ops[k] in VIEW_OPS and k not in fixed) or self.g.ops[k] == "getitem"]
                op.nodes = sorted(nodes, key=self.g.order.__getitem__)
                self.gathered[id(op)] = op.nodes
        self.split_reduction_halves()
        self.inputs_made_for_calls()


class InferredLaunches(dict):
    """``{launch line: [post-grad node key, ...]}``, and in :attr:`alternatives` ``{launch line:
    [node key, ...]}`` for the launches where the alignment had to choose: the other nodes that
    fitted as well (an extern call matched among several equal candidates, a value between two
    kernels given the latest of equally fitting nodes, a last-resort guess), or the nodes it took
    that may be another call's alone (a kernel whose name says it lays out a call's input).  A
    launch not in ``alternatives`` was pinned by its dataflow alone."""

    alternatives: dict[int, list[str]]

    def __init__(self) -> None:
        super().__init__()
        self.alternatives = {}


def infer_launches(flow: WrapperDataflow, fx: FxGraph, kernels: set[str]) -> InferredLaunches:
    """``{launch line: [post-grad node key, ...]}`` for every kernel, extern and fallback launch
    of Python wrapper code, read off the alignment of ``flow`` with ``fx`` (see the module text),
    with the launches where it had to choose in ``.alternatives`` (:class:`InferredLaunches`).

    ``kernels`` are the names of the kernels the code defines.  Launches whose nodes cannot be
    told get ``[]``.  Never raises on odd input.
    """
    out = InferredLaunches()
    scopes = set(fx.scopes)
    subgraphs = {s.rsplit(".", 1)[-1] for s in scopes if s}
    called = {st.callee for sts in flow.functions.values() for st in sts if st.kind == "call"}
    for fn in flow.functions:
        scope = next((s for s in scopes if s and s.rsplit(".", 1)[-1] == fn), None)
        if scope is None and (fn in called or fn.startswith("partition_")):
            continue  # inlined where it is called
        graph = ScopeGraph(fx, scope or "")
        builder = OpBuilder(flow, graph, kernels, subgraphs)
        builder.run(fn)
        extern_ops = {op.name for op in builder.ops if op.kind in ("extern", "fallback")}
        solver = _Solver(graph, builder.ops, extern_ops)
        try:
            solver.solve()
        except RecursionError:  # pragma: no cover - a pathological graph
            continue
        outer: list[str] = []
        if scope:  # PyTorch counts the higher-order op that runs the subgraph, and its inputs, in a
            # fused kernel's origins; an extern or fallback call has its own FX node as its origin
            # node, and that node alone gives its provenance (``torch/_inductor/ir.py``
            # ``IRNode.get_stack_traces``, ``debug.py`` ``set_kernel_post_grad_provenance_tracing``)
            name = scope.rsplit(".", 1)[-1]
            parent = scope.rpartition(".")[0]
            calls = [k for k, n in fx.nodes.items() if n.scope == parent and fx.resolve(name, parent) in n.args]
            for key in calls:
                outer += [a for a in fx.nodes[key].args if a in fx.nodes and a not in outer] + [key]
        for op in builder.ops:
            if op.kind in ("kernel", "extern", "fallback"):
                nodes = op.nodes + [k for k in outer if k not in op.nodes] if op.nodes and op.kind == "kernel" else op.nodes
                out.setdefault(op.line, nodes)
                chosen = [
                    k
                    for key in (id(op), *(id(v) for v in op.reads if v is not None), *(id(v) for v in op.writes))
                    for k in solver.choices.get(key, ())
                ]
                others = list(dict.fromkeys([*(k for k in chosen if k not in nodes), *solver.taken.get(id(op), ())]))
                if others:  # (a choice among its own nodes changes nothing it is given)
                    out.alternatives.setdefault(op.line, others)
    return out
