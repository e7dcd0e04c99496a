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

from .alignment import VIEW_OPS, Op, fits

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
    #: node -> the last kernel (position in ``ops``) writing a value with that node (not_its_own_value's)
    _last_kernel_write: dict[str, int] | None = None
    gathered: dict[int, list[str]]
    choices: dict[int, list[str]]
    taken: dict[int, list[str]]

    def fusable(self, key: str) -> bool:  # (the solver's)
        raise NotImplementedError

    def region(self, index: int, partial: bool = False) -> set[str] | None:  # (the solver's)
        raise NotImplementedError

    def back(self, starts: list[str], stops: set[str]) -> tuple[list[str], bool]:  # (the solver's)
        raise NotImplementedError

    def bases_seen_through_views(self, nodes: list[str]) -> list[str]:
        """Nodes another launch computed that a kernel reads (through a view of them or not) but
        that were not realized yet where the kernel's node reading them was lowered: the kernel
        carries them among its origins, and theirs in turn (``torch/_inductor/graph.py``
        ``run_node``: origins = the node plus those of its unrealized arguments, a view being
        one, ``utils.gather_origins``).  E.g. a CPU layer norm's ``rsqrt`` used twice and realized
        only later: the kernel dividing it for the backward carries the norm's statistics."""
        have, out = set(nodes), list[str]()
        for key in nodes:
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
                if view and self.fixed_for_users(arg):
                    continue  # copied into a fixed layout where it was lowered: a buffer of its own
                source = self.variance_of(arg)
                if source is not None:  # var_mean's variance: a pointwise over its realized sum of squares
                    if realized.get(arg, float("inf")) >= self.g.order[key]:
                        out.append(arg)
                        if source not in have and source not in out:
                            out.append(source)
                            stack.append(source)  # (its own arguments as they were where it was lowered)
                    continue
                if view or self.unrealized(arg, self.g.order[key], realized):
                    out.append(arg)
                    stack.append(arg)

    def variance_of(self, key: str) -> str | None:
        """The ``var_mean`` node whose variance ``key`` is (``var_mean_3[0]``), else ``None``.
        Inductor lowers ``var_mean`` to a realized reduction and returns its variance as a
        pointwise over it, not realized yet, whose origins are the ``var_mean`` node's and what
        it gathered (``lowering.py`` ``var_mean_welford_`` / ``var_mean_sum_``, PyTorch 2.6 -
        2.14); the mean is realized."""
        node = self.g.nodes.get(key)
        if node is None or self.g.ops.get(key) != "getitem" or not node.args:
            return None
        source = node.args[0]
        if self.g.ops.get(source) != "var_mean" or not node.target.endswith("[0]"):
            return None
        return source

    def all_origins(self, key: str) -> list[str]:
        """The origins an extern or fallback call's node gathers when it is lowered: the views and
        the fused nodes not realized yet among its arguments, and theirs in turn
        (``torch/_inductor/graph.py`` ``run_node``, ``utils.gather_origins``)."""
        out: list[str] = []
        self.carried(key, {key}, out)
        return out

    def not_its_own_value(self, position: int, op: Op) -> bool:
        """Whether the call at ``ops[position]`` writes no buffer that is its node's value as is:
        a later kernel finishes it in place (a convolution's bias added by a Triton kernel).  Inductor then leaves
        the call's ``origin_node`` unset (``ir.py`` ``assign_origin_node`` takes only a lowering
        whose result is the call's own buffer), and its provenance is every origin it gathered
        (``ir.py`` ``IRNode.get_stack_traces``, ``debug.py``
        ``set_kernel_post_grad_provenance_tracing``, PyTorch 2.6 - 2.14)."""
        node = op.node
        if node is None:
            return False
        # the value a later kernel writes in place (an in-out buffer) is given the call's node too
        if self._last_kernel_write is None:  # (asked once every value has its node: made then)
            self._last_kernel_write = {
                w.node: at for at, o in enumerate(self.ops) if o.kind == "kernel" for w in o.writes if w.node is not None
            }
        return self._last_kernel_write.get(node, -1) > position

    #: ops whose inputs Inductor lays out in a fixed stride order where the input is lowered, when
    #: that input has other users too (``torch/_inductor/graph.py`` ``run_node``: ``need_fixed_layout``
    #: is ``convolution_backward``, ``mm``, ``_int_mm``, PyTorch 2.6 - 2.14).  A view already in that
    #: order stays a view; one that is not is copied.  ``mm`` takes its inputs' views as they are
    #: (transposed or not: GPT-2's backward, 2.11 GPU), so only ``convolution_backward`` is counted
    #: (a channels-last ``permute`` of a layer-norm gradient copied for it: ConvNeXt, 2.11 GPU).
    NEED_FIXED_LAYOUT = frozenset({"convolution_backward"})

    def fixed_for_users(self, key: str) -> bool:
        """Whether node ``key`` (a view) was laid out for a user that needs a fixed layout: it has
        several users, one of them in :attr:`NEED_FIXED_LAYOUT`; its value is then a copy (a buffer
        of its own), and the users gather none of its origins (``ExternKernel.require_stride_order``)."""
        users = set(self.g.users.get(key, ()))
        return len(users) > 1 and any(self.g.ops.get(u) in self.NEED_FIXED_LAYOUT for u in users)

    def fixed_views(self, key: str) -> set[str]:
        """The views among the inputs of node ``key`` (and the views behind them) that were copied
        into a fixed layout before ``key`` was lowered: :meth:`fixed_for_users`, and what lies behind."""
        out: set[str] = set()
        stack = [a for a in self.g.nodes[key].args if a in self.g.nodes] if key in self.g.nodes else []
        while stack:
            arg = stack.pop()
            if arg in out or self.g.ops.get(arg) not in VIEW_OPS:
                continue
            if self.fixed_for_users(arg):
                behind = [arg]
                while behind:
                    k = behind.pop()
                    if k in out or k not in self.g.nodes:
                        continue
                    out.add(k)
                    behind += [a for a in self.g.nodes[k].args if self.g.ops.get(a) in VIEW_OPS]
            else:
                stack += [a for a in self.g.nodes[arg].args if a in self.g.nodes]
        return out

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
        # per node not realized yet: the ops of the loop body it is (itself and the unrealized
        # nodes it reads) and the buffers that body reads
        body_ops: dict[str, set[str]] = {}
        body_reads: dict[str, set[str]] = {}
        for key in sorted(self.g.nodes, key=self.g.order.__getitem__):
            at = self.g.order[key]
            ops, reads = {self.g.ops[key]}, set()
            for arg in self.g.nodes[key].args:
                base = self.g.base(arg) or arg
                if base in body_ops and base not in done and self.g.ops.get(base) not in REDUCTION_OPS and not self.stored(base):
                    ops |= body_ops[base]
                    reads |= body_reads[base]
                elif arg in self.g.nodes or arg in self.g.fx.placeholders:
                    reads.add(base)
            body_ops[key], body_reads[key] = ops, reads
            if key in outputs:
                realize(key, at)
            users = set(self.g.users.get(key, ()))
            # a view's reuse is its base's (``BaseView.mark_reuse`` -> the base's ``StorageBox``)
            body = key if self.g.ops[key] not in VIEW_OPS else self.g.base(key)
            if (
                len(users) > 1
                and body is not None
                and body in body_ops
                and body not in self.g.free
                and body not in done
                and self.realized_on_reuse(body, body_ops[body], body_reads[body], users)
            ):
                realize(body, at)
            if not self.fusable(key):
                for arg in self.g.nodes[key].args:
                    realize(arg, at)
        self._realized = done
        return done

    def realized(self, key: str) -> bool:
        """Whether Inductor stores node ``key`` in a buffer of its own at some point of the lowering
        (:meth:`realized_at`, a reduction: ``lowering.py`` ``make_reduction`` realizes it), so
        that a kernel other than its computing one may read it; a pointwise node that is never
        realized is inlined into each reader (``graph.py`` ``run_node``, PyTorch 2.13)."""
        return key in self.realized_at() or self.g.ops.get(key) in REDUCTION_OPS or self.stored(key)

    def stored(self, key: str) -> bool:
        """Whether node ``key`` is a buffer by its nature, not a loop body a reader inlines: an
        extern or fallback call's result, or an item of one (``ir.py`` ``MultiOutput``; what
        ``utils.gather_origins`` counts as realized, PyTorch 2.13)."""
        if not self.fusable(key):
            return True
        node = self.g.nodes.get(key)
        return node is not None and self.g.ops[key] == "getitem" and bool(node.args) and not self.fusable(node.args[0])

    #: ops whose reuse makes Inductor realize a CPU buffer (``ir.py`` ``StorageBox.should_realize_on_reuse``)
    _HEAVY_CPU_OPS = frozenset({"exp", "log", "log10", "log1p", "log2", "sigmoid", "tanh"})
    #: ops registered with ``add_needs_realized_inputs`` (``torch/_inductor/lowering.py``, 2.6 - 2.14)
    _NEEDS_REALIZED_INPUTS = frozenset(
        {"as_strided", "avg_pool2d", "avg_pool2d_backward", "bmm", "convolution", "convolution_backward", "mm", "_int_mm",
         "max_pool2d_with_indices", "max_pool3d_with_indices", "max_pool2d_with_indices_backward", "upsample_nearest2d"}
    )  # fmt: skip
    #: ``config.realize_reads_threshold`` (PyTorch 2.6 - 2.14)
    _REALIZE_READS_THRESHOLD = 4

    def realized_on_reuse(self, key: str, ops: set[str], reads: set[str], users: set[str]) -> bool:
        """Whether Inductor realizes node ``key``, used more than once, at its own lowering
        (``graph.py`` ``run_node`` -> ``StorageBox.mark_reuse``, PyTorch 2.6 - 2.14): on a CPU, when
        its loop body holds a heavy op (``exp``, ``tanh``, ...); a reduction (``lowering.py``
        ``make_reduction`` realizes it); when a user needs realized inputs (``mm``, ``convolution``)
        and it reads more than one buffer (``realize_hint``); everywhere, when the body reads more
        than ``realize_reads_threshold`` (4) buffers.  A body that reads nothing (``iota``) is
        recomputed instead.  Measured on the CPU pairs as on the GPU ones (the CPU pairs made for
        the origin rules, 2.13: ConvNeXt 155 -> 156 of 170, nothing else moved)."""
        if not reads:
            return False
        ann = self.g.fx.nodes[key].ann if key in self.g.fx.nodes else ""
        on_cpu = not ann or "cpu" in ann or not any(d in ann for d in ("cuda", "xpu", "mps", "hip"))
        if on_cpu and ops & self._HEAVY_CPU_OPS:
            return True
        if self.g.ops[key] in REDUCTION_OPS:
            return True  # a reduction read by several users is stored, never recomputed
        if len(reads) > 1 and any(self.g.ops.get(u) in self._NEEDS_REALIZED_INPUTS for u in users):
            return True  # realize_hint: a user needs it realized, and it reads more than one buffer
        return len(reads) > self._REALIZE_READS_THRESHOLD

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

    def layout_copy_sources(self) -> None:
        """A value a fused kernel writes that no launch reads, beside a value of the same kernel
        that an extern or fallback call reads: the node the call needed in another layout, as it
        was first stored.  Inductor copies a realized input whose layout is fixed into the
        stride order the call requires (``torch/_inductor/ir.py`` ``ExternKernel.require_stride_order``
        -> ``copy_input``, PyTorch 2.13); the scheduler fuses the copy with the node's own
        store, and both buffers are written (ConvNeXt's gamma-scaled gradient before each
        ``convolution_backward``, 2.13 CPU).  Runs before the last-resort guess."""
        readers = self.readers_of_values(self.ops)
        for op in self.ops:
            if op.kind != "kernel":
                continue
            for val in op.writes:
                if val.node is not None or val.mutates is not None or val.slots or readers.get(id(val)):
                    continue
                for other in op.writes:
                    if other is val or other.node is None or other.node not in self.g.nodes:
                        continue
                    if any(r.kind in ("extern", "fallback") for r in readers.get(id(other), ())) and fits(self.g, other.node, val) == 2:
                        val.node = other.node  # (the copy holds the node's claim: this is its first store)
                        break

    #: ops whose lowering scatters into a clone of their first input (``torch/_inductor/lowering.py``
    #: ``index_put`` / ``_unsafe_index_put`` (and ``_unsafe_masked_index_put_accumulate`` through
    #: it), ``scatter``, ``scatter_add``, ``scatter_reduce``, ``as_strided_scatter``: ``clone(x)``,
    #: PyTorch 2.13)
    CLONING_SCATTERS = frozenset(
        {"index_put", "_unsafe_index_put", "_unsafe_masked_index_put_accumulate", "scatter", "scatter_add", "scatter_reduce",
         "as_strided_scatter"}
    )  # fmt: skip

    def scatter_clones(self) -> dict[int, str]:
        """``id(value) -> node``: values a fused kernel writes that no launch reads and that a later
        kernel overwrites with a scatter node of :attr:`CLONING_SCATTERS` fitting its first input:
        the clone that node's lowering made of its input (an embedding gradient's zero fill).  The
        clone is made under the node's lowering, so its kernel carries the node and all it gathered
        (``graph.py`` ``run_node``: ``current_origins``; ``lowering.py`` ``clone``; read in PyTorch
        2.13, seen on BERT's and GPT-2's embedding gradients, 2.13 CPU)."""
        readers = self.readers_of_values(self.ops)
        out: dict[int, str] = {}
        for op in self.ops:
            if op.kind != "kernel":
                continue
            for val in op.writes:
                old, node = val.before, val.node
                if old is None or node is None or node not in self.g.nodes or self.g.ops[node] not in self.CLONING_SCATTERS:
                    continue
                if old.writer < 0 or self.ops[old.writer].kind != "kernel" or readers.get(id(old)) or old.node is not None:
                    continue
                first = self.g.nodes[node].args[:1]
                if first and first[0] in self.g.nodes and fits(self.g, first[0], old) == 2:
                    out[id(old)] = node
        return out

    def inputs_made_for_calls(self) -> None:
        """A fused kernel that writes an input of an extern or fallback call in the layout the call
        needs has that call among its origins, and its name says so
        (``cpp_fused__scaled_dot_product_flash_attention_for_cpu_..._3`` before the attention
        call; ``torch/_inductor/ir.py`` ``ExternKernel.require_stride_order`` copies the input
        under the call's origins): it takes the call's nodes too."""
        readers = self.readers_of_values([c for c in self.ops if c.kind in ("extern", "fallback") and c.node is not None and c.nodes])
        everyone = self.readers_of_values(self.ops)
        for op in self.ops:
            if op.kind != "kernel" or not op.writes:
                continue
            name = f"_{op.name}_"
            # the copy is made for the call alone: a value other ops read too is the kernel's own
            # result (a layer norm's output read by the next layer's three projections and the
            # residual add), whose name may carry the call's op for another reason (the previous
            # GEMM's bias add fused in, `Original ATen: aten.addmm`)
            calls = {
                id(c): c for w in op.writes for c in readers.get(id(w), ()) if all(r is c for r in everyone.get(id(w), ()))
            }  # (Op is not hashable)
            for call in calls.values():
                target = self.g.ops.get(call.node or "", "")
                if target and f"_{target}_" in name:
                    made = self.gathered.get(id(call), call.nodes)
                    if call.node is not None:  # the copy is made under all the call's origins
                        made = made + [k for k in self.all_origins(call.node) if k not in made]
                    # the call's nodes could be the call's alone (a layout copy Inductor made for it, or
                    # the kernel's own result that the call merely reads): a choice, marked
                    self.taken.setdefault(id(op), []).extend(k for k in made if k not in op.nodes)
                    op.nodes = sorted(dict.fromkeys(op.nodes + made), key=self.g.order.__getitem__)
