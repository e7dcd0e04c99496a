"""The indexing worker: builds a new index and snapshot in a thread while requests are answered.

One daemon thread waits on an event; each request for a fresh index bumps a *generation* and
sets the event.  A run indexes every trace path (cold scan, then every graph materialized),
saves the on-disk index cache, joins the profiles, builds the :class:`Snapshot` and precomputes
the code lenses, then swaps the snapshot in and wakes the requests waiting for that generation
(asyncio futures resolved on the server's loop: no polling).  Progress goes out as
``$/progress`` and ``inductorLens/status``; logs that change on disk are noticed by a 2 s check
of their size and mtime (clients' file watchers are not always there).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
import traceback
from collections.abc import Callable
from typing import Protocol

from lsprotocol import types

from ..analysis.snapshot import Snapshot
from ..files.cache import Cache
from ..files.resolve import PathResolver
from ..model import Graph
from ..open_traces import TraceRequest, open_heads, open_traces
from ..text import format_bytes
from .features import lenses


class WorkerHost(Protocol):
    """What the worker needs of the server it indexes for (``InductorLensServer`` is one): the
    request to open, the cache, the documents open, the live snapshot, and the ways to reach the
    client from the worker thread."""

    cache: Cache

    def trace_request(self) -> TraceRequest: ...
    def settings_key(self) -> str: ...
    def open_paths(self) -> list[str]: ...
    def live_snapshot(self) -> Snapshot: ...
    def publish(self, snapshot: Snapshot) -> None: ...
    def send(self, fn: Callable[[], object]) -> None: ...
    def log(self, level: types.MessageType, message: str) -> None: ...
    def notify_status(self, state: str, message: str = "") -> None: ...
    def report_progress(self, token: str, what: str, message: str, percentage: int | None = None) -> None: ...
    def refresh_clients(self) -> None: ...


#: How often (s) indexed logs are checked for changes.
POLL_SECONDS = 2.0
#: With a generated file open (output code, kernel code, FX graph file), a log bigger than this
#: (bytes) is first read only this far, and the open file answered from there when its
#: compile ended in that part (the rest is read after, reusing it): on the 342 MB log an open
#: output code is answered before the whole log is scanned.
HEAD_BYTES = 32 * 1024 * 1024


def file_identity(path: str) -> tuple[int, int] | None:
    """(size, mtime_ns) of a file, or None when it is gone."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


class IndexWorker:
    """Generations of the index for one server.  ``generation`` is the newest asked for,
    ``done_generation`` the one the live snapshot holds."""

    def __init__(self, host: WorkerHost) -> None:
        self.host = host
        self.generation = 0
        self.done_generation = 0
        #: per-log scans and graphs of earlier runs, reused by the next (worker thread only)
        self.log_scans: dict = {}
        self._identities: dict[str, tuple[int, int] | None] = {}
        self._lock = threading.Lock()
        self._wanted = threading.Event()
        self._thread: threading.Thread | None = None
        self._waiters: list[tuple[int, asyncio.Future]] = []
        #: requests about a document waiting for the first snapshot that answers for it
        self._document_waiters: list[asyncio.Future] = []
        self._runs = 0
        self._poller: asyncio.Task | None = None
        #: the promised first generation is not started yet (``initialized`` is still pulling settings)
        self.first_pending = False
        #: ``repr`` of the settings the newest requested generation reads (``None`` before any)
        self.settings_key: str | None = None

    def promise_first(self) -> None:
        """At ``initialize``: generation 1 is promised, so requests that arrive before
        ``initialized`` starts it wait for it instead of answering from an empty index."""
        self.generation = 1
        self.first_pending = True

    def request(self, bump: bool = True) -> int:
        """Ask for a fresh index; returns the generation that will contain it (``bump=False``
        starts the promised first one).  The settings it will read are remembered
        (:meth:`settings_changed`)."""
        with self._lock:
            if bump:
                self.generation += 1
            generation = self.generation
            self.first_pending = False
            self.settings_key = self.host.settings_key()
        self._wanted.set()
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run_forever, name="inductor-lens-index", daemon=True)
            self._thread.start()
        return generation

    def settings_changed(self) -> bool:
        """Whether the server's settings differ from those the newest requested index reads.

        ``False`` while the promised first index is not started: it reads the settings when it
        starts.  (Comparing with the settings seen when a ``didChangeConfiguration`` arrived was
        wrong: the change's pull and the ``initialized`` pull race, and the change then saw the
        first pull land as a change and asked for a second indexing at start-up.)"""
        with self._lock:
            return not self.first_pending and self.host.settings_key() != self.settings_key

    async def wait_for(self, generation: int, timeout: float = 600.0) -> None:
        """Return once the snapshot of ``generation`` (or a later one) is live (``timeout`` in s)."""
        if self.done_generation >= generation:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((generation, future))
        if self.done_generation >= generation:  # finished while we registered
            self._wake()
        try:
            await asyncio.wait_for(asyncio.shield(future), timeout)
        except asyncio.TimeoutError:
            pass

    async def wait_for_document(self, path: str, timeout: float = 5.0) -> None:
        """Return once the live snapshot answers for ``path``: at once unless nothing has been
        indexed yet and the first answers for the open documents are still being made (then at
        most ``timeout`` s).  While a later re-index runs, the previous snapshot answers."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self.host.live_snapshot().answers_for(path):
            if self.done_generation >= self.generation or loop.time() >= deadline:
                return
            future = loop.create_future()
            self._document_waiters.append(future)
            try:
                await asyncio.wait_for(asyncio.shield(future), deadline - loop.time())
            except asyncio.TimeoutError:
                return

    def _wake_documents(self) -> None:
        """A snapshot went live: let the requests waiting for one look again (server's loop)."""
        waiters, self._document_waiters = self._document_waiters, []
        for future in waiters:
            if not future.done():
                future.set_result(None)

    def _wake(self) -> None:
        """Resolve the waiters whose generation is live (runs on the server's loop)."""
        self._wake_documents()
        done = self.done_generation
        keep = []
        for generation, future in self._waiters:
            if generation <= done:
                if not future.done():
                    future.set_result(None)
            else:
                keep.append((generation, future))
        self._waiters = keep

    def start_polling(self) -> None:
        """Start the change check on the running loop (the task is kept, not fire-and-forget)."""
        self._poller = asyncio.get_running_loop().create_task(self._poll_changes())

    async def _poll_changes(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            with self._lock:
                known = dict(self._identities)
                busy = self.done_generation < self.generation
            if busy or not known:
                continue
            if any(file_identity(path) != ident for path, ident in known.items()):
                self.request()

    def _run_forever(self) -> None:
        while True:
            self._wanted.wait()
            self._wanted.clear()
            with self._lock:
                generation = self.generation
            try:
                self._build(generation)
            except Exception as exc:  # the worker must survive anything
                self.host.log(types.MessageType.Error, f"indexing failed: {exc!r}\n{traceback.format_exc()}")
                self.host.notify_status("error", message=str(exc))
                self._finish(generation)

    def _finish(self, generation: int) -> None:
        with self._lock:
            self.done_generation = max(self.done_generation, generation)
        self.host.send(self._wake)

    def _build(self, generation: int) -> None:
        host = self.host
        self._runs += 1
        token = f"inductor-lens-index-{self._runs}"  # one token per run: a token is never reused
        request = host.trace_request()
        host.notify_status("indexing", message=f"indexing {len(request.paths)} trace(s)")
        host.report_progress(token, "begin", f"{len(request.paths)} trace(s)")
        started, cpu_started = time.perf_counter(), time.process_time()

        def first_answers(index, resolver: PathResolver) -> None:
            scanned = time.perf_counter()
            self._first_answers(index, resolver, host.open_paths(), generation)
            if time.perf_counter() - scanned > 0.001:
                host.log(
                    types.MessageType.Info,
                    f"first answers for the open documents {time.perf_counter() - started:.2f}s after the start "
                    f"(scan {scanned - started:.2f}s; {time.process_time() - cpu_started:.2f}s of CPU)",
                )

        head_started = time.perf_counter()
        try:
            early = self._head_answers(request, generation)
        except Exception as exc:  # only an early answer is lost: the full index below still runs
            early = False
            host.log(types.MessageType.Warning, f"first answers from the log's first part failed: {exc!r}\n{traceback.format_exc()}")
        if early:
            host.log(
                types.MessageType.Info,
                f"first answers for the open files from the log's first {HEAD_BYTES >> 20} MiB "
                f"{time.perf_counter() - head_started:.2f}s after the start",
            )
        opened = open_traces(
            request,
            cache=host.cache,
            log_scans=self.log_scans,
            first_answers=first_answers,
            progress=lambda percent, message: host.report_progress(token, "report", message, percent),
        )
        index = opened.index
        snapshot = Snapshot(index, opened.resolver)
        _warm(snapshot)
        identities = {t.path: file_identity(t.path) for t in index.traces}
        with self._lock:
            host.publish(snapshot)
            self._identities = identities
        self._finish(generation)
        elapsed = time.perf_counter() - started
        kernels = len(index.kernels)
        host.report_progress(token, "end", f"{kernels} kernels")
        for w in index.warnings:
            host.log(types.MessageType.Warning, f"{w.where}: {w.message}")
        host.log(
            types.MessageType.Info,
            f"indexed {len(index.traces)} trace(s), {len(index.graphs)} graph(s), {kernels} kernels in {elapsed:.2f}s",
        )
        host.notify_status("ready", message=f"{kernels} kernels")
        host.send(host.refresh_clients)

    def _first_answers(self, index, resolver, open_paths: list[str], generation: int) -> None:
        """Before the rest is indexed: materialize what the documents open in the editor need and
        put a snapshot of those graphs live, with their lenses computed here, in the worker thread;
        first for the open output codes and FX graph files (each its own graph: answered as soon as
        that graph is read), then, when a Python file is open (whose lines any kernel may come
        from), for every graph, with copies of identical graphs checked later.  Nothing to do when
        no document is open, nothing was found, or a complete snapshot of an earlier run is live."""
        graphs = index.graphs
        if not open_paths or not graphs or self.host.live_snapshot().complete:
            return  # (a re-index: the previous snapshot answers everything until the new one is whole)
        own: list[Graph] = []
        generated: list[str] = []
        python = False
        for path in open_paths:
            doc = index.document(path)
            if doc is not None:
                own.append(doc.graph)
                generated.append(path)
            elif path.endswith(".py"):  # a model or library file: every graph's frames decide
                python = True
        stages = ([(own, generated)] if own else []) + ([(graphs, open_paths)] if python else [])
        if stages:
            index.loader.defer_copy_checks()
        for needed, covers in stages:
            self._publish_stage(index, resolver, needed, covers, generation)

    def _publish_stage(
        self, index, resolver: PathResolver, needed: list[Graph], covers: list[str], generation: int, reading: str | None = None
    ) -> None:
        """Materialize ``needed`` and put a snapshot of those graphs live for the documents
        ``covers`` (their lenses computed here), unless a later generation is live already;
        ``reading``: why its model-line answers are partial (:attr:`Snapshot.reading`)."""
        for graph in needed:
            graph.ensure()
        snapshot = Snapshot(index, resolver, graphs=list(dict.fromkeys(g for g in needed if not g.broken)), covers=covers, reading=reading)
        for path in covers:
            lenses.code_lenses(snapshot, path)
        with self._lock:
            if self.done_generation < generation:
                self.host.publish(snapshot)
        self.host.send(self._wake_documents)
        # diagnostics and the lens refresh after the waiting requests are answered (they resume first)
        self.host.send(lambda: asyncio.get_running_loop().call_soon(self.host.refresh_clients))

    def _head_answers(self, request: TraceRequest, generation: int) -> bool:
        """Before the whole of a big log is read: index the first :data:`HEAD_BYTES` of each log
        that is bigger (:attr:`~inductor_lens.index.loader.LogLoader.head_bytes`) and put
        the open generated files whose compile ended there live, each with its own graph, as
        :meth:`_first_answers` would (the same graph: a graph of a log's first part whose compile
        ended in it has the records the whole log gives it); then, when a Python file is open, a
        snapshot of every graph whose compile ended there (a repeated one once) for it too, whose
        model-line answers say they are partial (:attr:`Snapshot.reading`: a model line's whole
        answer needs every graph).  The scans are kept in :attr:`log_scans`, so
        :func:`open_traces` then reads only the rest and reuses the graphs.  Returns whether
        anything was put live.  Nothing on a re-index or with distributed workers."""
        host = self.host
        if request.workers or host.live_snapshot().complete:
            return False
        index = open_heads(request, host.cache, self.log_scans, HEAD_BYTES)
        if all(scan.log.size >= (file_identity(path) or (0, 0))[0] for path, scan in index.loader.scans.items()):
            return False  # every log was read whole: the usual first answers follow at once
        # (asked only now: the editor opens its documents while the server starts indexing)
        own: list[Graph] = []
        covers: list[str] = []
        python: list[str] = []
        for path in host.open_paths():
            doc = index.document(path)
            if doc is not None and index.loader.ended_in_scan(doc.graph):
                own.append(doc.graph)
                covers.append(path)
            elif doc is None and path.endswith(".py"):
                python.append(path)
        ended = [g for g in index.graphs if index.loader.ended_in_scan(g)] if python else []
        if not own and not ended:
            return False
        resolver = PathResolver(list(request.path_maps), roots=list(request.roots), site_packages=list(request.site_packages))
        if own:
            self._publish_stage(index, resolver, own, covers, generation)
        if ended:  # then the open model files, from the graphs whose compile ended there, repeated ones once: said to be partial
            distinct = index.loader.distinct(ended)
            for graph in distinct:
                graph.ensure()
            read = sum(scan.log.size for scan in index.loader.scans.values())
            whole = sum((file_identity(path) or (scan.log.size, 0))[0] for path, scan in index.loader.scans.items())
            reading = f"the trace is still being read: these answers come from its first {format_bytes(read)} of {format_bytes(whole)}, repeated graphs once"
            distinct = [g for g in distinct if not g.copied]
            self._publish_stage(index, resolver, distinct, covers + python, generation, reading)
        return True


def _warm(snapshot: Snapshot) -> None:
    """Compute the code lenses of every output code and model file, and every kernel as a hover
    shows it (:meth:`Snapshot.warm`), before the snapshot goes live, so the first request for a
    document is a lookup (work belongs in indexing, not in lens or hover)."""
    paths = [g.output_code for g in snapshot.index.graphs] + list(snapshot.lines_of_file)
    for path in paths:
        lenses.code_lenses(snapshot, path)
    snapshot.warm()
