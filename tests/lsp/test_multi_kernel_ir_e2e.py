"""Issue 48 item 8 in the editor, over stdio (pytest-lsp): a line of a multi-kernel's sub-kernel
source in the output code (the candidates are defined there, never launched but through the
MultiKernel) goes to its PTX lines, as Triton's ``.loc`` directives say, and its hover counts them.
Input: round 45's H100 ``mk_set`` run, reduced (tests/data/reduced/mk_set.tar.xz)."""

from __future__ import annotations

import glob
import os
import tarfile
import tempfile

import pytest
import pytest_lsp
from conftest import DATA, answer_like_vscode, path_of_uri
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, _plain

from tests.ir.test_ir import _ptx_lines

pytestmark = pytest.mark.asyncio(loop_scope="module")
NAME = "triton_per_fused_embedding_native_layer_norm_1"
ROOT = tempfile.mkdtemp(prefix="il-mk-ws-")
with tarfile.open(os.path.join(DATA, "reduced", "mk_set.tar.xz")) as _tar:
    _tar.extractall(ROOT, filter="data")
[PTX] = glob.glob(os.path.join(ROOT, "mk_set", "inductor_cache", "triton", "0", "*", NAME + ".ptx"))
KERNEL_FILE = next(line.split('"')[1] for line in open(PTX) if line.strip().startswith((".file\t1", ".file 1")))


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + ROOT, name="ws")],
            initialization_options={"traces": [os.path.join(ROOT, "mk_set", "trace")], "discovery": {"enabled": False}},
        )
    )
    await lsp_client.protocol.send_request_async("inductorLens/reindex", {})
    yield
    await lsp_client.shutdown_session()


async def test_a_sub_kernel_line_goes_to_its_ptx_lines(client: LanguageClient):
    kernels = _plain(await client.protocol.send_request_async("inductorLens/kernels", {}))
    [multi] = [k for k in kernels if k["name"] == "multi_kernel_0" and k["graph"] == "forward"]
    assert NAME not in {k["name"] for k in kernels}
    code = multi["definition"]["path"]
    lines = open(code, encoding="utf-8").read().split("\n")
    def_line = next(i + 1 for i, t in enumerate(lines) if t.startswith(f"{NAME} = async_compile.triton("))
    want = _ptx_lines(PTX, KERNEL_FILE)
    kline = max(want, key=lambda k: len(want[k]))
    pos = {"text_document": types.TextDocumentIdentifier(uri="file://" + code), "position": types.Position(def_line + kline - 2, 4)}
    got = await client.text_document_definition_async(types.DefinitionParams(**pos))
    # the PTX, through its link named by the stage (issue 50 item 6)
    assert got is not None and {os.path.realpath(path_of_uri(loc.uri)) for loc in got} == {os.path.realpath(PTX)}
    assert {os.path.basename(path_of_uri(loc.uri)) for loc in got} == {f"PTX · {NAME}.ptx"}
    assert [loc.range.start.line + 1 for loc in got][: len(want[kline])] == want[kline]
    hover = await client.text_document_hover_async(types.HoverParams(**pos))
    # numbered by the file the cursor is in, the kernel file's own numbering in brackets (issue 50 item 6)
    assert hover is not None and f"**{NAME}** line {def_line + kline - 1} (kernel line {kline})" in hover.contents.value, (
        hover.contents.value
    )
