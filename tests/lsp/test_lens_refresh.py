"""A model file opened before its trace exists gets its lenses once the trace is added (the flow of
Capture Trace…: the editor is open, the run writes a trace, the extension adds it)."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest
import pytest_lsp
from conftest import TRACES, answer_like_vscode, case_dir
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio(loop_scope="module")
MODELS = os.path.join(TRACES, "models.py")


@pytest_lsp.fixture(
    scope="module",
    config=ClientServerConfig(
        server_command=[
            sys.executable,
            "-m",
            "inductor_lens",
            "serve",
            "--cache-dir",
            os.path.join(os.environ.get("TMPDIR", "/tmp"), "inductor-lens-e2e-cache"),
        ]
    ),
)
async def client(lsp_client: LanguageClient):
    lsp_client.refreshes = 0
    answer_like_vscode(lsp_client, on_code_lens_refresh=lambda: setattr(lsp_client, "refreshes", lsp_client.refreshes + 1))
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + TRACES, name="traces")],
            initialization_options={"pathMappings": {"/workspace/proj": TRACES}, "discovery": {"enabled": False}},
        )
    )
    yield
    await lsp_client.shutdown_session()


async def test_lenses_after_the_trace_is_added(client: LanguageClient):
    uri = "file://" + MODELS
    with open(MODELS, encoding="utf-8") as fh:
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "python", 1, fh.read())))
    params = types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    assert not await client.text_document_code_lens_async(params)
    before = client.refreshes
    await client.protocol.send_request_async(
        "inductorLens/addTraces", {"paths": [os.path.join(case_dir("torch-2.11-cuda/mlp_infer"), "trace")]}
    )
    for _ in range(100):  # the refresh request follows the re-index
        if client.refreshes > before:
            break
        await asyncio.sleep(0.05)
    assert client.refreshes > before
    lenses = await client.text_document_code_lens_async(params)
    resolved = [await client.code_lens_resolve_async(lens) for lens in lenses]
    assert any("extern_kernels.mm:1" in (lens.command.title if lens.command else "") for lens in resolved)
