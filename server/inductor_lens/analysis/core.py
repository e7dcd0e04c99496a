"""The one facade every presenter reads: :class:`Analysis`, an opened request's answers, each computed once.

The front door's :class:`inductor_lens.open_traces.OpenedTraces` makes one (``opened.analysis``);
the editor's :class:`inductor_lens.analysis.snapshot.Snapshot` is one per indexing generation.
The answers come from the domain (:mod:`inductor_lens.timing` for time, :mod:`inductor_lens.perf`
for bytes, FLOPs and throughput, :mod:`inductor_lens.health` for compile health and ranks,
:mod:`inductor_lens.provenance` for modules); the presenters ask here and never import those.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..files.resolve import PathResolver
from ..index.trace_index import Index
from ..model import Frame, Graph, Kernel
from .shown import FrameShown, KernelShown, as_traced, kernel_shown

if TYPE_CHECKING:
    from ..health.ranks import RankStory
    from ..perf.devices import DevicePeak
    from ..perf.throughput import IndexFigures, LineFigures, Throughput
    from ..timing.eager import EagerJoin
    from ..timing.hot_lines import CallSite, HotLines
    from ..timing.step import Step

T = TypeVar("T")


@dataclass(frozen=True)
class StepView:
    """One profile's whole step as shown: ``profile`` its path, ``step`` the figures
    (:class:`inductor_lens.timing.step.Step`: µs totals over the window; ``to_json()`` for
    ``profiles[i].step``), ``line`` the sentence ``report`` opens with, in ms per step."""

    profile: str
    step: Step
    line: str


class Analysis:
    """The answers about one opened request: ``index`` (every graph materialized, profiles
    joined), ``resolver`` (trace paths -> local files; ``None``: paths as the trace wrote them) and
    the explicitly named ``profiles``.  Immutable once built: answers are computed on first
    request and kept (:meth:`cached`); a new opening is a new :class:`Analysis`."""

    def __init__(self, index: Index, resolver: PathResolver | None = None, profiles: Sequence[str] = ()) -> None:
        self.index = index
        self.resolver = resolver
        self.profiles = list(profiles)
        #: the graphs the answers are about: every graph of the index, in index order
        self.graphs: list[Graph] = index.graphs
        self._answers: dict = {}
        self._shown: dict[int, KernelShown] = {}

    # ------------------------------------------------------------ what was opened (model objects)

    @property
    def kernels(self) -> list[Kernel]:
        """Every kernel of every graph, in index order."""
        return self.index.kernels

    def cached(self, key: Any, compute: Callable[[], T]) -> T:
        """``compute()`` once per ``key`` for this (immutable) analysis: answers asked for again
        and again (code lenses, the Kernels view, every table of a report) are computed once."""
        if key not in self._answers:
            self._answers[key] = compute()
        return self._answers[key]

    # ------------------------------------------------------------ kernels and lines as shown
    def kernel_shown(self, kernel: Kernel) -> KernelShown:
        """``kernel`` as every surface shows it (:class:`inductor_lens.analysis.shown.KernelShown`:
        its model lines, module, throughput, shape, compile facts, fused nodes), made once."""
        found = self._shown.get(id(kernel))
        if found is None or found.kernel is not kernel:
            found = self._shown[id(kernel)] = kernel_shown(self, kernel, self.frame_shown)
        return found

    def frame_shown(self, frame: Frame) -> FrameShown:
        """How the answers name ``frame``: here as the trace wrote it (the editor's snapshot: its local line)."""
        return as_traced(frame)

    @staticmethod
    def node_model_line(frame: Frame | None, kernels: list[Kernel]) -> Frame | None:
        """The model line of an FX node whose ``# File:`` comment is ``frame``: the frame itself, or
        for a frame in generated code (compiled autograd's ``<eval_with_key>``) the line its
        ``kernels``' stacks were followed to; ``None`` when none was
        (:func:`inductor_lens.provenance.generated_frames.node_model_line`)."""
        from ..provenance.generated_frames import node_model_line

        return node_model_line(frame, kernels)

    # ------------------------------------------------------------ time
    def hot_lines(
        self, kernels: list[Kernel] | None = None, *, by_launch_figures: bool = False, compiled_us: float | None = None
    ) -> HotLines:
        """Where the time goes: ``kernels``' (default every kernel) model lines ranked by their share
        of the measured time (:func:`inductor_lens.timing.hot_lines.hot_lines`); with
        ``by_launch_figures``, launches split across their lines as :attr:`figures` splits them
        (the report's ranking, the same rows as its bytes and FLOPs).  Percentages are of
        :meth:`compiled_us` when every kernel is ranked, else of ``compiled_us`` when given (µs)."""
        from ..timing.hot_lines import hot_lines

        # percentages are of the device time compiled code launched (issue 45) when every kernel is ranked
        compiled = self.compiled_us() if kernels is None else compiled_us
        eager = self.eager() if kernels is None else None
        return hot_lines(self.kernels if kernels is None else kernels, self.figures.splits if by_launch_figures else None, compiled, eager)

    def compiled_us(self) -> float | None:
        """The device time (µs) of every activity launched inside compiled regions over the joined
        profiles (CUDA-graph replays, memsets included): what line percentages are of; ``None``
        without device activity (:func:`inductor_lens.timing.step.compiled_total`)."""
        from ..timing.step import compiled_total

        return compiled_total(self.index.profiles)

    def eager(self) -> list[EagerJoin]:
        """Each joined profile's eager device time at lines (:mod:`inductor_lens.timing.eager`), of
        the profiles with Python stacks (without, it is by ``aten::`` op only: ``profiles[i].eager``)."""
        return [p.eager for p in self.index.profiles if getattr(p, "eager", None) is not None and p.eager.stacks]

    def steps(self) -> list[StepView]:
        """The whole step of each joined profile (:mod:`inductor_lens.timing.step`), in join order."""
        from ..timing.step import step_line

        return [StepView(p.path, p.step, step_line(p.step)) for p in self.index.profiles if p.step is not None]

    def call_sites(self, total_us: float | None = None, graphs: list[Graph] | None = None) -> list[CallSite]:
        """The user's own lines that called compiled code, with the kernels and time below them
        (``percent`` of ``total_us`` when given): :func:`inductor_lens.timing.hot_lines.call_sites`."""
        from ..timing.hot_lines import call_sites

        return call_sites(self.graphs if graphs is None else graphs, total_us)

    def profiled_steps(self) -> int | None:
        """The ``ProfilerStep`` markers of every loaded profile together (what a window's times are
        divided by for "per step", :attr:`inductor_lens.timing.step.Step.steps`), ``None`` without
        a profile or when one has none (its times are then given per window)."""
        steps = [getattr(getattr(p, "step", None), "steps", None) for p in self.index.profiles]
        return sum(steps) if steps and all(steps) else None  # type: ignore[arg-type]

    def host_us(self, graphs: list[Graph]) -> tuple[float, float] | None:
        """``(host µs over the window, per step)``: the CPU time inside the compiled regions of
        ``graphs`` (a call site's forward and backward graphs: the backward's
        ``CompiledFunctionBackward`` on the autograd thread counts at its forward's call site;
        :mod:`inductor_lens.timing.host`), over the profiles that measured them; ``None`` without one."""
        from ..timing.host import graph_key

        keys = {graph_key(g) for g in graphs}
        total, steps, found = 0.0, 0, False
        for profile in self.index.profiles:
            mine = [us for key, us in getattr(profile, "host_us", {}).items() if key in keys]
            if mine:
                found = True
                total += sum(mine)
                steps += profile.step.per_step if getattr(profile, "step", None) is not None else 1
        return (total, total / steps) if found else None

    def user_frames_of_compile(self, trace: str, compile_id: str) -> list[Frame]:
        """The frames of the user's own code (outermost first) on the stack that called compile
        ``compile_id`` of ``trace`` (its frame compile's stack: a restart's id is its frame's)."""
        from ..model.compile_id import base_compile_id
        from ..timing.hot_lines import user_frames

        return user_frames(self.index.call_stacks.get((trace, base_compile_id(compile_id)), ()))

    # ------------------------------------------------------------ against the device
    @property
    def figures(self) -> IndexFigures:
        """Bytes, FLOPs and throughput of the kernels and model lines (made once:
        :class:`inductor_lens.perf.throughput.IndexFigures`)."""
        from ..perf.throughput import IndexFigures

        return self.cached(("perf",), lambda: IndexFigures(self.index))

    def kernel_throughput(self, kernel: Kernel) -> Throughput:
        """``kernel``'s bytes, FLOPs, GB/s, TFLOP/s, share of peak and roofline class."""
        return self.figures.kernel(kernel)

    def line_throughput(self, line: LineFigures, kernels: list[Kernel]) -> Throughput:
        """A model line's figures (``line``: a row of ``figures.lines``) against the device its
        ``kernels`` ran on (:func:`inductor_lens.perf.throughput.line_throughput`)."""
        from ..perf.throughput import line_throughput

        return line_throughput(line, self.figures.line_peak(kernels))

    @staticmethod
    def device_peak(name: str) -> DevicePeak | None:
        """The vendor's peak HBM GB/s and dense TFLOP/s of device ``name`` (``None``: not in the
        table, :mod:`inductor_lens.perf.devices`)."""
        from ..perf.devices import device_peak

        return device_peak(name)

    # ------------------------------------------------------------ compile health and ranks
    def job_story(self) -> RankStory | None:
        """The job of several ranks: its groups of identical ranks and what differs, with each rank's
        collectives (:func:`inductor_lens.health.ranks.rank_story`); ``None`` for fewer than two
        ranks.  The one place the report, the JSON and the editor get it from."""
        return self.cached(("ranks",), lambda: job_story(self.index))


def job_story(index: Index) -> RankStory | None:
    """:meth:`Analysis.job_story` of ``index`` (made afresh)."""
    if len({c.rank for c in index.compiles if c.rank is not None} | {g.rank for g in index.graphs if g.rank is not None}) < 2:
        return None  # (the collectives would read every graph's kernels for nothing)
    from ..health.ranks import RankStory, rank_story, runs_of
    from ..index.collectives import collective_sequences

    runs = runs_of(index.traces)
    if not runs:
        return rank_story(index.compiles, index.compile_events, index.graphs, collective_sequences(index.graphs))
    stories: list[RankStory] = []  # several runs' logs in one folder: each run apart, never one group of both
    started = {t.path: t.started for t in index.traces}
    for run in sorted(set(runs.values())):
        logs = {path for path, r in runs.items() if r == run}
        graphs = [g for g in index.graphs if g.trace in logs]
        compiles = [c for c in index.compiles if c.trace in logs]
        story = rank_story(compiles, [e for e in index.compile_events if e.trace in logs], graphs, collective_sequences(graphs))
        story = story or RankStory(len({c.rank for c in compiles} | {g.rank for g in graphs}))
        story.started = min((s for p in logs if (s := started.get(p)) is not None), default=None)
        stories.append(story)
    first = stories[0]
    return RankStory(first.count, first.groups, first.divergence, stories, first.started)
