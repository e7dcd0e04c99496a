"""Compile health through the language server over stdio (pytest-lsp, VS Code's capabilities and
Neovim's): publishDiagnostics for an opened model file, the compiled-function code lens, the
problem counts in ``inductorLens/status``, and ``inductorLens/compiles``."""

from __future__ import annotations

import os

import pytest
import pytest_lsp
from conftest import TRACES, answer_like_vscode, case_dir
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, _plain, resolved_lenses

pytestmark = pytest.mark.asyncio(loop_scope="module")
HEALTH_PY = os.path.join(TRACES, "health.py")
HEALTH_URI = "file://" + HEALTH_PY


def _line_no(text: str) -> int:
    with open(HEALTH_PY) as fh:
        return next(n for n, line in enumerate(fh, 1) if text in line)


async def _start(client: LanguageClient, editor: str) -> None:
    answer_like_vscode(client)
    traces = [
        os.path.join(case_dir("torch-2.14-cpu/graph_breaks"), "trace"),
        os.path.join(case_dir("torch-2.14-cpu/recompiles_health"), "trace"),
    ]
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(editor),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + TRACES, name="traces")],
            initialization_options={"traces": traces, "pathMappings": {"/workspace/proj": TRACES}, "discovery": {"enabled": False}},
        )
    )
    await client.protocol.send_request_async("inductorLens/reindex", {})  # wait for the index


async def _open_and_wait(client: LanguageClient) -> list[types.Diagnostic]:
    with open(HEALTH_PY) as fh:
        text = fh.read()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=HEALTH_URI, language_id="python", version=1, text=text))
    )
    for _ in range(100):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if client.diagnostics.get(HEALTH_URI):
            break
    return client.diagnostics[HEALTH_URI]


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    await _start(lsp_client, "visual-studio-code")
    yield
    await lsp_client.shutdown_session()


async def test_opening_health_py_publishes_graph_break_and_guard_diagnostics(client: LanguageClient):
    diags = await _open_and_wait(client)
    by_line: dict[int, list[types.Diagnostic]] = {}
    for d in diags:
        by_line.setdefault(d.range.start.line + 1, []).append(d)
    breaks = {line: ds for line, ds in by_line.items() if any(d.code.startswith("gb0") and d.code != "gb0039" for d in ds)}
    assert sorted(breaks) == [
        _line_no('print("debug", y.shape)'),
        _line_no("n = int(y.sum().item())"),
        _line_no("torch._dynamo.graph_break()"),
    ]
    (item,) = by_line[_line_no("n = int(y.sum().item())")]
    assert item.severity == types.DiagnosticSeverity.Warning
    assert "Hint: Set `torch._dynamo.config.capture_scalar_outputs = True`" in item.message
    assert item.code_description.href.endswith("/gb0124.html")
    assert any(r.message == "compiled function data_dependent" for r in item.related_information)
    # both traces are loaded: the guard failures of recompiles_health sit on their lines too
    assert [d.message.split(":")[0] for d in by_line[_line_no("y = self.fc(x) * self.scale")]] == ["Recompile 0/2 of forward"]
    assert [d.code for d in by_line[_line_no("def shapes(x):")]] == ["gb0039", "recompile"]
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]


async def test_compiled_function_lens_reads_the_recompile_count(client: LanguageClient):
    lenses = await resolved_lenses(client, HEALTH_URI)
    titles = {lens.range.start.line + 1: lens.command.title for lens in lenses if lens.command.title.startswith(("compiled", "resume"))}
    forward = _line_no("def forward(self, x):")
    assert titles[forward] == "compiled 4× · 3 recompiles · 12 s compiling"
    assert titles[_line_no("def shapes(x):")].startswith("compiled 9× · 8 recompiles · 1 failed · ")
    lens = next(l for l in lenses if l.range.start.line + 1 == forward)
    assert lens.command.command == "inductorLens.openLocations"
    targets = lens.command.arguments[2]
    assert sum(t["uri"].endswith(".log") for t in targets) == 3  # one row per recompilation, showing its reason


async def test_status_counts_problems_and_compiles_request(client: LanguageClient):
    status = _plain(client.statuses[-1])
    assert status["state"] == "ready"
    assert (status["graphBreaks"], status["recompiles"], status["failures"], status["problems"]) == (3, 11, 1, 15)
    result = _plain(await client.protocol.send_request_async("inductorLens/compiles", {}))
    assert len(result["compiles"]) == 7 + 13 and len(result["compile_events"]) == 3 + 12
    gate = next(c for c in result["compiles"] if c["compile_id"] == "0/3" and "recompiles_health" in c["trace"])
    assert gate["function"] == {"file": "/workspace/proj/health.py", "line": 20, "name": "forward", "resolved": HEALTH_PY}


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def nvim_client(lsp_client: LanguageClient):
    await _start(lsp_client, "neovim")
    yield
    await lsp_client.shutdown_session()


async def test_neovim_gets_the_same_diagnostics(nvim_client: LanguageClient):
    diags = await _open_and_wait(nvim_client)
    lines = sorted({d.range.start.line + 1 for d in diags if d.code in ("gb0059", "gb0124", "gb0025")})
    assert lines == [29, 36, 42]
