"""Issue 30's per-line metrics through the language server over stdio (pytest-lsp, VS Code's
capabilities): with the ``inductorLens.ncuProfiles`` setting naming the Nsight Compute export of
the H200 mlp_train run (tests/data/torch-2.11-cuda/ncu_mlp_train), a Triton kernel line's hover
gives its warp-stall samples and stall reasons, the same numbers ``report --ncu`` gives."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile

import pytest
import pytest_lsp
from conftest import DATA, answer_like_vscode
from inductor_lens.cli import main
from inductor_lens.ir.sass import nvdisasm_path
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, _plain

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.skipif(nvdisasm_path() is None, reason="nvdisasm not installed (pip install nvidia-cuda-nvdisasm)"),
]
CASE = os.path.join(DATA, "torch-2.11-cuda", "ncu_mlp_train")
CSV = os.path.join(CASE, "source_sass.csv")
NAME = "triton_poi_fused_add_addmm_relu_threshold_backward_1"
WORKSPACE = tempfile.mkdtemp(prefix="il-ncu-ws-")


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + WORKSPACE, name="ws")],
            initialization_options={"traces": [os.path.join(CASE, "trace")], "ncuProfiles": [CSV], "discovery": {"enabled": False}},
        )
    )
    await lsp_client.protocol.send_request_async("inductorLens/reindex", {})
    yield
    await lsp_client.shutdown_session()


async def test_a_kernel_lines_hover_gives_its_measured_stalls(client: LanguageClient, tmp_path):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["report", CASE, "--json", "--ncu", CSV, "--cache-dir", str(tmp_path / "c")]) == 0
    [k] = [k for k in json.loads(out.getvalue())["kernels"] if k["name"] == NAME]
    row = k["ir"]["metrics"]["lines"]["28"]
    kernels = _plain(await client.protocol.send_request_async("inductorLens/kernels", {}))
    [d] = [x["definition"] for x in kernels if x["name"] == NAME]
    line = d["line"] + 28 - 1  # tmp2 = tmp0 + tmp1
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri="file://" + d["path"]), position=types.Position(line - 1, 4))
    )
    assert hover is not None
    text = hover.contents.value
    assert f"Measured (Nsight Compute, {k['ir']['metrics']['launches']} launches): **{row['samples']} warp-stall samples**" in text
    assert row["samples"] == 262 and "long_sb 262" in text
