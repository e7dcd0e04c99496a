"""The front door: what the user named (traces, profiles, path mappings, the cache) opened into
one index with its warnings.  ``inductor-lens report``, ``inductor-lens capture`` and the
editor's indexing worker all open traces here, so the same folder gives the same answers in all
three.

The way is one-way: sort what was named into traces and profiles, index the traces
(:mod:`inductor_lens.index`: files are found, read by :mod:`inductor_lens.readers` and linked by
:mod:`inductor_lens.provenance` as each graph materializes), then join the profiles
(:mod:`inductor_lens.timing`).

**Profile policy** (one for every caller):

1. A ``torch.profiler`` Chrome trace (``.json``/``.json.gz``) named among the paths is a profile,
   not a trace (``report TRACE PROFILE.json``).
2. Profiles named explicitly (``--profile``, a profile among the paths, the editor's
   ``inductorLens.profiles`` setting and *Open Profile...*) are joined first, in the order given,
   each to the log written by the process it measured (``timing.join``).
3. Then the profiles found beside each log (its folder and the parent folder, and the
   ``*.pt.trace.json[.gz]`` that ``tensorboard_trace_handler`` wrote into a folder of either that
   holds no log of its own) are joined to the
   graphs of that log's folder, except beside a log an explicit profile already measured: an
   explicit choice replaces what lies beside it.  A profile is joined once however often it is
   named or found.
4. Two profiles that measure the same kernels: the later one's times are shown, with a warning.
5. Profiles and no trace: nothing to join them to, said as a warning.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field

from .analysis.core import Analysis
from .files.cache import Cache
from .files.resolve import PathResolver, beside_trace_folders, differing_copies
from .index.loader import LogScan
from .index.trace_index import Index
from .model import InputWarning

#: ``progress(percent, message)``: how far opening is (0-100) and what it does now
Progress = Callable[[int, str], None]
#: called once every trace is scanned, before the graphs are materialized (the editor answers
#: the open documents there): ``first_answers(index, resolver)``
FirstAnswers = Callable[[Index, PathResolver], None]


@dataclass(frozen=True)
class TraceRequest:
    """What the user named.  ``paths``: TORCH_TRACE logs, folders, tlparse output, a
    TORCH_COMPILE_DEBUG folder, an ``output_code.py``, an AOTInductor package, or a profile;
    ``profiles``: Chrome traces named explicitly; ``path_maps``: ``(from, to)`` prefixes of paths
    written on another machine; ``roots``: folders searched by path suffix (the workspace);
    ``site_packages``: extra site-packages folders (the interpreter's own are always searched);
    ``disk_cache``: read and write the on-disk index cache; ``path_map_label``: how the user gave
    the path mappings (named in the warning about a mapping to no folder); ``workers``: index a
    folder's rank logs on a distributed engine's workers, where they are stored (``local``,
    ``local:N`` or a Dask scheduler address: :mod:`inductor_lens.cluster`; None: here);
    ``second_core``: see the field."""

    paths: Sequence[str]
    profiles: Sequence[str] = ()
    path_maps: Sequence[tuple[str, str]] = ()
    roots: Sequence[str] = ()
    site_packages: Sequence[str] = ()
    disk_cache: bool = True
    path_map_label: str = "--path-map"
    workers: str | None = None
    #: align big graphs on a second core in a forked child (a one-shot process with one thread:
    #: ``report``; :mod:`inductor_lens.index.parallel`)
    second_core: bool = False


@dataclass
class OpenedTraces:
    """An opened request: the ``index`` (every graph materialized, profiles joined; its
    ``warnings`` say what was skipped, with file and line), the ``resolver`` of trace paths to
    local files, and the ``profiles`` named explicitly (absolute paths)."""

    index: Index
    resolver: PathResolver
    profiles: list[str] = field(default_factory=list)
    _analysis: Analysis | None = field(default=None, repr=False, compare=False)

    @property
    def analysis(self) -> Analysis:
        """The answers about what was opened, for every presenter (:class:`inductor_lens.analysis.core.Analysis`, made once)."""
        if self._analysis is None:
            self._analysis = Analysis(self.index, self.resolver, self.profiles)
        return self._analysis

    @property
    def readable(self) -> bool:
        """Whether anything named could be read (a graph, or a trace with records)."""
        return bool(self.index.graphs) or any(t.readable for t in self.index.traces)


def split_profiles(paths: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(traces, profiles)``: a ``.json``/``.json.gz`` file among ``paths`` that is a
    torch.profiler Chrome trace is a profile; everything else is a trace path."""
    traces: list[str] = []
    profiles: list[str] = []
    for path in paths:
        if path.endswith((".json", ".json.gz")) and os.path.isfile(path):
            from .readers.chrome_trace import looks_like_chrome_trace  # only when a .json was named

            if looks_like_chrome_trace(path):
                profiles.append(os.path.abspath(path))
                continue
        traces.append(path)
    return traces, profiles


def open_traces(
    request: TraceRequest,
    *,
    cache: Cache | None = None,
    log_scans: dict[str, LogScan] | None = None,
    progress: Progress | None = None,
    first_answers: FirstAnswers | None = None,
) -> OpenedTraces:
    """Open ``request`` into an index (see the module docstring for the order and the profile
    policy).  ``cache``: the extraction folder and index cache (default: the user cache folder);
    ``log_scans``: scans of earlier openings of the same logs, reused (the editor keeps one);
    ``progress`` and ``first_answers``: see their types.  Never raises for bad input: what
    cannot be read is a warning on ``index.warnings``; ``request.workers`` that cannot be used
    (no Dask, an unreachable scheduler) raise :class:`inductor_lens.cluster.ClusterError`."""
    say = progress or (lambda percent, message: None)
    paths, named_profiles = split_profiles(request.paths)
    profiles = list(dict.fromkeys([os.path.abspath(p) for p in request.profiles] + named_profiles))
    index = Index(cache, log_scans, disk_cache=request.disk_cache)
    engine = None
    if request.workers:  # only then: the single-machine path never imports the engine
        from .cluster import Engine

        engine = Engine(
            request.workers,
            index.cache.root,
            disk_cache=request.disk_cache,
            progress=lambda done, total: say(int(50 * done / max(total, 1)), f"rank {done} of {total} on the workers"),
        )
        index.elsewhere = engine.index_logs
    try:
        for n, path in enumerate(paths):
            say(int(50 * n / max(len(paths), 1)), os.path.basename(path.rstrip("/")) or path)
            index.add(path)
    finally:
        if engine is not None:
            index.elsewhere = None
            engine.close()
    missing = [(src, dst) for src, dst in request.path_maps if not os.path.isdir(dst)]
    if missing:  # said, not fatal: the paths it would map stay as the trace wrote them
        index.add_warnings(
            [
                InputWarning(
                    dst,
                    0,
                    f"{request.path_map_label} {src}={dst}: {dst} is not a folder here; paths starting with {src} "
                    "are shown as the trace wrote them",
                )
                for src, dst in missing
            ]
        )
    beside = beside_trace_folders([t.path for t in index.traces], list(profiles))  # a model file's copy beside its run wins
    resolver = PathResolver(list(request.path_maps), roots=list(request.roots), site_packages=list(request.site_packages), beside=beside)
    index.add_warnings(_different_code(index))
    if first_answers is not None:
        first_answers(index, resolver)
    graphs = index.graphs
    with index.loader.second_core(graphs) if request.second_core else nullcontext():
        for n, graph in enumerate(graphs):  # parse payloads (the cold index above only scanned)
            if n % 16 == 0:
                say(50 + int(40 * n / max(len(graphs), 1)), f"graph {n + 1} of {len(graphs)}")
            graph.ensure()
    index.loader.verify_deferred()  # copies taken for the first answers, checked against their own payloads
    index.save_cache()
    index.local_file = resolver.resolve  # the model files a profile's stacks name, through --path-map too
    try:
        _join_profiles(index, profiles, bool(paths), say)
    finally:
        index.local_file = None  # the index outlives the request (the editor's snapshot): no resolver kept
    return OpenedTraces(index, resolver, profiles)


def _different_code(index: Index) -> list[InputWarning]:
    """A warning per model file whose copies beside the runs differ (``report tf_plain tf_item``):
    the same path ran different code, so its rows are kept apart by their code."""
    logs = sorted({t.path for t in index.traces if t.format != "output_code"})
    if len(logs) < 2:
        return []
    files = sorted({f.file for k in index.kernels for f in k.frames})
    out = []
    for file in files:
        copies = differing_copies(file, logs)
        if copies:
            runs = ", ".join(os.path.basename(os.path.dirname(c)) for c in copies)
            out.append(
                InputWarning(
                    file,
                    0,
                    f"the same path has different code in the runs ({runs}: {', '.join(copies)}): its rows are kept apart "
                    "by each line's code, not merged by line number; to compare the runs: inductor-lens diff A B",
                )
            )
    return out


def open_heads(request: TraceRequest, cache: Cache | None, log_scans: dict[str, LogScan], head_bytes: int) -> Index:
    """The first ``head_bytes`` of each log ``request`` names that is bigger, indexed (the rest is
    read by :func:`open_traces` later, reusing ``log_scans``; :attr:`LogLoader.head_bytes`); the
    editor answers the open documents from it.  Nothing is materialized, no profile is joined."""
    traces, _profiles = split_profiles(request.paths)
    index = Index(cache, log_scans, disk_cache=request.disk_cache)
    index.loader.head_bytes = head_bytes
    for path in traces:
        index.add(path)
    return index


def start_scan_processes() -> None:
    """Start the processes a big log's scan is split across (a fork server: the editor starts it
    while the server starts, :func:`inductor_lens.index.loader.start_scan_processes`)."""
    from .index.loader import start_scan_processes as start

    start()


def _join_profiles(index: Index, profiles: list[str], any_trace: bool, say: Progress) -> None:
    """Rules 2-5 of the profile policy; ``say``: progress from 90 (a big profile's join takes seconds)."""
    if profiles and not any_trace:
        index.add_warnings(
            [
                InputWarning(
                    p,
                    0,
                    "no trace given: a torch.profiler trace is joined to the TORCH_TRACE log of the run "
                    f"it measured (inductor-lens report TRACE --profile {p})",
                )
                for p in profiles
            ]
        )
        return
    measured: set[str] = set()
    if profiles:
        from .timing.join import join_profile

        for n, profile in enumerate(profiles):
            say(90 + int(9 * n / len(profiles)), f"profile {os.path.basename(profile)}")
            joined = join_profile(index, profile)
            if joined is not None and joined.calls:
                measured |= joined.traces
    from .files.discovery import profile_candidates_beside

    if any(profile_candidates_beside(t.path) for t in index.traces if t.format != "output_code" and t.path not in measured):
        from .timing.join import join_profiles_beside_traces

        say(99, "profiles beside the traces")
        join_profiles_beside_traces(index, skip=measured, given=bool(profiles))
