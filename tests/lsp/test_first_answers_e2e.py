"""The first answers after start-up, over stdio: a document opened while the server indexes gets
a hover and lenses in its first request (they wait for the first snapshot that covers it), the
same answers as once everything is indexed; the Kernels view's pages add up to the whole list.
"""

from __future__ import annotations

import os
import sys
import tempfile

import pytest
import pytest_lsp
from conftest import TRACES, answer_like_vscode, case_dir
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio(loop_scope="module")
MODELS = os.path.join(TRACES, "models.py")
CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "inductor_lens", "serve", "--cache-dir", tempfile.mkdtemp(prefix="inductor-lens-first-")]
)  # cold: an empty cache


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + TRACES, name="traces")],
            initialization_options={
                "traces": [case_dir("torch-2.11-cuda/cnn_train")],
                "pathMappings": {"/workspace/proj": TRACES},
                "discovery": {"enabled": False},
            },
        )
    )
    yield
    await lsp_client.shutdown_session()


async def test_first_requests_about_an_open_document_are_answered(client: LanguageClient):
    """Opened at start-up: the first hover and the first lenses are answers, not nothing; they
    equal the answers once the whole index is ready."""
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri="file://" + MODELS, language_id="python", version=1, text=open(MODELS).read())
        )
    )
    ident = types.TextDocumentIdentifier(uri="file://" + MODELS)
    first_lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=ident))
    assert first_lenses, "no lenses in the first answer"
    lines = sorted({lens.range.start.line + 1 for lens in first_lenses})
    line = next(n for n in lines if open(MODELS).read().split("\n")[n - 1].strip().startswith("x = "))
    position = types.Position(line - 1, len(open(MODELS).read().split("\n")[line - 1]) - 3)
    first_hover = await client.text_document_hover_async(types.HoverParams(text_document=ident, position=position))
    assert first_hover is not None and "came from this line" in first_hover.contents.value
    page = await client.protocol.send_request_async("inductorLens/kernels", {"summary": True, "limit": 5})  # waits for the whole index
    assert page.total > 5 and len(page.kernels) == 5 and page.next == 5
    again = await client.text_document_hover_async(types.HoverParams(text_document=ident, position=position))
    assert again.contents.value == first_hover.contents.value
    later = await client.text_document_code_lens_async(types.CodeLensParams(text_document=ident))
    assert [lens.range for lens in later] == [lens.range for lens in first_lenses]


async def test_pages_add_up_to_the_whole_list(client: LanguageClient):
    whole = await client.protocol.send_request_async("inductorLens/kernels", {"summary": True})
    keys, offset = [], 0
    while offset is not None:
        page = await client.protocol.send_request_async("inductorLens/kernels", {"summary": True, "offset": offset, "limit": 7})
        keys += [(_get(k, "graph"), _get(k, "key")) for k in page.kernels]
        offset = page.next
    assert keys == [(_get(k, "graph"), _get(k, "key")) for k in whole] and len(keys) > 7


def _get(obj, name: str):
    """A field of a custom request's answer (pygls gives dicts or attribute objects)."""
    return obj[name] if isinstance(obj, dict) else getattr(obj, name)
