"""The index: every trace the user has, as compiles -> graphs -> kernels, with reverse maps.

``Index.add(path)`` accepts a ``TORCH_TRACE`` log, a folder of logs (ranks), a tlparse output
folder (its ``raw.log`` is the original log; at any depth, e.g. ``--all-ranks-html``'s ``rank_N/``),
a ``TORCH_COMPILE_DEBUG`` folder, an AOTInductor package (``.pt2`` or extracted; see
:mod:`inductor_lens.index.packages`), or a loose ``output_code.py`` (with or without
``inductor_provenance_tracking_node_mappings.json`` beside it).  Reverse maps: source (file, line) -> kernels; (document path, line) -> kernels and FX
nodes; FX node -> kernels.  Bad input becomes warnings; it never raises except for bad arguments.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass

from ..files.cache import Cache
from ..files.discovery import LOG_NAME, rank_of_path
from ..model import Compile, CompileEvent, FxGraph, FxNode, Graph, InputWarning, Kernel, TraceInfo
from ..model.roles import FX_ROLES, DocRole
from ..readers.capture_record import capture_errors
from ..readers.compile_settings import read_compile_settings
from ..readers.torch_trace import TraceLog, started_at
from ..readers.torch_trace.graphs import GRAPH_ROLES, pair_graphs
from .input_files import LogCopies, _is_tlparse_output, _package_of, folder_inputs
from .loader import LogLoader, LogScan, graph_from_loose_code
from .log_health import read_log_health


@dataclass(slots=True)
class DocumentRole:
    """What a file is to the index: the graph whose document it is, in which :class:`DocRole`."""

    graph: Graph
    role: DocRole


class Index:
    """All loaded traces.  ``cache`` is where texts found only inside logs are extracted.

    Attributes: ``traces`` (:class:`TraceInfo`), ``graphs`` (:class:`Graph`, in load order),
    ``warnings`` (:class:`InputWarning`).  Use :meth:`add` to load, the ``*_at`` / ``kernels_*``
    methods to query.
    """

    def __init__(self, cache: Cache | None = None, log_scans: dict[str, LogScan] | None = None, *, disk_cache: bool = True) -> None:
        self.cache = cache or Cache()
        #: scans logs and makes their cold graphs; ``log_scans`` may be shared between successive
        #: indexes of the same traces (the server keeps one)
        self.loader = LogLoader(self.cache, log_scans, disk_cache=disk_cache)
        #: profiler traces joined to the index (``ProfileJoin`` objects of :mod:`inductor_lens.timing.join`,
        #: which sits above the index)
        self.profiles: list = []
        #: trace path -> a local file (the front door's path maps and roots), for reading the model
        #: files a profile's Python stacks name (``timing.eager``); ``None``: a path as written
        self.local_file: Callable[[str], str | None] | None = None
        self.traces: list[TraceInfo] = []
        self._graphs: list[Graph] = []
        self._warnings: list[InputWarning] = []
        self._refreshed: set[int] = set()  # ids of loaded graphs whose files are registered
        self._documents: dict[str, DocumentRole] = {}
        self._by_source: dict[tuple[str, int], list[Kernel]] | None = None
        self._node_kernels: dict[int, dict[tuple[str, str], list[Kernel]]] = {}
        self._register_lock = threading.RLock()
        #: compile health of every log (readers/compile_health.py): frame compiles, graph breaks,
        #: recompilations, failures; per-kernel triton_kernel_info by (trace, compile id, graph ordinal)
        self.compiles: list[Compile] = []
        self.compile_events: list[CompileEvent] = []
        self.kernel_compile_info: dict[tuple[str, str, int], dict[str, dict]] = {}
        #: {(log path, base compile id): the frames that called the compiled function} (``dynamo_start``'s
        #: stack without its last frame, outermost first; the first process's, in a log of several)
        self.call_stacks: dict[tuple[str, str], tuple] = {}
        #: the logs read, by content: a copy reached again is skipped (byte-identical logs of two ranks are two traces)
        self._log_copies = LogCopies()
        #: real paths of every input file already read: a path given twice, or a folder and a file
        #: inside it, is read once (each launch and measured microsecond counted once)
        self._inputs_read: set[str] = set()
        #: ``(index, logs, displays, root) -> None``: adds a folder's logs (2 or more) instead of
        #: reading them here (:mod:`inductor_lens.cluster`: on a distributed engine's workers); None: here
        self.elsewhere: Callable[[Index, list[str], dict[str, str], str], None] | None = None

    # ------------------------------------------------------------------ loading
    def _first_time(self, path: str) -> bool:
        """Whether the input file ``path`` (by its real path) is read for the first time."""
        real = os.path.realpath(path)
        if real in self._inputs_read:
            return False
        self._inputs_read.add(real)
        return True

    def add(self, path: str) -> list[Graph]:
        """Load ``path`` (file or folder, any supported input); returns the graphs it added.  An
        input already read (the same path again, a folder and a log inside it) is not read twice."""
        path = os.path.abspath(path)
        before = len(self._graphs)
        if os.path.isdir(path):
            self._add_folder(path)
        elif os.path.isfile(path):
            self._add_file(path)
        elif os.path.exists(path):
            self._warnings.append(InputWarning(path, 0, "not a regular file or folder; skipped"))
        else:
            self._warnings.append(InputWarning(path, 0, "no such file or folder"))
        self._by_source = None
        return self._graphs[before:]

    def _add_file(self, path: str) -> None:
        name = os.path.basename(path)
        package = _package_of(path)
        if package is not None:  # a .pt2, or a file of an extracted AOTInductor package's model folder
            self._add_package(package)
        elif name.endswith((".py", ".cpp")) and not LOG_NAME.match(name):
            self._add_loose_code(path)
        else:
            self._add_log(path)

    def _add_folder(self, folder: str) -> None:
        if _is_tlparse_output(folder):
            self._add_log(os.path.join(folder, "raw.log"), display=folder, root=folder)
            return
        if _package_of(folder) is not None:
            self._add_package(folder)
            return
        found = folder_inputs(folder)
        self._warnings.extend(found.warnings)
        logs, displays = found.logs, found.displays
        if self.elsewhere is not None and len(logs) > 1:  # a job's ranks, indexed where they are stored
            self.elsewhere(self, logs, displays, folder)
        else:
            self.loader.prefetch(logs, self._warnings)
            for log in logs:
                self._add_log(log, display=displays.get(log), root=folder)
        for code in found.debug_codes:
            if code not in self._documents:
                self._add_loose_code(code)
        for package in found.packages:
            self._add_package(package)
        for exc in found.unreadable:  # a folder that cannot be listed is said, not taken for an empty one
            self._warnings.append(InputWarning(exc.filename or folder, 0, f"cannot read this folder: {exc.strerror or exc}"))
        if not logs and not found.debug_codes and not found.packages:
            self._warnings.append(
                InputWarning(
                    folder,
                    0,
                    "no TORCH_TRACE logs (dedicated_log_torch_trace_*.log, or a *.log that starts with a record), "
                    "tlparse output or debug folders found"
                    + (
                        f"; {len(found.packed)} compressed log(s) such as {os.path.basename(min(found.packed))}: decompress them first"
                        if found.packed
                        else ""
                    )
                    + "".join(f"; its capture.json says: {e}" for e in capture_errors(folder)[:1]),
                )
            )
        elif found.packed:  # beside logs that were read: said too, never skipped silently
            self._warnings.append(
                InputWarning(
                    min(found.packed),
                    0,
                    f"{len(found.packed)} compressed log(s) here not read (such as {os.path.basename(min(found.packed))}): "
                    "decompress them to include them",
                )
            )

    def _add_package(self, path: str) -> None:
        """An AOTInductor package (:mod:`inductor_lens.index.packages`): its models' graphs, or aliases of
        graphs already read from the log of the same compile."""
        from .packages import read_package_graphs

        if not self._first_time(path):
            return

        found = read_package_graphs(path, self.cache, self.graphs)
        self._warnings.extend(found.warnings)
        for graph, alias in found.aliases:
            graph.ensure()
            if alias not in graph.output_code_aliases:
                graph.output_code_aliases.append(alias)
            self._register_files(graph)
        for graph in found.graphs:
            self._register(graph)
        if found.graphs:
            ids = list(dict.fromkeys(g.compile_id for g in found.graphs))  # each model's name in a package of several
            self.traces.append(TraceInfo(path=path, compile_ids=ids, format="aoti_package"))

    def _register(self, graph: Graph) -> None:
        self._graphs.append(graph)
        self._register_files(graph)

    def _register_files(self, graph: Graph) -> None:
        """Map every file of ``graph`` known so far to it (without materializing it)."""
        docs = self._documents
        # the first graph that names a file keeps it: identical copies (a repeated compile, another
        # rank) read their output code from the first one's extracted file, named by its compile
        docs.setdefault(os.path.abspath(graph.output_code), DocumentRole(graph, DocRole.CODE))
        for role, path in getattr(graph, "graph_files", {}).items():
            docs.setdefault(os.path.abspath(path), DocumentRole(graph, DocRole(role)))
        if not graph.loaded:  # the Inductor cache's copy of the output code, before it is read
            for path in getattr(graph._loader, "on_disk", ()):
                docs.setdefault(os.path.abspath(path), DocumentRole(graph, DocRole.CODE))
        if graph.loaded:
            for path in graph.output_code_aliases:
                docs[os.path.abspath(path)] = DocumentRole(graph, DocRole.CODE)
            if graph.kernel_code:
                docs[os.path.abspath(graph.kernel_code)] = DocumentRole(graph, DocRole.KERNEL_CODE)
            for role in FX_ROLES:
                fx = graph.fx(role)
                if fx is not None:
                    docs.setdefault(os.path.abspath(fx.path), DocumentRole(graph, role))

    def _add_log(self, path: str, display: str | None = None, root: str | None = None) -> None:
        """One log (``display``: the tlparse output it is the ``raw.log`` of; ``root``: the folder
        the user opened that holds it).  Its rank: the log's own (the file name, else its records'
        ``rank`` key: :func:`~inductor_lens.readers.torch_trace.scan`), else its folders' names
        (:func:`~inductor_lens.files.discovery.rank_of_path`).  A byte-identical copy of a log
        already read is skipped, with a warning, unless its rank says it is another rank's."""
        if not self._first_time(path):
            return
        try:
            log, scan = self.loader.scan(path)
        except OSError as exc:
            self._warnings.append(InputWarning(path, 0, f"cannot read: {exc.strerror or exc}"))
            return
        rank = log.rank if log.rank is not None else rank_of_path(path, root)
        copied, said = self._log_copies.copy_of(path, (scan.identity[0], scan.head, scan.tail), rank, display is not None)
        if copied is not None:
            self._warnings.extend([said] if said is not None else [])
            return
        info = TraceInfo(path=path, rank=rank, torch_version=log.torch_version, format="torch_trace" if display is None else "tlparse")
        info.started = started_at(scan.head)
        info.readable = log.record_count > sum(1 for w in log.warnings if w.unread)  # (a record whose envelope was read)
        graphs: list[Graph] = []
        for group in pair_graphs(log):
            cut = next(
                (r for r in (getattr(group, role) for role in GRAPH_ROLES) if r is not None and r.line == log.incomplete_tail_line), None
            )
            if cut is group.code:
                continue  # its output code is still being written (or was cut): reported, indexed once complete
            if cut is not None:  # everything else is complete: shown now, rebuilt when the record completes
                group = group.without(cut)
            signature = group.signature()
            if signature in scan.graphs:
                graph = scan.graphs[signature]
            else:
                try:
                    graph = self.loader.cold_graph(log, group)
                except Exception as exc:  # a bug on odd input must not lose the other graphs
                    log.warnings.append(InputWarning(path, group.code.line, f"internal error while indexing this graph: {exc!r}"))
                    graph = None
                scan.graphs[signature] = graph
            if graph is None:
                continue
            graph.pid = group.pid if len(log.pids) > 1 else None  # (a second process may have started since)
            graph.rank = rank
            if graph.compile_id not in info.compile_ids:
                info.compile_ids.append(graph.compile_id)
            self._register(graph)
            graphs.append(graph)
        self.traces.append(info)
        self._warnings.extend(log.warnings)
        self._add_compile_health(log, graphs, rank)

    def _add_compile_health(self, log: TraceLog, graphs: list[Graph], rank: int | None) -> None:
        """The log's compile records and its graphs' pass-made nodes' line (:mod:`.log_health`)."""
        health = read_log_health(log, graphs, rank)
        self.compiles.extend(health.compiles)
        self.compile_events.extend(health.events)
        self.kernel_compile_info.update(health.kernel_info)
        self._warnings.extend(health.warnings)
        for key, frames in health.call_stacks.items():
            self.call_stacks.setdefault(key, frames)

    def _add_loose_code(self, path: str) -> None:
        """A loose ``output_code.py`` / ``.cpp``, with debug-folder siblings when present."""
        from ..readers.debug_folder import read_debug_folder, read_text

        text = read_text(path, self._warnings)
        if text is None:
            return
        digests = {hashlib.md5(t.encode("utf-8")).hexdigest() for t in (text, text.rstrip("\n"), text.rstrip("\n") + "\n")}
        for graph in self.graphs:  # the same code already came from a log: just an alias
            if graph.code_md5 in digests:
                graph.ensure()
                if os.path.abspath(path) not in graph.output_code_aliases:
                    graph.output_code_aliases.append(os.path.abspath(path))
                self._documents[os.path.abspath(path)] = DocumentRole(graph, DocRole.CODE)
                return
        files = read_debug_folder(path, text)
        made = graph_from_loose_code(files)
        self._warnings.extend(files.warnings)
        if made is not None:
            self.traces.append(TraceInfo(path=path, compile_ids=["-"], format="output_code"))
            self._register(made)

    # ------------------------------------------------------------------ queries
    @property
    def kernels(self) -> list[Kernel]:
        """Every kernel (materializes every graph)."""
        return [k for g in self.graphs for k in g.kernels]

    def log_pids(self) -> dict[str, set[int]]:
        """``{log path: the process ids its records name}`` for every log scanned (a profile's
        calls are joined to the log their own process wrote)."""
        return {**self.loader.pids_elsewhere, **{path: set(scan.log.pids) for path, scan in self.loader.scans.items()}}

    def add_warnings(self, warnings: list[InputWarning]) -> None:
        """Record warnings found outside the readers the index runs (a profile join, ...)."""
        self._warnings.extend(warnings)

    def materialize(self) -> None:
        """Materialize every graph now (the server does this in its worker thread), then save
        the on-disk index cache."""
        for graph in self._graphs:
            graph.ensure()
        self.save_cache()

    def save_cache(self) -> None:
        """Write the on-disk index cache of every log whose graphs are all materialized and that
        changed since it was last saved (an unwritable cache folder becomes a warning)."""
        self.loader.save(self._warnings)

    @property
    def graphs(self) -> list[Graph]:
        """Every graph, in load order, except those found unreadable when materialized."""
        return [g for g in self._graphs if not (g.loaded and g.broken)]

    @property
    def warnings(self) -> list[InputWarning]:
        """Everything skipped or suspicious, with file and line: from scanning, and from the
        graphs materialized so far."""
        out = list(self._warnings)
        for graph in self._graphs:  # hidden (broken) graphs too: their damage is the reason
            if graph.loaded:
                out.extend(w for w in graph.warnings if w not in out)
        return out

    def document(self, path: str) -> DocumentRole | None:
        """What ``path`` is to the index (output code, kernel code, post-/pre-grad graph), if anything."""
        key = os.path.abspath(path)
        found = self._documents.get(key)
        if found is None:
            with self._register_lock:  # files revealed by graphs materialized since
                for graph in self.graphs:
                    if graph.loaded and id(graph) not in self._refreshed:
                        self._refreshed.add(id(graph))
                        self._register_files(graph)
            found = self._documents.get(key)
        return found

    def node_at(self, path: str, line: int) -> tuple[Graph, str, FxNode] | None:
        """The FX node defined on ``line`` of graph file ``path``: (graph, role, node)."""
        doc = self.document(path)
        if doc is None or not doc.role.is_fx:
            return None
        fx: FxGraph | None = doc.graph.fx(doc.role)
        node = fx.node_at_line(line) if fx is not None else None
        return (doc.graph, doc.role, node) if node is not None else None

    def kernels_of_node(self, graph: Graph, role: str, node: str) -> list[Kernel]:
        """Kernels of ``graph`` that computed FX node ``node`` of its ``role`` graph (a pre-grad
        graph is shared by the compile's graphs, so all of them are asked)."""
        graphs = [g for g in self.graphs if g.trace == graph.trace and g.compile_id == graph.compile_id] if role == "pre_grad" else [graph]
        out: list[Kernel] = []
        for g in graphs:
            table = self._node_kernels.get(id(g))
            if table is None:
                table = {}
                for kernel in g.kernels:
                    for r, nodes in (("post_grad", kernel.post_grad_nodes), ("pre_grad", kernel.pre_grad_nodes)):
                        for n in nodes:
                            table.setdefault((r, n), []).append(kernel)
                self._node_kernels[id(g)] = table
            out.extend(table.get((role, node), []))
        return out

    def compile_settings(self) -> dict[str, object]:
        """The Inductor and Dynamo settings the logs' compile records list (``inductor.<key>``,
        ``dynamo.<key>``; the first log's value wins), read from the logs again on demand: the
        scan leaves these ~30 KB dumps out (:func:`inductor_lens.readers.compile_health.read_compile_settings`)."""
        out: dict[str, object] = {}
        for trace in self.traces:
            if trace.format == "torch_trace":
                for key, value in read_compile_settings(trace.path).items():
                    out.setdefault(key, value)
        return out

    def kernels_by_source(self) -> dict[tuple[str, int], list[Kernel]]:
        """``{(file as written in the trace, line): [kernels]}`` over every frame of every kernel."""
        if self._by_source is None:
            table: dict[tuple[str, int], list[Kernel]] = {}
            for kernel in self.kernels:
                for frame in kernel.frames:
                    bucket = table.setdefault((frame.file, frame.line), [])
                    if not bucket or bucket[-1] is not kernel:
                        bucket.append(kernel)
            self._by_source = table
        return self._by_source


def load(paths, cache: Cache | None = None, *, lazy: bool = False, disk_cache: bool = True) -> Index:
    """Build an :class:`Index` over ``paths`` (files or folders).

    ``lazy=True`` stops after the cold scan (graphs materialize when first asked for);
    by default every graph is materialized, so ``warnings`` are complete.
    """
    index = Index(cache, disk_cache=disk_cache)
    for path in paths:
        index.add(path)
    if not lazy:
        index.materialize()
    return index
