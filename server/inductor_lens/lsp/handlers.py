"""The LSP handlers: thin functions at module level over :mod:`inductor_lens.lsp.features`,
registered by :func:`register` with one error policy for every request, standard and custom
(:func:`guarded`: a failure is logged to the client's output and the request gets its empty
answer; one bad file never breaks answers for the others).

Requests about a document wait (briefly) for the first snapshot that answers for it, so the
first hover or lens after start-up is an answer rather than nothing; custom requests wait for the
newest index.  Custom requests' params are read into typed classes
(:mod:`inductor_lens.lsp.protocol`).
"""

from __future__ import annotations

import asyncio
import inspect
import os
import traceback
from collections.abc import Callable
from typing import Any

from lsprotocol import types
from pygls.uris import to_fs_path

from ..analysis.comparison import compare as compare_runs
from ..files.discovery import WATCH_GLOBS, looks_like_trace
from ..open_traces import TraceRequest, open_traces
from . import protocol
from .features import compare as compare_feature
from .features import hot_lines as hot_lines_feature
from .features import hover as hover_feature
from .features import lenses, navigation, symbols
from .protocol import CompareParams, KernelsParams, PathsParams, PositionParams
from .server import InductorLensServer
from .settings import expand


def _position(params) -> tuple[str | None, int, int]:
    """(path, 1-based line, 0-based column) of a text-document position request."""
    return to_fs_path(params.text_document.uri), params.position.line + 1, params.position.character


async def _answerable_position(ls: InductorLensServer, params) -> tuple[str | None, int, int]:
    """:func:`_position`, once a snapshot answers for the document (waited for briefly at start-up)."""
    path, line, col = _position(params)
    if path:
        await ls.worker.wait_for_document(path)
    return path, line, col


def guarded(fn: Callable, default: Callable[[Any], Any]) -> Callable:
    """``fn`` that logs any exception (with its traceback) to the client and answers
    ``default(params)`` instead; for plain and ``async`` handlers alike."""

    def failed(ls: InductorLensServer, params, exc: Exception):
        ls.log(types.MessageType.Error, f"{fn.__name__} failed: {exc!r}\n{traceback.format_exc()}")
        return default(params)

    if inspect.iscoroutinefunction(fn):

        async def waiting(ls: InductorLensServer, params):
            try:
                return await fn(ls, params)
            except Exception as exc:
                return failed(ls, params, exc)

        waiting.__name__ = fn.__name__
        return waiting

    def plain(ls: InductorLensServer, params):
        try:
            return fn(ls, params)
        except Exception as exc:
            return failed(ls, params, exc)

    plain.__name__ = fn.__name__
    return plain


# ---------------------------------------------------------------------- lifecycle and documents
def initialize(ls: InductorLensServer, params: types.InitializeParams) -> None:
    ls.apply_settings(params.initialization_options or {})
    # what the client sent at start stays, even when the settings it pulls later list less
    # (VS Code sends traces and profiles the user opened by command only here)
    ls.extra_traces.extend(expand(p, ls.folders) for p in ls.settings.traces)
    ls.extra_profiles.extend(expand(p, ls.folders) for p in ls.settings.profiles)
    ls.worker.promise_first()
    window = params.capabilities.window
    ls.progress_supported = bool(window and window.work_done_progress)


async def initialized(ls: InductorLensServer, params: types.InitializedParams) -> None:
    ls.started(asyncio.get_running_loop())
    await ls.pull_settings()
    caps = ls.client_capabilities.workspace
    if caps and caps.did_change_watched_files and caps.did_change_watched_files.dynamic_registration:
        options = types.DidChangeWatchedFilesRegistrationOptions(watchers=[types.FileSystemWatcher(glob_pattern=g) for g in WATCH_GLOBS])
        try:
            await ls.client_register_capability_async(
                types.RegistrationParams(
                    registrations=[
                        types.Registration(
                            id="inductor-lens-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES, register_options=options
                        )
                    ]
                )
            )
        except Exception as exc:
            ls.log(types.MessageType.Info, f"file watching not available: {exc!r}")
    ls.worker.request(bump=False)
    ls.worker.start_polling()


async def did_change_configuration(ls: InductorLensServer, params: types.DidChangeConfigurationParams) -> None:
    settings = params.settings
    if isinstance(settings, dict) and isinstance(settings.get("inductorLens"), dict):
        ls.apply_settings(settings["inductorLens"])
    else:
        await ls.pull_settings()
    # clients send this right after start, racing the `initialized` pull: re-index only when the
    # settings differ from those the last requested index reads (worker.settings_changed)
    if ls.worker.settings_changed():
        ls.worker.request()


def did_change_watched_files(ls: InductorLensServer, params) -> None:
    ls.worker.request()


def did_open(ls: InductorLensServer, params: types.DidOpenTextDocumentParams) -> None:
    path = to_fs_path(params.text_document.uri)
    if path:
        ls.opened(os.path.abspath(path))
    if (
        path
        and not ls.settings.trusted
        and looks_like_trace(path)
        and ls.snapshot.index.document(path) is None
        and os.path.abspath(path) not in ls.extra_traces
    ):
        ls.extra_traces.append(os.path.abspath(path))  # untrusted: index what the user opens, nothing else
        ls.worker.request()
    ls.publish_diagnostics(params.text_document.uri)


def did_save(ls: InductorLensServer, params: types.DidSaveTextDocumentParams) -> None:
    """A saved model file the answers were placed by: read it again (lenses, compile-health
    warnings and heat marks follow its moved lines; those on lines whose text changed go)."""
    path = to_fs_path(params.text_document.uri)
    if path and ls.snapshot.index.document(path) is None and ls.snapshot.read(path):
        ls.reread_local_files()


def did_close(ls: InductorLensServer, params: types.DidCloseTextDocumentParams) -> None:
    path = to_fs_path(params.text_document.uri)
    if path:
        ls.closed(os.path.abspath(path))


# ---------------------------------------------------------------------- standard requests
async def hover(ls: InductorLensServer, params: types.HoverParams):
    path, line, col = await _answerable_position(ls, params)
    return hover_feature.hover(ls.snapshot, path, line, col) if path else None


async def definition(ls: InductorLensServer, params: types.DefinitionParams):
    path, line, col = await _answerable_position(ls, params)
    return (navigation.definition(ls.snapshot, path, line, col) or None) if path else None


async def references(ls: InductorLensServer, params: types.ReferenceParams):
    path, line, col = await _answerable_position(ls, params)
    if not path:
        return None
    include = params.context.include_declaration if params.context else True
    return navigation.references(ls.snapshot, path, line, col, include) or None


async def code_lens(ls: InductorLensServer, params: types.CodeLensParams):
    path = to_fs_path(params.text_document.uri)
    if not path:
        return None
    await ls.worker.wait_for_document(path)
    return lenses.unresolved_lenses(ls.snapshot, path, ls.worker.done_generation)


def code_lens_resolve(ls: InductorLensServer, lens: types.CodeLens):
    return lenses.resolve_lens(ls.snapshot, lens)


def document_symbol(ls: InductorLensServer, params: types.DocumentSymbolParams):
    path = to_fs_path(params.text_document.uri)
    return (symbols.document_symbols(ls.snapshot, path) or None) if path else None


def document_link(ls: InductorLensServer, params: types.DocumentLinkParams):
    path = to_fs_path(params.text_document.uri)
    if not path or ls.snapshot.index.document(path) is None:
        return None
    return symbols.document_links(ls.snapshot, path, ls.workspace.get_text_document(params.text_document.uri).source)


def workspace_symbol(ls: InductorLensServer, params: types.WorkspaceSymbolParams):
    return symbols.workspace_symbols(ls.snapshot, params.query)


# ---------------------------------------------------------------------- custom requests
async def kernels(ls: InductorLensServer, params):
    await ls.worker.wait_for(ls.worker.generation)
    p = KernelsParams.parse(params)
    if p.limit is not None:  # a client that pages
        return protocol.kernels_page(ls.snapshot, p.trace, not p.summary, p.offset, p.limit)
    return protocol.kernels_json(ls.snapshot, p.trace, not p.summary)


async def traces(ls: InductorLensServer, params):
    await ls.worker.wait_for(ls.worker.generation)
    return protocol.traces_json(ls.snapshot.index)


async def compiles(ls: InductorLensServer, params):
    await ls.worker.wait_for(ls.worker.generation)
    return protocol.compiles_json(ls.snapshot)


async def linked_ranges(ls: InductorLensServer, params):
    await ls.worker.wait_for(ls.worker.generation)
    p = PositionParams.parse(params)
    path = to_fs_path(p.uri) if p.uri else None
    if not path or p.line is None or p.character is None:
        return protocol.linked_ranges_json(None)
    return protocol.linked_ranges_json(navigation.linked_ranges(ls.snapshot, path, p.line + 1, p.character))


async def add_traces(ls: InductorLensServer, params):
    ls.remember(PathsParams.parse(params).paths, ls.extra_traces)
    await ls.worker.wait_for(ls.worker.request())
    return {"kernels": len(ls.snapshot.index.kernels)}


async def add_profiles(ls: InductorLensServer, params):
    ls.remember(PathsParams.parse(params).paths, ls.extra_profiles)
    await ls.worker.wait_for(ls.worker.request())
    joined = [k for k in ls.snapshot.index.kernels if k.measured is not None]
    return {"kernels": len(joined), "profiles": [p.path for p in ls.snapshot.index.profiles]}


async def compare(ls: InductorLensServer, params):
    """``inductorLens/compare`` ``{paths, profiles}``: the run at ``paths`` (the baseline, opened
    through the front door in a thread) compared with the traces open here; no paths: the
    comparison is cleared."""
    await ls.worker.wait_for(ls.worker.generation)
    p = CompareParams.parse(params)
    if not p.paths:
        ls.comparison = None
        return {"rows": [], "summary": None}
    request = TraceRequest(list(p.paths), profiles=list(p.profiles), path_maps=ls.trace_request().path_maps)
    snapshot = ls.snapshot
    opened = await asyncio.to_thread(open_traces, request, cache=ls.cache)
    comparison = await asyncio.to_thread(compare_runs, opened.index, snapshot.index, list(p.paths), ["this workspace"])
    ls.comparison = comparison
    return compare_feature.compare_answer(snapshot, comparison)


async def hot_lines(ls: InductorLensServer, params):
    """``inductorLens/hotLines``: where the time goes across files (:mod:`.features.hot_lines`)."""
    await ls.worker.wait_for(ls.worker.generation)
    return hot_lines_feature.hot_lines_answer(ls.snapshot)


async def reindex(ls: InductorLensServer, params):
    await ls.worker.wait_for(ls.worker.request())
    return {"kernels": len(ls.snapshot.index.kernels)}


def _none(params) -> None:
    return None


def _empty_kernels(params):
    return {"kernels": [], "total": 0, "next": None} if KernelsParams.parse(params).limit is not None else []


#: (method, handler, the answer when it fails)
HANDLERS: list[tuple[str, Callable, Callable[[Any], Any]]] = [
    (types.INITIALIZE, initialize, _none),
    (types.INITIALIZED, initialized, _none),
    (types.WORKSPACE_DID_CHANGE_CONFIGURATION, did_change_configuration, _none),
    (types.WORKSPACE_DID_CHANGE_WATCHED_FILES, did_change_watched_files, _none),
    (types.TEXT_DOCUMENT_DID_OPEN, did_open, _none),
    (types.TEXT_DOCUMENT_DID_CLOSE, did_close, _none),
    (types.TEXT_DOCUMENT_DID_SAVE, did_save, _none),
    (types.TEXT_DOCUMENT_HOVER, hover, _none),
    (types.TEXT_DOCUMENT_DEFINITION, definition, _none),
    (types.TEXT_DOCUMENT_REFERENCES, references, _none),
    (types.TEXT_DOCUMENT_CODE_LENS, code_lens, _none),
    (types.CODE_LENS_RESOLVE, code_lens_resolve, _none),
    (types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, document_symbol, _none),
    (types.TEXT_DOCUMENT_DOCUMENT_LINK, document_link, _none),
    (types.WORKSPACE_SYMBOL, workspace_symbol, _none),
    ("inductorLens/kernels", kernels, _empty_kernels),
    ("inductorLens/traces", traces, lambda params: []),
    ("inductorLens/compiles", compiles, lambda params: {"compiles": [], "compile_events": []}),
    ("inductorLens/linkedRanges", linked_ranges, lambda params: protocol.linked_ranges_json(None)),
    ("inductorLens/addTraces", add_traces, lambda params: {"kernels": 0}),
    ("inductorLens/addProfiles", add_profiles, lambda params: {"kernels": 0, "profiles": []}),
    ("inductorLens/reindex", reindex, lambda params: {"kernels": 0}),
    ("inductorLens/hotLines", hot_lines, lambda params: {"measured": False, "heading": "", "rows": [], "calls": []}),
    ("inductorLens/compare", compare, lambda params: {"rows": [], "summary": None}),
]


def register(server: InductorLensServer) -> InductorLensServer:
    """Register every handler of :data:`HANDLERS` on ``server``, each :func:`guarded`."""
    for method, fn, default in HANDLERS:
        server.feature(method)(guarded(fn, default))
    return server
