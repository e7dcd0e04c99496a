"""The language server (pygls 2): thin handlers over :mod:`inductor_lens.features`.

Indexing runs in a worker thread (``$/progress`` + ``inductorLens/status`` notifications); the
handlers answer from the last complete :class:`~inductor_lens.features.context.LensContext`
snapshot, so requests are answered while indexing runs.  Traces come from
``initializationOptions.traces``, the ``inductorLens.traces`` setting and discovery in the
workspace folders; logs that change or grow are re-indexed (file watching + polling).

Custom requests: ``inductorLens/kernels``, ``inductorLens/traces``, ``inductorLens/linkedRanges``,
``inductorLens/addTraces``, ``inductorLens/reindex`` (see the README).  Errors go to
``window/logMessage`` (and diagnostics on open files), never to pop-ups.
"""

from __future__ import annotations

import asyncio
import glob
import logging
import os
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from . import __version__
from .cache import Cache
from .features import hover as hover_feature
from .features import lenses, navigation, symbols
from .features.context import LensContext
from .index import LOG_GLOB_NAME, Index
from .paths import PathResolver
from .report import kernel_json

log = logging.getLogger("inductor_lens")

DEFAULT_GLOBS = ["**/dedicated_log_torch_trace_*.log", "**/torch_compile_debug/**/output_code.py", "**/tl_out/", "**/*.pt2"]
POLL_SECONDS = 2.0


@dataclass
class Settings:
    """What the client tells us (initializationOptions, then ``workspace/configuration``)."""

    traces: list[str] = field(default_factory=list)
    path_mappings: dict[str, str] = field(default_factory=dict)
    site_packages: list[str] = field(default_factory=list)
    profiles: list[str] = field(default_factory=list)
    globs: list[str] = field(default_factory=lambda: list(DEFAULT_GLOBS))
    discovery: bool = True
    #: False in an untrusted workspace (VS Code Restricted Mode): no discovery, only opened files
    trusted: bool = True

    def update(self, value) -> None:
        """Merge a settings object (camelCase keys, as in package.json); ignores bad values."""
        if not isinstance(value, dict):
            return
        if isinstance(value.get("traces"), list):
            self.traces = [str(p) for p in value["traces"] if isinstance(p, str)]
        if isinstance(value.get("pathMappings"), dict):
            self.path_mappings = {str(k): str(v) for k, v in value["pathMappings"].items()}
        if isinstance(value.get("profiles"), list):
            self.profiles = [str(p) for p in value["profiles"] if isinstance(p, str)]
        if isinstance(value.get("sitePackages"), list):
            self.site_packages = [str(p) for p in value["sitePackages"] if isinstance(p, str)]
        if isinstance(value.get("trusted"), bool):
            self.trusted = value["trusted"]
        disc = value.get("discovery")
        if isinstance(disc, dict):
            if isinstance(disc.get("globs"), list) and disc["globs"]:
                self.globs = [str(g) for g in disc["globs"]]
            if isinstance(disc.get("enabled"), bool):
                self.discovery = disc["enabled"]


def _expand(value: str, folders: list[str]) -> str:
    first = folders[0] if folders else os.getcwd()
    value = value.replace("${workspaceFolder}", first)
    if not os.path.isabs(value):
        value = os.path.join(first, value)
    return os.path.normpath(value)


def _file_identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


class InductorLensServer(LanguageServer):
    """The server object: settings, the current snapshot, and the indexing worker."""

    def __init__(self, cache_dir: str | None = None) -> None:
        super().__init__("inductor-lens", __version__)
        self.settings = Settings()
        self.cache = Cache(cache_dir)
        self.memo: dict = {}  # per-log scans and graphs, reused by re-indexing (worker thread only)
        self.ctx = LensContext(Index(self.cache), PathResolver())
        self.generation = 0  # bumped when a new index is requested
        self.done_generation = 0  # generation of self.ctx
        self.loop: asyncio.AbstractEventLoop | None = None
        self.extra_traces: list[str] = []
        self.extra_profiles: list[str] = []
        self._identities: dict[str, tuple[int, int] | None] = {}
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._want = threading.Event()
        self._progress_supported = False
        self._builds = 0

    # ------------------------------------------------------------------ plumbing
    def report_server_error(self, error: Exception, source) -> None:  # never pop-ups
        self.log(types.MessageType.Error, f"internal error: {error!r}")

    def log(self, level: types.MessageType, message: str) -> None:
        """``window/logMessage``, safe to call from any thread."""
        self._send(lambda: self.window_log_message(types.LogMessageParams(type=level, message=message)))

    def _send(self, fn) -> None:
        if self.loop is None:
            return
        try:
            if threading.get_ident() == getattr(self, "_loop_thread", None):
                fn()
            else:
                self.loop.call_soon_threadsafe(fn)
        except RuntimeError:  # loop closed at shutdown
            pass

    @property
    def folders(self) -> list[str]:
        """The workspace folders as paths (the root path when the client sent no folders)."""
        out = []
        for folder in (self.workspace.folders or {}).values():
            path = to_fs_path(folder.uri)
            if path:
                out.append(path)
        if not out and self.workspace.root_path:
            out.append(self.workspace.root_path)
        return out

    # ------------------------------------------------------------------ traces
    def trace_paths(self) -> list[str]:
        """Every path to index: settings + opened-by-command + discovery (deduplicated)."""
        folders = self.folders
        paths = [_expand(p, folders) for p in self.settings.traces] + list(self.extra_traces)
        if self.settings.discovery and self.settings.trusted:
            for folder in folders:
                for pattern in self.settings.globs:
                    for found in sorted(glob.glob(os.path.join(folder, pattern), recursive=True)):
                        if "/.git/" in found or "/node_modules/" in found:
                            continue
                        paths.append(os.path.normpath(found))
        out: list[str] = []
        for path in paths:
            if path not in out and not any(path.startswith(p.rstrip("/") + "/") for p in out if os.path.isdir(p)):
                out.append(path)
        return out

    def resolver(self) -> PathResolver:
        """A resolver from the current path mappings, workspace folders and site-packages."""
        folders = self.folders
        mappings = [(src, _expand(dst, folders)) for src, dst in self.settings.path_mappings.items()]
        site_packages = [_expand(p, folders) for p in self.settings.site_packages]
        return PathResolver(mappings, roots=folders, site_packages=site_packages)

    def request_index(self, bump: bool = True) -> int:
        """Ask the worker for a fresh index; returns the generation that will contain it.

        ``bump=False`` starts the index already promised at ``initialize`` (generation 1), so
        requests that arrive before ``initialized`` finishes wait for it instead of answering empty.
        """
        with self._lock:
            if bump:
                self.generation += 1
            generation = self.generation
        self._want.set()
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._work, name="inductor-lens-index", daemon=True)
            self._worker.start()
        return generation

    def _work(self) -> None:
        while True:
            self._want.wait()
            self._want.clear()
            with self._lock:
                generation = self.generation
            try:
                self._build(generation)
            except Exception as exc:  # the worker must survive anything
                self.log(types.MessageType.Error, f"indexing failed: {exc!r}\n{traceback.format_exc()}")
                self._status("error", message=str(exc))
                with self._lock:
                    self.done_generation = max(self.done_generation, generation)

    def _build(self, generation: int) -> None:
        self._builds += 1
        token = f"inductor-lens-index-{self._builds}"  # one token per run: a token is never reused
        paths = self.trace_paths()
        self._status("indexing", message=f"indexing {len(paths)} trace(s)")
        self._progress(token, "begin", f"{len(paths)} trace(s)")
        started = time.perf_counter()
        index = Index(self.cache, self.memo)
        for n, path in enumerate(paths):
            self._progress(token, "report", os.path.basename(path.rstrip("/")), int(50 * n / max(len(paths), 1)))
            index.add(path)
        graphs = index.graphs
        for n, graph in enumerate(graphs):  # parse payloads (the cold index above only scanned)
            if n % 16 == 0:
                self._progress(token, "report", f"graph {n + 1} of {len(graphs)}", 50 + int(50 * n / max(len(graphs), 1)))
            graph.ensure()
        index.save_cache()
        for profile in [_expand(p, self.folders) for p in self.settings.profiles] + list(self.extra_profiles):
            index.add_profile(profile)
        index.add_profiles_beside_traces()
        ctx = LensContext(index, self.resolver())
        self._warm(ctx)
        identities = {t.path: _file_identity(t.path) for t in index.traces}
        with self._lock:
            self.ctx = ctx
            self._identities = identities
            self.done_generation = max(self.done_generation, generation)
        elapsed = time.perf_counter() - started
        kernels = len(index.kernels)
        self._progress(token, "end", f"{kernels} kernels")
        for w in index.warnings:
            self.log(types.MessageType.Warning, f"{w.file}:{w.line}: {w.message}")
        self.log(types.MessageType.Info, f"indexed {len(index.traces)} trace(s), {len(index.graphs)} graph(s), {kernels} kernels in {elapsed:.2f}s")
        self._status("ready", message=f"{kernels} kernels")
        self._send(self._refresh_clients)

    def _warm(self, ctx: LensContext) -> None:
        """Compute code lenses of every output code and model file before the snapshot goes live,
        so the first request for a document is a lookup (work belongs in indexing, not in lens)."""
        paths = [g.output_code for g in ctx.index.graphs] + list(ctx.lines_of_file)
        for path in paths:
            lenses.code_lenses(ctx, path)

    def _refresh_clients(self) -> None:
        for doc_uri in list(self.workspace.text_documents):
            self.publish_diagnostics(doc_uri)
        caps = self.client_capabilities.workspace
        if caps and caps.code_lens and caps.code_lens.refresh_support:
            self.workspace_code_lens_refresh(None)

    def publish_diagnostics(self, doc_uri: str) -> None:
        """The index's warnings about this document, as diagnostics."""
        path = to_fs_path(doc_uri)
        if not path:
            return
        diags = symbols.diagnostics_for(self.ctx.index.warnings, path)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=doc_uri, diagnostics=diags))

    def _status(self, state: str, message: str = "") -> None:
        ctx = self.ctx
        params = {"state": state, "kernels": len(ctx.index.kernels), "traces": len(ctx.index.traces),
                  "errors": len(ctx.index.warnings), "message": message}
        self._send(lambda: self.protocol.notify("inductorLens/status", params))

    def _progress(self, token: str, what: str, message: str, percentage: int | None = None) -> None:
        if not self._progress_supported:
            return

        def send() -> None:
            progress = self.work_done_progress
            if what == "begin":
                progress.create(token)
                progress.begin(token, types.WorkDoneProgressBegin(title="Inductor Lens: indexing", message=message, percentage=0))
            elif what == "report":
                progress.report(token, types.WorkDoneProgressReport(message=message, percentage=percentage))
            else:
                progress.end(token, types.WorkDoneProgressEnd(message=message))

        self._send(send)

    async def wait_for(self, generation: int, timeout: float = 600.0) -> None:
        """Return once the index of ``generation`` (or a later one) is live (``timeout`` in s)."""
        deadline = time.monotonic() + timeout
        while self.done_generation < generation and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    async def poll_changes(self) -> None:
        """Re-index when an indexed log changes or grows (runs while the server lives)."""
        while True:
            await asyncio.sleep(POLL_SECONDS)
            with self._lock:
                known = dict(self._identities)
                busy = self.done_generation < self.generation
            if busy or not known:
                continue
            if any(_file_identity(path) != ident for path, ident in known.items()):
                self.request_index()


def create_server(cache_dir: str | None = None) -> InductorLensServer:
    """A server with every feature registered (handlers are thin: features do the work)."""
    ls = InductorLensServer(cache_dir)

    def pos(params) -> tuple[str | None, int, int]:
        path = to_fs_path(params.text_document.uri)
        return path, params.position.line + 1, params.position.character

    def guarded(default):
        def wrap(fn):
            def inner(ls_: InductorLensServer, params):
                try:
                    return fn(ls_, params)
                except Exception as exc:  # one bad file never breaks answers for the others
                    ls_.log(types.MessageType.Error, f"{fn.__name__} failed: {exc!r}\n{traceback.format_exc()}")
                    return default
            inner.__name__ = fn.__name__
            return inner
        return wrap

    @ls.feature(types.INITIALIZE)
    def initialize(ls_: InductorLensServer, params: types.InitializeParams) -> None:
        ls_.settings.update(params.initialization_options or {})
        # what the client sent at start stays, even when the settings it pulls later list less
        # (VS Code sends traces and profiles the user opened by command only here)
        folders = ls_.folders
        ls_.extra_traces.extend(_expand(p, folders) for p in ls_.settings.traces)
        ls_.extra_profiles.extend(_expand(p, folders) for p in ls_.settings.profiles)
        ls_.generation = 1  # the initial index, started at `initialized`
        window = params.capabilities.window
        ls_._progress_supported = bool(window and window.work_done_progress)

    @ls.feature(types.INITIALIZED)
    async def initialized(ls_: InductorLensServer, params: types.InitializedParams) -> None:
        ls_.loop = asyncio.get_running_loop()
        ls_._loop_thread = threading.get_ident()
        caps = ls_.client_capabilities.workspace
        if caps and caps.configuration:
            try:
                result = await asyncio.wait_for(
                    ls_.workspace_configuration_async(types.ConfigurationParams(items=[types.ConfigurationItem(section="inductorLens")])), 5
                )
                if result:
                    ls_.settings.update(result[0])
            except Exception as exc:
                ls_.log(types.MessageType.Warning, f"could not read settings: {exc!r}")
        if caps and caps.did_change_watched_files and caps.did_change_watched_files.dynamic_registration:
            watchers = [types.FileSystemWatcher(glob_pattern=g) for g in ("**/dedicated_log_torch_trace_*.log", "**/output_code.py", "**/inductor_provenance_tracking_node_mappings.json")]
            try:
                await ls_.client_register_capability_async(types.RegistrationParams(registrations=[types.Registration(
                    id="inductor-lens-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
            except Exception as exc:
                ls_.log(types.MessageType.Info, f"file watching not available: {exc!r}")
        ls_.request_index(bump=False)
        asyncio.ensure_future(ls_.poll_changes())

    @ls.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls_: InductorLensServer, params: types.DidChangeConfigurationParams) -> None:
        before = repr(ls_.settings)
        settings = params.settings
        if isinstance(settings, dict) and isinstance(settings.get("inductorLens"), dict):
            ls_.settings.update(settings["inductorLens"])
        elif ls_.client_capabilities.workspace and ls_.client_capabilities.workspace.configuration:
            try:
                result = await ls_.workspace_configuration_async(types.ConfigurationParams(items=[types.ConfigurationItem(section="inductorLens")]))
                if result:
                    ls_.settings.update(result[0])
            except Exception as exc:
                ls_.log(types.MessageType.Warning, f"could not read settings: {exc!r}")
        if repr(ls_.settings) != before:  # clients send this right after start: no change, no re-index
            ls_.request_index()

    @ls.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls_: InductorLensServer, params) -> None:
        ls_.request_index()

    @ls.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls_: InductorLensServer, params: types.DidOpenTextDocumentParams) -> None:
        path = to_fs_path(params.text_document.uri)
        if path and not ls_.settings.trusted and _looks_like_trace(path) and ls_.ctx.index.document(path) is None \
                and os.path.abspath(path) not in ls_.extra_traces:
            ls_.extra_traces.append(os.path.abspath(path))  # untrusted: index what the user opens, nothing else
            ls_.request_index()
        ls_.publish_diagnostics(params.text_document.uri)

    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded(None)
    def hover(ls_: InductorLensServer, params: types.HoverParams):
        path, line, col = pos(params)
        return hover_feature.hover(ls_.ctx, path, line, col) if path else None

    @ls.feature(types.TEXT_DOCUMENT_DEFINITION)
    @guarded(None)
    def definition(ls_: InductorLensServer, params: types.DefinitionParams):
        path, line, col = pos(params)
        return navigation.definition(ls_.ctx, path, line, col) or None if path else None

    @ls.feature(types.TEXT_DOCUMENT_REFERENCES)
    @guarded(None)
    def references(ls_: InductorLensServer, params: types.ReferenceParams):
        path, line, col = pos(params)
        include = params.context.include_declaration if params.context else True
        return navigation.references(ls_.ctx, path, line, col, include) or None if path else None

    @ls.feature(types.TEXT_DOCUMENT_CODE_LENS)
    @guarded(None)
    def code_lens(ls_: InductorLensServer, params: types.CodeLensParams):
        """Ranges only (cheap); the command is filled in by codeLens/resolve for visible lenses."""
        path = to_fs_path(params.text_document.uri)
        if not path:
            return None
        full = lenses.code_lenses(ls_.ctx, path)
        generation = ls_.done_generation
        return [types.CodeLens(range=lens.range, data={"path": path, "i": i, "generation": generation}) for i, lens in enumerate(full)]

    @ls.feature(types.CODE_LENS_RESOLVE)
    @guarded(None)
    def code_lens_resolve(ls_: InductorLensServer, lens: types.CodeLens):
        data = lens.data if isinstance(lens.data, dict) else {}
        full = lenses.code_lenses(ls_.ctx, data.get("path", "")) if data.get("path") else []
        i = data.get("i")
        if isinstance(i, int) and 0 <= i < len(full) and full[i].range == lens.range:
            lens.command = full[i].command
        else:  # the index changed since: say so rather than guess
            lens.command = types.Command(title="Inductor Lens: re-indexed, refresh", command="")
        return lens

    @ls.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded(None)
    def document_symbol(ls_: InductorLensServer, params: types.DocumentSymbolParams):
        path = to_fs_path(params.text_document.uri)
        return symbols.document_symbols(ls_.ctx, path) or None if path else None

    @ls.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK)
    @guarded(None)
    def document_link(ls_: InductorLensServer, params: types.DocumentLinkParams):
        path = to_fs_path(params.text_document.uri)
        if not path or (ls_.ctx.index.document(path) is None):
            return None
        doc = ls_.workspace.get_text_document(params.text_document.uri)
        return symbols.document_links(ls_.ctx, path, doc.source)

    @ls.feature(types.WORKSPACE_SYMBOL)
    @guarded(None)
    def workspace_symbol(ls_: InductorLensServer, params: types.WorkspaceSymbolParams):
        return symbols.workspace_symbols(ls_.ctx, params.query)

    @ls.feature("inductorLens/kernels")
    async def kernels(ls_: InductorLensServer, params):
        await ls_.wait_for(ls_.generation)
        trace = _param(params, "trace")
        trace = trace if isinstance(trace, str) else None
        full = _param(params, "summary") is not True  # summary: no full stacks (GPT-2: ~30 frames a kernel)
        ctx = ls_.ctx
        wanted = os.path.abspath(trace) if trace else None
        return ctx.memo(("kernels", wanted, full), lambda: [  # the view asks again after every re-index
            kernel_json(k, ctx.resolver, source=full) for k in ctx.index.kernels
            if wanted is None or os.path.abspath(k.graph.trace) == wanted])

    @ls.feature("inductorLens/traces")
    async def traces(ls_: InductorLensServer, params):
        await ls_.wait_for(ls_.generation)
        index = ls_.ctx.index
        out = []
        for t in index.traces:
            graphs = [g for g in index.graphs if g.trace == t.path]
            out.append({
                "path": t.path, "rank": t.rank, "torch_version": t.torch_version, "compile_ids": list(t.compile_ids),
                "kernels": sum(len(g.kernels) for g in graphs),
                "graphs": [{"compile_id": g.compile_id, "pid": g.pid, "graph": g.kind, "output_code": g.output_code, "kernel_code": g.kernel_code,
                            "post_grad_graph": g.post_grad.path if g.post_grad else None,
                            "pre_grad_graph": g.pre_grad.path if g.pre_grad else None, "kernels": len(g.kernels),
                            "measured_us": _graph_time(g)} for g in graphs],
                "unattributed": [dict(u, profile=p.path) for p in index.profiles if t.path in p.traces for u in p.unattributed_json()],
            })
        return out

    @ls.feature("inductorLens/linkedRanges")
    async def linked_ranges(ls_: InductorLensServer, params):
        await ls_.wait_for(ls_.generation)
        doc_uri = _param(_param(params, "textDocument") or {}, "uri") or _param(params, "uri")
        position = _param(params, "position") or {}
        path = to_fs_path(doc_uri) if doc_uri else None
        if not path:
            return {"preGrad": [], "postGrad": [], "code": [], "source": []}
        try:
            ranges = navigation.linked_ranges(ls_.ctx, path, int(_param(position, "line")) + 1, int(_param(position, "character")))
        except Exception as exc:
            ls_.log(types.MessageType.Error, f"linkedRanges failed: {exc!r}")
            return {"preGrad": [], "postGrad": [], "code": [], "source": []}
        return {key: [_location_json(loc) for loc in locs] for key, locs in ranges.items()}

    def remember(paths, into: list[str]) -> None:
        for path in _str_list(paths):
            if os.path.abspath(path) not in into:
                into.append(os.path.abspath(path))

    @ls.feature("inductorLens/addTraces")
    async def add_traces(ls_: InductorLensServer, params):
        remember(_param(params, "paths"), ls_.extra_traces)
        await ls_.wait_for(ls_.request_index())
        return {"kernels": len(ls_.ctx.index.kernels)}

    @ls.feature("inductorLens/addProfiles")
    async def add_profiles(ls_: InductorLensServer, params):
        remember(_param(params, "paths"), ls_.extra_profiles)
        await ls_.wait_for(ls_.request_index())
        joined = [k for k in ls_.ctx.index.kernels if k.measured is not None]
        return {"kernels": len(joined), "profiles": [p.path for p in ls_.ctx.index.profiles]}

    @ls.feature("inductorLens/reindex")
    async def reindex(ls_: InductorLensServer, params):
        await ls_.wait_for(ls_.request_index())
        return {"kernels": len(ls_.ctx.index.kernels)}

    return ls


def _graph_time(graph) -> float | None:
    """Total measured device time of a graph's kernels (µs), or None without a profile."""
    times = [k.measured.total_us for k in graph.kernels if k.measured is not None]
    return round(sum(times), 3) if times else None


def _looks_like_trace(path: str) -> bool:
    name = os.path.basename(path)
    return bool(LOG_GLOB_NAME.match(name)) or name == "output_code.py"


def _location_json(loc: types.Location) -> dict:
    r = loc.range
    return {"uri": loc.uri, "range": {"start": {"line": r.start.line, "character": r.start.character},
                                      "end": {"line": r.end.line, "character": r.end.character}}}


def _str_list(value) -> list[str]:
    """A list of strings from request params, or [] (a bare string is not a list of paths)."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, (list, tuple)) else []


def _param(params, name: str):
    """Read a field of custom-request params (pygls gives an attribute object, tests a dict)."""
    if params is None:
        return None
    if isinstance(params, dict):
        return params.get(name)
    return getattr(params, name, None)


def serve(tcp_port: int | None = None, cache_dir: str | None = None) -> int:
    """Run the server on stdio (or ``127.0.0.1:tcp_port``); returns the exit code."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")  # stderr, never stdout
    ls = create_server(cache_dir)
    if tcp_port is not None:
        import socket

        probe = socket.socket()
        try:  # a clear message instead of a traceback when the port is taken
            probe.bind(("127.0.0.1", tcp_port))
        except OSError as exc:
            sys.stderr.write(f"inductor-lens: cannot listen on 127.0.0.1:{tcp_port}: {exc.strerror or exc}\n")
            return 1
        finally:
            probe.close()
        sys.stderr.write(f"inductor-lens: listening on 127.0.0.1:{tcp_port} (one client; the server ends when it disconnects)\n")
        ls.start_tcp("127.0.0.1", tcp_port)
    else:
        ls.start_io()
    return 0
