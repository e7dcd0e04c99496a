"""Issue 48 item 1 in the editor, over stdio (pytest-lsp, VS Code's capabilities): the documented
setting ``"inductorLens.tritonCache": ["${workspaceFolder}/..."]`` finds the kernels' IR, whether
the value comes in ``initializationOptions`` or, as the user wrote it, from
``workspace/configuration`` (the server pulls the raw section; ``${workspaceFolder}`` was used as a
literal folder name).  A wrong setting makes the hover on a kernel line say why there is no IR,
where it looked and what to set (it was empty).

The input: the real H200 mlp_train run (tests/data/pairs/torch-2.11-cuda/mlp_train), its trace in a
workspace and its Inductor cache kept elsewhere in the workspace in the ``triton/<hash>/`` layout
(TORCHINDUCTOR_CACHE_DIR's), where nothing but the setting leads."""

from __future__ import annotations

import glob
import os
import shutil
import tempfile

import pytest
import pytest_lsp
from conftest import DATA, answer_like_vscode, path_of_uri
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, _plain

from tests.ir.test_ir import _ptx_lines

pytestmark = pytest.mark.asyncio(loop_scope="module")
RUN = os.path.join(DATA, "pairs", "torch-2.11-cuda", "mlp_train")
NAME = "triton_per_fused_sum_threshold_backward_0"


def _workspace() -> str:
    """A workspace: ``runs/r/trace`` (the trace) and ``kept/ic`` (its Inductor cache, ``triton/<hash>/``)."""
    ws = tempfile.mkdtemp(prefix="il-tc-ws-")
    shutil.copytree(os.path.join(RUN, "trace"), os.path.join(ws, "runs", "r", "trace"))
    shutil.copytree(os.path.join(RUN, "inductor_cache", "u6"), os.path.join(ws, "kept", "ic", "u6"))
    shutil.copytree(os.path.join(RUN, "inductor_cache", "triton", "0"), os.path.join(ws, "kept", "ic", "triton"))
    return ws


WS = _workspace()
WS_BAD = _workspace()


async def _start(client: LanguageClient, ws: str, initial: list[str], pulled: list[str]) -> None:
    answer_like_vscode(client)
    client.set_configuration({"tritonCache": pulled, "discovery": {"enabled": False}}, section="inductorLens")
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + ws, name="ws")],
            initialization_options={
                "traces": [os.path.join(ws, "runs", "r", "trace")],
                "discovery": {"enabled": False},
                "tritonCache": initial,
            },
        )
    )
    await client.protocol.send_request_async("inductorLens/reindex", {})


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    # as VS Code's settings.json holds it: the server pulls this raw value after initializing
    await _start(lsp_client, WS, ["${workspaceFolder}/kept/ic"], ["${workspaceFolder}/kept/ic"])
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def bad_client(lsp_client: LanguageClient):
    await _start(lsp_client, WS_BAD, ["${workspaceFolder}/kept/nothing"], ["${workspaceFolder}/kept/nothing"])
    yield
    await lsp_client.shutdown_session()


async def _definition_of(client: LanguageClient) -> tuple[str, int]:
    kernels = _plain(await client.protocol.send_request_async("inductorLens/kernels", {}))
    [k] = [k for k in kernels if k["name"] == NAME]
    return k["definition"]["path"], k["definition"]["line"]


def _pos(path: str, line: int) -> dict:
    return {"text_document": types.TextDocumentIdentifier(uri="file://" + path), "position": types.Position(line - 1, 4)}


async def test_the_setting_with_workspace_folder_finds_the_ptx_lines(client: LanguageClient):
    [ptx] = glob.glob(os.path.join(WS, "kept", "ic", "triton", "*", NAME + ".ptx"))
    kernel_file = next(line.split('"')[1] for line in open(ptx) if line.strip().startswith((".file\t1", ".file 1")))
    want = _ptx_lines(ptx, kernel_file)
    code, def_line = await _definition_of(client)
    kline = 40  # tmp7 = tl.sum(...)
    got = await client.text_document_definition_async(types.DefinitionParams(**_pos(code, def_line + kline - 1)))
    # the PTX of the setting's folder, through its link named by the stage (issue 50 item 6)
    assert got is not None and {os.path.realpath(path_of_uri(loc.uri)) for loc in got} == {os.path.realpath(ptx)}
    assert [loc.range.start.line + 1 for loc in got][: len(want[kline])] == want[kline]
    hover = await client.text_document_hover_async(types.HoverParams(**_pos(code, def_line + kline - 1)))
    assert (
        hover is not None
        and f"**{NAME}** line {def_line + kline - 1} (kernel line 40):" in hover.contents.value
        and os.path.join(WS, "kept", "ic", "triton") in hover.contents.value
    )


async def test_a_setting_that_leads_nowhere_is_said_on_the_kernel_line(bad_client: LanguageClient):
    code, def_line = await _definition_of(bad_client)
    hover = await bad_client.text_document_hover_async(types.HoverParams(**_pos(code, def_line + 40 - 1)))
    assert hover is not None
    text = hover.contents.value
    assert f"**{NAME}**: no IR (" in text and "Looked in" in text
    assert f"`{os.path.join(WS_BAD, 'kept', 'nothing')}`" in text  # the setting, expanded
    assert (
        "inductorLens.tritonCache" in text
        and "TRITON_CACHE_DIR" in text
        and "${workspaceFolder}/" not in text.split("Looked in")[1].split("Set")[0]
    )
