"""What Inductor counts among a fused kernel's origins beyond the nodes it computes, for the
alignment of :mod:`inductor_lens.provenance.infer` (a mix-in of its solver).

Inductor's origins of an IR node are the FX node being lowered plus the origins of its arguments
that are not realized yet (``torch/_inductor/graph.py`` ``run_node``, ``utils.gather_origins``,
PyTorch 2.6 - 2.14); a kernel's origins are those of the nodes it computes.  So a kernel also
carries nodes it merely reads, when it reads them through a view lowered before they were
realized, the ``cat`` whose slot it writes, and the extern call whose input it lays out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .alignment import VIEW_OPS, Op

if TYPE_CHECKING:
    from .alignment import ScopeGraph, Val


#: ATen reductions Inductor may split over two kernels (``torch/_inductor/ir.py``
#: ``Reduction.create`` -> ``create_multilayer``: a first kernel writes partial results)
REDUCTION_OPS = frozenset(
    {"sum", "mean", "prod", "amax", "amin", "max", "min", "argmax", "argmin", "any", "all", "var", "var_mean", "std", "logsumexp"}
)


class OriginRules:
    """The origin rules, over the solver's graph ``g``, ops, ``claimed`` values and ``matched``
    extern nodes (see :class:`inductor_lens.provenance.infer.launches._Solver`)."""

    g: "ScopeGraph"
    ops: list[Op]
    claimed: "dict[str, Val]"
    matched: set[str]
    _realized: dict[str, int] | None

    def fusable(self, key: str) -> bool:  # (the solver's)
        raise NotImplementedError

    def region(self, index: int, partial: bool = False) -> set[str] | None:  # (the solver's)
        raise NotImplementedError

    def back(self, starts: list[str], stops: set[str]) -> tuple[list[str], bool]:  # (the solver's)
        raise NotImplementedError

    def bases_seen_through_views(self, nodes: list[str]) -> list[str]:
        """Nodes another launch computed that a kernel reads through a view of them, when they
        were not realized yet where the view is lowered: the view, and the kernel reading it,
        carry them among their origins, and theirs in turn (``torch/_inductor/graph.py``
        ``run_node``: origins = the node plus those of its unrealized arguments, a view being
        one, ``utils.gather_origins``)."""
        have, out = set(nodes), list[str]()
        for key in nodes:
            if self.g.ops[key] in VIEW_OPS:
                self.carried(key, have, out)
        return out

    def carried(self, start: str, have: set[str], out: list[str]) -> None:
        """Append to ``out`` the arguments of ``start``, and theirs in turn, that its origins hold:
        views, and nodes not realized yet where their user is lowered (none in ``have``)."""
        realized = self.realized_at()
        stack = [start]
        while stack:
            key = stack.pop()
            for arg in self.g.nodes[key].args:
                if arg in have or arg in out or arg not in self.g.nodes:
                    continue
                view = self.g.ops[arg] in VIEW_OPS and arg not in self.g.fx.placeholders and self.fusable(arg)
                if view or self.unrealized(arg, self.g.order[key], realized):
                    out.append(arg)
                    stack.append(arg)

    def cat_slot_chains(self, index: int, op: Op, nodes: list[str]) -> list[str]:
        """A kernel that writes a slot of a ``cat`` buffer (through a ``# alias`` view) computes the
        chain from its nodes to that slot's input of the ``cat`` (views, permutes, clones), and
        carries the ``cat`` and what its inputs were made of while unrealized: Inductor copies each
        input into its slot under the ``cat``'s origins (``ConcatKernel.realize_into``), which
        include every input's (``utils.gather_origins``)."""
        if not any(w.slots and w.node is None for w in op.writes):
            return []
        region = self.region(index) or set()
        have, out = set(nodes), []
        for cat in self.g.by_op.get("cat", ()):
            attached = False
            for arg in self.g.nodes[cat].args:
                if arg not in region or arg in have or arg in out:
                    continue
                chain, leak = self.back([arg], have)
                if chain and not leak and all(k in region for k in chain) and any(a in have for k in chain for a in self.g.nodes[k].args):
                    out += [k for k in chain if k not in out]
                    attached = True
            if not attached:
                continue
            out.append(cat)
            self.carried(cat, have, out)
        return out

    def unrealized(self, key: str, at: int, realized: dict[str, int]) -> bool:
        """Whether node ``key`` was not realized yet where the node at graph position ``at`` was
        lowered (a fused node: not a graph input, an extern call's result or a view)."""
        if key not in self.g.nodes or key in self.g.fx.placeholders or key in self.matched or not self.fusable(key):
            return False
        if self.g.ops[key] in VIEW_OPS or self.g.ops[key] == "getitem":
            return False
        made = self.claimed.get(key)
        if made is not None and made.slots:
            return False  # a cat written slot by slot (ConcatKernel): realized when created
        return realized.get(key, float("inf")) >= at  # (realized at the end of a lowering)

    def realized_at(self) -> dict[str, int]:
        """When (graph position) each node is first realized, as Inductor's lowering does it
        (``graph.py`` ``run_node``), simplified: a graph output at its own lowering (a view's base
        with it); a node with several users that reads a buffer at its own lowering (``mark_reuse``;
        one that reads nothing, ``iota``, is recomputed instead); the inputs of an extern or
        fallback call at that call (``realize_input``)."""
        if self._realized is not None:
            return self._realized
        done: dict[str, int] = {}

        def realize(key: str | None, at: int) -> None:
            base = self.g.base(key)
            if base is not None and base in self.g.nodes and at < done.get(base, at + 1):
                done[base] = at

        outputs = set(self.g.outputs)
        for key in sorted(self.g.nodes, key=self.g.order.__getitem__):
            at = self.g.order[key]
            if key in outputs:
                realize(key, at)
            if key not in self.g.free and len(set(self.g.users.get(key, ()))) > 1 and self.g.ops[key] not in VIEW_OPS:
                realize(key, at)
            if not self.fusable(key):
                for arg in self.g.nodes[key].args:
                    realize(arg, at)
        self._realized = done
        return done

    @staticmethod
    def readers_of_values(ops: list[Op]) -> dict[int, list[Op]]:
        """``id(value) -> [op, ...]``: which of ``ops`` read each value (a :class:`Val` is not
        hashable; its identity is the value)."""
        readers: dict[int, list[Op]] = {}
        for op in ops:
            for val in op.reads:
                if val is not None:
                    readers.setdefault(id(val), []).append(op)
        return readers

    def split_reduction_halves(self) -> None:
        """A reduction Inductor splits over two kernels: the first writes partial results to a
        buffer no FX node describes, read by one kernel that finishes the reduction.  Both
        kernels are lowered from the reduction's node, so the first carries it and what it
        carries (its views, its unrealized arguments) too (``torch/_inductor/ir.py``
        ``Reduction.create_multilayer``, PyTorch 2.6 - 2.14: the intermediate buffer is created
        under the reduction's origins; seen on GPT-2's bias gradients, the 2.11 GPU traces)."""
        readers = self.readers_of_values(self.ops)
        for op in self.ops:
            if op.kind != "kernel":
                continue
            for val in op.writes:
                if val.node is not None or val.mutates is not None or val.slots:
                    continue
                users = readers.get(id(val), [])
                if len(users) != 1 or users[0].kind != "kernel":
                    continue
                have, extra = set(op.nodes), list[str]()
                for key in users[0].nodes:
                    if key not in have and key not in extra and self.g.ops.get(key) in REDUCTION_OPS:
                        extra.append(key)
                        self.carried(key, have | set(extra), extra)
                if extra:
                    op.nodes = sorted(op.nodes + extra, key=self.g.order.__getitem__)

    def inputs_made_for_calls(self) -> None:
        """A fused kernel that writes an input of an extern or fallback call in the layout the call
        needs has that call among its origins, and its name says so
        (``cpp_fused__scaled_dot_product_flash_attention_for_cpu_..._3`` before the attention
        call; ``torch/_inductor/ir.py`` ``ExternKernel.require_stride_order`` copies the input
        under the call's origins): it takes the call's nodes too."""
        readers = self.readers_of_values([c for c in self.ops if c.kind in ("extern", "fallback") and c.node is not None and c.nodes])
        for op in self.ops:
            if op.kind != "kernel" or not op.writes:
                continue
            name = f"_{op.name}_"
            calls = {id(c): c for w in op.writes for c in readers.get(id(w), ())}  # (Op is not hashable)
            for call in calls.values():
                target = self.g.ops.get(call.node or "", "")
                if target and f"_{target}_" in name:
                    op.nodes = sorted(dict.fromkeys(op.nodes + call.nodes), key=self.g.order.__getitem__)
