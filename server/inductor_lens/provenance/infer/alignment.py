"""The pieces :mod:`inductor_lens.provenance.infer` aligns: the post-grad graph indexed by scope, and the
wrapper's launcher statements turned into ops over values (graph partitions inlined).

Values (:class:`Val`) are what wrapper variables hold; ops (:class:`Op`) are the launches that
read and write them, in execution order (``torch/_inductor/codegen/wrapper.py``, 2.6 - 2.14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...model import FxGraph
from ...readers.wrapper_dataflow import DTYPE_ABBREV, Stmt, WrapperDataflow

#: ATen ops whose output is a view of their first input (the value stays that input's).
VIEW_OPS = frozenset(
    {
        "view",
        "reshape",
        "_unsafe_view",
        "permute",
        "transpose",
        "t",
        "expand",
        "expand_as",
        "unsqueeze",
        "squeeze",
        "slice",
        "select",
        "as_strided",
        "alias",
        "split",
        "split_with_sizes",
        "unbind",
        "narrow",
        "diagonal",
        "view_as",
        "unfold",
        "chunk",
        "detach",
        "lift_fresh",
    }
)
#: Wrapper ops that run a differently named graph op, keyed by the wrapper's op without its
#: in-place ``_`` (``prims.inductor_seeds`` is launched as ``aten.randint.low_out``; Inductor's
#: lowerings in ``torch/_inductor/lowering.py``, 2.6 - 2.14, run ``scatter_add`` and ``scatter``
#: with a reduction as the fallback ``aten.scatter_reduce_.two``, and ``_unsafe_index_put`` as
#: ``aten.index_put_``).
OP_ALIASES = {
    "randint": ("inductor_seeds",),
    "scatter_reduce": ("scatter_add", "scatter"),
    "index_put": ("_unsafe_index_put",),
}
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
            rest = callee[len(prefix) :].split(".")
            if prefix == "torch.ops." and len(rest) > 1:
                return rest[1]
            return rest[0]
    return callee


def shape_text(text: str) -> str:
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
    #: written through ``# alias`` views of its slots (a ``cat`` Inductor made a ``ConcatKernel``:
    #: realized when created)
    slots: bool = False
    #: the value the same buffer held before this write (a kernel's output over a fresh or reused buffer)
    before: "Val | None" = None


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


class ScopeGraph:
    """The post-grad graph of one scope, indexed for the alignment."""

    def __init__(self, fx: FxGraph, scope: str) -> None:
        self.fx = fx
        self.scope = scope
        prefix = f"{scope}." if scope else ""
        self.nodes = {k: n for k, n in fx.nodes.items() if k.startswith(prefix) and "." not in k[len(prefix) :]}
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
        #: node keys by op, in graph order; the free nodes that read nothing (memoized lookups)
        self.by_op: dict[str, list[str]] = {}
        for key, op in self.ops.items():
            self.by_op.setdefault(op, []).append(key)
        self.free_roots = [f for f in self.free if not self.nodes[f].args]
        self._anns: dict[str, tuple[str, str] | None] = {}
        self._fits: dict[tuple, int] = {}  # (node key, shape, dtype) -> fits()
        self._bases: dict[str, str] = {}  # node key -> base()

    def base(self, key: str | None) -> str | None:
        """The value ``key`` is a view of (views of views followed to the first non-view; memoized:
        the graph is fixed)."""
        if key is None:
            return None
        found = self._bases.get(key)
        if found is None:
            found = self._bases[key] = self._base(key)
        return found

    def _base(self, key: str) -> str:
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
        """(dtype, shape) of a node's or input's annotation (``None`` when it has none); memoized."""
        try:
            return self._anns[key]
        except KeyError:
            pass
        text = self.nodes[key].ann if key in self.nodes else self.fx.placeholders.get(key, "")
        m = _ANN.match(text or "")
        found = self._anns[key] = (m["dtype"], shape_text(m["shape"])) if m else None
        return found


def fits(graph: ScopeGraph, key: str, val: Val) -> int:
    """2: same dtype and shape; 1: same dtype and element count (or no layout known); 0: no
    (memoized per graph, node and layout: both are fixed once read)."""
    if val.shape is None:
        return 1
    memo = graph._fits
    found = memo.get((key, val.shape, val.dtype))
    if found is None:
        found = memo[(key, val.shape, val.dtype)] = _fits(graph, key, val)
    return found


def _fits(graph: ScopeGraph, key: str, val: Val) -> int:
    assert val.shape is not None
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


class OpBuilder:
    """Turns one launcher function (graph partitions inlined) into :class:`Op` s over :class:`Val` s."""

    def __init__(self, flow: WrapperDataflow, graph: ScopeGraph, kernels: set[str], subgraphs: set[str]) -> None:
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
        self.within: dict[str, str] = {}  # ``# alias`` view -> the live buffer it is part of
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
                    key: str | None = f"{graph.scope}.{name}" if graph.scope else name
                    if st.src == "constants":  # a C++ wrapper's constant: the graph's get_attr node of that name
                        key = key if key in graph.nodes or key in graph.fx.placeholders else None
                    elif key not in graph.fx.placeholders:
                        key = graph.inputs[j] if j < len(graph.inputs) else None
                    if key is not None:
                        env[name] = (
                            Val(node=key, shape=(graph.ann(key) or (None, None))[1], dtype=(graph.ann(key) or (None, None))[0]),
                            None,
                        )
            elif st.kind == "alloc":
                env[st.targets[0]] = (Val(shape=shape_text(st.shape), dtype=DTYPE_ABBREV.get(st.dtype, st.dtype) or None, fresh=True), None)
            elif st.kind == "alias":
                if st.src in env:
                    val, _ = env[st.src]
                    env[st.targets[0]] = (val, shape_text(st.shape) if st.view and st.shape else env[st.src][1])
                    if st.partial:
                        self.within[st.targets[0]] = st.src
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
            inline = "partition_" + callee[len("self.partitions[") :].rstrip("]")
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
            self._write_whole(op, target, index, env)
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
            new.before = old
            if old.node is not None and old.node in self.graph.fx.placeholders:
                new.mutates = old.node  # a graph input written in place: its value is the copy_ into it
            op.writes.append(new)
            env[var] = (new, None)
            self._write_whole(op, var, index, env)
        self.ops.append(op)

    def _write_whole(self, op: Op, var: str, index: int, env: dict[str, tuple[Val, str | None]]) -> None:
        """A write through a ``# alias`` view is a write of the live buffer it is part of (the
        ``cat`` whose slot it is): that buffer gets a new value from ``op`` (once per op)."""
        whole = self.within.get(var)
        if whole is None or whole not in env:
            return
        old, shape = env[whole]
        if old.writer == index:
            return
        new = self._new(old, shape, index)
        new.slots = True
        op.writes.append(new)
        env[whole] = (new, None)
