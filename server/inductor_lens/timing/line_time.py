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

from ..model import Frame, Kernel, Launch, LineKey, aten_op_of, innermost_frames, line_key


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


@dataclass(slots=True)
class LaunchSplit:
    """How one launch's time is split: its ``model`` lines, their :func:`launch_weights` and
    ``total`` (their sum), ``keys`` the lines' ``(file, line)``."""

    model: list[Frame]
    weights: list[float]
    total: float
    keys: list[LineKey]
    #: (frame, key, weight) of each model line
    rows: list[tuple[Frame, LineKey, float]] = field(default_factory=list)
    #: id(frames) -> (frames, the call lines of frames: see below)
    _below: dict[int, tuple[list[Frame], list[tuple[LineKey, Frame, set[LineKey]]]]] = field(default_factory=dict)

    def below(self, frames: list[Frame]) -> list[tuple[LineKey, Frame, set[LineKey]]]:
        """The call lines of ``frames`` (the stacks :attr:`model` are the innermost frames of) further
        out than the model lines: each with its first frame and the model lines below it in the same stacks."""
        found = self._below.get(id(frames))
        if found is None:
            model = set(self.keys)
            inner_of_stack = {f.stack: line_key(f) for f in frames if f.innermost}
            below: dict[LineKey, set[LineKey]] = {}  # call line -> the model lines under it
            outer_frame: dict[LineKey, Frame] = {}
            for frame in frames:
                key = line_key(frame)
                inner = inner_of_stack.get(frame.stack)
                if frame.innermost or inner is None or key in model or inner not in model:
                    continue
                below.setdefault(key, set()).add(inner)
                outer_frame.setdefault(key, frame)
            found = self._below[id(frames)] = (frames, [(key, outer_frame[key], inners) for key, inners in below.items()])
        return found[1]


class LaunchSplits:
    """Each launch's model lines and weights, worked out once: kernels copied from an identical
    graph (ranks, repeated compiles: :meth:`inductor_lens.model.Kernel.for_graph`) share their
    launch and frame lists and their graph's post-grad graph, so a 38-times repeated compile
    splits each launch once, not 38 times; and equal model lines (a kernel's and its one launch's)
    are one list, so the line times and the line figures of one document split it once.  Kept
    for passes over one index's kernels as they are (it holds the launches, frame lists and graphs
    it saw, so their ids stay theirs; a graph materialized again afterwards needs a new one)."""

    def __init__(self) -> None:
        self._models: dict[int, tuple[list[Frame], list[Frame]]] = {}
        self._equal: dict[tuple[Frame, ...], list[Frame]] = {}
        self._splits: dict[tuple, tuple[Launch, object, LaunchSplit | None]] = {}
        self._graphs: dict[int, tuple[object, object, Frame | None]] = {}  # id(graph) -> (graph, post-grad graph, pass_frame)

    def model_lines(self, frames: list[Frame]) -> list[Frame]:
        """:func:`inductor_lens.model.innermost_frames` of ``frames``, once per list, one list
        for equal ones (do not change it)."""
        found = self._models.get(id(frames))
        if found is None:
            model = innermost_frames(frames)
            found = self._models[id(frames)] = (frames, self._equal.setdefault(tuple(model), model))
        return found[1]

    def graph_facts(self, graph) -> tuple[object, Frame | None]:
        """``(post-grad graph, pass frame)`` of ``graph``: what a split depends on besides its
        launch and frames (:meth:`split`)."""
        of_graph = self._graphs.get(id(graph))
        if of_graph is None:
            of_graph = self._graphs[id(graph)] = (graph, *((graph.post_grad, graph.pass_frame) if graph is not None else (None, None)))
        return of_graph[1], of_graph[2]

    def split(self, kernel: Kernel, launch: Launch, frames: list[Frame]) -> LaunchSplit | None:
        """The split of ``launch`` of ``kernel`` over the model lines of ``frames`` (its own
        stacks, or its kernel's); ``None`` when they have no model line."""
        graph = kernel.graph
        of_graph = self._graphs.get(id(graph))
        if of_graph is None:
            self.graph_facts(graph)
            of_graph = self._graphs[id(graph)]
        post = of_graph[1]
        known = self._models.get(id(frames))
        model = known[1] if known is not None else self.model_lines(frames)
        key = (id(launch), id(model), id(post), of_graph[2])
        found = self._splits.get(key)
        if found is None:
            made = None
            if model:
                weights = launch_weights(kernel, launch, model)
                keys = [line_key(f) for f in model]
                made = LaunchSplit(model, weights, sum(weights), keys, list(zip(model, keys, weights, strict=True)))
            found = self._splits[key] = (launch, post, made)
        return found[2]


def line_times(kernels: list[Kernel], *, through: bool = True, splits: LaunchSplits | None = None) -> LineTimes:
    """Split every launch's measured time across its model lines (see the module docstring);
    ``through=False`` leaves the call lines (``through``) out, for who reads ``own`` only.
    ``splits``: the launches' splits, when another pass over the same kernels already made some."""
    out = LineTimes()
    own_lines, through_lines = out.own, out.through
    # kernels copied from an identical graph (ranks, repeated compiles) share their launches and
    # post-grad graph: each launch's weights are worked out once
    splits = splits if splits is not None else LaunchSplits()
    plans: dict[tuple[int, int], _Plan] = {}
    for kernel in kernels:
        own = len(kernel.launches) > 1  # without debug handles each launch has its own provenance
        mine = id(kernel)
        if kernel.measured is None:  # no time to split: its launches per line, worked out once per launch list
            plan = plans.get((id(kernel.launches), id(kernel.frames)))
            if plan is None or plan.launches is not kernel.launches or plan.frames is not kernel.frames:
                plan = plans[(id(kernel.launches), id(kernel.frames))] = _Plan(kernel, splits, own, through)
            for key, frame, count in plan.own:
                row = own_lines.get(key)
                if row is None:
                    row = own_lines[key] = LineTime(frame)
                part = row._by_kernel.get(mine)
                if part is None:
                    row.parts.append(row._by_kernel.setdefault(mine, KernelPart(kernel, count)))
                else:
                    part.launches += count
            for key, outer, count in plan.through if through else ():
                row = through_lines.get(key)
                if row is None:
                    row = through_lines[key] = LineTime(outer)
                row.part(kernel).launches += count
            continue
        for launch, took in zip(kernel.launches, _launch_times(kernel), strict=False):
            frames = launch.frames if own else kernel.frames
            split = splits.split(kernel, launch, frames)
            if split is None:
                continue
            total = split.total
            shares: dict[LineKey, float | None] = {}
            for frame, key, weight in split.rows:
                row = own_lines.get(key)
                if row is None:
                    row = own_lines[key] = LineTime(frame)
                part = row._by_kernel.get(mine)  # (LineTime.part and _add, inlined: once per launch and line)
                if part is None:
                    part = row._by_kernel[mine] = KernelPart(kernel)
                    row.parts.append(part)
                part.launches += 1
                if took is None:
                    shares[key] = None
                    continue
                share = took * weight / total
                shares[key] = share
                part.share_us = (part.share_us or 0.0) + share
                part.full_us = (part.full_us or 0.0) + took
            if not through:
                continue
            # call lines: every outer frame of a stack gets its innermost line's share, once per launch
            for key, outer, inners in split.below(frames):
                inclusive = None if took is None else sum(shares[i] or 0.0 for i in inners)
                row = through_lines.get(key)
                if row is None:
                    row = through_lines[key] = LineTime(outer)
                _add(row.part(kernel), inclusive, took)
    return out


class _Plan:
    """What :func:`line_times` adds for an unmeasured kernel, the same for every kernel with its
    launch and frame lists (copies of an identical graph): per model line (``own``) and per call
    line (``through``), in the order the launches first name them, its first frame and how many of
    the kernel's launches name it (``through``: worked out only when asked for)."""

    __slots__ = ("launches", "frames", "own", "through")

    def __init__(self, kernel: Kernel, splits: "LaunchSplits", own_stacks: bool, through: bool = True) -> None:
        self.launches, self.frames = kernel.launches, kernel.frames  # (what the plan's key names by id)
        mine: dict[LineKey, tuple[Frame, int]] = {}
        calls: dict[LineKey, tuple[Frame, int]] = {}
        for launch in kernel.launches:
            frames = launch.frames if own_stacks else kernel.frames
            split = splits.split(kernel, launch, frames)
            if split is None:
                continue
            for frame, key, _ in split.rows:
                first, count = mine.get(key, (frame, 0))
                mine[key] = (first, count + 1)
            for key, outer, _ in split.below(frames) if through else ():  # (``through=False``: no call lines asked for)
                first, count = calls.get(key, (outer, 0))
                calls[key] = (first, count + 1)
        self.own = [(key, frame, count) for key, (frame, count) in mine.items()]
        self.through = [(key, frame, count) for key, (frame, count) in calls.items()]


def _add(part: KernelPart, share: float | None, took: float | None) -> None:
    part.launches += 1
    if share is not None and took is not None:
        part.share_us = (part.share_us or 0.0) + share
        part.full_us = (part.full_us or 0.0) + took
