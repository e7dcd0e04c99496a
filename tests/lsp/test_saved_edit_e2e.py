"""A model file edited and saved in the editor (over stdio, VS Code's capabilities): the server
reads it again on ``didSave``, so compile-health warnings and compiled-function lenses follow the
lines they belong to, and those whose line's text changed are withdrawn (a new user's finding:
they stayed on the traced line numbers, on blank lines and other statements)."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest
import pytest_lsp
from conftest import TRACES, answer_like_vscode, case_dir
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, resolved_lenses

pytestmark = pytest.mark.asyncio(loop_scope="module")
WORK = tempfile.mkdtemp(prefix="inductor-lens-saved-edit-")
MODEL = os.path.join(WORK, "health.py")
URI = "file://" + MODEL
with open(os.path.join(TRACES, "health.py")) as _fh:
    TRACED = _fh.read()


def _line_no(text: str, source: str) -> int:
    return next(n for n, line in enumerate(source.split("\n"), 1) if text in line)


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    shutil.copy(os.path.join(TRACES, "health.py"), MODEL)
    answer_like_vscode(lsp_client)
    traces = [os.path.join(case_dir("torch-2.14-cpu/graph_breaks"), "trace")]
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + WORK, name="work")],
            initialization_options={"traces": traces, "pathMappings": {"/workspace/proj": WORK}, "discovery": {"enabled": False}},
        )
    )
    await lsp_client.protocol.send_request_async("inductorLens/reindex", {})
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(WORK, ignore_errors=True)


async def _diagnostics_after(client: LanguageClient, send) -> list[types.Diagnostic]:
    client.diagnostics.pop(URI, None)
    send()
    for _ in range(100):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if URI in client.diagnostics:
            break
    return client.diagnostics[URI]


def _breaks(diags) -> list[int]:
    return sorted(d.range.start.line + 1 for d in diags if d.message.startswith("Graph break in"))


async def _function_lenses(client) -> dict[int, str]:
    lenses = await resolved_lenses(client, URI)
    return {l.range.start.line + 1: l.command.title for l in lenses if l.command.title.startswith(("compiled", "resume"))}


async def test_saved_edits_move_warnings_and_lenses_with_their_lines(client: LanguageClient):
    item = types.TextDocumentItem(uri=URI, language_id="python", version=1, text=TRACED)
    diags = await _diagnostics_after(client, lambda: client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item)))
    statements = ('print("debug", y.shape)', "n = int(y.sum().item())", "torch._dynamo.graph_break()")
    assert _breaks(diags) == [_line_no(s, TRACED) for s in statements]
    before = await _function_lenses(client)
    assert before[_line_no("def noisy", TRACED)].startswith("compiled 1×")

    # two lines inserted at the top, saved: everything moves down by two
    edited = "# an edit\nEDIT = 1\n" + TRACED
    with open(MODEL, "w") as fh:
        fh.write(edited)
    save = types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI))
    diags = await _diagnostics_after(client, lambda: client.text_document_did_save(save))
    assert _breaks(diags) == [_line_no(s, edited) for s in statements] == [_line_no(s, TRACED) + 2 for s in statements]
    after = await _function_lenses(client)
    assert after == {line + 2: title for line, title in before.items()}

    # the print() statement rewritten: its warning leaves that line for its compiled function's
    # line, and says why; the others stay on theirs
    rewritten = edited.replace('print("debug", y.shape)', 'log("debug")')
    with open(MODEL, "w") as fh:
        fh.write(rewritten)
    diags = await _diagnostics_after(client, lambda: client.text_document_did_save(save))
    assert _breaks(diags) == [_line_no("def noisy", rewritten)] + [_line_no(s, rewritten) for s in statements[1:]]
    (moved_off,) = [d for d in diags if d.range.start.line + 1 == _line_no("def noisy", rewritten)]
    printed = 'print("debug", y.shape)'
    assert f"(Its line in the trace, health.py:{_line_no(printed, TRACED)} `{printed}" in moved_off.message
    assert "is not in this file as it is now.)" in moved_off.message
