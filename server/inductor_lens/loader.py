"""Loading a TORCH_TRACE log into cold graphs, and materializing a graph when it is first asked for.

:class:`LogLoader` scans logs (reusing this process's earlier scans, else the on-disk index cache,
reading only the appended part of a log that grew, scanning big rank folders in parallel
processes), pairs their records into graphs (:mod:`readers.log_graphs`) and makes each a cold
:class:`~inductor_lens.model.Graph` whose :class:`LogGraphLoader` reads and parses its payloads
with the readers and links its kernels (:mod:`inductor_lens.linker`) on first access.  Graphs
with byte-identical payloads (ranks, repeated compiles) are parsed once.
"""

from __future__ import annotations

import os
import pickle
import re
from dataclasses import dataclass

from . import trace_paths
from .cache import Cache
from .linker import GraphInputs, link_graph
from .model import Graph, InputWarning
from .paths import inductor_cache_candidates
from .readers.debug_folder import DebugFolderFiles
from .readers.fx_graph import node_names, parse_fx_graph
from .readers.log_graphs import GRAPH_ROLES, GraphRecords
from .readers.mapping import parse_kernel_to_post, parse_node_mappings, parse_post_to_pre_nodes
from .readers.output_code import parse_output_code
from .readers.stack_traces import parse_stack_traces
from .readers.torch_trace import TraceLog
from .readers.torch_trace import scan as scan_log

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


def same_text(path: str, text: str) -> bool:
    """Whether the file at ``path`` holds ``text`` (an Inductor cache file holding logged output code)."""
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as fh:
            disk = fh.read()
    except OSError:
        return False
    # an on-disk file may carry more after the logged text (AOTInductor appends compile commands)
    logged = text.rstrip("\n")
    return disk.rstrip("\n") == logged or disk.startswith(logged + "\n")


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
        #: compiles with identical payloads share one parse and get their own copy of the kernels
        self.shared: dict[tuple, Graph] = {}
        self._prefetched: dict[str, TraceLog] = {}

    def scan(self, path: str) -> tuple[TraceLog, LogScan]:
        """Scan ``path``, reusing or extending an earlier scan (this process's scans, else the
        on-disk index cache) when the file is unchanged or only grew."""
        st = os.stat(path)
        identity = (st.st_size, st.st_mtime_ns)
        head, tail = _head_tail(path, st.st_size)
        scan = self.scans.get(path)
        if scan is None and self.disk_cache:
            scan = self.cache.load_index(path)
            if not isinstance(scan, LogScan) or not all(_files_exist(g) for g in scan.graphs.values()):
                scan = None  # stale, or its extracted files were deleted
            elif scan is not None:
                scan.saved = True
        if scan is not None and scan.identity == identity and scan.head == head and scan.tail == tail:
            self.scans[path] = scan
            return scan.log, scan
        prefetched = self._prefetched.pop(path, None)
        if scan is not None and st.st_size >= scan.log.size and head.startswith(scan.head):
            # appended: read only the new part, and rebuild every graph that read the old last
            # record (its payload may have been cut where the writer was) or found damage
            resume = scan.log.tail_line if scan.log.tail_offset is not None else None
            scan.graphs = {sig: g for sig, g in scan.graphs.items() if g is not None and not (g.loaded and g.warnings)
                           and (resume is None or not _reads_from(sig, resume))}
            log = scan_log(path, previous=scan.log)
        else:
            log = prefetched if prefetched is not None and prefetched.size == st.st_size else scan_log(path)
            scan = LogScan(identity, head, log, {})
        scan.identity, scan.head, scan.tail, scan.log, scan.saved = identity, head, tail, log, False
        self.scans[path] = scan
        return log, scan

    def save(self, warnings: list[InputWarning]) -> None:
        """Write the index cache for every log whose graphs are all materialized and that changed
        since it was last saved.  A cache folder that is not writable is reported, not fatal."""
        if not self.disk_cache:
            return
        for path, scan in list(self.scans.items()):
            if scan.saved or not all(g is None or g.loaded for g in scan.graphs.values()):
                continue
            try:
                self.cache.save_index(path, scan)
                scan.saved = True
            except (OSError, pickle.PicklingError) as exc:
                warnings.append(InputWarning(path, 0, f"cannot write the index cache: {exc}"))

    def prefetch(self, logs: list[str], warnings: list[InputWarning]) -> None:
        """Scan several big logs in parallel processes (ranks of one job); small ones stay serial.

        Only logs that need a cold scan (not scanned before, no valid index cache) are sent; the result is
        the same :class:`TraceLog` a serial scan gives.
        """
        todo = [p for p in logs if p not in self.scans and not (self.disk_cache and self.cache.load_index(p) is not None)]
        workers = min(len(todo), os.cpu_count() or 1)
        if workers < 2 or sum(os.path.getsize(p) for p in todo) < PARALLEL_SCAN_BYTES:
            return
        from concurrent.futures import ProcessPoolExecutor

        try:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for path, log in zip(todo, pool.map(scan_log, todo), strict=True):
                    self._prefetched[path] = log
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
        base = trace_paths.basename(names[0]) if names else ("output_code.cpp" if language == "cpp" else "output_code.py")
        on_disk = [c for n in names for c in inductor_cache_candidates(n, log.path) if os.path.isfile(c)]
        aot = _AOT_ID_KIND.match(log.first_payload_line(code_rec) or "")
        kind = (aot.group(1) if aot else None) or group.kind_hint or "inference"
        code_path = os.path.abspath(on_disk[0]) if on_disk else self.cache.path_for(code_rec.md5, base)
        loader = LogGraphLoader(log, group, base, on_disk, self.cache, self.shared)
        graph = Graph(log.path, log.rank, group.compile_id, kind, group.ordinal, code_path, wrapper_language=language, loader=loader)
        graph.code_md5 = code_rec.md5
        cid_dir = group.compile_id.replace("/", "_").replace("!", "ca")
        graph.graph_files = {
            role: self.cache.path_for(rec.md5, f"{role}_graph_{cid_dir}{'' if role == 'pre_grad' else '_' + kind}.py")
            for role in ("post_grad", "pre_grad") if (rec := getattr(group, role)) is not None and rec.md5
        }
        return graph


def _content_key(group: GraphRecords, kind: str) -> tuple | None:
    """The MD5s of every payload a graph reads (None when one has no MD5 to trust)."""
    parts: list = [kind]
    for role in GRAPH_ROLES:
        rec = getattr(group, role)
        if rec is not None and not rec.md5:
            return None
        parts.append(rec.md5 if rec is not None else None)
    if any(not rec.md5 for rec in group.name_graphs):
        return None
    parts.append(tuple(rec.md5 for rec in group.name_graphs))
    return tuple(parts)


class LogGraphLoader:
    """The loader of one graph of a log: what it needs to materialize the graph later.

    ``log`` and ``group`` point at the graph's records (payload offsets, not texts); ``base`` is
    the output code's file name and ``on_disk`` the Inductor cache files that may hold its text;
    ``shared`` maps content keys (payload MD5s) to graphs already materialized.
    """

    def __init__(self, log: TraceLog, group: GraphRecords, base: str, on_disk: list[str], cache: Cache,
                 shared: dict[tuple, Graph]) -> None:
        self.log, self.group, self.base, self.on_disk, self.cache, self.shared = log, group, base, on_disk, cache, shared

    def __call__(self, graph: Graph) -> None:
        """Read (MD5-verified) and parse the graph's payloads, write extracted copies, link kernels.
        Damage becomes warnings; the graph then has fewer or no kernels.  A graph whose payloads
        (by MD5) equal an already materialized one's is copied from it instead."""
        materialize_log_graph(graph, self.log, self.group, self.base, self.on_disk, self.cache, self.shared)


def materialize_log_graph(graph: Graph, log: TraceLog, group: GraphRecords, base: str, on_disk: list[str],
                          cache: Cache, shared: dict[tuple, Graph]) -> None:
    """See :meth:`LogGraphLoader.__call__`."""
    key = _content_key(group, graph.kind)
    template = shared.get(key) if key is not None else None
    if template is not None:
        template.ensure()
        # same MD5s in the envelopes; the payloads themselves must still verify (damage is
        # reported per file, and a damaged copy is parsed on its own below)
        records = [r for r in (getattr(group, role) for role in GRAPH_ROLES) if r is not None]
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
            warns.append(InputWarning(cache.root, 0, f"cannot write to the cache folder ({exc.strerror or exc}): output code that "
                                                 "exists only inside a log cannot be opened in an editor; use --cache-dir"))
            return cache.extracted_path(text, name, rec.md5)

    text = log.payload(code_rec, warns)
    if text is None:
        graph.broken = True
        return
    aliases = [os.path.abspath(p) for p in on_disk if same_text(p, text)]
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
            kname = trace_paths.basename(str(kmeta.get("filename") or "kernel.cpp"))
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
    frame_records = [rec for rec in (group.dynamo_graph, group.ca_graph) if rec is not None]
    if frame_records:  # read only if a kernel's frame is in generated code (compiled autograd)
        inputs.frame_graphs = lambda: [parse_fx_graph(t, log.path) for rec in frame_records if (t := log.payload(rec, warns)) is not None]
    if group.aot_graph is not None:
        aot = group.aot_graph
        inputs.aot_graph = lambda: parse_fx_graph(log.payload(aot, warns) or "", graph.trace)
    if group.name_graphs:
        inputs.other_names = lambda: {n for rec in group.name_graphs for n in node_names(log.payload(rec, warns) or "")}
    link_graph(graph, inputs)


def graph_from_loose_code(files: DebugFolderFiles) -> Graph | None:
    """A graph (compile id ``-``) from a loose output code and its debug-folder siblings, linked
    at once (the files are small); ``None`` and a warning in ``files.warnings`` when the text is
    not TorchInductor output code."""
    path = files.code_path
    parsed = parse_output_code(files.code, "cpp" if path.endswith(".cpp") else None)
    if not parsed.defs and not parsed.launches and parsed.aot_id is None:
        files.warnings.append(InputWarning(path, 0, "not TorchInductor output code (no kernel definitions, launches or AOT ID); skipped"))
        return None
    kind = parsed.graph_kind or next((k for k in ("forward", "backward", "inference") if k in files.folder_name), "inference")
    graph = Graph(trace=path, rank=None, compile_id="-", kind=kind, ordinal=0, output_code=path, wrapper_language=parsed.language)
    inputs = GraphInputs(code=parsed, code_path=path, code_text=files.code)
    if files.mapping is not None:
        inputs.mapping = parse_node_mappings(files.mapping)
        graph.mapping_version = inputs.mapping.version if inputs.mapping else None
    if files.kernel_to_post is not None:
        inputs.kernel_to_post = parse_kernel_to_post(files.kernel_to_post)
    if files.post_grad is not None and files.post_grad_path is not None:
        graph.post_grad = inputs.post_grad = parse_fx_graph(files.post_grad, files.post_grad_path)
    link_graph(graph, inputs)
    return graph
