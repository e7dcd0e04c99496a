"""The language server object (pygls 2): settings, the live snapshot, the indexing worker, and
the ways to reach the client from any thread.  It is the worker's host
(:class:`~inductor_lens.lsp.worker.WorkerHost`); the handlers are in
:mod:`inductor_lens.lsp.handlers`, and :func:`create_server` / :func:`serve` put them together.

Indexing runs in :class:`~inductor_lens.lsp.worker.IndexWorker`'s thread (``$/progress`` +
``inductorLens/status`` notifications); the handlers answer from the last complete
:class:`~inductor_lens.analysis.snapshot.Snapshot`, so requests are answered while indexing runs.
Traces come from ``initializationOptions.traces``, the ``inductorLens.traces`` setting and
discovery in the workspace folders (:mod:`inductor_lens.lsp.settings`); logs that change or grow are
re-indexed (file watching + polling).

Custom requests (wire shapes in :mod:`inductor_lens.lsp.protocol`): ``inductorLens/kernels``,
``inductorLens/traces``, ``inductorLens/compiles``, ``inductorLens/linkedRanges``, ``inductorLens/addTraces``,
``inductorLens/addProfiles``, ``inductorLens/reindex``, ``inductorLens/hotLines`` (see docs/editors.md).  Errors go to
``window/logMessage`` (and diagnostics on open files), never to pop-ups.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInternalError
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..analysis.comparison import Comparison
from ..analysis.snapshot import Snapshot
from ..files.cache import Cache
from ..open_traces import TraceRequest
from . import protocol
from .features import health, hot_lines, symbols
from .rpc import ContractProtocol, QuietParseErrors, parse_error
from .settings import Settings, expand, unknown_keys, wrong_types
from .worker import IndexWorker

_SETTINGS_SECTION = [types.ConfigurationItem(section="inductorLens")]

for _name in ("pygls.server", "pygls.io_"):  # (a body that is not JSON is answered, not a traceback: rpc.py)
    logging.getLogger(_name).addFilter(QuietParseErrors())


class InductorLensServer(LanguageServer):
    """The server object: settings, the live snapshot, the indexing worker, and the ways to
    reach the client from any thread."""

    def __init__(self, cache_dir: str | None = None) -> None:
        super().__init__("inductor-lens", __version__, protocol_cls=ContractProtocol)
        self.settings = Settings()
        self._unknown_said: set[tuple[str, ...]] = set()  # sets of unknown settings keys already logged
        self.cache = Cache(cache_dir)
        self.snapshot = Snapshot.empty(self.cache)
        self.snapshot.complete = False  # nothing indexed yet: requests about open documents wait for their first answers
        self._snapshot_lock = threading.Lock()
        self.worker = IndexWorker(self)
        #: documents open in the editor (absolute paths), in the order opened
        self._open: dict[str, None] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.loop_thread: int | None = None
        #: logs made before ``initialized`` (no loop yet), sent by :meth:`started`
        self._early_logs: list[tuple[types.MessageType, str]] = []
        #: traces and profiles the client opened by command (kept across settings changes)
        self.extra_traces: list[str] = []
        self.extra_profiles: list[str] = []
        self.progress_supported = False
        #: the last *Compare with Trace...* (baseline A against this workspace, B), or None
        self.comparison: Comparison | None = None
        #: whether the "no file of this workspace is in the trace's stacks" note was shown (once a session)
        self.workspace_note_shown = False

    # ------------------------------------------------------------------ plumbing
    def report_server_error(self, error: Exception, source) -> None:  # never pop-ups
        if parse_error(self.protocol, error):  # a body that is not JSON: answered -32700 (rpc.py)
            self.log(types.MessageType.Warning, f"request refused: the body is not JSON ({error})")
            return
        if isinstance(error, JsonRpcException) and not isinstance(error, JsonRpcInternalError):
            # the client's mistake (an unknown method, params that cannot be read), answered with its error
            self.log(types.MessageType.Warning, f"request refused: {error!r}")
            return
        self.log(types.MessageType.Error, f"internal error: {error!r}")

    def log(self, level: types.MessageType, message: str) -> None:
        """``window/logMessage``, safe to call from any thread; before ``initialized`` (no loop
        yet: ``initialize``'s settings) kept and sent by :meth:`started`."""
        if self.loop is None:
            self._early_logs.append((level, message))
            return
        self.send(lambda: self.window_log_message(types.LogMessageParams(type=level, message=message)))

    def started(self, loop: asyncio.AbstractEventLoop) -> None:
        """``initialized``: the server's loop is ``loop`` (this thread's); the logs kept until now go out."""
        self.loop, self.loop_thread = loop, threading.get_ident()
        early, self._early_logs = self._early_logs, []
        for level, message in early:
            self.log(level, message)

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

    def reread_local_files(self) -> None:
        """Swap in the live snapshot read afresh off the local files (a model file was saved), then
        refresh the diagnostics and lenses of open documents."""
        with self._snapshot_lock:
            self.snapshot = self.snapshot.reread()
        self.refresh_clients()

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
                self.apply_settings(result[0])
        except Exception as exc:
            self.log(types.MessageType.Warning, f"could not read settings: {exc!r}")

    def apply_settings(self, value) -> None:
        """Merge a settings object the client sent; say once each set of keys nothing reads."""
        self.settings.update(value)
        for what, keys in (
            ("settings that Inductor Lens does not know", unknown_keys(value)),
            ("settings of another type", wrong_types(value)),
        ):
            if keys and (what, *keys) not in self._unknown_said:
                self._unknown_said.add((what, *keys))
                self.log(types.MessageType.Warning, f"{what}, ignored: {', '.join(keys)}")

    def open_paths(self) -> list[str]:
        """The documents open in the editor (absolute paths; any thread)."""
        return list(self._open)

    def opened(self, path: str) -> None:
        """A document (absolute path) was opened in the editor."""
        self._open[path] = None

    def closed(self, path: str) -> None:
        """A document (absolute path) was closed."""
        self._open.pop(path, None)

    def remember(self, paths, into: list[str]) -> None:
        """Add request paths (absolute) to ``extra_traces`` or ``extra_profiles``."""
        for path in protocol.str_list(list(paths)):
            if os.path.abspath(path) not in into:
                into.append(os.path.abspath(path))

    # ------------------------------------------------------------------ the worker's host
    def trace_request(self) -> TraceRequest:
        """What to open now: the traces the settings name, those opened by command and those
        discovered in the workspace; the profiles likewise; path mappings, the workspace folders
        (searched by path suffix) and ``sitePackages`` (``${workspaceFolder}`` expanded)."""
        folders = self.folders
        settings = self.settings
        return TraceRequest(
            settings.trace_paths(folders, self.extra_traces),
            profiles=settings.profile_paths(folders) + list(self.extra_profiles),
            path_maps=[(src, expand(dst, folders)) for src, dst in settings.path_mappings.items()],
            roots=folders,
            site_packages=[expand(p, folders) for p in settings.site_packages],
            path_map_label="inductorLens.pathMappings",
            workers=settings.engine,
        )

    def settings_key(self) -> str:
        """Identifies the settings a new index reads (compared to see whether they changed)."""
        return repr(self.settings)

    def live_snapshot(self) -> Snapshot:
        """The snapshot answering requests now."""
        return self.snapshot

    def publish(self, snapshot: Snapshot) -> None:
        """Put ``snapshot`` live (any thread)."""
        snapshot.triton_cache = tuple(self.settings.triton_cache_paths(self.folders))
        snapshot.ncu_profiles = tuple(self.settings.ncu_profile_paths(self.folders))
        with self._snapshot_lock:
            self.snapshot = snapshot
        if snapshot.complete and not self.workspace_note_shown:
            note = hot_lines.workspace_note(snapshot, self.folders)
            if note is not None:
                self.workspace_note_shown = True
                self.send(lambda: self.window_show_message(types.ShowMessageParams(type=types.MessageType.Info, message=note)))
