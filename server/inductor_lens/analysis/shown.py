"""A kernel as every surface shows it: its module (one launch's or the kernel's), its compile
shape (heuristic, config and where the config came from), its throughput over its runs.

The same answer for the report's tables and JSON, the editor's hovers and lenses and capture's
summary, from :mod:`inductor_lens.provenance.modules` and :mod:`inductor_lens.perf`; wording is
:mod:`inductor_lens.text`'s, JSON the presenters'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import Frame, FxGraph, Kernel, Launch, aten_op_of
from ..text import speed_text

if TYPE_CHECKING:
    from ..provenance.modules import ModuleRef


def module_of(kernel: Kernel, launch: Launch | None = None) -> ModuleRef | None:
    """The module ``kernel`` computes for (``launch``: that launch's own, for a kernel launched by
    many layers): the owners of the parameters and buffers its pre-grad nodes read
    (:mod:`inductor_lens.provenance.modules`); ``None`` when its graph names no module."""
    from ..provenance.modules import kernel_module, launch_module

    return kernel_module(kernel) if launch is None else launch_module(kernel, launch)


def module_of_nodes(pre_grad: FxGraph | None, nodes: list[str]) -> ModuleRef | None:
    """The module of the nodes named ``nodes`` of a ``pre_grad`` graph (a graph's top kernels
    together, one node of a line that runs once per layer)."""
    from ..provenance.modules import module_of_nodes as of_nodes

    return of_nodes(pre_grad, nodes)


def shape_of(facts) -> dict | None:
    """A Triton kernel's shape (``facts``: its ``figures.shape(kernel)``): ``{heuristic,
    size_hints, config, config_from, configs_tried, autotune_cache, compile_time_us, num_load,
    num_store, num_reduction, reduction_hint}``; ``None`` for other kernels
    (:func:`inductor_lens.perf.shape.shape_json`)."""
    from ..perf.shape import shape_json

    return shape_json(facts)


def shape_words(facts, *, only_config: bool = True) -> str | None:
    """:func:`shape_of` in words: ``persistent reduction · XBLOCK=1, R0_BLOCK=1024, num_warps=8
    (the only config) · 7 loads, 6 stores, 2 reductions`` (:func:`inductor_lens.perf.shape.shape_text`)."""
    from ..perf.shape import shape_text

    return shape_text(facts, only_config=only_config)


def totals_throughput(figures, kernel: Kernel, totals):
    """``kernel``'s throughput over its runs from its ``totals`` (bytes, FLOPs per run), against
    the device it ran on (``figures``: the analysis's :attr:`~inductor_lens.analysis.core.Analysis.figures`)."""
    from ..perf.throughput import totals_throughput as of_totals

    return of_totals(kernel, totals, figures.peak(kernel), lambda: [figures.launch(kernel, la) for la in kernel.launches])


@dataclass(frozen=True, slots=True)
class FrameShown:
    """A trace frame as every answer names it: ``label`` (``file.py:L``), and where it is here:
    ``path`` (the local file, ``None`` when not found), ``line`` and ``status`` (``ok``,
    ``moved``: found a few lines away, ``mismatch``: the local file differs, ``unresolved``)."""

    frame: Frame
    label: str
    path: str | None
    line: int
    status: str


def as_traced(frame: Frame) -> FrameShown:
    """``frame`` named as the trace wrote it (no local file looked for)."""
    return FrameShown(frame, f"{frame.basename}:{frame.line}", None, frame.line, "unresolved")


@dataclass(frozen=True, slots=True)
class KernelShown:
    """A kernel as the hover, the lenses and the report show it, computed once per kernel.

    ``model_lines``: each model line with the user's line that called into PyTorch's API on its
    way (``None`` but for a line in ``torch/nn/functional.py``-style API code); ``yours``: the
    user's own innermost line when no model line is it, ``yours_inside`` whether that line is inside
    the compiled code (else it is the call of the compiled code); ``shared_outer``: the outer
    frames every stack of the kernel starts with; ``module``: its module
    (:class:`inductor_lens.provenance.modules.ModuleRef`, ``None``: none named); ``speed``: its
    throughput phrase when measured, else ``""``; ``bytes``/``flops``: per run (``None``:
    unknown); ``shape``: its compile shape in words (``None`` but for Triton kernels);
    ``compile_info``: its ``triton_kernel_info`` record (``None``: none); ``fused``: its post-grad
    nodes with their ATen ops (``None``: not an ATen call)."""

    kernel: Kernel
    model_lines: tuple[tuple[FrameShown, FrameShown | None], ...]
    yours: FrameShown | None
    yours_inside: bool
    shared_outer: tuple[FrameShown, ...]
    module: ModuleRef | None
    speed: str
    bytes: int | None
    flops: int | None
    shape: str | None
    compile_info: dict | None
    fused: tuple[tuple[str, str | None], ...]


def shared_outer_frames(kernel: Kernel) -> list[Frame]:
    """Outer frames every stack of ``kernel`` starts with (e.g. GPT-2's ``generic.py:939``)."""
    stacks: dict[int, list[Frame]] = {}
    for frame in kernel.frames:
        stacks.setdefault(frame.stack, []).append(frame)
    lists = list(stacks.values())
    if not lists:
        return []
    shared: list[Frame] = []
    for level in zip(*lists, strict=False):  # stacks of different depths
        first = level[0]
        if all((f.file, f.line) == (first.file, first.line) for f in level) and not any(f.innermost for f in level):
            shared.append(first)
        else:
            break
    return shared


def kernel_shown(analysis, kernel: Kernel, place: Callable[[Frame], FrameShown] = as_traced) -> KernelShown:
    """:class:`KernelShown` of ``kernel`` (made afresh; ``analysis``: the
    :class:`~inductor_lens.analysis.core.Analysis` whose :meth:`kernel_shown` keeps it), its
    frames named by ``place`` (the editor's snapshot: the local files' lines)."""
    from ..timing.hot_lines import api_caller, innermost_user_frame

    graph = kernel.graph
    model = kernel.model_lines
    lines = tuple((place(f), None if (c := api_caller(kernel.frames, f)) is None else place(c)) for f in model)
    yours, inside = None, False
    shared: tuple[FrameShown, ...] = ()
    if model:
        found = innermost_user_frame(kernel.frames, graph.call_stack if graph is not None else ())
        if found is not None and all((found.file, found.line) != (f.file, f.line) for f in model):
            yours, inside = place(found), any(f is found for f in kernel.frames)
        shared = tuple(place(f) for f in shared_outer_frames(kernel))
    figures = analysis.figures.kernel(kernel)
    info = None
    if graph is not None:
        info = analysis.index.kernel_compile_info.get((graph.trace, graph.compile_id, graph.ordinal), {}).get(kernel.name)
    post = graph.post_grad if graph is not None else None
    fused = tuple(
        (name, aten_op_of(post.nodes[name].target) if post is not None and name in post.nodes else None) for name in kernel.post_grad_nodes
    )
    return KernelShown(
        kernel,
        lines,
        yours,
        inside,
        shared,
        module_of(kernel),
        speed_text(figures) if kernel.measured is not None else "",
        figures.bytes,
        figures.flops,
        shape_words(analysis.figures.shape(kernel), only_config=False),
        info if isinstance(info, dict) else None,
        fused,
    )
