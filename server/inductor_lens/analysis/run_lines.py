"""Each run's model lines, and the two runs compared line by line.

A **model line** is the innermost frame of a launch's stacks (``Launch.model_lines``: the line
that made the FX node).  Lines of two runs are matched by **file name and code text**, so an edit
that inserts or removes lines still matches the lines that did not change, and a model read from
another folder or machine matches too; two lines of one file with the same text are one row (a
launch counts once per row).  On each side a row holds the kernels that compute it, identified by
their **family** (the name without the trailing counter Inductor appends:
``triton_poi_fused_gelu_view_2`` -> ``triton_poi_fused_gelu_view``; extern and fallback names as
they are) with the number of their launches that compute the line.

``change``: ``added`` (launches in B only), ``removed`` (in A only), ``changed`` (both, another
multiset of families and launch counts: another fusion, kind or extern choice, a split or merge),
``same`` otherwise; another config or time leaves a line ``same`` and is said in its row.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..index.kernel_facts import KernelFacts, KernelFactsReader
from ..index.trace_index import Index
from ..model import Frame, Kernel, Launch
from ..provenance.modules import launch_module
from ..timing.line_time import line_times

_COUNTER = re.compile(r"_\d+$")

#: a row's identity: (file name, code text)
LineKey = tuple[str, str]


def kernel_family(kernel: Kernel) -> str:
    """``kernel``'s name without Inductor's trailing counter (extern and fallback names as they are)."""
    if kernel.kind in ("extern", "fallback") or kernel.definition is None:
        return kernel.name
    return _COUNTER.sub("", kernel.name)


def line_key(frame: Frame) -> LineKey:
    """A model line's identity across runs: its file's name and its code (the line number when
    the trace recorded no code)."""
    code = " ".join(frame.code.split())
    return frame.basename, code or f"<line {frame.line}>"


@dataclass
class SideLine:
    """One row on one side: ``lines`` (the line numbers with this text, sorted), ``file`` (as the
    trace wrote it), ``kernels`` (family -> launches computing the line), ``names`` (family -> the
    full names, in order), ``aten_ops``, ``fx_nodes`` (post-grad), ``modules``, ``measured_us`` (the
    line's share of the measured time, as ``report``'s ``lines`` rows; None without a profile),
    ``facts`` (family -> the compile facts of its first kernel), ``shared`` (family -> the other
    rows its launches compute)."""

    file: str
    code: str = ""
    lines: list[int] = field(default_factory=list)
    kernels: Counter = field(default_factory=Counter)
    names: dict[str, list[str]] = field(default_factory=dict)
    aten_ops: set[str] = field(default_factory=set)
    fx_nodes: set[str] = field(default_factory=set)
    modules: set[str] = field(default_factory=set)
    measured_us: float | None = None
    facts: dict[str, KernelFacts] = field(default_factory=dict)
    shared: dict[str, set[LineKey]] = field(default_factory=dict)

    @property
    def line(self) -> int:
        return self.lines[0]


@dataclass
class RunLines:
    """A run's rows by :func:`line_key`, and every (file name, code) its stacks name at all
    (``texts``: to tell an edited line from one no kernel computes any more)."""

    rows: dict[LineKey, SideLine]
    texts: set[LineKey]
    measured: bool


def _launch_frames(kernel: Kernel, launch: Launch) -> list[Frame]:
    return launch.model_lines or (kernel.model_lines if len(kernel.launches) == 1 else [])


def run_lines(index: Index) -> RunLines:
    """The rows of one run (every graph of the index)."""
    facts = KernelFactsReader(index)
    rows: dict[LineKey, SideLine] = {}
    texts: set[LineKey] = set()
    kernels = index.kernels
    for kernel in kernels:
        for frame in kernel.frames:
            texts.add(line_key(frame))
        family = kernel_family(kernel)
        for launch in kernel.launches:
            frames: dict[LineKey, Frame] = {}  # one row per line text, in first-seen order (its last frame)
            for f in _launch_frames(kernel, launch):
                frames[line_key(f)] = f
            keys = list(frames)
            module = launch_module(kernel, launch)
            for key, frame in frames.items():
                row = rows.get(key)
                if row is None:
                    row = rows[key] = SideLine(frame.file, frame.code)
                if frame.line not in row.lines:
                    row.lines.append(frame.line)
                row.kernels[family] += 1
                names = row.names.setdefault(family, [])
                if kernel.name not in names:
                    names.append(kernel.name)
                row.aten_ops.update(launch.aten_ops or kernel.aten_ops)
                row.fx_nodes.update(launch.post_grad_nodes or kernel.post_grad_nodes)
                if module is not None:
                    row.modules.update([module.path] if module.path else module.modules)
                if family not in row.facts:
                    row.facts[family] = facts.facts(kernel)
                row.shared.setdefault(family, set()).update(k for k in keys if k != key)
    measured = any(k.measured is not None for k in kernels)
    if measured:
        for own in line_times(kernels, through=False).own.values():
            key = line_key(own.frame)
            if key in rows and own.share_us is not None:
                rows[key].measured_us = (rows[key].measured_us or 0.0) + own.share_us
    for row in rows.values():
        row.lines.sort()
    return RunLines(rows, texts, measured)


@dataclass
class LineDiff:
    """One row of the comparison: ``a``/``b`` (None on a side where the line computes nothing),
    ``change``, ``text`` (``inserted``: the line's text is on B's side only; ``deleted``: on A's
    only; None: on both), and ``words`` (what changed, as a user reads it)."""

    key: LineKey
    a: SideLine | None
    b: SideLine | None
    change: str
    text: str | None
    words: list[str] = field(default_factory=list)
    #: whether each run has measured time at all (a profile joined): a run without one is unmeasured,
    #: not 0 µs
    measured: tuple[bool, bool] = (False, False)
    #: the line numbers and A's code where the text pairing (:mod:`.pairing`) knows them beyond
    #: the rows: an ``edited`` row's A code, the B line an A-only row's text is still at
    line_a: int | None = None
    line_b: int | None = None
    code_a: str | None = None
    #: why a line that is still in B lost its compiled kernels (``runs eagerly now: ...``)
    why: str | None = None

    @property
    def where_a(self) -> int | None:
        return self.a.line if self.a else self.line_a

    @property
    def where_b(self) -> int | None:
        return self.b.line if self.b else self.line_b

    def time(self, side: str) -> float | None:
        """The row's measured share on ``side`` (``a``/``b``): 0 where the line computes nothing in a
        measured run, None in a run that was not measured."""
        row, measured = (self.a, self.measured[0]) if side == "a" else (self.b, self.measured[1])
        if not measured:
            return None
        return row.measured_us or 0.0 if row is not None else 0.0

    @property
    def delta_us(self) -> float | None:
        """B's measured share minus A's, or None unless both runs were measured."""
        ta, tb = self.time("a"), self.time("b")
        return None if ta is None or tb is None else tb - ta


def compare_lines(a: RunLines, b: RunLines) -> list[LineDiff]:
    """Every row of ``a`` and ``b`` compared (see the module docstring), in file then line order."""
    out = []
    for key in sorted(set(a.rows) | set(b.rows), key=lambda k: (k[0], _first_line(a, b, k), k[1])):
        ra, rb = a.rows.get(key), b.rows.get(key)
        change = change_of(ra, rb)
        text = None
        if ra is None and key not in a.texts:
            text = "inserted"
        elif rb is None and key not in b.texts:
            text = "deleted"
        out.append(LineDiff(key, ra, rb, change, text, measured=(a.measured, b.measured)))
    return out


def change_of(ra: SideLine | None, rb: SideLine | None) -> str:
    """``added``, ``removed``, ``changed`` or ``same`` (see the module docstring)."""
    if ra is None:
        return "added"
    if rb is None:
        return "removed"
    return "changed" if ra.kernels != rb.kernels else "same"


def _first_line(a: RunLines, b: RunLines, key: LineKey) -> int:
    row = b.rows.get(key) or a.rows[key]
    return row.line
