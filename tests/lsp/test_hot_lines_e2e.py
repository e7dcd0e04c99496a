"""Where the time goes through the language server over stdio (pytest-lsp, VS Code's
capabilities), on the profiled Hugging Face BERT training run: every kernel's stack is in
``transformers`` (not on this machine), so the user's script ``models_r20.py`` (the workspace)
gets the lens, hover, references and compile-health note of its ``out = cm(...)`` line, and
``inductorLens/hotLines`` ranks the model lines across files."""

from __future__ import annotations

import os
import re
import shutil
import tempfile

import pytest
import pytest_lsp
from conftest import REPO, answer_like_vscode
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, _plain, resolved_lenses

pytestmark = pytest.mark.asyncio(loop_scope="module")
BERT = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda", "profile_bert_train")
SCRIPT = os.path.join(REPO, "tests", "data", "make", "gpu_r20", "models_r20.py")
WORKSPACE = tempfile.mkdtemp(prefix="il-hot-ws-")
MODELS = os.path.join(WORKSPACE, "models_r20.py")
MODELS_URI = "file://" + MODELS
CALL = "out = cm(input_ids=ids, attention_mask=mask, labels=labels)"


def _line(text: str) -> int:
    with open(MODELS) as fh:
        return next(n for n, line in enumerate(fh, 1) if line.strip() == text)


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    shutil.copy(SCRIPT, MODELS)
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + WORKSPACE, name="ws")],
            initialization_options={
                "traces": [os.path.join(BERT, "trace")],
                "profiles": [os.path.join(BERT, "profile_trace.json.gz")],
                "pathMappings": {"/workspace/proj": WORKSPACE},
                "discovery": {"enabled": False},
            },
        )
    )
    await lsp_client.protocol.send_request_async("inductorLens/reindex", {})
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(WORKSPACE, ignore_errors=True)


async def test_hot_lines_rank_across_files_and_put_the_users_call_in_the_workspace(client: LanguageClient):
    answer = _plain(await client.protocol.send_request_async("inductorLens/hotLines", {}))
    assert answer["measured"] and answer["runs"] == [3] and answer["clock"] == "device"
    rows = answer["rows"]
    assert [r["share_us"] for r in rows] == sorted((r["share_us"] for r in rows), reverse=True)
    # the shares add up to the time on model lines: here all but 6.8 µs of what compiled code
    # launched (4.6 µs of kernels with no model line, 2.2 µs of memsets)
    assert sum(r["share_us"] for r in rows) == pytest.approx(answer["lines_us"], abs=0.01)
    assert answer["total_us"] == pytest.approx(sum(s["compiled_device_us"] for s in answer["steps"]), abs=0.01)
    assert answer["total_us"] - answer["lines_us"] == pytest.approx(6.816, abs=0.01)
    (step,) = answer["steps"]
    assert step["steps"] is None and step["line"].startswith("window ")
    top = rows[0]
    # the attention call: its kernels' whole time (an extern launch's time goes to the op it runs)
    assert (top["basename"], top["line"] + 1, top["kind"], top["uri"]) == ("sdpa_attention.py", 158, "library", None)
    assert set(top["by_graph"]) == {"forward", "backward"}
    (call,) = [c for c in answer["calls"] if c["innermost"]]
    assert (call["uri"], call["line"] + 1, call["code"]) == (MODELS_URI, _line(CALL), CALL)
    assert call["compile_ids"] == ["0/0", "0/1"] and call["kernels"] == 188 and call["percent"] == pytest.approx(100.0)


async def test_the_users_call_has_a_lens_a_hover_and_references(client: LanguageClient):
    line = _line(CALL)
    by_line = {lens.range.start.line + 1: lens.command.title for lens in await resolved_lenses(client, MODELS_URI)}
    # with the host time inside the calls (no ProfilerStep markers in this capture: over the window)
    assert re.fullmatch(
        r"calls compile 0/0, 0/1: 188 kernels \(60 forward · 128 backward\) · 1\.1 ms \(100%, 3 runs\) · host [\d.]+ (s|ms)/window · 1 recompile",
        by_line[line],
    ), by_line[line]
    assert by_line[_line("_profile_steps(dev, outdir, _bert_step(dev))")].startswith("calls compile 0/0, 0/1: 188 kernels")
    col = 8
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=MODELS_URI), position=types.Position(line - 1, col))
    )
    text = hover.contents.value
    assert text.startswith("**This line calls compiled code:** compile 0/0, 0/1")
    assert "- compile 0/1 backward graph: 64 kernels · 696 µs" in text and "**Compile health:** 1 recompile" in text
    assert "**Where its time goes:**\n- sdpa_attention.py:158 `attn_output = torch.nn.functional.scaled_dot_product_attention(`" in text
    refs = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=MODELS_URI),
            position=types.Position(line - 1, col),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert len(refs) == 188 and len({r.uri for r in refs}) == 4  # every launch, in the 4 graphs' output code


async def test_the_recompile_on_a_library_line_is_said_on_the_users_call(client: LanguageClient):
    with open(MODELS) as fh:
        text = fh.read()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=MODELS_URI, language_id="python", version=1, text=text))
    )
    for _ in range(100):
        if client.diagnostics.get(MODELS_URI):
            break
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    (diag,) = client.diagnostics[MODELS_URI]
    assert diag.range.start.line + 1 == _line(CALL) and diag.severity == types.DiagnosticSeverity.Information
    # the same count as the call line's lens and hover (issue 50 item 7: it said "N compile problems" beside the lens's "1 graph break")
    assert diag.message.startswith("The compiled code this line calls had 1 recompile:\nRecompile 0/1 of wrapper: guard failed: ")


async def test_a_workspace_with_none_of_the_traced_files_is_told_which_files_have_lenses(tmp_path):
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.files.resolve import PathResolver
    from inductor_lens.lsp.features.hot_lines import workspace_note
    from inductor_lens.open_traces import TraceRequest, open_traces

    shutil.copy(SCRIPT, tmp_path / "models_r20.py")
    index = open_traces(TraceRequest([os.path.join(BERT, "trace")])).index
    ctx = Snapshot(index, PathResolver([("/workspace/proj", str(tmp_path))]))
    assert workspace_note(ctx, [str(tmp_path)]) is None  # the script is here: nothing to say
    elsewhere = tmp_path / "other-project"
    elsewhere.mkdir()
    note = workspace_note(ctx, [str(elsewhere)])
    assert note is not None and note.startswith(
        "Inductor Lens: no file of this workspace is in the trace's stacks; lenses are on models_r20.py"
    )


async def test_a_kernel_launched_three_times_has_one_block_and_its_launches_summarised():
    """Issue 24: a definition's hover repeated the whole block per launch (model lines below the
    fold); now one line per launch (its model line, module, time), then one block, model lines first."""
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.files.resolve import PathResolver
    from inductor_lens.lsp.features.hover import hover
    from inductor_lens.open_traces import TraceRequest, open_traces

    index = open_traces(TraceRequest([os.path.join(BERT, "trace")])).index
    ctx = Snapshot(index, PathResolver([]))
    name = "triton_per_fused_add_addmm_native_dropout_native_layer_norm_native_layer_norm_backward_view_5"
    graph = next(g for g in index.graphs if g.compile_id == "0/0" and g.kind == "forward")
    entries = [k for k in graph.kernels if k.name == name]
    assert len(entries) == 3 and len({k.key for k in entries}) == 3
    d = entries[0].definition
    text = hover(ctx, d.path, d.line, d.col).contents.value
    assert text.startswith(f"**{name}** is launched 3 times in this graph")
    assert sum(line.startswith(f"- [{name}:") for line in text.split("\n")) == 3
    assert text.count("**Model lines**") == 1 and text.index("**Model lines**") < text.index("**Fuses")
