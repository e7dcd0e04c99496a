"""Measured time per model line that adds up: each launch's device time split across its model lines.

The rule (docs/report-json.md, ``lines``): a launch's device time (``Measured.launch_us``, from
the profile join) is split across the launch's model lines (the innermost frame of each of its
stacks) in proportion to the launch's post-grad nodes that compute something whose ``# File:``
line in the post-grad graph is that model line: an extern or fallback launch (a GEMM, an
attention call) by the nodes of the op it runs only; another launch by its nodes other than views
and layout changes (``view``, ``permute``, ``expand``, ...: :data:`VIEW_OPS`), those counting only
when nothing else names a line; equally when no node names one of its lines (no post-grad graph,
or frames the graph does not print).  So the shares of all lines add up to the device time of the launches
that have a model line, and no line's share exceeds the full time of the launches naming it.

A call line further out (``hidden_states = block(...)``, ``q = self.q_proj(x)``) is no model
line of any launch; it gets the shares of the model lines below it in the same stacks (inclusive
time, as a profiler's "total"), each launch's share counted once per line.

Pure functions over kernels (:mod:`inductor_lens.model`); the profile join sets the times.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Frame, Kernel, Launch, aten_op_of

#: (file as the trace wrote it, line)
LineKey = tuple[str, int]


@dataclass(slots=True)
class KernelPart:
    """One kernel's part of a line: ``launches`` of it naming the line, ``share_us`` the time split
    to the line, ``full_us`` those launches' whole device time (both ``None`` without a profile)."""

    kernel: Kernel
    launches: int = 0
    share_us: float | None = None
    full_us: float | None = None


@dataclass(slots=True)
class LineTime:
    """A source line and the kernels that name it (``parts``, in index order); ``frame`` one of
    its frames (file, line and code as the trace wrote them)."""

    frame: Frame
    parts: list[KernelPart] = field(default_factory=list)
    _by_kernel: dict[int, KernelPart] = field(default_factory=dict, repr=False)

    def part(self, kernel: Kernel) -> KernelPart:
        found = self._by_kernel.get(id(kernel))
        if found is None:
            found = self._by_kernel[id(kernel)] = KernelPart(kernel)
            self.parts.append(found)
        return found

    @property
    def launches(self) -> int:
        """Launches naming this line."""
        return sum(p.launches for p in self.parts)

    @property
    def measured(self) -> bool:
        return any(p.share_us is not None for p in self.parts)

    @property
    def share_us(self) -> float | None:
        """The line's share of the measured time (µs), ``None`` when none of its kernels was measured."""
        return sum(p.share_us or 0.0 for p in self.parts) if self.measured else None

    @property
    def kernels_us(self) -> float | None:
        """The whole time of the launches naming the line (µs), ``None`` without a profile."""
        return sum(p.full_us or 0.0 for p in self.parts) if self.measured else None


@dataclass(slots=True)
class LineTimes:
    """``own``: model lines (innermost frames) with their shares, which add up; ``through``: call
    lines further out with the inclusive shares of the model lines below them."""

    own: dict[LineKey, LineTime] = field(default_factory=dict)
    through: dict[LineKey, LineTime] = field(default_factory=dict)


def _launch_times(kernel: Kernel) -> list[float | None]:
    m = kernel.measured
    if m is None:
        return [None] * len(kernel.launches)
    if len(m.launch_us) == len(kernel.launches):
        return list(m.launch_us)
    return [m.total_us / len(kernel.launches)] * len(kernel.launches) if kernel.launches else []


#: ATen ops that move no data of their own (views and layout changes): a launch's time is never
#: split onto a line for them while it computes anything else
VIEW_OPS = frozenset(
    f"aten.{op}"
    for op in (
        "view", "_unsafe_view", "reshape", "permute", "transpose", "t", "expand", "unsqueeze", "squeeze",
        "select", "slice", "alias", "as_strided", "unfold", "narrow", "split", "split_with_sizes", "unbind",
        "view_as", "expand_as", "detach", "lift_fresh_copy",
    )
)  # fmt: skip


def _extern_op(kernel: Kernel) -> str | None:
    """The ATen op an extern or fallback kernel runs (``extern_kernels.mm`` -> ``aten.mm``,
    ``torch.ops.aten._scaled_dot_product_efficient_attention.default`` -> that op), else ``None``."""
    if kernel.kind not in ("extern", "fallback"):
        return None
    name = kernel.name
    if name.startswith("extern_kernels."):
        op = name[len("extern_kernels.") :]
        return "aten." + {"bias_addmm": "addmm"}.get(op, op)
    return aten_op_of(name)


def launch_weights(kernel: Kernel, launch: Launch, model: list[Frame]) -> list[float]:
    """Per model line of ``launch``: how many of its post-grad nodes that compute something have
    that line as their ``# File:`` line (a node printed without one, made by a pass, counts for the
    graph's ``pass_frame``).  An extern or fallback launch runs one op: only the nodes of that op
    count (an attention call's mask and reshapes do not get its time); other launches leave out
    view and layout nodes (:data:`VIEW_OPS`) while any other node names a line."""
    post = kernel.graph.post_grad if kernel.graph is not None else None
    index: dict[tuple[str, int], int] = {}
    for i, frame in enumerate(model):
        index.setdefault((frame.file, frame.line), i)
        if frame.via:  # followed out of generated code: the node's # File: names the generated frame
            file, _, line = frame.via.rpartition(":")
            if line.isdigit():
                index.setdefault((file, int(line)), i)
    counts = [0.0] * len(model)
    views = [0.0] * len(model)
    runs = [0.0] * len(model)
    op = _extern_op(kernel)
    if post is not None:
        nodes = post.nodes
        made = kernel.graph.pass_frame if kernel.graph is not None else None  # the line of nodes PyTorch's passes made
        for name in launch.post_grad_nodes:
            node = nodes.get(name)
            own = None if node is None else node.frame if node.frame is not None else made
            if own is None:
                continue
            at = index.get((own.file, own.line))
            if at is None:
                continue
            target = aten_op_of(node.target) if node is not None and node.target else None
            if op is not None and target == op:
                runs[at] += 1
            elif target in VIEW_OPS:
                views[at] += 1
            else:
                counts[at] += 1
    for chosen in (runs, counts, views):
        if any(chosen):
            return chosen
    return [1.0] * len(model)


def line_times(kernels: list[Kernel], *, through: bool = True) -> LineTimes:
    """Split every launch's measured time across its model lines (see the module docstring);
    ``through=False`` leaves the call lines (``through``) out, for who reads ``own`` only."""
    out = LineTimes()
    # kernels copied from an identical graph (ranks, repeated compiles) share their launches and
    # post-grad graph: each launch's weights are worked out once
    weights_of: dict[tuple[int, int], tuple[Launch, list[float]]] = {}
    for kernel in kernels:
        own = len(kernel.launches) > 1  # without debug handles each launch has its own provenance
        for launch, took in zip(kernel.launches, _launch_times(kernel), strict=False):
            model = launch.model_lines if own else kernel.model_lines
            frames = launch.frames if own else kernel.frames
            if not model:
                continue
            post = kernel.graph.post_grad if kernel.graph is not None else None
            key_w = (id(launch), id(post))
            found = weights_of.get(key_w)
            if found is None or found[0] is not launch:
                found = weights_of[key_w] = (launch, launch_weights(kernel, launch, model))
            weights = found[1]
            total = sum(weights)
            shares: dict[LineKey, float | None] = {}
            for frame, weight in zip(model, weights, strict=True):
                key = (frame.file, frame.line)
                share = None if took is None else took * weight / total
                shares[key] = share
                part = out.own.setdefault(key, LineTime(frame)).part(kernel)
                _add(part, share, took)
            if not through:
                continue
            # call lines: every outer frame of a stack gets its innermost line's share, once per launch
            inner_of_stack = {f.stack: (f.file, f.line) for f in frames if f.innermost}
            below: dict[LineKey, set[LineKey]] = {}  # call line -> the model lines under it
            outer_frame: dict[LineKey, Frame] = {}
            for frame in frames:
                key = (frame.file, frame.line)
                inner = inner_of_stack.get(frame.stack)
                if frame.innermost or inner is None or key in shares or inner not in shares:
                    continue
                below.setdefault(key, set()).add(inner)
                outer_frame.setdefault(key, frame)
            for key, inners in below.items():
                share = None if took is None else sum(shares[i] or 0.0 for i in inners)
                _add(out.through.setdefault(key, LineTime(outer_frame[key])).part(kernel), share, took)
    return out


def _add(part: KernelPart, share: float | None, took: float | None) -> None:
    part.launches += 1
    if share is not None and took is not None:
        part.share_us = (part.share_us or 0.0) + share
        part.full_us = (part.full_us or 0.0) + took
