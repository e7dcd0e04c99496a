"""The editor's analysis, one per indexing generation: the index plus local-path resolution, precomputed.

:class:`Snapshot` is built once per index (in the indexing thread) so that hover, definition
and lens answers are dictionary lookups: source frames are resolved to local files, checked
against the file's text (another library version may have moved the line), and tabled by
(local path, line).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..files.resolve import PathResolver
from ..index.trace_index import Index
from ..model import Frame, FxNode, Graph, Kernel, Launch, Span, line_key
from ..text import runs_text, speed_text
from ..timing.hot_lines import CallSite, call_sites
from ..timing.line_time import KernelPart, line_times
from .core import Analysis
from .local import NEARBY, LocalFrame, function_line
from .shown import FrameShown


@dataclass(slots=True, frozen=True)
class KernelHit:
    """A kernel found at a position, and whether the position was its ``definition``, a
    ``launch`` or its ``handle`` comment."""

    kernel: Kernel
    where: str
    #: the launch hit (``where == "launch"``), with its own provenance
    launch: Launch | None = None


@dataclass(slots=True)
class LineShare:
    """A local line's part of the measured time: ``own_us`` as the model line of launches (their
    time split across their model lines), ``calls_us`` through calls on it (the shares of the model
    lines below it), ``parts`` per kernel (share and the kernel's launches' whole time)."""

    own_us: float | None = None
    calls_us: float | None = None
    parts: list[tuple[str, KernelPart]] = field(default_factory=list)

    def add(self, kind: str, parts: list[KernelPart]) -> None:
        for part in parts:
            self.parts.append((kind, part))
            if part.share_us is None:
                continue
            if kind == "own":
                self.own_us = (self.own_us or 0.0) + part.share_us
            else:
                self.calls_us = (self.calls_us or 0.0) + part.share_us

    @property
    def share_us(self) -> float | None:
        """Own plus through calls (µs), ``None`` without a profile."""
        if self.own_us is None and self.calls_us is None:
            return None
        return (self.own_us or 0.0) + (self.calls_us or 0.0)

    @property
    def kernels_us(self) -> float | None:
        """The whole time of the launches naming the line (µs), each kernel once."""
        whole: dict[int, float] = {}
        for _, part in self.parts:
            if part.full_us is not None:
                whole[id(part.kernel)] = max(whole.get(id(part.kernel), 0.0), part.full_us)
        return sum(whole.values()) if whole else None

    def part_of(self, kernel: Kernel) -> KernelPart | None:
        """``kernel``'s part of the line (its own share and whole time), if it names the line."""
        found = [p for _, p in self.parts if p.kernel is kernel]
        if not found:
            return None
        if len(found) == 1:
            return found[0]
        share = sum(p.share_us or 0.0 for p in found) if any(p.share_us is not None for p in found) else None
        whole = max((p.full_us for p in found if p.full_us is not None), default=None)
        return KernelPart(kernel, max(p.launches for p in found), share, whole)


@lru_cache(maxsize=4096)
def uri(path: str) -> str:
    """``file://`` URI of a file-system path (memoized: the same few files are named again and again)."""
    return Path(os.path.abspath(path)).as_uri()


def _read_lines(path: str, files: dict[str, list[str] | None]) -> list[str] | None:
    """The lines of ``path`` (``None`` when unreadable), read once into ``files``."""
    if path not in files:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                files[path] = fh.read().split("\n")
        except OSError:
            files[path] = None
    return files[path]


class Snapshot(Analysis):
    """What the features read: one index + resolver + precomputed tables, taken at the end of an
    indexing run.  Immutable after :meth:`__init__` (the server swaps in a new one); safe to share."""

    def __init__(
        self,
        index: Index,
        resolver: PathResolver,
        graphs: list[Graph] | None = None,
        covers: list[str] | None = None,
        reading: str | None = None,
    ) -> None:
        super().__init__(index, resolver)
        self.resolver: PathResolver = resolver
        #: Triton cache folders the ``inductorLens.tritonCache`` setting names (:mod:`.ir`), set by the server
        self.triton_cache: tuple[str, ...] = ()
        #: Nsight Compute profiles the ``inductorLens.ncuProfiles`` setting names (:mod:`.ir`), set by the server
        self.ncu_profiles: tuple[str, ...] = ()
        #: the graphs whose kernels the tables hold: every graph of the index, or (a first, partial
        #: snapshot while the rest is being indexed) those ``graphs``
        self.graphs = index.graphs if graphs is None else list(graphs)
        #: whether the tables hold every graph; a partial snapshot answers for the documents in ``covers``
        self.complete = graphs is None
        self.covers: set[str] = {os.path.abspath(p) for p in covers or ()}
        #: on a snapshot of a big log's first part: why model lines' answers are partial (said in them)
        self.reading = reading
        self._lines: dict[str, list[str] | None] = {}
        self._position_tables: dict[str, dict] = {}
        #: output codes whose position table :meth:`warm` made (absolute paths): a hover there needs no lookup
        self._code_paths: set[str] = set()
        self._local: dict[tuple[str, int, str], LocalFrame] = {}
        #: {(local path, line): [(kernel, frame)]}, every frame of every kernel whose code the local
        #: line has (at the traced line, or found nearby: ``moved``; its first frame on that line)
        self.by_local_line: dict[tuple[str, int], list[tuple[Kernel, Frame]]] = {}
        #: {local path: sorted lines that produced kernels}
        self.lines_of_file: dict[str, list[int]] = {}
        #: {local path: [(kernel, frame)]} of frames whose code the local file does not have near
        #: their line (another version of the file): never placed on a line that differs
        self.differing: dict[str, list[tuple[Kernel, Frame]]] = {}
        by_line = self.by_local_line
        lines_of: dict[int, tuple] = {}  # kernels copied from one graph share their frame lists
        for graph in self.graphs:
            for kernel in graph.kernels:
                frames = kernel.frames
                found = lines_of.get(id(frames))
                if found is None or found[0] is not frames:
                    found = lines_of[id(frames)] = (frames, *self._local_lines(frames))
                for key, frame in found[1]:
                    bucket = by_line.get(key)
                    if bucket is None:
                        by_line[key] = [(kernel, frame)]
                    else:
                        bucket.append((kernel, frame))
                for path, frame in found[2]:
                    self.differing.setdefault(path, []).append((kernel, frame))
        for path in self.differing:
            self.lines_of_file.setdefault(path, [])
        for path, line in by_line:
            self.lines_of_file.setdefault(path, []).append(line)
        for lines in self.lines_of_file.values():
            lines.sort()
        self._time_tables()

    def _time_tables(self) -> None:
        """The measured time per local line and the user's call sites of compiled code, tabled."""
        #: measured time per local line (line_time.py): {(path, line): LineShare}
        self.line_shares: dict[tuple[str, int], LineShare] = {}
        measured = [k for g in self.graphs for k in g.kernels if k.measured is not None]  # only they have shares to split
        times = line_times(measured)
        for kind, rows in (("own", times.own), ("calls", times.through)):
            for row in rows.values():
                local = self.local(row.frame)
                if local.path is None or local.status == "mismatch":
                    continue
                share = self.line_shares.setdefault((local.path, local.line), LineShare())
                share.add(kind, row.parts)
        #: every measured kernel's time (µs, over the profiled runs: ``runs``), what percents are of
        self.measured_total_us = sum(k.measured.total_us for k in measured if k.measured is not None)
        self.runs: list[int] = sorted({k.measured.runs for k in measured if k.measured is not None})
        #: the user's own lines that called compiled code (hot_lines.py): {(local path, line): CallSite}
        self.local_call_sites: dict[tuple[str, int], CallSite] = {}
        self.call_lines_of_file: dict[str, list[int]] = {}
        for site in call_sites(self.graphs, self.measured_total_us if measured else None):
            local = self.local(site.frame)
            if local.path is None or local.status == "mismatch" or (self.covers and local.path not in self.covers):
                continue
            self.local_call_sites.setdefault((local.path, local.line), site)
        for path, line in sorted(self.local_call_sites):
            self.call_lines_of_file.setdefault(path, []).append(line)

    def frame_shown(self, frame: Frame) -> FrameShown:
        """How every answer names ``frame`` here: :meth:`label`, and its local file and line."""
        local = self.local(frame)
        return FrameShown(frame, self.label(frame), local.path, local.line, local.status)

    def warm(self) -> None:
        """Compute now what a first hover reads, so that it is a lookup (issue 47: a hover enters
        few modules): every kernel as shown (:meth:`kernel_shown`) and the position tables of the
        output codes.  The worker calls it after putting the snapshot live; a hover before that
        computes what it needs itself (the same answers)."""
        for graph in self.graphs:
            for role in ("code", "kernel_code"):
                for path in self.paths_of(graph, role):
                    doc = self.index.document(path)
                    if doc is not None and doc.role.is_code:
                        self._positions(path)
                        self._code_paths.add(path)
            for kernel in graph.kernels:
                self.kernel_shown(kernel)

    @classmethod
    def empty(cls, cache) -> Snapshot:
        """The snapshot of nothing opened yet (the server's first, before any indexing): an empty
        index over ``cache`` (:class:`inductor_lens.files.cache.Cache`)."""
        return cls(Index(cache), PathResolver())

    def read(self, path: str) -> bool:
        """Whether this snapshot placed answers by reading the local file ``path`` (a model or
        library file: its lines were compared with the trace's code)."""
        key = os.path.abspath(path)
        return key in self._lines or key in self.lines_of_file or key in self.call_lines_of_file

    def reread(self) -> Snapshot:
        """The same index and graphs again, with local files read afresh (after one was saved:
        lines moved by an edit are followed, answers on lines whose text changed withdrawn)."""
        self.resolver.forget_contents()
        return Snapshot(self.index, self.resolver, None if self.complete else self.graphs, sorted(self.covers) or None, self.reading)

    def _local_lines(self, frames: list[Frame]) -> tuple[list[tuple[tuple[str, int], Frame]], list[tuple[str, Frame]]]:
        """((local path, line), frame) of the first frame on each local line, in frame order; and
        (local path, frame) of the frames whose code that file does not have near their line."""
        out = []
        differing: list[tuple[str, Frame]] = []
        seen: set[tuple[str, int]] = set()
        for frame in frames:
            local = self.local(frame)
            if local.path is None or (self.covers and local.path not in self.covers):
                continue  # (a partial snapshot tables the lines of the documents it covers only)
            if local.status == "mismatch":
                differing.append((local.path, frame))
                continue
            key = (local.path, local.line)
            if key not in seen:
                seen.add(key)
                out.append((key, frame))
        return out, differing

    def answers_for(self, path: str) -> bool:
        """Whether this snapshot's answers about ``path`` are its final ones for this index (a
        complete snapshot, or a partial one made for that open document)."""
        return self.complete or os.path.abspath(path) in self.covers

    # -------------------------------------------------------------- frames
    def local(self, frame: Frame) -> LocalFrame:
        """Resolve and check one frame (memoized)."""
        key = (frame.file, frame.line, frame.code)
        found = self._local.get(key)
        if found is None:
            found = self._resolve(frame)
            self._local[key] = found
        return found

    def line_of(self, frame: Frame) -> int:
        """The one line number every answer gives for ``frame`` (lens, hover, references,
        definitions, symbols, diagnostics): its line in the local file where that file is found and
        the line's text matches (moved lines followed), else the line the trace recorded."""
        local = self.local(frame)
        return local.line if local.path is not None and local.status != "mismatch" else frame.line

    def label(self, frame: Frame) -> str:
        """``file.py:L`` with :meth:`line_of`'s line."""
        return f"{frame.basename}:{self.line_of(frame)}"

    def _resolve(self, frame: Frame) -> LocalFrame:
        path = self.resolver.resolve(frame.file, frame.code, frame.line)
        if path is None:
            return LocalFrame(frame, None, frame.line, "unresolved")
        path = os.path.abspath(path)
        lines = _read_lines(path, self._lines)
        if lines and not frame.code:  # a compiled function's first line (dynamo_start): found by its `def`
            return function_line(frame, path, lines)
        if not lines or not frame.code:
            return LocalFrame(frame, path, frame.line, "ok" if lines else "mismatch")
        want = frame.code.strip()
        if 0 < frame.line <= len(lines) and lines[frame.line - 1].strip() == want:
            return LocalFrame(frame, path, frame.line, "ok")
        for delta in range(1, NEARBY + 1):
            for line in (frame.line - delta, frame.line + delta):
                if 0 < line <= len(lines) and lines[line - 1].strip() == want:
                    return LocalFrame(frame, path, line, "moved")
        return LocalFrame(frame, path, frame.line, "mismatch")

    def location_of_frame(self, frame: Frame) -> Span | None:
        """The local line of ``frame`` as a range over its code (``None`` when unresolved)."""
        local = self.local(frame)
        if local.path is None:
            return None
        text = _read_lines(local.path, self._lines) or [""] * local.line
        line_text = text[local.line - 1] if 0 < local.line <= len(text) else ""
        start = len(line_text) - len(line_text.lstrip())
        return Span(local.path, local.line, start, len(line_text.rstrip()))

    # -------------------------------------------------------------- lookups
    def kernel_at(self, path: str, line: int, col: int | None = None) -> KernelHit | None:
        """The kernel whose name is at ``line`` (1-based), ``col`` (0-based) of output code ``path``.

        ``col=None`` accepts any position on the line.  The line of a ``[Provenance debug
        handles]`` comment gives the kernel with that key.  Returns where it was hit:
        ``definition``, ``launch`` or ``handle``.
        """
        known = os.path.abspath(path)
        if known in self._code_paths:  # (warmed: no lookup of the document)
            for start, end, hit in self._position_tables[known].get(line, ()):
                if col is None or start <= col <= end:
                    return hit
        doc = self.index.document(path)
        if doc is None or not doc.role.is_code:
            return None
        for start, end, hit in self._positions(path).get(line, ()):
            if col is None or start <= col <= end:
                return hit
        text = self.line_text(path, line)
        marker = "[Provenance debug handles] "
        if marker in text:
            key = text.split(marker, 1)[1].strip()
            for kernel in doc.graph.kernels:
                if kernel.key == key:
                    return KernelHit(kernel, "handle")
        return None

    def _positions(self, path: str) -> dict[int, list[tuple[int, int, KernelHit]]]:
        """``{line: [(col, end_col, hit)]}`` of every kernel name in an output-code file (memoized)."""
        path = os.path.abspath(path)
        table = self._position_tables.get(path)
        if table is None:
            table = {}
            doc = self.index.document(path)
            if doc is not None:
                here = self.paths_of(doc.graph, doc.role)
                for kernel in doc.graph.kernels:
                    candidates = [("launch", loc) for loc in kernel.launches] if doc.role == "code" else []
                    if kernel.definition is not None:
                        candidates.append(("definition", kernel.definition))
                    for role, loc in candidates:
                        if os.path.abspath(loc.path) in here:
                            hit = KernelHit(kernel, role, loc if isinstance(loc, Launch) else None)
                            table.setdefault(loc.line, []).append((loc.col, loc.end_col, hit))
            self._position_tables[path] = table
        return table

    @property
    def perf(self):
        """:attr:`figures` (bytes, FLOPs and throughput of this snapshot's kernels, made once)."""
        return self.figures

    def kernel_speed(self, kernel: Kernel) -> str:
        """``1.9 TB/s · 40% of H200 HBM · memory-bound`` for a measured kernel, else ``""``."""
        return speed_text(self.figures.kernel(kernel)) if kernel.measured is not None else ""

    def line_speed(self, rows: list) -> str:
        """The throughput phrase of the model line the ``(kernel, frame)`` rows of a local line name
        (its launches' bytes and FLOPs over its share of the time), ``""`` when not measured."""
        if not self.cached(("measured",), lambda: any(k.measured is not None for g in self.graphs for k in g.kernels)):
            return ""  # (no time to split: the lines' bytes and FLOPs are not worked out for nothing)
        table = self.cached(("perf", "lines"), lambda: self.perf.lines([k for g in self.graphs for k in g.kernels]))
        for _, frame in rows:
            if frame.innermost:
                found = table.get(line_key(frame))
                if found is not None and found.measured:
                    return speed_text(self.line_throughput(found, [k for k, _ in rows]))
        return ""

    def paths_of(self, graph: Graph, role: str) -> set[str]:
        """The absolute paths of a graph's ``role`` document: its output code and every alias with
        the same text (``code``), or its AOTInductor kernel ``.cpp`` (``kernel_code``)."""
        if role == "kernel_code":
            return {os.path.abspath(graph.kernel_code)} if graph.kernel_code else set()
        return {os.path.abspath(p) for p in [graph.output_code, *graph.output_code_aliases]}

    def kernels_sharing_definition(self, kernel: Kernel) -> list[Kernel]:
        """Every entry of ``kernel``'s graph with its name (one definition, several launches)."""
        graph = kernel.graph
        if graph is None:
            return [kernel]
        return [k for k in graph.kernels if k.name == kernel.name]

    def node_at(self, path: str, line: int) -> tuple[Graph, str, FxNode] | None:
        """(graph, ``pre_grad``/``post_grad``, node) for a node line of a graph file."""
        return self.index.node_at(path, line)

    def line_text(self, path: str, line: int) -> str:
        """Line ``line`` (1-based) of ``path`` (cached), ``""`` when out of range or unreadable."""
        lines = _read_lines(os.path.abspath(path), self._lines)
        if not lines or not 0 < line <= len(lines):
            return ""
        return lines[line - 1]

    def kernels_on_source_line(self, path: str, line: int) -> list[tuple[Kernel, Frame]]:
        """Kernels a model/library line produced (any frame of their stacks), in index order."""
        return list(self.by_local_line.get((os.path.abspath(path), line), []))

    def call_site(self, path: str, line: int) -> CallSite | None:
        """The user's call of compiled code on a local line (``out = cm(...)``), if any."""
        return self.local_call_sites.get((os.path.abspath(path), line))

    def percent_of_total(self, us: float | None) -> float | None:
        """``us`` as a percent of every measured kernel's time (``None`` without a profile)."""
        return None if us is None or not self.measured_total_us else 100.0 * us / self.measured_total_us

    def runs_text(self) -> str:
        """``3 runs`` / ``2-4 runs`` / ``""``: how many profiled runs the measured times sum."""
        return runs_text(self.runs)

    def line_share(self, path: str, line: int) -> LineShare | None:
        """The measured time of a model/library line (``None`` when no kernel names it)."""
        return self.line_shares.get((os.path.abspath(path), line))
