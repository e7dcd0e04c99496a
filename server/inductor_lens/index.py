"""The index: every trace the user has, as compiles -> graphs -> kernels, with reverse maps.

``Index.add(path)`` accepts a ``TORCH_TRACE`` log, a folder of logs (ranks), a tlparse output
folder (its ``raw.log`` is the original log), a ``TORCH_COMPILE_DEBUG`` folder, or a loose
``output_code.py`` (with or without ``inductor_provenance_tracking_node_mappings.json`` beside
it).  Reverse maps: source (file, line) -> kernels; (document path, line) -> kernels and FX
nodes; FX node -> kernels.  Bad input becomes warnings; it never raises except for bad arguments.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import threading
from dataclasses import dataclass

from . import _json
from .cache import Cache
from .linker import GraphInputs, link_graph
from .paths import inductor_cache_candidates
from .model import FxGraph, FxNode, Graph, Kernel, TraceInfo, Warning_
from .readers import torch_trace
from .readers.fx_graph import node_names, parse_fx_graph
from .readers.mapping import parse_kernel_to_post, parse_node_mappings, parse_post_to_pre_nodes
from .readers.output_code import parse_output_code
from .readers.stack_traces import parse_stack_traces

_AOT_ID_KIND = re.compile(r"^# AOT ID: \['[^']*?(forward|backward|inference)'")
LOG_GLOB_NAME = re.compile(r"^dedicated_log_torch_trace_.*\.log$")
_SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "venv"}


@dataclass(slots=True)
class LogMemo:
    """What an earlier index learned about one log, for re-indexing it cheaply.

    ``identity`` is (size, mtime_ns) and ``head`` its first bytes: an unchanged log is reused as
    is; a log that only grew (same head, larger size) is scanned from where it stopped and only
    graphs whose records changed are rebuilt (``graphs`` maps a graph's record signature to it).
    """

    identity: tuple[int, int]
    head: bytes
    log: torch_trace.TraceLog
    graphs: dict[tuple, Graph | None]
    tail: bytes = b""
    saved: bool = False


_HEAD_BYTES = 4096
#: Logs to scan cold together above this size are scanned in parallel processes.
PARALLEL_SCAN_BYTES = 64 * 1024 * 1024


def _files_exist(graph: Graph | None) -> bool:
    """Whether the files a cached graph points at are still there (the cache can be cleaned)."""
    if graph is None or graph.broken:
        return True
    paths = [graph.output_code, *graph.graph_files.values()]
    return all(os.path.isfile(p) for p in dict.fromkeys(paths))


def _head_tail(path: str, size: int) -> tuple[bytes, bytes]:
    with open(path, "rb") as fh:
        head = fh.read(_HEAD_BYTES)
        fh.seek(max(0, size - _HEAD_BYTES))
        tail = fh.read(_HEAD_BYTES)
    return head, tail


@dataclass(slots=True)
class DocumentRole:
    """What a file is to the index: ``role`` is ``code``, ``kernel_code``, ``post_grad`` or ``pre_grad``."""

    graph: Graph
    role: str


def _read_text(path: str, warnings: list[Warning_]) -> str | None:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        warnings.append(Warning_(path, 0, f"cannot read: {exc.strerror or exc}"))
        return None
    if b"\x00" in data[:4096]:
        warnings.append(Warning_(path, 0, "binary file; skipped"))
        return None
    return data.decode("utf-8", errors="replace")


def _same_text(path: str, text: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as fh:
            disk = fh.read()
    except OSError:
        return False
    # an on-disk file may carry more after the logged text (AOTInductor appends compile commands)
    logged = text.rstrip("\n")
    return disk.rstrip("\n") == logged or disk.startswith(logged + "\n")


class Index:
    """All loaded traces.  ``cache`` is where texts found only inside logs are extracted.

    Attributes: ``traces`` (:class:`TraceInfo`), ``graphs`` (:class:`Graph`, in load order),
    ``warnings`` (:class:`Warning_`).  Use :meth:`add` to load, the ``*_at`` / ``kernels_*``
    methods to query.
    """

    def __init__(self, cache: Cache | None = None, memo: dict[str, LogMemo] | None = None, *, disk_cache: bool = True) -> None:
        self.cache = cache or Cache()
        #: read and write the on-disk index cache (``--no-cache`` turns it off)
        self.disk_cache = disk_cache
        #: materialized graphs by content (the MD5s of every payload they read): ranks and repeated
        #: compiles with identical payloads share one parse and get their own copy of the kernels
        self.shared: dict[tuple, Graph] = {}
        #: profiler traces joined to the index (see :mod:`inductor_lens.profile`)
        self.profiles: list = []
        self._prefetched: dict[str, torch_trace.TraceLog] = {}
        #: shared between successive indexes of the same traces (the server keeps one)
        self.memo = memo if memo is not None else {}
        self.traces: list[TraceInfo] = []
        self._graphs: list[Graph] = []
        self._warnings: list[Warning_] = []
        self._refreshed: set[int] = set()  # ids of loaded graphs whose files are registered
        self._documents: dict[str, DocumentRole] = {}
        self._by_source: dict[tuple[str, int], list[Kernel]] | None = None
        self._node_kernels: dict[int, dict[tuple[str, str], list[Kernel]]] = {}
        self._register_lock = threading.RLock()

    # ------------------------------------------------------------------ loading
    def add(self, path: str) -> list[Graph]:
        """Load ``path`` (file or folder, any supported input); returns the graphs it added."""
        path = os.path.abspath(path)
        before = len(self._graphs)
        if os.path.isdir(path):
            self._add_folder(path)
        elif os.path.isfile(path):
            self._add_file(path)
        elif os.path.exists(path):
            self._warnings.append(Warning_(path, 0, "not a regular file or folder; skipped"))
        else:
            self._warnings.append(Warning_(path, 0, "no such file or folder"))
        self._by_source = None
        return self._graphs[before:]

    def _add_file(self, path: str) -> None:
        name = os.path.basename(path)
        if name.endswith((".py", ".cpp")) and not LOG_GLOB_NAME.match(name):
            self._add_loose_code(path)
        else:
            self._add_log(path)

    def _add_folder(self, folder: str) -> None:
        raw = os.path.join(folder, "raw.log")
        if os.path.isfile(os.path.join(folder, "compile_directory.json")) and os.path.isfile(raw):
            self._add_log(raw, display=folder)
            return
        logs: list[str] = []
        debug_codes: list[str] = []
        seen_dirs: set[str] = set()
        for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
            real = os.path.realpath(dirpath)
            if real in seen_dirs:
                dirnames[:] = []
                continue
            seen_dirs.add(real)
            dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS)
            for fname in sorted(filenames):
                full = os.path.join(dirpath, fname)
                if LOG_GLOB_NAME.match(fname):
                    logs.append(full)
                elif fname == "output_code.py" and os.path.basename(os.path.dirname(dirpath)) == "torchinductor":
                    debug_codes.append(full)
        self._prefetch_scans(logs)
        for log in logs:
            self._add_log(log)
        for code in debug_codes:
            if code not in self._documents:
                self._add_loose_code(code)
        if not logs and not debug_codes:
            self._warnings.append(Warning_(folder, 0, "no TORCH_TRACE logs, tlparse output or debug folders found"))

    def _register(self, graph: Graph) -> None:
        self._graphs.append(graph)
        self._register_files(graph)

    def _register_files(self, graph: Graph) -> None:
        """Map every file of ``graph`` known so far to it (without materializing it)."""
        docs = self._documents
        docs[os.path.abspath(graph.output_code)] = DocumentRole(graph, "code")
        for role, path in getattr(graph, "graph_files", {}).items():
            docs.setdefault(os.path.abspath(path), DocumentRole(graph, role))
        if graph.loaded:
            for path in graph.output_code_aliases:
                docs[os.path.abspath(path)] = DocumentRole(graph, "code")
            if graph.kernel_code:
                docs[os.path.abspath(graph.kernel_code)] = DocumentRole(graph, "kernel_code")
            for role in ("post_grad", "pre_grad"):
                fx = getattr(graph, role)
                if fx is not None:
                    docs.setdefault(os.path.abspath(fx.path), DocumentRole(graph, role))

    def _scan_log(self, path: str) -> tuple[torch_trace.TraceLog, LogMemo]:
        """Scan ``path``, reusing or extending an earlier scan (this process's memo, else the
        on-disk index cache) when the file is unchanged or only grew."""
        st = os.stat(path)
        identity = (st.st_size, st.st_mtime_ns)
        head, tail = _head_tail(path, st.st_size)
        memo = self.memo.get(path)
        if memo is None and self.disk_cache:
            memo = self.cache.load_index(path)
            if not isinstance(memo, LogMemo) or not all(_files_exist(g) for g in memo.graphs.values()):
                memo = None  # stale, or its extracted files were deleted
            elif memo is not None:
                memo.saved = True
        if memo is not None and memo.identity == identity and memo.head == head and memo.tail == tail:
            self.memo[path] = memo
            return memo.log, memo
        prefetched = self._prefetched.pop(path, None)
        if memo is not None and st.st_size >= memo.log.size and head.startswith(memo.head):
            log = torch_trace.scan(path, previous=memo.log)  # appended: read only the new part
        else:
            log = prefetched if prefetched is not None and prefetched.size == st.st_size else torch_trace.scan(path)
            memo = LogMemo(identity, head, log, {})
        memo.identity, memo.head, memo.tail, memo.log, memo.saved = identity, head, tail, log, False
        self.memo[path] = memo
        return log, memo

    def save_cache(self) -> None:
        """Write the index cache for every log whose graphs are all materialized and that changed
        since it was last saved.  A cache folder that is not writable is reported, not fatal."""
        if not self.disk_cache:
            return
        for path, memo in list(self.memo.items()):
            if memo.saved or not all(g is None or g.loaded for g in memo.graphs.values()):
                continue
            try:
                self.cache.save_index(path, memo)
                memo.saved = True
            except (OSError, pickle.PicklingError) as exc:
                self._warnings.append(Warning_(path, 0, f"cannot write the index cache: {exc}"))

    def _prefetch_scans(self, logs: list[str]) -> None:
        """Scan several big logs in parallel processes (ranks of one job); small ones stay serial.

        Only logs that need a cold scan (no memo, no valid index cache) are sent; the result is
        the same :class:`TraceLog` a serial scan gives.
        """
        todo = [p for p in logs if p not in self.memo and not (self.disk_cache and self.cache.load_index(p) is not None)]
        workers = min(len(todo), os.cpu_count() or 1)
        if workers < 2 or sum(os.path.getsize(p) for p in todo) < PARALLEL_SCAN_BYTES:
            return
        from concurrent.futures import ProcessPoolExecutor

        try:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for path, log in zip(todo, pool.map(torch_trace.scan, todo)):
                    self._prefetched[path] = log
        except Exception as exc:  # no processes here (sandbox, frozen app): scan serially
            self._warnings.append(Warning_(logs[0], 0, f"parallel scan unavailable ({exc!r}); scanning serially"))

    def _add_log(self, path: str, display: str | None = None) -> None:
        try:
            log, memo = self._scan_log(path)
        except OSError as exc:
            self._warnings.append(Warning_(path, 0, f"cannot read: {exc.strerror or exc}"))
            return
        info = TraceInfo(path=path, rank=log.rank, torch_version=log.torch_version, format="torch_trace" if display is None else "tlparse")
        info.readable = log.record_count > 0
        for group in torch_trace.pair_graphs(log):
            records = [getattr(group, role) for role in _ROLES_READ]
            if log.incomplete_tail_line is not None and any(r is not None and r.line == log.incomplete_tail_line for r in records):
                continue  # one of its records is still being written (or cut): reported, indexed once complete
            signature = group.signature()
            if signature in memo.graphs:
                graph = memo.graphs[signature]
            else:
                try:
                    graph = self._graph_from_log(log, group)
                except Exception as exc:  # a bug on odd input must not lose the other graphs
                    log.warnings.append(Warning_(path, group.code.line, f"internal error while indexing this graph: {exc!r}"))
                    graph = None
                memo.graphs[signature] = graph
            if graph is None:
                continue
            if graph.compile_id not in info.compile_ids:
                info.compile_ids.append(graph.compile_id)
            self._register(graph)
        self.traces.append(info)
        self._warnings.extend(log.warnings)

    def _graph_from_log(self, log: torch_trace.TraceLog, group: torch_trace.GraphRecords) -> Graph | None:
        """The cold part: what a graph is, from envelopes alone (plus the code's first line).

        Kernels, FX graphs and extracted files come later, when first asked for (:meth:`_load`).
        """
        code_rec = group.code
        language = "cpp" if code_rec.kind == "graph_dump" else "python"
        meta = code_rec.envelope.get(code_rec.kind) or {}
        names = [str(meta.get(k)) for k in ("file_path", "filename") if isinstance(meta, dict) and meta.get(k)]
        base = os.path.basename(names[0]) if names else ("output_code.cpp" if language == "cpp" else "output_code.py")
        on_disk = [c for n in names for c in inductor_cache_candidates(n, log.path) if os.path.isfile(c)]
        aot = _AOT_ID_KIND.match(log.first_payload_line(code_rec) or "")
        kind = (aot.group(1) if aot else None) or group.kind_hint or "inference"
        code_path = os.path.abspath(on_disk[0]) if on_disk else self.cache.path_for(code_rec.md5, base)
        cache, shared = self.cache, self.shared
        graph = Graph(log.path, log.rank, group.compile_id, kind, group.ordinal, code_path, wrapper_language=language,
                      loader=lambda g: _materialize(g, log, group, base, on_disk, cache, shared))
        graph.code_md5 = code_rec.md5
        cid_dir = group.compile_id.replace("/", "_").replace("!", "ca")
        graph.graph_files = {
            role: self.cache.path_for(rec.md5, f"{role}_graph_{cid_dir}{'' if role == 'pre_grad' else '_' + kind}.py")
            for role in ("post_grad", "pre_grad") if (rec := getattr(group, role)) is not None and rec.md5
        }
        return graph

    def _add_loose_code(self, path: str) -> None:
        """A loose ``output_code.py`` / ``.cpp``, with debug-folder siblings when present."""
        text = _read_text(path, self.warnings)
        if text is None:
            return
        folder = os.path.dirname(path)
        digests = {hashlib.md5(t.encode("utf-8")).hexdigest() for t in (text, text.rstrip("\n"), text.rstrip("\n") + "\n")}
        for graph in self.graphs:  # the same code already came from a log: just an alias
            if graph.code_md5 in digests:
                graph.ensure()
                if os.path.abspath(path) not in graph.output_code_aliases:
                    graph.output_code_aliases.append(os.path.abspath(path))
                self._documents[os.path.abspath(path)] = DocumentRole(graph, "code")
                return
        language = "cpp" if path.endswith(".cpp") else None
        parsed = parse_output_code(text, language)
        if not parsed.defs and not parsed.launches and parsed.aot_id is None:
            self._warnings.append(Warning_(path, 0, "not TorchInductor output code (no kernel definitions, launches or AOT ID); skipped"))
            return
        dirname = os.path.basename(folder)
        kind = parsed.graph_kind or next((k for k in ("forward", "backward", "inference") if k in dirname), "inference")
        graph = Graph(trace=path, rank=None, compile_id="-", kind=kind, ordinal=0, output_code=path, wrapper_language=parsed.language)
        inputs = GraphInputs(code=parsed, code_path=path, code_text=text)
        mapping_path = os.path.join(folder, "inductor_provenance_tracking_node_mappings.json")
        if os.path.isfile(mapping_path):
            raw = _read_text(mapping_path, self.warnings)
            if raw is not None:
                try:
                    inputs.mapping = parse_node_mappings(_json.loads(raw))
                    graph.mapping_version = inputs.mapping.version if inputs.mapping else None
                except ValueError as exc:
                    self._warnings.append(Warning_(mapping_path, 1, f"invalid JSON: {exc}"))
        for fname in ("inductor_generated_kernel_to_post_grad_nodes.json", "inductor_triton_kernel_to_post_grad_nodes.json"):
            extra = os.path.join(folder, fname)
            if os.path.isfile(extra):
                raw = _read_text(extra, self.warnings)
                try:
                    inputs.kernel_to_post = parse_kernel_to_post(_json.loads(raw)) if raw else None
                except ValueError as exc:
                    self._warnings.append(Warning_(extra, 1, f"invalid JSON: {exc}"))
        post = os.path.join(folder, "fx_graph_transformed.py")
        if os.path.isfile(post):
            gtext = _read_text(post, self.warnings)
            if gtext is not None:
                graph.post_grad = inputs.post_grad = parse_fx_graph(gtext, post)
        link_graph(graph, inputs)
        self.traces.append(TraceInfo(path=path, compile_ids=["-"], format="output_code"))
        self._register(graph)

    # ------------------------------------------------------------------ queries
    @property
    def kernels(self) -> list[Kernel]:
        """Every kernel (materializes every graph)."""
        return [k for g in self.graphs for k in g.kernels]

    def add_profile(self, path: str, graphs: list[Graph] | None = None):
        """Join a torch.profiler Chrome trace to ``graphs`` (default: all); returns the
        :class:`~inductor_lens.profile.ProfileJoin`, or ``None`` (and a warning) if unreadable."""
        from .profile import join
        from .readers.chrome_trace import read_chrome_trace

        try:
            trace = read_chrome_trace(path)
        except (OSError, EOFError) as exc:
            self._warnings.append(Warning_(path, 0, f"cannot read profile: {exc}"))
            return None
        self._warnings.extend(trace.warnings)
        result = join(self, trace, graphs)
        if not result.calls:  # another model's profile, or no compiled graph ran in it
            self._warnings.append(Warning_(path, 0, "profile matched no compiled graph of the loaded traces; not joined"))
            return result
        self.profiles.append(result)
        return result

    def add_profiles_beside_traces(self) -> None:
        """Join every profiler trace found beside a loaded log (its folder and the parent) to that
        log's graphs."""
        from .profile import profiles_beside

        joined = {os.path.realpath(p.path) for p in self.profiles}
        for trace in self.traces:
            if trace.format == "output_code":
                continue
            for profile in profiles_beside(trace.path):
                if os.path.realpath(profile) not in joined:
                    joined.add(os.path.realpath(profile))
                    self.add_profile(profile, [g for g in self.graphs if os.path.dirname(g.trace) == os.path.dirname(trace.path)])

    def materialize(self) -> None:
        """Materialize every graph now (the server does this in its worker thread), then save
        the on-disk index cache."""
        for graph in self._graphs:
            graph.ensure()
        self.save_cache()

    @property
    def graphs(self) -> list[Graph]:
        """Every graph, in load order, except those found unreadable when materialized."""
        return [g for g in self._graphs if not (g.loaded and g.broken)]

    @property
    def warnings(self) -> list[Warning_]:
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
        if doc is None or doc.role not in ("post_grad", "pre_grad"):
            return None
        fx: FxGraph | None = getattr(doc.graph, doc.role)
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

    def kernels_by_source(self) -> dict[tuple[str, int], list[Kernel]]:
        """``{(file as written in the trace, line): [kernels]}`` over every frame of every kernel."""
        if self._by_source is None:
            table: dict[tuple[str, int], list[Kernel]] = {}
            for kernel in self.kernels:
                for frame in kernel.source:
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


_ROLES_READ = ("code", "kernel_code", "post_grad", "pre_grad", "post_to_pre", "mapping", "stack_traces", "kernel_to_post")


def _content_key(group: torch_trace.GraphRecords, kind: str) -> tuple | None:
    """The MD5s of every payload a graph reads (None when one has no MD5 to trust)."""
    parts: list = [kind]
    for role in _ROLES_READ:
        rec = getattr(group, role)
        if rec is not None and not rec.md5:
            return None
        parts.append(rec.md5 if rec is not None else None)
    return tuple(parts)


def _materialize(graph: Graph, log: torch_trace.TraceLog, group: torch_trace.GraphRecords, base: str, on_disk: list[str],
                 cache: Cache, shared: dict[tuple, Graph]) -> None:
    """Materialize a graph of a log (its loader): read (MD5-verified) and parse its payloads, write extracted
    copies, link kernels.  Damage becomes warnings; the graph then has fewer or no kernels.  A graph
    whose payloads (by MD5) equal an already materialized one's is copied from it instead."""
    key = _content_key(group, graph.kind)
    template = shared.get(key) if key is not None else None
    if template is not None:
        template.ensure()
        # same MD5s in the envelopes; the payloads themselves must still verify (damage is
        # reported per file, and a damaged copy is parsed on its own below)
        records = [r for r in (getattr(group, role) for role in _ROLES_READ) if r is not None]
        if not template.broken and all(log.verify(r) for r in records):
            graph.copy_content_from(template)
            return
    if key is not None:
        shared.setdefault(key, graph)
    code_rec = group.code
    warns = graph.warnings

    def extract(text: str, name: str, rec) -> str:
        try:
            return cache.extract(text, name, rec.md5)
        except OSError as exc:  # one warning per cache folder, not one per file
            warns.append(Warning_(cache.root, 0, f"cannot write to the cache folder ({exc.strerror or exc}): output code that "
                                                 "exists only inside a log cannot be opened in an editor; use --cache-dir"))
            return cache.extracted_path(text, name, rec.md5)

    text = log.payload(code_rec, warns)
    if text is None:
        graph.broken = True
        return
    aliases = [os.path.abspath(p) for p in on_disk if _same_text(p, text)]
    if graph.output_code in aliases:
        aliases.remove(graph.output_code)
    else:  # no on-disk copy with this text: extract one (and say where editors find it now)
        graph.output_code = extract(text, base, code_rec)
    graph.output_code_aliases = aliases
    parsed = parse_output_code(text, graph.wrapper_language)
    graph.wrapper_language = parsed.language
    inputs = GraphInputs(code=parsed, code_path=graph.output_code, code_text=text)
    if group.kernel_code is not None:
        ktext = log.payload(group.kernel_code, warns)
        if ktext is not None:
            kmeta = group.kernel_code.envelope.get("graph_dump") or {}
            kname = os.path.basename(str(kmeta.get("filename") or "kernel.cpp"))
            graph.kernel_code = extract(ktext, kname, group.kernel_code)
            inputs.kernel_code = parse_output_code(ktext, "cpp")
            inputs.kernel_code_path = graph.kernel_code
    for role in ("post_grad", "pre_grad"):
        rec = getattr(group, role)
        gtext = log.payload(rec, warns) if rec is not None else None
        if gtext is None:
            continue
        gpath = extract(gtext, os.path.basename(graph.graph_files.get(role) or f"{role}_graph.py"), rec)
        fx = parse_fx_graph(gtext, gpath)
        setattr(graph, role, fx)
        setattr(inputs, role, fx)
    if group.mapping is not None:
        mapping = parse_node_mappings(log.payload_json(group.mapping, warns))
        inputs.mapping = mapping
        graph.mapping_version = mapping.version if mapping is not None else None
    if group.stack_traces is not None:
        value = log.payload_json(group.stack_traces, warns)
        inputs.stack_traces = parse_stack_traces(value) if value is not None else None
    if group.kernel_to_post is not None:
        inputs.kernel_to_post = parse_kernel_to_post(log.payload_json(group.kernel_to_post, warns))
    if group.post_to_pre is not None:
        gid = graph.pre_grad.graph_id if graph.pre_grad else None
        inputs.post_to_pre = parse_post_to_pre_nodes(log.payload_json(group.post_to_pre, warns), gid)
    if group.aot_graph is not None:
        aot = group.aot_graph
        inputs.aot_graph = lambda: parse_fx_graph(log.payload(aot, warns) or "", graph.trace)
    if group.name_graphs:
        inputs.other_names = lambda: {n for rec in group.name_graphs for n in node_names(log.payload(rec, warns) or "")}
    link_graph(graph, inputs)
