"""The language server (pygls 2): thin handlers over :mod:`inductor_lens.features`.

Indexing runs in :class:`~inductor_lens.worker.IndexWorker`'s thread (``$/progress`` +
``inductorLens/status`` notifications); the handlers answer from the last complete
:class:`~inductor_lens.features.snapshot.Snapshot`, so requests are answered while indexing runs.
Traces come from ``initializationOptions.traces``, the ``inductorLens.traces`` setting and
discovery in the workspace folders (:mod:`inductor_lens.settings`); logs that change or grow are
re-indexed (file watching + polling).

Custom requests (wire shapes in :mod:`inductor_lens.protocol`): ``inductorLens/kernels``,
``inductorLens/traces``, ``inductorLens/compiles``, ``inductorLens/linkedRanges``, ``inductorLens/addTraces``,
``inductorLens/addProfiles``, ``inductorLens/reindex`` (see the README).  Errors go to
``window/logMessage`` (and diagnostics on open files), never to pop-ups.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import sys
import threading
import traceback
from collections.abc import Callable

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from . import protocol
from ..files.cache import Cache
from ..files.discovery import WATCH_GLOBS, looks_like_trace
from .features import hover as hover_feature
from .features import health, lenses, navigation, symbols
from .features.snapshot import Snapshot
from ..index.trace_index import Index
from ..files.resolve import PathResolver
from .settings import Settings, expand
from .worker import IndexWorker

_SETTINGS_SECTION = [types.ConfigurationItem(section="inductorLens")]


class InductorLensServer(LanguageServer):
    """The server object: settings, the live snapshot, the indexing worker, and the ways to
    reach the client from any thread."""

    def __init__(self, cache_dir: str | None = None) -> None:
        super().__init__("inductor-lens", __version__)
        self.settings = Settings()
        self.cache = Cache(cache_dir)
        self.snapshot = Snapshot(Index(self.cache), PathResolver())
        self.snapshot.complete = False  # nothing indexed yet: requests about open documents wait for their first answers
        self.worker = IndexWorker(self)
        #: documents open in the editor (absolute paths), in the order opened
        self._open: dict[str, None] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.loop_thread: int | None = None
        #: traces and profiles the client opened by command (kept across settings changes)
        self.extra_traces: list[str] = []
        self.extra_profiles: list[str] = []
        self.progress_supported = False

    # ------------------------------------------------------------------ plumbing
    def report_server_error(self, error: Exception, source) -> None:  # never pop-ups
        self.log(types.MessageType.Error, f"internal error: {error!r}")

    def log(self, level: types.MessageType, message: str) -> None:
        """``window/logMessage``, safe to call from any thread."""
        self.send(lambda: self.window_log_message(types.LogMessageParams(type=level, message=message)))

    def send(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` on the server's loop (now, when called from it)."""
        if self.loop is None:
            return
        try:
            if threading.get_ident() == self.loop_thread:
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

    def refresh_clients(self) -> None:
        """After a new snapshot: diagnostics of every open document, and a code-lens refresh."""
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
        snapshot = self.snapshot
        diags = symbols.diagnostics_for(snapshot.index.warnings, path) + health.diagnostics(snapshot, path)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=doc_uri, diagnostics=diags))

    def notify_status(self, state: str, message: str = "") -> None:
        """The ``inductorLens/status`` notification (any thread)."""
        params = protocol.status_json(self.snapshot.index, state, message)
        self.send(lambda: self.protocol.notify("inductorLens/status", params))

    def report_progress(self, token: str, what: str, message: str, percentage: int | None = None) -> None:
        """``$/progress`` ``begin``/``report``/``end`` of an indexing run (when the client supports it)."""
        if not self.progress_supported:
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

        self.send(send)

    async def pull_settings(self) -> None:
        """Merge the client's ``inductorLens`` settings section (``workspace/configuration``)."""
        caps = self.client_capabilities.workspace
        if not (caps and caps.configuration):
            return
        try:
            result = await asyncio.wait_for(self.workspace_configuration_async(types.ConfigurationParams(items=_SETTINGS_SECTION)), 5)
            if result:
                self.settings.update(result[0])
        except Exception as exc:
            self.log(types.MessageType.Warning, f"could not read settings: {exc!r}")

    def open_paths(self) -> list[str]:
        """The documents open in the editor (absolute paths; any thread)."""
        return list(self._open)

    def remember(self, paths, into: list[str]) -> None:
        """Add request paths (absolute) to ``extra_traces`` or ``extra_profiles``."""
        for path in protocol.str_list(paths):
            if os.path.abspath(path) not in into:
                into.append(os.path.abspath(path))


def _position(params) -> tuple[str | None, int, int]:
    """(path, 1-based line, 0-based column) of a text-document position request."""
    return to_fs_path(params.text_document.uri), params.position.line + 1, params.position.character


async def _answerable_position(ls: InductorLensServer, params) -> tuple[str | None, int, int]:
    """:func:`_position`, once a snapshot answers for the document (waited for briefly at start-up)."""
    path, line, col = _position(params)
    if path:
        await ls.worker.wait_for_document(path)
    return path, line, col


def _guarded(default):
    """One bad file never breaks answers for the others: log the error, answer ``default``.
    Works for plain and for ``async`` handlers (those that wait)."""
    def failed(ls: InductorLensServer, fn, exc: Exception):
        ls.log(types.MessageType.Error, f"{fn.__name__} failed: {exc!r}\n{traceback.format_exc()}")
        return default

    def wrap(fn):
        if inspect.iscoroutinefunction(fn):
            async def waiting(ls: InductorLensServer, params):
                try:
                    return await fn(ls, params)
                except Exception as exc:
                    return failed(ls, fn, exc)
            inner = waiting
        else:
            def inner(ls: InductorLensServer, params):
                try:
                    return fn(ls, params)
                except Exception as exc:
                    return failed(ls, fn, exc)
        inner.__name__ = fn.__name__
        return inner
    return wrap


def create_server(cache_dir: str | None = None) -> InductorLensServer:
    """A server with every feature registered (handlers are thin: features do the work)."""
    server = InductorLensServer(cache_dir)
    feature = server.feature

    @feature(types.INITIALIZE)
    def initialize(ls: InductorLensServer, params: types.InitializeParams) -> None:
        ls.settings.update(params.initialization_options or {})
        # what the client sent at start stays, even when the settings it pulls later list less
        # (VS Code sends traces and profiles the user opened by command only here)
        ls.extra_traces.extend(expand(p, ls.folders) for p in ls.settings.traces)
        ls.extra_profiles.extend(expand(p, ls.folders) for p in ls.settings.profiles)
        ls.worker.promise_first()
        window = params.capabilities.window
        ls.progress_supported = bool(window and window.work_done_progress)

    @feature(types.INITIALIZED)
    async def initialized(ls: InductorLensServer, params: types.InitializedParams) -> None:
        ls.loop, ls.loop_thread = asyncio.get_running_loop(), threading.get_ident()
        await ls.pull_settings()
        caps = ls.client_capabilities.workspace
        if caps and caps.did_change_watched_files and caps.did_change_watched_files.dynamic_registration:
            options = types.DidChangeWatchedFilesRegistrationOptions(watchers=[types.FileSystemWatcher(glob_pattern=g) for g in WATCH_GLOBS])
            try:
                await ls.client_register_capability_async(types.RegistrationParams(registrations=[types.Registration(
                    id="inductor-lens-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES, register_options=options)]))
            except Exception as exc:
                ls.log(types.MessageType.Info, f"file watching not available: {exc!r}")
        ls.worker.request(bump=False)
        ls.worker.start_polling()

    @feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: InductorLensServer, params: types.DidChangeConfigurationParams) -> None:
        settings = params.settings
        if isinstance(settings, dict) and isinstance(settings.get("inductorLens"), dict):
            ls.settings.update(settings["inductorLens"])
        else:
            await ls.pull_settings()
        # clients send this right after start, racing the `initialized` pull: re-index only when the
        # settings differ from those the last requested index reads (worker.settings_changed)
        if ls.worker.settings_changed():
            ls.worker.request()

    @feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: InductorLensServer, params) -> None:
        ls.worker.request()

    @feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: InductorLensServer, params: types.DidOpenTextDocumentParams) -> None:
        path = to_fs_path(params.text_document.uri)
        if path:
            ls._open[os.path.abspath(path)] = None
        if path and not ls.settings.trusted and looks_like_trace(path) and ls.snapshot.index.document(path) is None \
                and os.path.abspath(path) not in ls.extra_traces:
            ls.extra_traces.append(os.path.abspath(path))  # untrusted: index what the user opens, nothing else
            ls.worker.request()
        ls.publish_diagnostics(params.text_document.uri)

    @feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: InductorLensServer, params: types.DidCloseTextDocumentParams) -> None:
        path = to_fs_path(params.text_document.uri)
        if path:
            ls._open.pop(os.path.abspath(path), None)

    # requests about a document wait (briefly) for the first snapshot that answers for it, so
    # the first hover or lens after start-up is an answer rather than nothing
    @feature(types.TEXT_DOCUMENT_HOVER)
    @_guarded(None)
    async def hover(ls: InductorLensServer, params: types.HoverParams):
        path, line, col = await _answerable_position(ls, params)
        if not path:
            return None
        return hover_feature.hover(ls.snapshot, path, line, col)

    @feature(types.TEXT_DOCUMENT_DEFINITION)
    @_guarded(None)
    async def definition(ls: InductorLensServer, params: types.DefinitionParams):
        path, line, col = await _answerable_position(ls, params)
        if not path:
            return None
        return navigation.definition(ls.snapshot, path, line, col) or None

    @feature(types.TEXT_DOCUMENT_REFERENCES)
    @_guarded(None)
    async def references(ls: InductorLensServer, params: types.ReferenceParams):
        path, line, col = await _answerable_position(ls, params)
        if not path:
            return None
        include = params.context.include_declaration if params.context else True
        return navigation.references(ls.snapshot, path, line, col, include) or None

    @feature(types.TEXT_DOCUMENT_CODE_LENS)
    @_guarded(None)
    async def code_lens(ls: InductorLensServer, params: types.CodeLensParams):
        path = to_fs_path(params.text_document.uri)
        if not path:
            return None
        await ls.worker.wait_for_document(path)
        return lenses.unresolved_lenses(ls.snapshot, path, ls.worker.done_generation)

    @feature(types.CODE_LENS_RESOLVE)
    @_guarded(None)
    def code_lens_resolve(ls: InductorLensServer, lens: types.CodeLens):
        return lenses.resolve_lens(ls.snapshot, lens)

    @feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @_guarded(None)
    def document_symbol(ls: InductorLensServer, params: types.DocumentSymbolParams):
        path = to_fs_path(params.text_document.uri)
        return symbols.document_symbols(ls.snapshot, path) or None if path else None

    @feature(types.TEXT_DOCUMENT_DOCUMENT_LINK)
    @_guarded(None)
    def document_link(ls: InductorLensServer, params: types.DocumentLinkParams):
        path = to_fs_path(params.text_document.uri)
        if not path or ls.snapshot.index.document(path) is None:
            return None
        return symbols.document_links(ls.snapshot, path, ls.workspace.get_text_document(params.text_document.uri).source)

    @feature(types.WORKSPACE_SYMBOL)
    @_guarded(None)
    def workspace_symbol(ls: InductorLensServer, params: types.WorkspaceSymbolParams):
        return symbols.workspace_symbols(ls.snapshot, params.query)

    @feature("inductorLens/kernels")
    async def kernels(ls: InductorLensServer, params):
        await ls.worker.wait_for(ls.worker.generation)
        trace = protocol.param(params, "trace")
        trace = trace if isinstance(trace, str) else None
        full = protocol.param(params, "summary") is not True
        limit, offset = protocol.param(params, "limit"), protocol.param(params, "offset")
        if isinstance(limit, int) and not isinstance(limit, bool):  # a client that pages
            return protocol.kernels_page(ls.snapshot, trace, full, offset if isinstance(offset, int) else 0, limit)
        return protocol.kernels_json(ls.snapshot, trace, full)

    @feature("inductorLens/traces")
    async def traces(ls: InductorLensServer, params):
        await ls.worker.wait_for(ls.worker.generation)
        return protocol.traces_json(ls.snapshot.index)

    @feature("inductorLens/compiles")
    async def compiles(ls: InductorLensServer, params):
        await ls.worker.wait_for(ls.worker.generation)
        return protocol.compiles_json(ls.snapshot)

    @feature("inductorLens/linkedRanges")
    async def linked_ranges(ls: InductorLensServer, params):
        await ls.worker.wait_for(ls.worker.generation)
        doc_uri = protocol.param(protocol.param(params, "textDocument") or {}, "uri") or protocol.param(params, "uri")
        position = protocol.param(params, "position") or {}
        path = to_fs_path(doc_uri) if doc_uri else None
        if not path:
            return protocol.linked_ranges_json(None)
        try:
            line, col = int(protocol.param(position, "line")) + 1, int(protocol.param(position, "character"))
            return protocol.linked_ranges_json(navigation.linked_ranges(ls.snapshot, path, line, col))
        except Exception as exc:
            ls.log(types.MessageType.Error, f"linkedRanges failed: {exc!r}")
            return protocol.linked_ranges_json(None)

    @feature("inductorLens/addTraces")
    async def add_traces(ls: InductorLensServer, params):
        ls.remember(protocol.param(params, "paths"), ls.extra_traces)
        await ls.worker.wait_for(ls.worker.request())
        return {"kernels": len(ls.snapshot.index.kernels)}

    @feature("inductorLens/addProfiles")
    async def add_profiles(ls: InductorLensServer, params):
        ls.remember(protocol.param(params, "paths"), ls.extra_profiles)
        await ls.worker.wait_for(ls.worker.request())
        joined = [k for k in ls.snapshot.index.kernels if k.measured is not None]
        return {"kernels": len(joined), "profiles": [p.path for p in ls.snapshot.index.profiles]}

    @feature("inductorLens/reindex")
    async def reindex(ls: InductorLensServer, params):
        await ls.worker.wait_for(ls.worker.request())
        return {"kernels": len(ls.snapshot.index.kernels)}

    return server


def serve(tcp_port: int | None = None, cache_dir: str | None = None) -> int:
    """Run the server on stdio (or ``127.0.0.1:tcp_port``); returns the exit code."""
    import threading

    from ..readers.torch_trace.split import start_fork_server

    # scan processes of a big log come from a fork server here (a thread always reads stdin): start it
    # while the server starts
    threading.Thread(target=start_fork_server, name="inductor-lens fork server", daemon=True).start()
    server = create_server(cache_dir)
    if tcp_port is None:
        server.start_io()
        return 0
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
    server.start_tcp("127.0.0.1", tcp_port)
    return 0
