"""Loading a TORCH_TRACE log into cold graphs, and materializing a graph when it is first asked for.

:class:`LogLoader` scans logs (reusing this process's earlier scans, else the on-disk index cache,
reading only the appended part of a log that grew, scanning big rank folders in parallel
processes), pairs their records into graphs (:mod:`readers.torch_trace.graphs`) and makes each a cold
:class:`~inductor_lens.model.Graph` whose :class:`LogGraphLoader` reads and parses its payloads
with the readers and links its kernels (:mod:`inductor_lens.provenance.linker`) on first access
(:mod:`inductor_lens.index.materialize`, imported then: a warm re-open from the index cache needs
neither).  Graphs with byte-identical payloads (ranks, repeated compiles) are parsed once; another
rank's graph that differs only in its pre-grad graph id too (:mod:`inductor_lens.index.ranks`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..files import trace_paths
from ..files.cache import Cache
from ..files.resolve import inductor_cache_candidates
from ..model import Graph, InputWarning
from ..readers.torch_trace import TraceLog
from ..readers.torch_trace import scan as scan_log
from ..readers.torch_trace.first_part import compile_ended, head_and_tail, scan_head, tail_kept
from ..readers.torch_trace.graphs import GRAPH_ROLES, GraphRecords, content_key
from ..readers.torch_trace.split import SplitScan, scan_pool, scan_split, start_fork_server, start_scan_split

if TYPE_CHECKING:
    from ..readers.debug_folder import DebugFolderFiles

_AOT_ID_KIND = re.compile(r"^# AOT ID: \['[^']*?(forward|backward|inference)'")


@dataclass(slots=True)
class LogScan:
    """What an earlier index learned about one log, for re-indexing it cheaply.

    ``identity`` is (size, mtime_ns) and ``head`` its first bytes: an unchanged log is reused as
    is; a log that only grew (same head, larger size) is scanned from where it stopped and only
    graphs whose records changed are rebuilt (``graphs`` maps a graph's record signature to it).
    """

    identity: tuple[int, int]
    head: bytes
    log: TraceLog
    graphs: dict[tuple, Graph | None]
    tail: bytes = b""
    saved: bool = False
    #: (size, mtime in ns) of every file the materialized graphs point into (output code on disk or
    #: extracted, FX graph files), when saved: positions in a file edited since are stale
    files: dict[str, tuple[int, int] | None] = field(default_factory=dict)
    #: the scan of the rest of a log of which only the first part was scanned (``head_bytes``),
    #: running in other processes until the next index of the log takes it (never saved)
    rest: SplitScan | None = None


_HEAD_BYTES = 4096
#: Logs to scan cold together above this size are scanned in parallel processes.
PARALLEL_SCAN_BYTES = 64 * 1024 * 1024


def _stat(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def _files_of(scan: LogScan) -> dict[str, tuple[int, int] | None]:
    """(size, mtime) of the files a scan's materialized graphs point into (``None``: missing)."""
    paths: dict[str, None] = {}
    for graph in scan.graphs.values():
        if graph is not None and graph.loaded and not graph.broken:
            for path in (graph.output_code, *graph.output_code_aliases, graph.kernel_code, *graph.graph_files.values()):
                if path:
                    paths[path] = None
    return {p: _stat(p) for p in paths}


def _files_unchanged(scan: LogScan) -> bool:
    """Whether every file the scan's graphs point into is there and unchanged since it was saved
    (the cache folder can be cleaned; an output code reformatted in the editor moves every line a
    definition or a launch is at)."""
    return all(st is not None and _stat(path) == st for path, st in scan.files.items())


def _reads_from(signature: tuple, line: int) -> bool:
    """Whether a graph signature (:meth:`GraphRecords.signature`) has a record at ``line`` or later."""
    return any(isinstance(part, tuple) and part and isinstance(part[0], int) and part[0] >= line for part in signature[3:])


class LogLoader:
    """Scans logs and makes their cold graphs, for one :class:`~inductor_lens.index.Index`.

    ``scans`` (log path -> :class:`LogScan`) may be shared between successive indexes (the server
    keeps one); ``disk_cache`` turns the on-disk index cache on or off (``--no-cache``).
    """

    def __init__(self, cache: Cache, scans: dict[str, LogScan] | None = None, *, disk_cache: bool = True) -> None:
        self.cache = cache
        self.disk_cache = disk_cache
        self.scans: dict[str, LogScan] = scans if scans is not None else {}
        #: materialized graphs by content (the MD5s of every payload they read): ranks and repeated
        #: compiles with identical payloads share one parse and get their own copy of the kernels;
        #: and parsed FX graphs by record (``("fx", log, line, md5, path)``: a compile's graphs
        #: share their pre-grad graph)
        self.shared: dict[tuple, Any] = {}
        self._prefetched: dict[str, TraceLog] = {}
        #: the process ids of logs scanned elsewhere (a distributed engine's workers: :mod:`.parts`)
        self.pids_elsewhere: dict[str, set[int]] = {}
        #: while not None, graphs copied from an identical one are not checked against their own
        #: payloads yet (the server's first answers): (graph, its loader, its cold output code)
        #: until :meth:`verify_deferred`
        self.unverified: list[tuple[Graph, LogGraphLoader, tuple[str, dict[str, str], str]]] | None = None
        #: logs whose scan and graphs this loader took whole from the on-disk index cache
        self.from_disk: set[str] = set()
        #: the child aligning big graphs on the second core while :meth:`second_core` is open
        self.worker: Any = None
        #: when set, a log bigger than this (bytes) that needs a cold scan is scanned only
        #: up to its first record start at or after it (the editor's first answers on a big log;
        #: the scan is kept in ``scans``, and the next index of the log reads the rest)
        self.head_bytes: int | None = None

    @contextmanager
    def second_core(self, graphs: list[Graph]) -> Iterator[None]:
        """While open, the dataflow alignment of ``graphs``' big graphs runs in a forked child
        (:mod:`inductor_lens.index.parallel`; nothing where it would not pay); the child is
        stopped and reaped on leaving, whatever happened."""
        from .parallel import MIN_CODE_BYTES, start_inference_worker

        work: list[tuple[Graph, LogGraphLoader]] = []
        off = os.environ.get("INDUCTOR_LENS_SECOND_CORE", "1") == "0"
        for graph in [] if off else self.distinct(graphs):  # (the first of a content: the others are copies)
            loader = graph._loader  # cold log graphs with a Python wrapper, a post-grad graph and a big output code
            if not isinstance(loader, LogGraphLoader) or graph._wrapper_language != "python":
                continue
            code = loader.group.code
            if code is None or loader.group.post_grad is None or code.payload_end - code.payload_start < MIN_CODE_BYTES:
                continue
            work.append((graph, loader))
        self.worker = start_inference_worker(work)
        try:
            yield
        finally:
            worker, self.worker = self.worker, None
            if worker is not None:
                worker.close()

    def scan(self, path: str) -> tuple[TraceLog, LogScan]:
        """Scan ``path``, reusing or extending an earlier scan (this process's scans, else the
        on-disk index cache) when the file is unchanged or only grew."""
        st = os.stat(path)
        identity = (st.st_size, st.st_mtime_ns)
        head, tail = head_and_tail(path, st.st_size, _HEAD_BYTES)
        scan = self.scans.get(path)
        if scan is not None and not _files_unchanged(scan):
            scan = None  # a file its graphs point into was edited: positions are stale
        from_disk = False
        if scan is None and self.disk_cache:
            scan = self.cache.load_index(path)
            if not isinstance(scan, LogScan) or not _files_unchanged(scan):
                scan = None  # stale, its extracted files were deleted, or one was edited
            elif scan is not None:
                scan.saved = from_disk = True
        if scan is not None and scan.identity == identity and scan.head == head and scan.tail == tail:
            self.scans[path] = scan
            if from_disk:
                self.from_disk.add(path)
            return scan.log, scan
        prefetched = self._prefetched.pop(path, None)
        if scan is not None and st.st_size > scan.log.size and head.startswith(scan.head) and tail_kept(path, scan.log.size, scan.tail):
            # appended: read only the new part, and rebuild every graph that read the old last
            # record (its payload may have been cut where the writer was) or found damage
            resume = scan.log.tail_line if scan.log.tail_offset is not None else None
            scan.graphs = {
                sig: g
                for sig, g in scan.graphs.items()
                if g is not None and not (g.loaded and g.warnings) and (resume is None or not _reads_from(sig, resume))
            }
            rest, scan.rest = scan.rest, None
            if rest is not None and rest.previous is scan.log and rest.size == st.st_size:
                log = rest.result()
            else:
                if rest is not None:
                    rest.cancel()
                log = scan_split(path, previous=scan.log)
        elif self.head_bytes is not None and st.st_size > self.head_bytes and prefetched is None:
            # the first part only, as if the log ended there: the next index of this log reads the
            # rest as it does for a log that grew by appends, reusing these graphs
            log = scan_head(path, self.head_bytes)
            scan = LogScan(identity, head, log, {})
            if log.size < st.st_size:  # (else read whole) the rest is read by other processes meanwhile
                identity, (head, tail) = (log.size, st.st_mtime_ns), head_and_tail(path, log.size, _HEAD_BYTES)
                scan.rest = start_scan_split(path, previous=log, background=True)
        else:
            log = prefetched if prefetched is not None and prefetched.size == st.st_size else scan_split(path)
            scan = LogScan(identity, head, log, {})
        scan.identity, scan.head, scan.tail, scan.log, scan.saved = identity, head, tail, log, False
        self.scans[path] = scan
        return log, scan

    def distinct(self, graphs: list[Graph]) -> list[Graph]:
        """``graphs`` less the cold ones whose payloads (their MD5s) an earlier cold one of them
        has: what a repeated compile or another rank would copy is left out before anything is
        read (a materialized graph's copies are known only once they are materialized:
        :attr:`Graph.copied`)."""
        seen: set[tuple | None] = {None}
        out = []
        for graph in graphs:
            key = content_key(graph._loader.group, graph.kind) if isinstance(graph._loader, LogGraphLoader) else None
            if key is None or key not in seen:
                out.append(graph)
                seen.add(key)
        return out

    def ended_in_scan(self, graph: Graph) -> bool:
        """Whether ``graph`` is of a log and its compile ended within what was scanned of it
        (:func:`~inductor_lens.readers.torch_trace.first_part.compile_ended`): only then is a graph
        of a log's first part (:attr:`head_bytes`) the graph the whole log gives."""
        loader = graph._loader
        return isinstance(loader, LogGraphLoader) and compile_ended(loader.log, loader.group)

    def save(self, warnings: list[InputWarning]) -> None:
        """Write the index cache for every log whose graphs are all materialized and that changed
        since it was last saved.  A cache folder that is not writable is reported, not fatal."""
        if not self.disk_cache:
            return
        import pickle

        for path, scan in list(self.scans.items()):
            if scan.saved or not all(g is None or g.loaded for g in scan.graphs.values()):
                continue
            try:
                scan.rest = None
                scan.files = _files_of(scan)
                self.cache.save_index(path, scan)
                scan.saved = True
            except (OSError, pickle.PicklingError) as exc:
                warnings.append(InputWarning(path, 0, f"cannot write the index cache: {exc}", cache_unwritten=True))

    def defer_copy_checks(self) -> None:
        """From now on, a graph copied from an identical one (same payload MD5s in the envelopes)
        is not checked against its own payloads until :meth:`verify_deferred`: the server's first
        answers need the kernels, not yet the proof that a repeated payload is intact."""
        if self.unverified is None:
            self.unverified = []

    def verify_deferred(self) -> None:
        """Check the copies made since :meth:`defer_copy_checks` against their own payloads; one
        that fails is materialized from them instead (its damage becomes its warnings), as it
        would have been without deferring.  Checks are made at once again afterwards."""
        pending, self.unverified = self.unverified, None
        for graph, loader, cold in pending or []:
            if not loader.verified():
                graph.forget_copy(*cold)
                loader.own(graph)

    def prefetch(self, logs: list[str], warnings: list[InputWarning]) -> None:
        """Scan several big logs in parallel processes (ranks of one job); small ones stay serial.

        Only logs that need a cold scan (not scanned before, no valid index cache) are sent; the result is
        the same :class:`TraceLog` a serial scan gives.
        """
        if self.head_bytes is not None:
            return  # first parts only: each log's head is scanned when it is added
        todo = [p for p in logs if p not in self.scans and not (self.disk_cache and self.cache.load_index(p) is not None)]
        workers = min(len(todo), os.cpu_count() or 1)

        def size(path: str) -> int:
            try:
                return os.path.getsize(path)
            except OSError:  # gone since it was found (another program moved it): its scan says so
                return 0

        if workers < 2 or sum(size(p) for p in todo) < PARALLEL_SCAN_BYTES:
            return
        try:
            pool, futures = scan_pool(workers, lambda pool: [pool.submit(scan_log, p) for p in todo])
            with pool:
                for path, future in zip(todo, futures, strict=True):
                    self._prefetched[path] = future.result()
        except Exception as exc:  # no processes here (sandbox, frozen app): scan serially
            warnings.append(InputWarning(logs[0], 0, f"parallel scan unavailable ({exc!r}); scanning serially"))

    def cold_graph(self, log: TraceLog, group: GraphRecords) -> Graph:
        """The cold part: what a graph is, from envelopes alone (plus the code's first line).

        Kernels, FX graphs and extracted files come later, when first asked for (:class:`LogGraphLoader`).
        """
        code_rec = group.code
        language = "cpp" if code_rec.kind == "graph_dump" else "python"
        meta = code_rec.envelope.get(code_rec.kind) or {}
        names = [str(meta.get(k)) for k in ("file_path", "filename") if isinstance(meta, dict) and meta.get(k)]
        original = trace_paths.basename(names[0]) if names else ("output_code.cpp" if language == "cpp" else "output_code.py")
        on_disk = [c for n in names for c in inductor_cache_candidates(n, log.path) if os.path.isfile(c)]
        aot = _AOT_ID_KIND.match(log.first_payload_line(code_rec) or "")
        kind = (aot.group(1) if aot else None) or group.kind_hint or "inference"
        base = extracted_name("output code", group.compile_id, kind, os.path.splitext(original)[1] or ".py")
        # always the extracted copy, named by what it is (an editor tab reads ``forward · compile 0_0 ·
        # output code.py``, not the Inductor cache's hash); the Inductor cache file with the same
        # text stays an alias (materialize: hovers and lenses work in it too)
        code_path = self.cache.path_for(code_rec.md5, base)
        loader = LogGraphLoader(log, group, base, on_disk, self.cache, self.shared, self)
        graph = Graph(log.path, log.rank, group.compile_id, kind, group.ordinal, code_path, wrapper_language=language, loader=loader)
        graph.code_md5 = code_rec.md5
        graph.graph_files = {
            role: self.cache.path_for(
                rec.md5, extracted_name(f"{role.replace('_', '-')} graph", group.compile_id, None if role == "pre_grad" else kind)
            )
            for role in ("post_grad", "pre_grad")
            if (rec := getattr(group, role)) is not None and rec.md5
        }
        return graph


def extracted_name(what: str, compile_id: str, kind: str | None, ext: str = ".py") -> str:
    """The file name a graph's extracted text gets, named by what it is, as editor tabs and
    References peeks show it: ``forward · compile 0_0 · output code.py``, ``compile 0_0 ·
    pre-grad graph.py`` (a compile id's ``/`` cannot be in a file name: ``_``; compiled
    autograd's ``!`` is ``ca``).  No rank: ranks with the same text share one file."""
    cid = compile_id.replace("/", "_").replace("!", "ca")
    return " · ".join(([kind] if kind else []) + [f"compile {cid}", what]) + ext


class LogGraphLoader:
    """The loader of one graph of a log: what it needs to materialize the graph later.

    ``log`` and ``group`` point at the graph's records (payload offsets, not texts); ``base`` is
    the output code's file name and ``on_disk`` the Inductor cache files that may hold its text;
    ``shared`` maps content keys (payload MD5s) to graphs already materialized.
    """

    def __init__(
        self,
        log: TraceLog,
        group: GraphRecords,
        base: str,
        on_disk: list[str],
        cache: Cache,
        shared: dict[tuple, Any],
        owner: LogLoader | None = None,
    ) -> None:
        self.log, self.group, self.base, self.on_disk, self.cache, self.shared = log, group, base, on_disk, cache, shared
        self.owner = owner

    def __call__(self, graph: Graph) -> None:
        """Read (MD5-verified) and parse the graph's payloads, write extracted copies, link kernels.
        Damage becomes warnings; the graph then has fewer or no kernels.  A graph whose payloads
        (by MD5) equal an already materialized one's is copied from it instead (checked against
        its own payloads now, or later when its :class:`LogLoader` defers those checks)."""
        key = content_key(self.group, graph.kind)
        if key is not None:  # pass-made nodes take their line from the compile's context (pass_frames.py)
            key = key + (getattr(graph, "pass_frame", None),)
        template = self.shared.get(key) if key is not None else None
        if template is not None:
            template.ensure()
            # same MD5s in the envelopes; the payloads themselves must still verify (damage is
            # reported per file, and a damaged copy is parsed on its own below)
            deferred = self.owner.unverified if self.owner is not None else None
            if not template.broken and (deferred is not None or self.verified()):
                cold = (graph.output_code, dict(graph.graph_files), graph._wrapper_language)
                graph.copy_content_from(template)
                if deferred is not None:
                    deferred.append((graph, self, cold))
                return
        # another rank's graph: the same payloads but for the pre-grad graph's `# graph id:` line
        from .ranks import without_graph_id

        read: list[InputWarning] = []  # (damage: reported when the graph is materialized; a changed text: with it)
        rank_key = without_graph_id(key, self.group, lambda rec: self.log.payload(rec, read)) if key is not None else None
        if rank_key is not None:
            template = self.shared.get(rank_key[0])
            if template is not None and template.pre_grad is not None and not template.broken:
                deferred = self.owner.unverified if self.owner is not None else None
                if deferred is not None or self.verified():
                    self._copy_with_own_pre_grad(graph, template, rank_key[1], deferred)
                    return
        if key is not None:
            self.shared.setdefault(key, graph)
        if rank_key is not None:
            self.shared.setdefault(rank_key[0], graph)
            if self.group.pre_grad is not None:  # read once: materializing parses it
                self.shared[("text", self.log.path, self.group.pre_grad.line)] = (rank_key[1], read)
        self.own(graph)

    def _copy_with_own_pre_grad(self, graph: Graph, template: Graph, text: str, deferred: list | None) -> None:
        from .ranks import own_pre_grad

        cold = (graph.output_code, dict(graph.graph_files), graph._wrapper_language)
        name = os.path.basename(graph.graph_files.get("pre_grad") or extracted_name("pre-grad graph", graph.compile_id, None))
        rec = self.group.pre_grad
        try:
            path = self.cache.extract(text, name, rec.md5 if rec is not None else None)
        except OSError:
            path = self.cache.extracted_path(text, name, rec.md5 if rec is not None else None)
        graph.copy_content_from(template, own_pre_grad(template.pre_grad, text, path))
        if deferred is not None:
            deferred.append((graph, self, cold))

    def verified(self) -> bool:
        """Whether every payload of the graph is intact and matches its MD5."""
        return all(self.log.verify(r) for r in (getattr(self.group, role) for role in GRAPH_ROLES) if r is not None)

    def own(self, graph: Graph) -> None:
        """Materialize from the graph's own payloads (:func:`inductor_lens.index.materialize.materialize_log_graph`:
        the readers and the linker are imported on the first graph that needs them)."""
        from .materialize import materialize_log_graph

        worker = self.owner.worker if self.owner is not None else None
        materialize_log_graph(
            graph,
            self.log,
            self.group,
            self.base,
            self.on_disk,
            self.cache,
            self.shared,
            inferred_elsewhere=worker.take(graph) if worker is not None else None,
        )


def graph_from_loose_code(files: "DebugFolderFiles") -> Graph | None:
    """A graph from a loose output code (:func:`inductor_lens.index.materialize.graph_from_loose_code`)."""
    from .materialize import graph_from_loose_code as make

    return make(files)


def start_scan_processes() -> None:
    """Start the fork server the scan processes of big logs come from (the language server calls
    this while it starts: it always has a thread reading stdin, so it must not fork itself;
    ``readers/torch_trace/split.py``)."""
    start_fork_server()
