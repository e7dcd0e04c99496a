"""One rank's log indexed on its own (on another machine, by a distributed engine's worker) and
merged into an index as :meth:`Index._add_log <inductor_lens.index.trace_index.Index._add_log>`
would have added it.

:func:`index_rank` runs where the log is stored: a fresh :class:`Index` adds the one log, every
graph is materialized (payloads read, MD5-checked, parsed and linked), the index cache is written
(a warm re-run reads it) and what the log contributes comes back as a :class:`RankPart`, a
picklable summary.  :func:`merge_part` adds a part to the index of the process that asked, in the
same steps and order as the local path (the first-time check, the copy check, the trace, its
graphs, its warnings, its compile health), so a job indexed on many machines gives the same
answer as one indexed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..files.cache import Cache
from ..model import Compile, CompileEvent, Graph, InputWarning, TraceInfo
from .trace_index import Index


@dataclass(slots=True)
class RankPart:
    """What one log adds to an :class:`Index`, in the order the local path adds it.

    ``path``: the log; ``tlparse``: it is a tlparse output's ``raw.log``; ``trace``: its
    :class:`TraceInfo` (``None`` when the log could not be read: then ``warnings`` says why, as
    locally); ``graphs``: its graphs, materialized (copies of an identical graph of the same log
    keep a link to it); ``compiles``, ``compile_events``, ``kernel_compile_info`` and
    ``call_stacks``: its compile health (:mod:`.log_health`); ``warnings``: what the scan and the
    compile records said; ``late_warnings``: what writing the index cache said; ``copy_key``:
    ``(size, first bytes, last bytes)`` of the log (:class:`~inductor_lens.index.input_files.LogCopies`);
    ``rank``: its rank; ``pids``: the processes its records name (for the profile join)."""

    path: str
    tlparse: bool = False
    trace: TraceInfo | None = None
    graphs: list[Graph] = field(default_factory=list)
    compiles: list[Compile] = field(default_factory=list)
    compile_events: list[CompileEvent] = field(default_factory=list)
    kernel_compile_info: dict[tuple[str, str, int], dict[str, dict]] = field(default_factory=dict)
    call_stacks: dict[tuple[str, str], tuple] = field(default_factory=dict)
    warnings: list[InputWarning] = field(default_factory=list)
    late_warnings: list[InputWarning] = field(default_factory=list)
    copy_key: tuple = ()
    rank: int | None = None
    pids: set[int] = field(default_factory=set)


def index_rank(log_path: str, display: str | None, root: str | None, cache_dir: str, disk_cache: bool = True) -> RankPart:
    """Index the one log ``log_path`` here (a worker of a distributed engine) into a
    :class:`RankPart`.  ``display``: the tlparse output folder it is the ``raw.log`` of, or
    ``None``; ``root``: the folder the user opened (a rank from folder names); ``cache_dir``: the
    cache folder where extracted texts and the index cache are written (the paths the answer names
    are in it, so it must be the client's: shared storage for a cluster of several machines);
    ``disk_cache``: read and write the index cache.  Raises :class:`OSError` when the log cannot be
    opened here (the engine's client then retries it, then says so)."""
    with open(log_path, "rb"):  # a path this worker cannot see: raised, not a part
        pass
    index = Index(Cache(cache_dir), disk_cache=disk_cache)
    index._add_log(log_path, display=display, root=root)
    for graph in index._graphs:
        graph.ensure()
    index.loader.verify_deferred()
    said = len(index._warnings)
    index.save_cache()
    part = RankPart(log_path, tlparse=display is not None, warnings=index._warnings[:said], late_warnings=index._warnings[said:])
    scan = index.loader.scans.get(log_path)
    if not index.traces or scan is None:  # it could not be read after all: its warning says why
        return part
    part.trace = index.traces[0]
    part.graphs = list(index._graphs)
    part.compiles, part.compile_events = index.compiles, index.compile_events
    part.kernel_compile_info, part.call_stacks = index.kernel_compile_info, index.call_stacks
    part.copy_key = (scan.identity[0], scan.head, scan.tail)
    part.rank = part.trace.rank
    part.pids = set(scan.log.pids)
    return part


def merge_part(index: Index, part: RankPart) -> None:
    """Add ``part`` to ``index`` as ``index._add_log(part.path, ...)`` would have added the log:
    nothing when the log was read already (the same path again), only a warning when it is a copy
    of a log read before (:class:`~inductor_lens.index.input_files.LogCopies`), else its trace, its
    graphs, its warnings and its compile health."""
    if not index._first_time(part.path):
        return
    if part.trace is None:
        index._warnings.extend(part.warnings + part.late_warnings)
        return
    copied, said = index._log_copies.copy_of(part.path, part.copy_key, part.rank, part.tlparse)
    if copied is not None:
        index._warnings.extend([said] if said is not None else [])
        return
    index.traces.append(part.trace)
    for graph in part.graphs:
        index._register(graph)
    index._warnings.extend(part.warnings)
    index.compiles.extend(part.compiles)
    index.compile_events.extend(part.compile_events)
    index.kernel_compile_info.update(part.kernel_compile_info)
    for key, frames in part.call_stacks.items():
        index.call_stacks.setdefault(key, frames)
    index.loader.pids_elsewhere[part.path] = part.pids
    index._warnings.extend(part.late_warnings)


def missing_rank(index: Index, log_path: str, message: str) -> None:
    """Say that ``log_path`` was not indexed (``message``: why, e.g. its worker failed twice): a
    warning on the log, never a rank silently dropped.  Nothing when the log was read already."""
    if index._first_time(log_path):
        index._warnings.append(InputWarning(log_path, 0, message))
