"""*Compare with Trace...* through the language server over stdio (pytest-lsp, VS Code's
capabilities): the workspace holds the edited CNN run (two lines inserted, relu -> gelu; its
model file is the edited one), the baseline is the run before the edit; ``inductorLens/compare``
places each row on the local model file's line, with the lens and hover texts and the kernel
pairs whose sources *Open Kernel Diff* shows."""

from __future__ import annotations

import os

import pytest
import pytest_lsp
from conftest import REPO, answer_like_vscode
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, _plain

pytestmark = pytest.mark.asyncio(loop_scope="module")
PAIRS = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda")
EDIT = os.path.join(PAIRS, "cnn_train_edit")


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + EDIT, name="edit")],
            initialization_options={
                "traces": [os.path.join(EDIT, "trace")],
                "pathMappings": {"/workspace/proj_edit": EDIT},
                "discovery": {"enabled": False},
            },
        )
    )
    await lsp_client.protocol.send_request_async("inductorLens/reindex", {})
    yield
    await lsp_client.shutdown_session()


def _line(text: str) -> int:
    with open(os.path.join(EDIT, "models.py")) as fh:
        return next(n for n, line in enumerate(fh, 1) if line.strip() == text)


async def test_compare_places_rows_on_the_local_model_lines(client: LanguageClient):
    answer = _plain(await client.protocol.send_request_async("inductorLens/compare", {"paths": [os.path.join(PAIRS, "cnn_train")]}))
    rows = {r["code"]: r for r in answer["rows"]}
    models = os.path.join(EDIT, "models.py")
    gelu = rows["x = F.gelu(self.bn1(self.conv1(x)))"]
    assert (gelu["change"], gelu["path"], gelu["line"]) == ("changed", models, _line("x = F.gelu(self.bn1(self.conv1(x)))"))
    # relu -> gelu is one line edited (issue 46): one row, A's code beside it
    assert (gelu["text"], gelu["code_a"]) == ("edited", "x = F.relu(self.bn1(self.conv1(x)))")
    assert gelu["lens"].startswith("changed · ") and "| line | 40 | 42 |" in gelu["hover"]
    assert "x = F.relu(self.bn1(self.conv1(x)))" not in rows
    assert answer["headline"] == "no profile on either side: only compile facts can be compared (no times)" and answer["time"] is None
    head = rows["return self.head(x)"]
    assert (head["change"], head["line"], head["lens"]) == ("same", _line("return self.head(x)"), "same 3 kernels")
    pool = rows["x = F.max_pool2d(x, 2)"]
    assert (
        pool["change"] == "changed" and "| kernels |" in pool["hover"] and "- left `triton_red_fused_convolution_backward" in pool["hover"]
    )
    # the matched kernels of a row, with their sources' lines in each run's output code
    pair = next(p for p in pool["kernels"] if p["a"] and p["b"] and p["a"]["name"].startswith("triton_poi_fused_max_pool2d"))
    for side in (pair["a"], pair["b"]):
        with open(side["path"]) as fh:
            lines = fh.read().split("\n")
        body = "\n".join(lines[side["start"] - 1 : side["end"]])
        assert f"def {side['name']}(" in body and side["end"] > side["start"]
    assert answer["summary"]["changed"] >= 2
    assert answer["problems"] == []  # the edit added no graph break
    cleared = _plain(await client.protocol.send_request_async("inductorLens/compare", {"paths": []}))
    assert cleared == {"rows": [], "summary": None}
