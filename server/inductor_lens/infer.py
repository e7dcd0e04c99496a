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

import re
from dataclasses import dataclass, field

from .model import FxGraph
from .readers.wrapper_dataflow import DTYPE_ABBREV, Stmt, WrapperDataflow

#: ATen ops whose output is a view of their first input (the value stays that input's).
VIEW_OPS = frozenset({
    "view", "reshape", "_unsafe_view", "permute", "transpose", "t", "expand", "expand_as", "unsqueeze", "squeeze",
    "slice", "select", "as_strided", "alias", "split", "split_with_sizes", "unbind", "narrow", "diagonal", "view_as",
    "unfold", "chunk", "detach", "lift_fresh",
})
#: Wrapper ops that run a differently named graph op (``prims.inductor_seeds`` is launched as
#: ``aten.randint.low_out``).
OP_ALIASES = {"randint": ("inductor_seeds",)}
_ANN = re.compile(r"^(?P<dtype>[a-z]+\d*(?:e\d+m\d+\w*)?)\[(?P<shape>[^\]]*)\](?:\[(?P<stride>[^\]]*)\])?")
_GETITEM_TARGET = re.compile(r"^(?P<src>[A-Za-z_]\w*)\[(?P<idx>\d+)\]$")


def op_of(target: str) -> str:
    """``torch.ops.aten.mm.default`` -> ``mm``; ``var_mean[0]`` -> ``getitem``; else the last name."""
    if target.startswith("torch.ops."):
        parts = target.split(".")
        return parts[3] if len(parts) > 3 else parts[-1]
    if _GETITEM_TARGET.match(target):
        return "getitem"
    return target.rsplit(".", 1)[-1]


def callee_op(callee: str) -> str:
    """The ATen op a wrapper callee runs: ``extern_kernels.mm`` -> ``mm``, ``aten.x.y`` -> ``x``."""
    for prefix in ("extern_kernels.", "torch.ops.", "aten."):
        if callee.startswith(prefix):
            rest = callee[len(prefix):].split(".")
            if prefix == "torch.ops." and len(rest) > 1:
                return rest[1]
            return rest[0]
    return callee


def _shape(text: str) -> str:
    return ",".join(p.strip() for p in text.strip().strip("()[]").split(",") if p.strip())


@dataclass(slots=True, eq=False)
class Val:
    """One value a wrapper variable holds: its post-grad node key (``None`` until known), the
    layout its buffer was allocated with, and who wrote it (index into the op list or -1)."""

    node: str | None = None
    shape: str | None = None
    dtype: str | None = None
    writer: int = -1
    fresh: bool = False
    #: a graph input this value overwrites in place (resolved to the ``copy_`` node into it)
    mutates: str | None = None


@dataclass(slots=True)
class Op:
    """One launch in execution order: ``kind`` ``kernel`` (a fused kernel ``name``), ``extern``
    (ATen op ``name``), ``hop`` (a subgraph call) or ``return``; the values it reads and writes."""

    kind: str
    name: str
    line: int
    reads: list[Val | None] = field(default_factory=list)
    writes: list[Val] = field(default_factory=list)
    node: str | None = None
    nodes: list[str] = field(default_factory=list)


class _Graph:
    """The post-grad graph of one scope, indexed for the alignment."""

    def __init__(self, fx: FxGraph, scope: str) -> None:
        self.fx = fx
        self.scope = scope
        prefix = f"{scope}." if scope else ""
        self.nodes = {k: n for k, n in fx.nodes.items() if k.startswith(prefix) and "." not in k[len(prefix):]}
        self.order = {k: n.line for k, n in self.nodes.items()}
        self.users: dict[str, list[str]] = {}
        for key, node in self.nodes.items():
            for a in node.args:
                self.users.setdefault(a, []).append(key)
        self.ops = {k: op_of(n.target) for k, n in self.nodes.items()}
        self.free: set[str] = set()
        for key in sorted(self.nodes, key=self.order.__getitem__):
            if all(a in self.free for a in self.nodes[key].args) and not self.nodes[key].target.startswith("self."):
                self.free.add(key)
        self.inputs = fx.inputs.get(scope, [])
        self.outputs = fx.outputs.get(scope, [])

    def base(self, key: str | None) -> str | None:
        """The value ``key`` is a view of (views of views followed to the first non-view)."""
        seen = 0
        while key is not None and key in self.nodes and seen < 64:
            node = self.nodes[key]
            op = self.ops[key]
            src = node.args[0] if node.args else None
            if op == "getitem" and src is not None and self.ops.get(src) in VIEW_OPS:
                key = src
            elif op in VIEW_OPS and src is not None:
                key = src
            else:
                break
            seen += 1
        return key

    def ann(self, key: str) -> tuple[str, str] | None:
        text = self.nodes[key].ann if key in self.nodes else self.fx.placeholders.get(key, "")
        m = _ANN.match(text or "")
        return (m["dtype"], _shape(m["shape"])) if m else None


def _fits(graph: _Graph, key: str, val: Val) -> int:
    """2: same dtype and shape; 1: same dtype and element count (or no layout known); 0: no."""
    if val.shape is None:
        return 1
    ann = graph.ann(key)
    if ann is None:
        return 1
    if val.dtype and ann[0] != val.dtype:
        return 0
    if ann[1] == val.shape:
        return 2
    try:
        a = 1
        for d in ann[1].split(","):
            a *= int(d) if d else 1
        b = 1
        for d in val.shape.split(","):
            b *= int(d) if d else 1
        return 1 if a == b else 0
    except ValueError:
        return 0


class _Builder:
    """Turns one launcher function (graph partitions inlined) into :class:`Op` s over :class:`Val` s."""

    def __init__(self, flow: WrapperDataflow, graph: _Graph, kernels: set[str], subgraphs: set[str]) -> None:
        self.flow, self.graph, self.kernels, self.subgraphs = flow, graph, kernels, subgraphs
        self.ops: list[Op] = []
        self.depth = 0

    def _new(self, like: Val | None = None, shape: str | None = None, writer: int = -1) -> Val:
        return Val(shape=shape if shape is not None else (like.shape if like else None), dtype=like.dtype if like else None, writer=writer)

    def run(self, fn: str, params: list[Val | None] | None = None) -> list[Val | None]:
        """Build the ops of ``fn``; ``params`` are the values of its ``args`` list when inlined.
        Returns the values of its ``return``."""
        env: dict[str, tuple[Val, str | None]] = {}
        lists: dict[str, list[Val | None]] = {}
        graph = self.graph
        self.depth += 1
        out: list[Val | None] = []
        for st in self.flow.functions.get(fn, []):
            if st.kind == "unpack":
                source = params if st.src == "args" and params is not None else lists.get(st.src)
                for j, name in enumerate(st.targets):
                    if source is not None:
                        val = source[j] if j < len(source) else None
                        if val is not None:
                            env[name] = (val, None)
                        continue
                    key = f"{graph.scope}.{name}" if graph.scope else name
                    if key not in graph.fx.placeholders:
                        key = graph.inputs[j] if j < len(graph.inputs) else None
                    if key is not None:
                        env[name] = (Val(node=key, shape=(graph.ann(key) or (None, None))[1], dtype=(graph.ann(key) or (None, None))[0]), None)
            elif st.kind == "alloc":
                env[st.targets[0]] = (Val(shape=_shape(st.shape), dtype=DTYPE_ABBREV.get(st.dtype, st.dtype) or None, fresh=True), None)
            elif st.kind == "alias":
                if st.src in env:
                    val, _ = env[st.src]
                    env[st.targets[0]] = (val, _shape(st.shape) if st.view and st.shape else env[st.src][1])
                elif st.src in lists:
                    lists[st.targets[0]] = lists[st.src]
            elif st.kind == "list":
                lists[st.targets[0]] = [env[a.name][0] if a.kind == "ref" and a.name in env else None for a in st.args]
            elif st.kind == "getitem":
                if st.src in env:
                    dst = Val(writer=len(self.ops))
                    op = Op("getitem", str(st.index), st.line, reads=[env[st.src][0]], writes=[dst])
                    self.ops.append(op)
                    env[st.targets[0]] = (dst, None)
                elif st.src in lists and st.index < len(lists[st.src]):
                    val = lists[st.src][st.index]
                    if val is not None:
                        env[st.targets[0]] = (val, None)
            elif st.kind == "return":
                vals = [env[a.name][0] if a.kind == "ref" and a.name in env else None for a in st.args]
                if params is not None:
                    out = vals
                else:
                    self.ops.append(Op("return", fn, st.line, reads=vals))
            elif st.kind == "call":
                self._call(st, env, lists)
        self.depth -= 1
        return out

    def _call(self, st: Stmt, env: dict[str, tuple[Val, str | None]], lists: dict[str, list[Val | None]]) -> None:
        callee = st.callee
        name = callee[:-4] if callee.endswith(".run") else callee
        if name in self.kernels:
            self._kernel(st, name, env)
            return
        inline = None
        if callee.startswith("self.partitions["):
            inline = "partition_" + callee[len("self.partitions["):].rstrip("]")
        elif callee in self.flow.functions and callee not in self.subgraphs:
            inline = callee
        if inline is not None and inline in self.flow.functions and self.depth < 8:
            params = lists.get(st.args[0].name) if st.args and st.args[0].kind == "ref" else None
            if params is None and st.args and st.args[0].kind == "list":
                params = [env[a.name][0] if a.kind == "ref" and a.name in env else None for a in st.args[0].items]
            results = self.run(inline, params or [])
            for target, val in zip(st.targets, results, strict=False):
                if val is not None:
                    env[target] = (val, None)
            return
        if callee in self.subgraphs:
            result = Val(writer=len(self.ops))
            self.ops.append(Op("hop", callee, st.line, writes=[result]))
            if st.targets:
                env[st.targets[0]] = (result, None)
            return
        if not callee.startswith(("extern_kernels.", "torch.ops.", "aten.")):
            return
        op = Op("extern" if callee.startswith("extern_kernels.") else "fallback", callee_op(callee), st.line)
        for arg in st.args + [v for k, v in st.kwargs.items() if k != "out"]:
            for ref in arg.refs():
                if ref in env:
                    op.reads.append(env[ref][0])
        index = len(self.ops)
        out = st.kwargs.get("out")
        targets = [r for r in out.refs() if r in env] if out is not None else []
        if not targets and op.name.endswith("_") and st.args and st.args[0].kind == "ref" and st.args[0].name in env:
            targets = [st.args[0].name]  # an in-place op writes its first argument
        for target in targets:
            old, shape = env[target]
            new = self._new(old, shape, index)
            op.writes.append(new)
            env[target] = (new, None)
        if not targets and st.targets:
            op.writes.append(Val(writer=index))
            if len(st.targets) == 1:
                env[st.targets[0]] = (op.writes[0], None)
        self.ops.append(op)
        if len(st.targets) > 1 and not targets:  # (a, b) = op(...): each target an item of the result
            for n, target in enumerate(st.targets):
                item = Val(writer=len(self.ops))
                self.ops.append(Op("getitem", str(n), st.line, reads=[op.writes[0]], writes=[item]))
                env[target] = (item, None)

    def _kernel(self, st: Stmt, name: str, env: dict[str, tuple[Val, str | None]]) -> None:
        roles = self.flow.roles.get(name)
        index = len(self.ops)
        op = Op("kernel", name, st.line)
        writes: list[tuple[str, Val, str | None]] = []
        for i, arg in enumerate(st.args):
            if arg.kind != "ref" or arg.name not in env:
                continue
            val, shape = env[arg.name]
            role = roles[i] if roles is not None and i < len(roles) else ("out" if val.fresh else "in")
            if role == "scalar":
                continue
            if role in ("in", "inout"):
                op.reads.append(val)
            if role in ("out", "inout"):
                writes.append((arg.name, val, shape))
        for var, old, shape in writes:
            new = self._new(old, shape, index)
            if old.node is not None and old.node in self.graph.fx.placeholders:
                new.mutates = old.node  # a graph input written in place: its value is the copy_ into it
            op.writes.append(new)
            env[var] = (new, None)
        self.ops.append(op)


class _Solver:
    """Fills in the :class:`Val` nodes of one function's ops until nothing changes, then gives
    each kernel op its nodes."""

    def __init__(self, graph: _Graph, ops: list[Op], extern_ops: set[str]) -> None:
        self.g, self.ops = graph, ops
        self.claimed: dict[str, Val] = {}
        self.matched: set[str] = set()
        self.extern_ops = extern_ops
        self._regions: dict[int, set[str] | None] = {}
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

    def fusable(self, key: str) -> bool:
        op = self.g.ops.get(key, "")
        return key in self.g.nodes and op not in self.extern_ops and not self.g.nodes[key].target.startswith(("torch.ops.higher_order.", "self."))

    def region(self, index: int, partial: bool = False) -> set[str] | None:
        """Nodes a fused kernel can compute from the values it reads (``None`` while one is
        unknown; with ``partial``, from those known so far, not memoized)."""
        if not partial and self._regions.get(index) is not None:
            return self._regions[index]
        op = self.ops[index]
        if not partial and any(v is not None and v.node is None for v in op.reads):
            return None
        sources = {self.g.base(v.node) for v in op.reads if v is not None and v.node is not None}
        seen: set[str] = set(s for s in sources if s is not None)
        out: set[str] = set()
        stack = list(seen) + [f for f in self.g.free if not self.g.nodes[f].args]
        free = self.g.free
        while stack:
            key = stack.pop()
            for user in self.g.users.get(key, ()):
                if user in seen or not self.fusable(user):
                    continue
                if all(a in seen or a in free for a in self.g.nodes[user].args):
                    seen.add(user)
                    out.add(user)
                    stack.append(user)
        if not partial:
            self._regions[index] = out
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
                names = (op.name, op.name.rstrip("_"), *OP_ALIASES.get(op.name, ()))
                cands = [k for k, o in self.g.ops.items() if o in names and k not in self.matched]
            known = [self.g.base(v.node) for v in op.reads if v is not None and v.node is not None]
            out = op.writes[0] if op.writes else None
            scored = []
            for key in cands:
                if out is not None and out.node is not None and out.node != key:
                    continue
                if out is not None and op.kind != "hop" and _fits(self.g, key, out) == 0:
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
            op.node = key
            self.matched.add(key)
            changed = True
            for val in op.writes:
                self.assign(val, key, shared=True)
            args = list(self.g.nodes[key].args)
            tensor_reads = [v for v in op.reads if v is not None]
            if op.kind != "hop" and len(tensor_reads) == len(args):
                for val, arg in zip(tensor_reads, args, strict=True):
                    self.assign(val, self.g.base(arg))
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
                cands = [k for k in region if k not in self.claimed and self.g.ops[k] not in VIEW_OPS and _fits(self.g, k, val) == 2]
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
                cands = [k for k in walked if k in region and k not in self.claimed and self.g.ops[k] not in VIEW_OPS and _fits(self.g, k, val)]
                if cands:
                    best = max(cands, key=lambda k: (_fits(self.g, k, val), self.g.order[k]))
                    changed |= self.assign(val, best)
        return changed

    def fill(self) -> None:
        """Last resort for values no rule pinned: the best-fitting free node of the writer's region."""
        for index, op in enumerate(self.ops):
            if op.kind != "kernel":
                continue
            region = self.region(index)
            if region is None:
                continue
            outs = [v.node for v in op.writes if v.node is not None]
            inside, _ = self.back(outs, {self.g.base(v.node) for v in op.reads if v is not None and v.node is not None} - {None})
            for val in op.writes:
                if val.node is not None:
                    continue
                cands = [k for k in region if k not in self.claimed and self.g.ops[k] not in VIEW_OPS and _fits(self.g, k, val)]
                if cands:
                    best = max(cands, key=lambda k: (k in inside, _fits(self.g, k, val), -self.g.order[k]))
                    self.assign(val, best)

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
        self.fill()
        for op in self.ops:
            if op.kind == "kernel":
                stops = {self.g.base(v.node) for v in op.reads if v is not None and v.node is not None} - {None}
                outs = [v.node for v in op.writes if v.node is not None]
                nodes, _ = self.back(outs, stops - set(outs))
                # an item of a multi-output node (var_mean[0]) counts only where the kernel stores it
                op.nodes = [k for k in nodes if self.g.ops[k] != "getitem" or k in outs]
                copies = [v for v in op.writes if v.node in self.g.fx.placeholders and v.mutates is None]
                if not op.nodes and copies:  # a layout copy of graph inputs: it belongs to the calls reading it
                    op.nodes = [o.node for o in self.ops if o.kind in ("extern", "fallback") and o.node is not None
                                and any(r is v for r in o.reads for v in copies)]
            elif op.kind == "extern" and op.node is not None:
                op.nodes = [op.node]
            elif op.kind in ("fallback", "hop") and op.node is not None:
                stops = {self.g.base(v.node) for v in op.reads if v is not None and v.node is not None} - {None}
                views, _ = self.back(list(self.g.nodes[op.node].args), stops)
                op.nodes = sorted([op.node] + [k for k in views if self.g.ops[k] in VIEW_OPS or self.g.ops[k] == "getitem"], key=self.g.order.__getitem__)


def infer_launches(flow: WrapperDataflow, fx: FxGraph, kernels: set[str]) -> dict[int, list[str]]:
    """``{launch line: [post-grad node key, ...]}`` for every kernel, extern and fallback launch
    of Python wrapper code, read off the alignment of ``flow`` with ``fx`` (see the module text).

    ``kernels`` are the names of the kernels the code defines.  Launches whose nodes cannot be
    told get ``[]``.  Never raises on odd input.
    """
    out: dict[int, list[str]] = {}
    scopes = set(fx.scopes)
    subgraphs = {s.rsplit(".", 1)[-1] for s in scopes if s}
    called = {st.callee for sts in flow.functions.values() for st in sts if st.kind == "call"}
    for fn in flow.functions:
        scope = next((s for s in scopes if s and s.rsplit(".", 1)[-1] == fn), None)
        if scope is None and (fn in called or fn.startswith("partition_")):
            continue  # inlined where it is called
        graph = _Graph(fx, scope or "")
        builder = _Builder(flow, graph, kernels, subgraphs)
        builder.run(fn)
        extern_ops = {op.name for op in builder.ops if op.kind in ("extern", "fallback")}
        solver = _Solver(graph, builder.ops, extern_ops)
        try:
            solver.solve()
        except RecursionError:  # pragma: no cover - a pathological graph
            continue
        outer: list[str] = []
        if scope:  # PyTorch counts the higher-order op that runs the subgraph, and its inputs, in
            name = scope.rsplit(".", 1)[-1]
            parent = scope.rpartition(".")[0]
            calls = [k for k, n in fx.nodes.items() if n.scope == parent and fx.resolve(name, parent) in n.args]
            for key in calls:
                outer += [a for a in fx.nodes[key].args if a in fx.nodes and a not in outer] + [key]
        for op in builder.ops:
            if op.kind in ("kernel", "extern", "fallback"):
                nodes = op.nodes + [k for k in outer if k not in op.nodes] if op.nodes else []
                out.setdefault(op.line, nodes)
    return out
