"""The index: every trace the user has, as compiles -> graphs -> kernels, with reverse maps.

``Index.add(path)`` accepts a ``TORCH_TRACE`` log, a folder of logs (ranks), a tlparse output
folder (its ``raw.log`` is the original log), a ``TORCH_COMPILE_DEBUG`` folder, or a loose
``output_code.py`` (with or without ``inductor_provenance_tracking_node_mappings.json`` beside
it).  Reverse maps: source (file, line) -> kernels; (document path, line) -> kernels and FX
nodes; FX node -> kernels.  Bad input becomes warnings; it never raises except for bad arguments.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from . import _json
from .cache import Cache
from .linker import GraphInputs, link_graph
from .paths import inductor_cache_candidates
from .model import FxGraph, FxNode, Graph, Kernel, TraceInfo, Warning_
from .readers import torch_trace
from .readers.fx_graph import parse_fx_graph
from .readers.mapping import parse_kernel_to_post, parse_node_mappings, parse_post_to_pre_nodes
from .readers.output_code import parse_output_code
from .readers.stack_traces import parse_stack_traces

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


_HEAD_BYTES = 4096


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

    def __init__(self, cache: Cache | None = None, memo: dict[str, LogMemo] | None = None) -> None:
        self.cache = cache or Cache()
        #: shared between successive indexes of the same traces (the server keeps one)
        self.memo = memo if memo is not None else {}
        self.traces: list[TraceInfo] = []
        self.graphs: list[Graph] = []
        self.warnings: list[Warning_] = []
        self._documents: dict[str, DocumentRole] = {}
        self._by_source: dict[tuple[str, int], list[Kernel]] | None = None
        self._node_kernels: dict[tuple[int, str, str], list[Kernel]] = {}

    # ------------------------------------------------------------------ loading
    def add(self, path: str) -> list[Graph]:
        """Load ``path`` (file or folder, any supported input); returns the graphs it added."""
        path = os.path.abspath(path)
        before = len(self.graphs)
        if os.path.isdir(path):
            self._add_folder(path)
        elif os.path.isfile(path):
            self._add_file(path)
        else:
            self.warnings.append(Warning_(path, 0, "no such file or folder"))
        self._by_source = None
        return self.graphs[before:]

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
        for log in logs:
            self._add_log(log)
        for code in debug_codes:
            if code not in self._documents:
                self._add_loose_code(code)
        if not logs and not debug_codes:
            self.warnings.append(Warning_(folder, 0, "no TORCH_TRACE logs, tlparse output or debug folders found"))

    def _register(self, graph: Graph) -> None:
        self.graphs.append(graph)
        for path in [graph.output_code, *graph.output_code_aliases]:
            self._documents[os.path.abspath(path)] = DocumentRole(graph, "code")
        if graph.kernel_code:
            self._documents[os.path.abspath(graph.kernel_code)] = DocumentRole(graph, "kernel_code")
        if graph.post_grad:
            self._documents[os.path.abspath(graph.post_grad.path)] = DocumentRole(graph, "post_grad")
        if graph.pre_grad:
            self._documents.setdefault(os.path.abspath(graph.pre_grad.path), DocumentRole(graph, "pre_grad"))
        for kernel in graph.kernels:
            for role, nodes in (("post_grad", kernel.post_grad_nodes), ("pre_grad", kernel.pre_grad_nodes)):
                for node in nodes:
                    self._node_kernels.setdefault((id(graph), role, node), []).append(kernel)

    def _extract(self, text: str, name: str, md5: str | None, warn_file: str, warn_line: int) -> str:
        try:
            return self.cache.extract(text, name, md5)
        except OSError as exc:
            self.warnings.append(Warning_(warn_file, warn_line, f"cannot write extracted copy to the cache: {exc}"))
            return self.cache.extracted_path(text, name, md5)

    def _code_aliases(self, log_path: str, record: torch_trace.Record, text: str) -> list[str]:
        meta = record.envelope.get(record.kind) or {}
        names = [meta.get("file_path"), meta.get("filename")] if isinstance(meta, dict) else []
        found: list[str] = []
        for name in names:
            if not isinstance(name, str) or not name:
                continue
            for cand in inductor_cache_candidates(name, log_path):
                if cand not in found and os.path.isfile(cand) and _same_text(cand, text):
                    found.append(os.path.abspath(cand))
                    break
        return found

    def _scan_log(self, path: str) -> tuple[torch_trace.TraceLog, LogMemo]:
        """Scan ``path``, reusing or extending an earlier scan when the file is unchanged or grew."""
        st = os.stat(path)
        identity = (st.st_size, st.st_mtime_ns)
        with open(path, "rb") as fh:
            head = fh.read(_HEAD_BYTES)
        memo = self.memo.get(path)
        if memo is not None and memo.identity == identity and memo.head == head:
            return memo.log, memo
        if memo is not None and st.st_size >= memo.log.size and head.startswith(memo.head):
            log = torch_trace.scan(path, previous=memo.log)  # appended: read only the new part
        else:
            log = torch_trace.scan(path)
            memo = LogMemo(identity, head, log, {})
        memo.identity, memo.head, memo.log = identity, head, log
        self.memo[path] = memo
        return log, memo

    def _add_log(self, path: str, display: str | None = None) -> None:
        try:
            log, memo = self._scan_log(path)
        except OSError as exc:
            self.warnings.append(Warning_(path, 0, f"cannot read: {exc.strerror or exc}"))
            return
        info = TraceInfo(path=path, rank=log.rank, torch_version=log.torch_version, format="torch_trace" if display is None else "tlparse")
        info.readable = log.record_count > 0
        for group in torch_trace.pair_graphs(log):
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
        self.warnings.extend(log.warnings)

    def _graph_from_log(self, log: torch_trace.TraceLog, group: torch_trace.GraphRecords) -> Graph | None:
        code_rec = group.code
        text = log.payload(code_rec)
        if text is None:
            return None
        language = "cpp" if code_rec.kind == "graph_dump" else "python"
        meta = code_rec.envelope.get(code_rec.kind) or {}
        base = os.path.basename(str(meta.get("filename") or meta.get("file_path") or "")) if isinstance(meta, dict) else ""
        cid_dir = group.compile_id.replace("/", "_").replace("!", "ca")
        name = base or ("output_code.cpp" if language == "cpp" else "output_code.py")
        aliases = self._code_aliases(log.path, code_rec, text)
        if aliases:  # the Inductor cache file exists on disk with this text: editors open it
            code_path, aliases = aliases[0], aliases[1:]
        else:  # exists only inside the log: extract a copy once
            code_path = self._extract(text, name, code_rec.md5, log.path, code_rec.line)
        parsed = parse_output_code(text, language)
        kind = parsed.graph_kind or group.kind_hint or "inference"
        graph = Graph(
            trace=log.path,
            rank=log.rank,
            compile_id=group.compile_id,
            kind=kind,
            ordinal=group.ordinal,
            output_code=code_path,
            output_code_aliases=aliases,
            wrapper_language=parsed.language,
        )
        inputs = GraphInputs(code=parsed, code_path=code_path)
        if group.kernel_code is not None:
            ktext = log.payload(group.kernel_code)
            if ktext is not None:
                kmeta = group.kernel_code.envelope.get("graph_dump") or {}
                kname = os.path.basename(str(kmeta.get("filename") or "kernel.cpp"))
                graph.kernel_code = self._extract(ktext, kname, group.kernel_code.md5, log.path, group.kernel_code.line)
                inputs.kernel_code = parse_output_code(ktext, "cpp")
                inputs.kernel_code_path = graph.kernel_code
        for role in ("post_grad", "pre_grad"):
            rec = getattr(group, role)
            if rec is None:
                continue
            gtext = log.payload(rec)
            if gtext is None:
                continue
            gpath = self._extract(gtext, f"{role}_graph_{cid_dir}_{kind}.py", rec.md5, log.path, rec.line)
            fx = parse_fx_graph(gtext, gpath)
            setattr(graph, role, fx)
            setattr(inputs, role, fx)
        if group.mapping is not None:
            mapping = parse_node_mappings(log.payload_json(group.mapping))
            inputs.mapping = mapping
            graph.mapping_version = mapping.version if mapping is not None else None
        if group.stack_traces is not None:
            value = log.payload_json(group.stack_traces)
            inputs.stack_traces = parse_stack_traces(value) if value is not None else None
        if group.kernel_to_post is not None:
            inputs.kernel_to_post = parse_kernel_to_post(log.payload_json(group.kernel_to_post))
        if group.post_to_pre is not None:
            gid = graph.pre_grad.graph_id if graph.pre_grad else None
            inputs.post_to_pre = parse_post_to_pre_nodes(log.payload_json(group.post_to_pre), gid)
        link_graph(graph, inputs)
        return graph

    def _add_loose_code(self, path: str) -> None:
        """A loose ``output_code.py`` / ``.cpp``, with debug-folder siblings when present."""
        text = _read_text(path, self.warnings)
        if text is None:
            return
        folder = os.path.dirname(path)
        for graph in self.graphs:  # the same code already came from a log: just an alias
            if _same_text(graph.output_code, text):
                if os.path.abspath(path) not in graph.output_code_aliases:
                    graph.output_code_aliases.append(os.path.abspath(path))
                    self._documents[os.path.abspath(path)] = DocumentRole(graph, "code")
                return
        language = "cpp" if path.endswith(".cpp") else None
        parsed = parse_output_code(text, language)
        dirname = os.path.basename(folder)
        kind = parsed.graph_kind or next((k for k in ("forward", "backward", "inference") if k in dirname), "inference")
        graph = Graph(trace=path, rank=None, compile_id="-", kind=kind, ordinal=0, output_code=path, wrapper_language=parsed.language)
        inputs = GraphInputs(code=parsed, code_path=path)
        mapping_path = os.path.join(folder, "inductor_provenance_tracking_node_mappings.json")
        if os.path.isfile(mapping_path):
            raw = _read_text(mapping_path, self.warnings)
            if raw is not None:
                try:
                    inputs.mapping = parse_node_mappings(_json.loads(raw))
                    graph.mapping_version = inputs.mapping.version if inputs.mapping else None
                except ValueError as exc:
                    self.warnings.append(Warning_(mapping_path, 1, f"invalid JSON: {exc}"))
        for fname in ("inductor_generated_kernel_to_post_grad_nodes.json", "inductor_triton_kernel_to_post_grad_nodes.json"):
            extra = os.path.join(folder, fname)
            if os.path.isfile(extra):
                raw = _read_text(extra, self.warnings)
                try:
                    inputs.kernel_to_post = parse_kernel_to_post(_json.loads(raw)) if raw else None
                except ValueError as exc:
                    self.warnings.append(Warning_(extra, 1, f"invalid JSON: {exc}"))
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
        return [k for g in self.graphs for k in g.kernels]

    def document(self, path: str) -> DocumentRole | None:
        """What ``path`` is to the index (output code, kernel code, post-/pre-grad graph), if anything."""
        return self._documents.get(os.path.abspath(path))

    def kernels_at(self, path: str, line: int) -> list[Kernel]:
        """Kernels whose definition or a launch is on ``line`` (1-based) of output-code file ``path``."""
        doc = self.document(path)
        if doc is None or doc.role not in ("code", "kernel_code"):
            return []
        out = []
        for kernel in doc.graph.kernels:
            if any(loc.line == line for loc in kernel.launches) and doc.role == "code":
                out.append(kernel)
            elif kernel.definition is not None and kernel.definition.line == line and (
                doc.role == "kernel_code" or os.path.abspath(kernel.definition.path) == os.path.abspath(doc.graph.output_code)
            ):
                out.append(kernel)
        return out

    def node_at(self, path: str, line: int) -> tuple[Graph, str, FxNode] | None:
        """The FX node defined on ``line`` of graph file ``path``: (graph, role, node)."""
        doc = self.document(path)
        if doc is None or doc.role not in ("post_grad", "pre_grad"):
            return None
        fx: FxGraph | None = getattr(doc.graph, doc.role)
        node = fx.node_at_line(line) if fx is not None else None
        return (doc.graph, doc.role, node) if node is not None else None

    def kernels_of_node(self, graph: Graph, role: str, node: str) -> list[Kernel]:
        """Kernels of ``graph`` that computed FX node ``node`` of its ``role`` graph."""
        if role == "pre_grad":  # a pre-grad graph is shared by the compile's graphs
            return [k for g in self.graphs if g.trace == graph.trace and g.compile_id == graph.compile_id
                    for k in self._node_kernels.get((id(g), role, node), [])]
        return list(self._node_kernels.get((id(graph), role, node), []))

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


def load(paths, cache: Cache | None = None) -> Index:
    """Build an :class:`Index` over ``paths`` (files or folders)."""
    index = Index(cache)
    for path in paths:
        index.add(path)
    return index
