"""Issue 30 through the language server over stdio (pytest-lsp, VS Code's capabilities), on the
GPU mlp_train run that `inductor-lens capture` left with its Triton cache beside the trace: from a
Triton kernel's source line in the output code to its PTX lines (definition), to every IR form
(references), and back from a PTX line; hovers give the instruction counts.  The PTX lines are
checked against the PTX file's own .file/.loc directives, read here independently."""

from __future__ import annotations

import glob
import os
import tempfile

import pytest
import pytest_lsp
from conftest import DATA, answer_like_vscode, path_of_uri
from inductor_lens.analysis.snapshot import uri
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from test_server_e2e import CONFIG, _plain

from tests.ir.test_ir import _ptx_lines

pytestmark = pytest.mark.asyncio(loop_scope="module")
CAP = os.path.join(DATA, "torch-2.11-cuda", "cap_mlp_train")
NAME = "triton_per_fused_sum_threshold_backward_0"
WORKSPACE = tempfile.mkdtemp(prefix="il-ir-ws-")
[PTX] = glob.glob(os.path.join(CAP, "torchinductor", "triton", "0", "*", NAME + ".ptx"))
TRITON_FOLDER = sorted(os.listdir(os.path.dirname(PTX)))
CACHE = CONFIG.server_command[CONFIG.server_command.index("--cache-dir") + 1]
KERNEL_FILE = next(line.split('"')[1] for line in open(PTX) if line.strip().startswith(".file\t1") or line.strip().startswith(".file 1"))


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + WORKSPACE, name="ws")],
            initialization_options={"traces": [os.path.join(CAP, "trace")], "discovery": {"enabled": False}},
        )
    )
    await lsp_client.protocol.send_request_async("inductorLens/reindex", {})
    yield
    await lsp_client.shutdown_session()


async def _definition_of(client: LanguageClient) -> tuple[str, int]:
    kernels = _plain(await client.protocol.send_request_async("inductorLens/kernels", {}))
    [k] = [k for k in kernels if k["name"] == NAME]
    return k["definition"]["path"], k["definition"]["line"]


def _pos(path: str, line: int) -> dict:
    return {"text_document": types.TextDocumentIdentifier(uri="file://" + path), "position": types.Position(line - 1, 4)}


async def test_a_kernel_line_goes_to_its_ptx_lines_and_back(client: LanguageClient):
    code, def_line = await _definition_of(client)
    want = _ptx_lines(PTX, KERNEL_FILE)
    assert len(want) >= 10
    for kline in sorted(want):
        got = await client.text_document_definition_async(types.DefinitionParams(**_pos(code, def_line + kline - 1)))
        assert got is not None
        # the PTX through its link named by the stage (issue 50 item 6), the same file
        [ptx_link] = {path_of_uri(loc.uri) for loc in got}
        assert os.path.basename(ptx_link) == f"PTX · {NAME}.ptx" and os.path.realpath(ptx_link) == os.path.realpath(PTX)
        own = [loc.range.start.line + 1 for loc in got][: len(want[kline])]
        assert own == want[kline], kline
    # and back: a PTX instruction line -> the kernel line in the output code
    kline = sorted(want)[len(want) // 2]
    back = await client.text_document_definition_async(types.DefinitionParams(**_pos(PTX, want[kline][0])))
    assert back is not None and [(b.uri, b.range.start.line + 1) for b in back] == [(uri(code), def_line + kline - 1)]


async def test_references_name_every_ir_form_and_the_hover_counts(client: LanguageClient):
    code, def_line = await _definition_of(client)
    line = def_line + 40 - 1  # tmp7 = tl.sum(...): its reduction is Triton's library code, inlined here
    refs = await client.text_document_references_async(
        types.ReferenceParams(**_pos(code, line), context=types.ReferenceContext(include_declaration=True))
    )
    assert refs is not None
    exts = {os.path.splitext(r.uri)[1] for r in refs}
    assert {".ptx", ".ttgir", ".ttir", ".llir"} <= exts
    hover = await client.text_document_hover_async(types.HoverParams(**_pos(code, line)))
    assert hover is not None
    text = hover.contents.value
    # numbered by the file the cursor is in (the output code), the kernel file's in brackets (issue 50 item 6)
    assert f"**{NAME}** line {line} (kernel line 40):" in text and "PTX" in text and "inlined from Triton's library" in text
    # tl.sum's PTX is all inlined from Triton's library: shown, marked as such, not an empty block
    block = text.split("```ptx\n", 1)[1].split("```", 1)[0].splitlines()
    assert "// inlined from Triton's library:" in block and len(block) >= 3, block
    # the Triton cache folder relative to its cache, its full path in the link
    folder = os.path.join(CAP, "torchinductor", "triton", "0")
    (name,) = [n for n in os.listdir(folder) if f"[0/{n}](" in text]
    assert f"Triton cache [0/{name}](file://{os.path.join(folder, name)})" in text and f"· {folder}" not in text
    # from a PTX line: its own numbering first, the kernel's and the output code's in brackets
    ptx = next(r for r in refs if r.uri.endswith(".ptx"))
    on_ptx = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=ptx.uri), position=ptx.range.start)
    )
    assert (
        on_ptx is not None
        and f"**{NAME}** PTX line {ptx.range.start.line + 1} (kernel line 40, output code line {line})" in on_ptx.contents.value
    )
    assert "32 registers" in text and "8192 B shared" in text


async def test_the_references_peek_names_each_ir_file_by_its_stage(client: LanguageClient):
    """Issue 50 item 6: a references peek lists files by name, and Triton's long kernel names made
    the five forms read alike; each is listed through a link in the server's cache named by its
    stage first, never in the user's Triton cache, and works there as the file itself."""
    code, def_line = await _definition_of(client)
    line = def_line + 34 - 1  # tmp0 = tl.load(...)
    refs = await client.text_document_references_async(
        types.ReferenceParams(**_pos(code, line), context=types.ReferenceContext(include_declaration=True))
    )
    assert refs is not None
    folder = os.path.dirname(PTX)  # the kernel's Triton cache folder: its files, by extension
    real = {os.path.splitext(n)[1].lstrip("."): os.path.join(folder, n) for n in os.listdir(folder) if n.startswith(NAME + ".")}
    stages = {"ttir": "TTIR", "ttgir": "TTGIR", "llir": "LLIR", "ptx": "PTX"}
    assert set(stages) <= set(real)
    shown = {path_of_uri(r.uri) for r in refs}
    names = {os.path.basename(p) for p in shown}
    assert {f"{stages[form]} · {NAME}.{form}" for form in stages} <= names, names
    for path in shown:
        stage, ext = os.path.basename(path).split(" · ")[0], os.path.splitext(path)[1].lstrip(".")
        assert stage == stages.get(ext, ext.upper())
        assert os.path.islink(path) and path.startswith(os.path.join(CACHE, "ir") + os.sep)  # in the server's own cache
        if ext in real:
            assert os.path.realpath(path) == os.path.realpath(real[ext])
    assert sorted(os.listdir(folder)) == TRITON_FOLDER  # nothing made beside the user's files
    # each line of the references is a line of the real file that says it came from kernel line 34
    want = _ptx_lines(PTX, KERNEL_FILE)[34]
    ptx_refs = [r for r in refs if os.path.basename(path_of_uri(r.uri)) == f"PTX · {NAME}.ptx"]
    assert [r.range.start.line + 1 for r in ptx_refs][: len(want)] == want
    # opened through its link, a PTX line goes back to the kernel line of the output code, and hovers
    link = ptx_refs[0]
    back = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=link.uri), position=link.range.start)
    )
    assert back is not None and [(b.uri, b.range.start.line + 1) for b in back] == [(uri(code), line)]
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=link.uri), position=link.range.start)
    )
    assert hover is not None and f"**{NAME}** PTX line {want[0]} (kernel line 34, output code line {line})" in hover.contents.value
    # linked highlighting from the link: the kernel line, and each IR line in the link and the file
    # alike (the editor lights whichever of the two is open)
    lit = _plain(
        await client.protocol.send_request_async(
            "inductorLens/linkedRanges", {"textDocument": {"uri": link.uri}, "position": {"line": link.range.start.line, "character": 0}}
        )
    )["ir"]
    assert (uri(code), line - 1) in {(l["uri"], l["range"]["start"]["line"]) for l in lit}
    ptx_lit = {(os.path.basename(path_of_uri(l["uri"])), l["range"]["start"]["line"] + 1) for l in lit if l["uri"].endswith(".ptx")}
    assert {(f"PTX · {NAME}.ptx", n) for n in want} | {(f"{NAME}.ptx", n) for n in want} <= ptx_lit
    ttgir = next(r for r in refs if os.path.basename(path_of_uri(r.uri)).startswith("TTGIR · "))
    back = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=ttgir.uri), position=ttgir.range.start)
    )
    assert back is not None and [(b.uri, b.range.start.line + 1) for b in back] == [(uri(code), line)]
