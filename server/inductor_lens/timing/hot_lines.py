"""Where the time goes: model lines ranked by their share of the measured time, and the user's own
call sites of compiled code (``out = cm(...)``) with what they call.

One definition of a line's time everywhere (``report``'s first table and its ``lines`` rows,
``capture``'s summary, the editor's lenses, heat marks and Hot Lines view): a model line's
**share** (:mod:`inductor_lens.timing.line_time`: each launch's device time split across its model
lines), so the shares of all lines add up to what was measured.  ``percent`` is the share of the
**measured total**: every measured kernel's time, also of launches without a model line.  Measured
times are sums over the profiled runs (a graph's calls in the profile; ``Measured.runs``), and
every total says how many.

Without a profile the lines are ranked by launches (then FX nodes computed) and say it is not time.

A **call site** is a frame of the program that called a compiled function (the compile's
``dynamo_start`` stack, :attr:`inductor_lens.model.Graph.call_stack`) in the user's own code
(:func:`inductor_lens.files.trace_paths.code_kind` ``"user"``): it gathers every graph of that
compile (forward and backward) with their kernels and time.  For Hugging Face or timm models the
stacks inside the compiled code are all in ``site-packages``; the call site is the user's line.

Pure functions over the index's graphs and kernels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..files.discovery import natural_key
from ..files.trace_paths import code_kind
from ..model import Frame, Graph, Kernel, line_key
from ..text import format_us, plural
from .line_time import LaunchSplits, line_times


@dataclass(slots=True)
class HotLine:
    """One model line (``frame``: file, line and code as the trace wrote them): ``share_us`` its
    share of the measured time (µs, summed over the profiled runs; ``None`` without a profile),
    ``kernels_us`` the whole time of the launches naming it, ``launches`` and ``ops`` (post-grad
    FX nodes of those launches), ``kernels`` in index order, ``by_graph`` the share per graph kind
    (``forward``/``backward``/``inference``), ``percent`` of the measured total (``None`` without
    a profile)."""

    frame: Frame
    share_us: float | None
    kernels_us: float | None
    launches: int
    ops: int
    kernels: list[Kernel]
    by_graph: dict[str, float] = field(default_factory=dict)
    percent: float | None = None
    #: for a line of PyTorch's Python API (``torch/nn/functional.py``), the frame that called into it
    #: (the first of :attr:`callers`)
    caller: Frame | None = None
    #: device time launched outside compiled code at this line (µs over the window; profiles with
    #: Python stacks, :mod:`inductor_lens.timing.eager`), ``None`` without; what it called there
    eager_us: float | None = None
    eager_calls: dict[str, float] = field(default_factory=dict)
    #: every user line that called into that PyTorch line (:func:`api_callers`: ``linear.py:134``
    #: from ``self.fc1(x)`` and ``self.fc2(y)``), the most launches first
    callers: list[Frame] = field(default_factory=list)

    @property
    def time_us(self) -> float:
        """What lines are ranked by: the share of compiled device time plus the eager time."""
        return (self.share_us or 0.0) + (self.eager_us or 0.0)

    def eager_call(self) -> str | None:
        """What the line called with the most eager time (``cross_entropy``), ``None`` without."""
        return max(self.eager_calls, key=lambda k: self.eager_calls[k]) if self.eager_calls else None


@dataclass(slots=True)
class HotLines:
    """The ranking: ``rows`` sorted by share (with a profile) or by launches then ops (without);
    ``total_us`` every measured kernel's time (µs, over ``runs``), ``lines_us`` the part that has
    a model line; ``runs`` the distinct numbers of profiled runs of the measured kernels (``[4]``,
    or ``[2, 4]`` when graphs ran a different number of times); ``clock`` ``device`` or ``cpu``."""

    rows: list[HotLine]
    measured: bool
    total_us: float = 0.0
    lines_us: float = 0.0
    runs: list[int] = field(default_factory=list)
    clock: str = "device"
    #: the ranks the kernels come from (their launches are summed over them), 0 when not told
    ranks: int = 0
    #: the traces (logs) the kernels come from: more than ``ranks`` when some are not ranks of one
    #: job (two runs given together: their launches and times are summed all the same)
    traces: int = 0
    #: eager device time (µs) of the profiles with Python stacks: in all, and the part at lines
    eager_us: float = 0.0
    eager_lines_us: float = 0.0

    def notes(self) -> list[str]:
        """What the heading cannot say in a few words: graphs profiled a different number of times
        (the shares are sums over each graph's own runs), how to get time without a profile."""
        out = []
        if len(self.runs) > 1:
            out.append(
                f"graphs ran a different number of times in the profile ({', '.join(map(str, self.runs))} runs): "
                "each share sums its own graph's runs, so a graph profiled more often weighs more"
            )
        if self.traces > max(self.ranks, 1):
            out.append(
                f"these lines sum {self.traces} traces that are not the ranks of one job: give one trace for one run's lines; "
                "to compare two runs: inductor-lens diff A B"
            )
        if not self.measured and self.rows:
            out.append("for time, profile the run: inductor-lens capture --profile -- python train.py, or report --profile FILE")
        return out

    def runs_text(self) -> str:
        """``over 4 profiled runs`` / ``over 2-4 profiled runs`` / ``""``."""
        if not self.runs:
            return ""
        lo, hi = min(self.runs), max(self.runs)
        return f"over {plural(hi, 'profiled run')}" if lo == hi else f"over {lo}-{hi} profiled runs"

    def heading(self) -> str:
        """What the ranking is: ``where the time goes: 1.1 ms measured over 2 profiled runs, 98%
        of it on 42 model lines`` or ``model lines by launches (no profile: not time): 42 lines``."""
        if not self.measured:
            return (
                "model lines by kernel launches (no profile, so not time; a launch that fuses several lines counts on each"
                + (
                    f"; the launches of {self.traces} traces summed"
                    if self.traces > max(self.ranks, 1)
                    else f"; the launches of {self.ranks} ranks summed"
                    if self.ranks > 1
                    else ""
                )
                + f"): {plural(len(self.rows), 'line')}"
            )
        clock = " CPU" if self.clock == "cpu" else ""
        on_lines = 100.0 * self.lines_us / self.total_us if self.total_us else 0.0
        rest = self.total_us - self.lines_us
        # 99.6%, not a rounded 100%: what has no model line is said
        share = f"{on_lines:.0f}%" if rest < 0.05 or on_lines < 99.5 else f"{on_lines:.1f}%"
        return (
            f"where the time goes: {format_us(self.total_us)}{clock} measured {self.runs_text()}, "
            f"{share} of it on {plural(len(self.rows), 'model line')} "
            "(each launch's time split across its model lines"
            + (f"; {format_us(rest)} of device work with no model line)" if rest >= 0.05 else ")")
            + self.eager_text()
        )

    def eager_text(self) -> str:
        """``; eager (outside compiled code) 5.2 ms, 100% of it at lines``, or ``""`` without stacks."""
        if not self.eager_us:
            return ""
        return (
            f"; eager (outside compiled code) {format_us(self.eager_us)}, {100.0 * self.eager_lines_us / self.eager_us:.0f}% of it at lines"
        )


def _runs_and_clock(kernels: list[Kernel]) -> tuple[list[int], str, float]:
    runs = sorted({k.measured.runs for k in kernels if k.measured is not None})
    cpu = any(k.measured is not None and k.measured.clock == "cpu" for k in kernels)
    total = sum(k.measured.total_us for k in kernels if k.measured is not None)
    return runs, ("cpu" if cpu else "device"), total


def hot_lines(
    kernels: list[Kernel], splits: LaunchSplits | None = None, compiled_us: float | None = None, eager: list | None = None
) -> HotLines:
    """Every model line of ``kernels`` ranked (see the module docstring); ``splits`` as in
    :func:`inductor_lens.timing.line_time.line_times`.  ``compiled_us``: the device time of every
    activity launched inside compiled regions (:func:`inductor_lens.timing.step.compiled_total`;
    memsets and unjoined launches too), the total percentages are of on a device clock; default
    the measured kernels' time.  ``eager``: the profiles' eager joins
    (:class:`inductor_lens.timing.eager.EagerJoin`), whose lines add ``eager_us`` (rows of their
    own where no kernel names the line); rows rank by share plus eager time."""
    own = line_times(kernels, through=False, splits=splits).own
    runs, clock, total = _runs_and_clock(kernels)
    if compiled_us and clock == "device" and runs:
        total = max(compiled_us, total)
    ranks = len({k.graph.rank for k in kernels if k.graph is not None and k.graph.rank is not None})
    traces = len({k.graph.trace for k in kernels if k.graph is not None})
    rows: list[HotLine] = []
    for row in own.values():
        kernels = [p.kernel for p in row.parts]
        ops = sum([len(k.post_grad_nodes) for k in kernels])
        by_graph: dict[str, float] = {}
        measured = row.measured
        for part in row.parts if measured else ():  # (no part has a share unless one is measured)
            if part.share_us is not None:
                kind = part.kernel.graph.kind if part.kernel.graph is not None else "graph"
                by_graph[kind] = by_graph.get(kind, 0.0) + part.share_us
        share = row.share_us if measured else None
        callers = api_callers(kernels, row.frame)
        caller = callers[0] if callers else None
        rows.append(
            HotLine(
                row.frame,
                share,
                row.kernels_us if measured else None,
                row.launches,
                ops,
                kernels,
                by_graph,
                None if share is None or not total else 100.0 * share / total,
                caller,
                callers=callers,
            )
        )
    if eager is not None:
        _add_eager(rows, eager)
    measured = any(r.share_us for r in rows) or any(r.eager_us for r in rows)
    if measured:
        rows.sort(key=lambda r: (-r.time_us, -r.launches, r.frame.file, r.frame.line))
    else:
        rows.sort(key=lambda r: (-r.launches, -r.ops, r.frame.file, r.frame.line))
    lines_us = sum(r.share_us or 0.0 for r in rows)
    out = HotLines(rows, measured, total, lines_us, runs, clock, ranks, traces)
    if eager is not None:
        out.eager_us = sum(e.total_us for e in eager)
        out.eager_lines_us = sum(e.lines_us for e in eager)
    return out


def _add_eager(rows: list[HotLine], eager: list) -> None:
    """Give each row its eager time (:class:`inductor_lens.timing.eager.EagerJoin` ``lines``, by
    file as the trace names it and line); lines with only eager time become rows of their own."""
    by_line = {line_key(r.frame): r for r in rows}
    for join in eager:
        for (file, line), e in join.lines.items():
            frame = Frame(file, line, "", e.code)
            row = by_line.get(line_key(frame))  # the same line's code: another run's file may differ there
            if row is None:
                row = by_line[line_key(frame)] = HotLine(frame, 0.0, 0.0, 0, 0, [])
                rows.append(row)
            row.eager_us = (row.eager_us or 0.0) + e.eager_us
            for name, us in e.calls.items():
                row.eager_calls[name] = row.eager_calls.get(name, 0.0) + us


@dataclass(slots=True)
class CallSite:
    """A line of the user's own code that called compiled code: ``frame`` (as the trace wrote it),
    ``graphs`` (every graph of the compiles it called, forward and backward), ``compile_ids`` in
    compile-id order (``0/0, 0/0_1, 0/1, 1/0``: numbers as numbers), ``innermost`` whether it is the innermost user frame of some compile's call stack
    (``out = cm(...)`` rather than ``main()``), ``kernels`` and ``launches`` of those graphs,
    ``measured_us`` their kernels' measured time (``None`` without a profile) and ``percent`` of
    ``total_us``, the measured total of every kernel given."""

    frame: Frame
    graphs: list[Graph] = field(default_factory=list)
    compile_ids: list[str] = field(default_factory=list)
    innermost: bool = False
    kernels: int = 0
    launches: int = 0
    measured_us: float | None = None
    percent: float | None = None

    def ranks_text(self) -> str:
        """`` over N ranks`` when its graphs come from several ranks (their kernels are summed), else ``""``."""
        ranks = {g.rank for g in self.graphs if g.rank is not None}
        return f" over {len(ranks)} ranks" if len(ranks) > 1 else ""


def user_frames(frames) -> list[Frame]:
    """The frames of ``frames`` in the user's own code (:func:`code_kind` ``"user"``), in order."""
    return [f for f in frames if code_kind(f.file) == "user"]


def call_sites(graphs: list[Graph], total_us: float | None = None) -> list[CallSite]:
    """The user's call sites of ``graphs`` (their ``call_stack`` frames in the user's own code),
    innermost first then by file and line.  ``total_us`` (default: every measured kernel of
    ``graphs``) is what ``percent`` is of."""
    sites: dict[tuple[str, int], CallSite] = {}
    for graph in graphs:
        frames = user_frames(graph.call_stack)
        for i, frame in enumerate(frames):
            site = sites.setdefault((frame.file, frame.line), CallSite(frame))
            if not any(g is graph for g in site.graphs):
                site.graphs.append(graph)
            if graph.compile_id not in site.compile_ids:
                site.compile_ids.append(graph.compile_id)
            site.innermost = site.innermost or i == len(frames) - 1
    if total_us is None:
        total_us = sum(k.measured.total_us for g in graphs for k in g.kernels if k.measured is not None)
    counted: dict[int, tuple[int, int, list[float]]] = {}  # id(graph) -> its kernels, launches and measured times

    def count(graph: Graph) -> tuple[int, int, list[float]]:
        found = counted.get(id(graph))
        if found is None:
            kernels = graph.kernels
            found = counted[id(graph)] = (
                len(kernels),
                sum([len(k.launches) for k in kernels]),
                [k.measured.total_us for k in kernels if k.measured is not None],
            )
        return found

    for site in sites.values():
        # one order everywhere (log order mixed a later recompile 0/1 after 1/0: a new user's trial)
        site.compile_ids.sort(key=natural_key)
        of_graphs = [count(g) for g in site.graphs]  # (each graph's counted once, however many sites call it)
        site.kernels = sum([n for n, _, _ in of_graphs])
        site.launches = sum([n for _, n, _ in of_graphs])
        times = [t for _, _, ts in of_graphs for t in ts]
        site.measured_us = sum(times) if times else None
        site.percent = None if site.measured_us is None or not total_us else 100.0 * site.measured_us / total_us
    return sorted(sites.values(), key=lambda s: (not s.innermost, s.frame.file, s.frame.line))


def innermost_user_frame(frames, call_stack=()) -> Frame | None:
    """The innermost frame in the user's own code: of a kernel's ``frames`` (its stacks inside the
    compiled code), else of the compile's ``call_stack`` (the line that called it)."""
    inside = user_frames(frames)
    if inside:
        innermost = [f for f in inside if f.innermost]
        return (innermost or inside)[-1]
    outside = user_frames(call_stack)
    return outside[-1] if outside else None


def _same_frame(frames, frame: Frame) -> Frame:
    """The innermost frame of ``frames`` on ``frame``'s file and line (its stack index), else ``frame``."""
    for f in frames:
        if f.innermost and f.file == frame.file and f.line == frame.line:
            return f
    return frame


def api_callers(kernels: list[Kernel], model_line: Frame) -> list[Frame]:
    """The user's lines that called into ``model_line`` when it is a line of PyTorch's Python API
    (:func:`api_caller` in each stack of ``kernels`` whose model line it is), distinct by file and
    line, the most launches first (then the first met); [] for any other line."""
    if code_kind(model_line.file) != "torch_api":
        return []
    counts: dict[tuple[str, int], list] = {}
    for kernel in kernels:
        for frame in kernel.frames:
            if frame.innermost and frame.file == model_line.file and frame.line == model_line.line:
                caller = api_caller(kernel.frames, frame)
                if caller is not None:
                    counts.setdefault((caller.file, caller.line), [caller, 0])[1] += max(1, len(kernel.launches))
    return [c for c, _ in sorted(counts.values(), key=lambda cn: -cn[1])]


def api_caller(frames, model_line: Frame) -> Frame | None:
    """For a model line in PyTorch's Python API (``torch/nn/functional.py`` ``pad``), the frame
    of the same stack that called into PyTorch (the loss function's line); ``None`` otherwise."""
    if code_kind(model_line.file) != "torch_api":
        return None
    stack = [f for f in frames if f.stack == model_line.stack]
    for frame in reversed(stack):
        if code_kind(frame.file) not in ("torch_api", "torch", "generated"):
            return frame
    return None
