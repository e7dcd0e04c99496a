"""The language server end to end over stdio (pytest-lsp, VS Code's client capabilities).

Workspace: ``../shared/traces`` with ``pathMappings`` ``{"/workspace/proj": <that folder>}``;
each fixture loads named traces (discovery off, so answers do not depend on the other cases).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

import pytest
import pytest_lsp
from conftest import TRACES, answer_like_vscode, case_dir, path_of_uri
from inductor_lens.lsp.features.lenses import WHOLE_LENSES
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio(loop_scope="module")
MODELS = os.path.join(TRACES, "models.py")
MODELS_URI = "file://" + MODELS


def _config(cache: str) -> ClientServerConfig:
    return ClientServerConfig(server_command=[sys.executable, "-m", "inductor_lens", "serve", "--cache-dir", cache])


#: every server of this module shares one cache folder (extracted copies are content-addressed)
CONFIG = _config(os.path.join(os.environ.get("TMPDIR", "/tmp"), "inductor-lens-e2e-cache"))


async def start(client: LanguageClient, traces: list[str], **extra) -> None:
    answer_like_vscode(client)
    options = {"traces": traces, "pathMappings": {"/workspace/proj": TRACES}, "discovery": {"enabled": False}, **extra}
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + TRACES, name="traces")],
            initialization_options=options,
        )
    )


async def resolved_lenses(client: LanguageClient, uri: str) -> list[types.CodeLens]:
    """codeLens then codeLens/resolve for each, as VS Code does for lenses without a command: a
    document's lenses come whole (up to WHOLE_LENSES) and still resolve to the same."""
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert all(lens.data for lens in lenses)
    assert all(lens.command is not None for lens in lenses) == (len(lenses) <= WHOLE_LENSES)
    resolved = [await client.code_lens_resolve_async(lens) for lens in lenses]
    assert all(r.command == lens.command for r, lens in zip(resolved, lenses, strict=True) if lens.command is not None)
    return resolved


def line_of(path: str, line: int) -> str:
    with open(path) as fh:
        return fh.read().split("\n")[line - 1]


def pos(path: str, line: int, col: int):
    return dict(text_document=types.TextDocumentIdentifier(uri="file://" + path), position=types.Position(line - 1, col))


async def kernels(client: LanguageClient, trace: str | None = None) -> dict[str, dict]:
    params = {"trace": trace} if trace else {}
    result = await client.protocol.send_request_async("inductorLens/kernels", params)
    return {f"{k['graph']}/{k['key']}": _plain(k) for k in result}


def _plain(obj):
    """pygls hands custom-request results back as attribute objects; turn them into dicts."""
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    if isinstance(obj, (list, tuple)) and not hasattr(obj, "_fields"):
        return [_plain(x) for x in obj]
    if hasattr(obj, "_asdict"):
        return {k: _plain(v) for k, v in obj._asdict().items()}
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    return obj


# ------------------------------------------------------------------------------------ mlp_infer


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    await start(lsp_client, [os.path.join(case_dir("torch-2.11-cuda/mlp_infer"), "trace")])
    yield
    await lsp_client.shutdown_session()


async def test_hover_at_launch_lists_model_lines(client: LanguageClient):
    ks = await kernels(client)
    k = ks["inference/triton_per_fused_addmm_gelu_native_layer_norm_0:2"]
    (launch,) = k["launches"]
    text = line_of(launch["path"], launch["line"])
    col = text.index("triton_per_fused") + 5
    hover = await client.text_document_hover_async(types.HoverParams(**pos(launch["path"], launch["line"], col)))
    value = hover.contents.value
    assert "models.py:23" in value and "models.py:24" in value and "models.py:25" in value
    assert "`y = F.gelu(y)`" in value
    assert f"file://{MODELS}#L24" in value  # a link to the mapped model file
    assert "1 launch" in value and "persistent-reduction" in value


async def test_definition_from_launch_and_from_definition(client: LanguageClient):
    ks = await kernels(client)
    k = ks["inference/triton_per_fused_addmm_gelu_native_layer_norm_0:2"]
    (launch,) = k["launches"]
    col = line_of(launch["path"], launch["line"]).index("triton_per_fused")
    result = await client.text_document_definition_async(types.DefinitionParams(**pos(launch["path"], launch["line"], col)))
    (target,) = result
    path = path_of_uri(target.uri)
    assert line_of(path, target.range.start.line + 1).startswith("triton_per_fused_addmm_gelu_native_layer_norm_0 = async_compile.triton(")
    # on the definition: its model lines
    result = await client.text_document_definition_async(types.DefinitionParams(**pos(path, target.range.start.line + 1, 3)))
    assert sorted((r.uri, r.range.start.line + 1) for r in result) == [(MODELS_URI, 23), (MODELS_URI, 24), (MODELS_URI, 25)]


async def test_model_line_lens_names_kernels_and_references_find_launches(client: LanguageClient):
    lenses = await resolved_lenses(client, MODELS_URI)
    by_line = {lens.range.start.line + 1: lens for lens in lenses}
    assert line_of(MODELS, 26).strip() == "y = self.fc2(y)"
    title = by_line[26].command.title
    assert "extern_kernels.mm:3" in title and "triton_poi_fused_add_addmm_relu_1:4" in title and title.startswith("2 kernels")
    # the model lines, and the script's lines that called the compiled code (the compile's
    # dynamo_start stack): `out = cm(x)` and, further out, `case_mlp(dev)` in main
    assert set(by_line) == {22, 23, 24, 25, 26, 27, 72, 230}
    assert line_of(MODELS, 72).strip() == "out = cm(x)" and line_of(MODELS, 230).strip() == "case_mlp(dev)"
    assert by_line[72].command.title == "calls compile 0/0: 4 kernels (4 inference)"
    # the compiled function's first line: its one compile and the time its compilation_metrics record gives
    from conftest import case_log, raw_records

    (metrics,) = [
        env["compilation_metrics"] for _, env, _ in raw_records(case_log("torch-2.11-cuda/mlp_infer")) if "compilation_metrics" in env
    ]
    assert (metrics["co_firstlineno"], metrics["entire_frame_compile_time_s"]) == (22, 2.427917)
    assert line_of(MODELS, 22).strip() == "def forward(self, x):"
    assert by_line[22].command.title == "compiled 1× · 2.4 s compiling"
    refs = await client.text_document_references_async(
        types.ReferenceParams(**pos(MODELS, 26, 8), context=types.ReferenceContext(include_declaration=True))
    )
    ks = await kernels(client)
    expected = {
        (ks[f"inference/{key}"]["launches"][0]["path"], ks[f"inference/{key}"]["launches"][0]["line"])
        for key in ("extern_kernels.mm:3", "triton_poi_fused_add_addmm_relu_1:4")
    }
    assert {(path_of_uri(r.uri), r.range.start.line + 1) for r in refs} == expected
    for r in refs:
        text = line_of(path_of_uri(r.uri), r.range.start.line + 1)
        assert text[r.range.start.character : r.range.end.character] in ("extern_kernels.mm", "triton_poi_fused_add_addmm_relu_1")


async def test_output_code_lenses_symbols_and_links(client: LanguageClient):
    ks = await kernels(client)
    code = ks["inference/extern_kernels.mm:1"]["launches"][0]["path"]
    uri = "file://" + code
    lenses = await resolved_lenses(client, uri)
    titles = {lens.range.start.line + 1: lens.command.title for lens in lenses}
    launch = ks["inference/triton_per_fused_addmm_gelu_native_layer_norm_0:2"]["launches"][0]["line"]
    assert titles[launch] == "models.py:25 +2 · fc1 + norm · 13 ops fused · 1 launch"  # fc1.bias, norm weights
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    groups = {s.name: [c.name for c in s.children] for s in symbols}
    assert groups["extern kernels"] == ["extern_kernels.mm:1", "extern_kernels.mm:3"]
    assert groups["persistent-reduction Triton kernels"] == ["triton_per_fused_addmm_gelu_native_layer_norm_0:2"]
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    kernel_paths = [l for l in links if l.target.endswith(".py") and "/torchinductor/" in l.target]
    assert len(kernel_paths) == 2 and all(os.path.isfile(path_of_uri(l.target)) for l in kernel_paths)


async def test_hover_on_graph_node_and_linked_ranges(client: LanguageClient):
    traces = _plain(await client.protocol.send_request_async("inductorLens/traces", {}))
    (graph,) = traces[0]["graphs"]
    post = graph["post_grad_graph"]
    lines = open(post).read().split("\n")
    n = next(i for i, l in enumerate(lines, 1) if l.strip().startswith("mul_2:"))
    hover = await client.text_document_hover_async(types.HoverParams(**pos(post, n, 9)))
    assert "triton_per_fused_addmm_gelu_native_layer_norm_0:2" in hover.contents.value and "models.py:24" in hover.contents.value
    result = await client.text_document_definition_async(types.DefinitionParams(**pos(post, n, 9)))
    assert line_of(path_of_uri(result[0].uri), result[0].range.start.line + 1).startswith(
        "triton_per_fused_addmm_gelu_native_layer_norm_0 = "
    )
    linked = _plain(
        await client.protocol.send_request_async(
            "inductorLens/linkedRanges", {"textDocument": {"uri": "file://" + post}, "position": {"line": n - 1, "character": 9}}
        )
    )
    assert {l["range"]["start"]["line"] + 1 for l in linked["source"]} == {23, 24, 25}
    assert any(l["range"]["start"]["line"] + 1 == n for l in linked["postGrad"])
    pre_lines = {line_of(path_of_uri(l["uri"]), l["range"]["start"]["line"] + 1).strip().split(":")[0] for l in linked["preGrad"]}
    assert pre_lines == {"y", "y_1", "y_2"}
    assert len(linked["code"]) == 2  # definition + launch
    assert linked["preGradNote"] is None  # the kernel's own pre-grad nodes


async def test_progress_status_and_no_errors(client: LanguageClient):
    await kernels(client)
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]
    (reports,) = client.progress_reports.values()  # one indexing run: begin ... end
    assert isinstance(reports[0], types.WorkDoneProgressBegin) and isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert reports[-1].message == "4 kernels"
    states = [_plain(s) for s in client.statuses]
    assert states[0]["state"] == "indexing" and states[-1]["state"] == "ready" and states[-1]["kernels"] == 4


async def test_a_request_it_cannot_read_is_answered_with_its_error(client: LanguageClient):
    """A hover whose position cannot be read (``character: -5``) gets the JSON-RPC error -32602, as an
    unknown method gets -32601: it was dropped (pygls reads params while parsing the message) and the
    client waited for ever (a fresh user's trial).  Said as a refused request, not an internal error;
    the next request is answered."""
    from pygls.exceptions import JsonRpcInvalidParams, JsonRpcMethodNotFound

    code = os.path.join(case_dir("torch-2.11-cuda/mlp_infer"), "trace")
    import attrs

    with attrs.validators.disabled():  # (the client would refuse to send it)
        bad = types.HoverParams(types.TextDocumentIdentifier(f"file://{code}/x.py"), types.Position(line=0, character=-5))
    with pytest.raises(JsonRpcInvalidParams):
        await asyncio.wait_for(client.protocol.send_request_async("textDocument/hover", bad), 10)
    with pytest.raises(JsonRpcMethodNotFound):
        await asyncio.wait_for(client.protocol.send_request_async("inductorLens/noSuchRequest", {}), 10)
    assert len(await kernels(client)) == 4
    refused = [m.message for m in client.log_messages if m.message.startswith("request refused: ")]
    assert len(refused) == 2 and "JsonRpcInvalidParams" in refused[0] and "JsonRpcMethodNotFound" in refused[1], refused
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]


# ------------------------------------------------------------------ mlp_train, gpt2_train, broken


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def train_client(lsp_client: LanguageClient, tmp_path_factory):
    broken = tmp_path_factory.mktemp("broken") / "dedicated_log_torch_trace_broken.log"
    data = open(
        os.path.join(
            case_dir("torch-2.11-cuda/mlp_infer"), "trace", os.listdir(os.path.join(case_dir("torch-2.11-cuda/mlp_infer"), "trace"))[0]
        ),
        "rb",
    ).read()
    broken.write_bytes(data[: len(data) // 3])
    await start(
        lsp_client,
        [
            os.path.join(case_dir("torch-2.11-cuda/mlp_train"), "trace"),
            os.path.join(case_dir("torch-2.11-cuda/gpt2_train"), "trace"),
            str(broken),
        ],
        pathMaps={"/workspace/proj": TRACES},  # misspelt (pathMappings): said in the log, ignored
    )
    lsp_client.broken = str(broken)
    yield
    await lsp_client.shutdown_session()


async def test_backward_kernels_hover_with_model_lines(train_client: LanguageClient):
    ks = await kernels(train_client, os.path.join(case_dir("torch-2.11-cuda/mlp_train"), "trace", "dedicated_log_torch_trace_kkjc2y6z.log"))
    backward = [k for key, k in ks.items() if key.startswith("backward/")]
    assert len(backward) == 8
    for k in backward:
        launch = k["launches"][0]
        col = line_of(launch["path"], launch["line"]).index(k["name"])
        hover = await train_client.text_document_hover_async(types.HoverParams(**pos(launch["path"], launch["line"], col)))
        value = hover.contents.value
        assert "backward graph" in value and "**Model lines**" in value, k["key"]
        assert f"file://{MODELS}#L" in value


async def test_site_packages_frame_unresolved_without_transformers(train_client: LanguageClient):
    gpt2 = os.path.join(case_dir("torch-2.11-cuda/gpt2_train"), "trace")
    ks = await kernels(train_client, os.path.join(gpt2, os.listdir(gpt2)[0]))
    k = next(k for k in ks.values() if any("site-packages/transformers/" in s["file"] for s in k["model_lines"]))
    frame = next(s for s in k["model_lines"] if "site-packages/transformers/" in s["file"])
    try:
        import transformers  # noqa: F401

        installed = True
    except ImportError:
        installed = False
    assert (frame["resolved"] is not None) == installed
    launch = k["launches"][0]
    col = line_of(launch["path"], launch["line"]).index(k["name"])
    hover = await train_client.text_document_hover_async(types.HoverParams(**pos(launch["path"], launch["line"], col)))
    if not installed:
        assert f"not found locally: {frame['file']}" in hover.contents.value


async def test_a_settings_key_nothing_reads_is_said_once(train_client: LanguageClient):
    await kernels(train_client)
    said = [m.message for m in train_client.log_messages if "settings that Inductor Lens does not know" in m.message]
    assert said == ["settings that Inductor Lens does not know, ignored: pathMaps (pathMappings?)"]


async def test_broken_log_reported_and_others_still_answer(train_client: LanguageClient):
    ks = await kernels(train_client)
    assert any(key.startswith("backward/") for key in ks)
    warnings = [m.message for m in train_client.log_messages if m.type == types.MessageType.Warning]
    assert any(m.startswith(train_client.broken + ":") for m in warnings)
    # opening the broken log shows a diagnostic on the damaged line
    train_client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri="file://" + train_client.broken, language_id="log", version=1, text=open(train_client.broken, errors="replace").read()
            )
        )
    )
    await train_client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diags = train_client.diagnostics["file://" + train_client.broken]
    assert diags and all(d.source == "Inductor Lens" for d in diags)


# ------------------------------------------------------------------ site-packages resolution


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def sp_client(lsp_client: LanguageClient, tmp_path_factory):
    """A site-packages folder holding transformers files whose lines carry the traced code
    (built from the trace's own frames), passed as initializationOptions.sitePackages."""
    import re

    from conftest import raw_graphs, raw_records

    gpt2 = os.path.join(case_dir("torch-2.11-cuda/gpt2_train"), "trace")
    log = os.path.join(gpt2, os.listdir(gpt2)[0])
    site = tmp_path_factory.mktemp("site-packages")
    files: dict[str, dict[int, str]] = {}
    for graph in raw_graphs(log):
        for strings in (graph["stack_traces"] or {}).values():
            for text in strings:
                for m in re.finditer(r'File "[^"]+/site-packages/(transformers/[^"]+)", line (\d+), in \S+\n +(.*)', text):
                    files.setdefault(m.group(1), {})[int(m.group(2))] = m.group(3).strip()
    # the compiled functions' first lines (compilation_metrics: co_filename, co_firstlineno, co_name)
    # hold their `def`, as the real files do: compile lenses are placed only where it is
    for _, env, _ in raw_records(log):
        m = env.get("compilation_metrics")
        if m and "/site-packages/transformers/" in (m.get("co_filename") or ""):
            rel = "transformers/" + m["co_filename"].split("/site-packages/transformers/", 1)[1]
            files.setdefault(rel, {})[m["co_firstlineno"]] = f"def {m['co_name']}(self, *args, **kwargs):"
    for rel, lines in files.items():
        target = site / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(lines.get(n, "") for n in range(1, max(lines) + 1)) + "\n")
    await start(lsp_client, [gpt2], sitePackages=[str(site)])
    lsp_client.site = str(site)
    yield
    await lsp_client.shutdown_session()


async def test_site_packages_frame_resolves_against_site_packages(sp_client: LanguageClient):
    ks = await kernels(sp_client)
    frames = [s for k in ks.values() for s in k["source"] if "site-packages/transformers/" in s["file"]]
    assert frames and all(s["resolved"] and s["resolved"].startswith(sp_client.site) for s in frames)
    frame = frames[0]
    assert line_of(frame["resolved"], frame["line"]).strip() == frame["code"]
    # library lines have lenses; stack traces share outer frames, so generic.py's wrapper line
    # lists every kernel whose stacks pass through it
    generic = os.path.join(sp_client.site, "transformers", "utils", "generic.py")
    lenses = await resolved_lenses(sp_client, "file://" + generic)
    titles = {lens.range.start.line + 1: lens.command.title for lens in lenses}
    # the compiled function (transformers' wrapper, generic.py:933) has its compile lens
    compiled = {line: t for line, t in titles.items() if t.startswith("compiled ")}
    assert list(compiled) == [933] and compiled[933].startswith("compiled 1× · ")
    titles = {line: t for line, t in titles.items() if line not in compiled}
    expected = {}
    for k in ks.values():
        for line in {s["line"] for s in k["source"] if s["file"].endswith("transformers/utils/generic.py")}:
            expected[line] = expected.get(line, 0) + 1
    assert expected and {line: int(t.split(" ")[0]) for line, t in titles.items()} == expected
    assert line_of(generic, 1068).strip() == "output = func(self, *args, **kwargs)"
    assert expected[1068] == 66


# ------------------------------------------------------------------ profiles (measured time)


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def profile_client(lsp_client: LanguageClient):
    await start(lsp_client, [os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "trace")])
    yield
    await lsp_client.shutdown_session()


def _profile_cnn_report() -> dict:
    """``report --json`` of profile_cnn (its profile found beside the trace), in process."""
    from inductor_lens.index.trace_index import load
    from inductor_lens.report.json_report import index_json
    from inductor_lens.timing.join import join_profiles_beside_traces

    index = load([os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "trace")], disk_cache=False)
    join_profiles_beside_traces(index)
    return index_json(index, None)


async def test_measured_time_in_hover_output_lens_and_model_line(profile_client: LanguageClient):
    from inductor_lens.text import format_bytes, format_us

    ks = await kernels(profile_client)
    k = ks["forward/triton_red_fused__native_batch_norm_legit_functional_convolution_copy__relu_0:2"]
    assert k["measured"]["runs"] == 3
    launch = k["launches"][0]
    col = line_of(launch["path"], launch["line"]).index(k["name"])
    hover = await profile_client.text_document_hover_async(types.HoverParams(**pos(launch["path"], launch["line"], col)))
    assert f"**Measured:** 3 runs · {format_us(k['measured']['total_us'])} device time" in hover.contents.value
    titles = {l.range.start.line + 1: l.command.title for l in await resolved_lenses(profile_client, "file://" + launch["path"])}
    # how close to the H200 it ran: report --json's figures for the same kernel (bytes per run over
    # its mean time; a reduction: memory-bound, against the HBM's 4.8 TB/s)
    report = _profile_cnn_report()
    (rk,) = [r for r in report["kernels"] if r["graph"] == "forward" and r["key"] == k["key"]]
    gbps, pct = rk["measured"]["gbps"], rk["measured"]["peak_fraction"] * 100
    # (a small kernel: under a tenth of both roofs, latency-bound, with its size and shares: issue 50 item 4)
    assert rk["measured"]["bound"] == "latency" and gbps == pytest.approx(rk["bytes"] / rk["measured"]["mean_us"] / 1e3, rel=1e-3)
    assert pct < 10 and rk["measured"]["hbm_fraction"] * 100 == pytest.approx(pct)
    speed = f"{gbps:.3g} GB/s · latency-bound (small kernel): {format_bytes(rk['bytes'])}"
    title = titles[launch["line"]]
    assert title.startswith(f"3 runs · {format_us(k['measured']['total_us'])} · {speed} in {format_us(rk['measured']['mean_us'])} a run: ")
    assert f"{int(pct * 10) / 10:g}% of H200 HBM, <1% of FP32 · models.py:40" in title, title
    assert f"· {speed}" in hover.contents.value
    # the model line shows its share of the time of every kernel it produced (forward and backward):
    # the `lines` row of report --json, whose shares add up to the attributed time
    assert line_of(MODELS, 42).strip() == "x = F.relu(self.bn2(self.conv2(x)))"
    from_42 = [k for k in ks.values() if any(s["file"] == "/workspace/proj/models.py" and s["line"] == 42 for s in k["source"])]
    report = _profile_cnn_report()
    (row,) = [r for r in report["lines"] if r["file"] == "/workspace/proj/models.py" and r["line"] == 42]
    assert len(row["kernels"]) == len(from_42) == 7
    share, whole = row["measured"]["share_us"], row["measured"]["kernels_us"]
    assert whole == pytest.approx(sum(k["measured"]["total_us"] for k in from_42), abs=0.01) and 100 < share < whole
    # (issue 45: compiled time per profiled step; profile_cnn has no step markers: per window, said)
    assert [p["step"]["steps"] for p in report["profiles"]] == [None]
    expected = f"{len(from_42)} kernels · {sum(len(k['post_grad_nodes']) for k in from_42)} ops · compiled {format_us(share)}/window"
    lenses = {l.range.start.line + 1: l.command.title for l in await resolved_lenses(profile_client, MODELS_URI)}
    assert lenses[42].startswith(expected), (lenses[42], expected)
    hover = (await profile_client.text_document_hover_async(types.HoverParams(**pos(MODELS, 42, 8)))).contents.value
    assert f"**Compiled:** {format_us(share)}/window is this line's share of the {format_us(whole)}/window its kernels ran" in hover
    gbps = row["measured"]["gbps"]  # (its convolutions held to the TF32 peak: on the memory side, under a tenth of both roofs)
    hbm, compute = row["measured"]["hbm_fraction"], row["measured"]["compute_fraction"]
    assert row["measured"]["bound"] == "latency" and max(hbm, compute) < 0.1 and hbm == pytest.approx(gbps / 4800, abs=1e-4)
    line_speed = f"{gbps:.3g} GB/s · latency-bound (small kernel): {format_bytes(row['bytes'])} and "
    assert f"**Against the device:** {line_speed}" in hover
    assert line_speed in lenses[42]
    conv_bwd = ks["backward/torch.ops.aten.convolution_backward.default:3"]["measured"]["total_us"]
    assert f"{format_us(conv_bwd)} of its {format_us(conv_bwd)}" in hover  # one model line: all of it
    traces = _plain(await profile_client.protocol.send_request_async("inductorLens/traces", {}))
    assert {g["graph"]: g["measured_us"] > 0 for g in traces[0]["graphs"]} == {"forward": True, "backward": True}
    assert sum(u["count"] for u in traces[0]["unattributed"]) == 21


async def test_add_traces_and_profiles_requests(profile_client: LanguageClient):
    gpt2 = os.path.join(case_dir("torch-2.11-cuda/profile"), "trace")
    result = _plain(await profile_client.protocol.send_request_async("inductorLens/addTraces", {"paths": [gpt2]}))
    assert result == {"kernels": 16 + 24}
    ks = await kernels(profile_client)
    assert sum(1 for k in ks.values() if k["measured"] and "/profile/trace/" in k["trace"]) == 24  # found beside it
    result = _plain(
        await profile_client.protocol.send_request_async(
            "inductorLens/addProfiles", {"paths": [os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json")]}
        )
    )
    assert result["kernels"] == 16 + 24 and len(result["profiles"]) == 2
    traces = {t["path"]: t for t in _plain(await profile_client.protocol.send_request_async("inductorLens/traces", {}))}
    by_case = {
        ("profile_cnn" if "/profile_cnn/" in p else "profile"): sum(u["count"] for u in t["unattributed"]) for p, t in traces.items()
    }
    assert by_case == {"profile_cnn": 21, "profile": 0}  # each trace lists only its own profiles' leftovers


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def settings_client(lsp_client: LanguageClient):
    # the settings the server pulls (workspace/configuration) name another trace than initializationOptions
    lsp_client.set_configuration({"traces": [os.path.join(case_dir("torch-2.11-cuda/combo"), "trace")]}, section="inductorLens")
    await start(lsp_client, [os.path.join(case_dir("torch-2.11-cuda/mlp_infer"), "trace")])
    yield
    await lsp_client.shutdown_session()


async def test_initialization_traces_and_pulled_settings_both_count(settings_client: LanguageClient):
    ks = await kernels(settings_client)
    assert "inference/triton_poi_fused_0:1" in ks  # combo, from the pulled settings
    assert "inference/triton_per_fused_addmm_gelu_native_layer_norm_0:2" in ks  # mlp_infer, from initializationOptions
    assert len(ks) == 5


async def test_custom_requests_ignore_malformed_params(settings_client: LanguageClient):
    result = _plain(await settings_client.protocol.send_request_async("inductorLens/addTraces", {"paths": "notalist"}))
    assert result == {"kernels": 5}  # a string is not a list of paths (not one path per character)
    assert len(await settings_client.protocol.send_request_async("inductorLens/kernels", {"trace": 42})) == 5
    result = _plain(await settings_client.protocol.send_request_async("inductorLens/addProfiles", {"paths": [None, 3]}))
    assert result == {"kernels": 0, "profiles": []}


async def test_kernels_summary_leaves_out_full_stacks(sp_client: LanguageClient):
    full = await sp_client.protocol.send_request_async("inductorLens/kernels", {})
    summary = await sp_client.protocol.send_request_async("inductorLens/kernels", {"summary": True})
    full, summary = [_plain(k) for k in full], [_plain(k) for k in summary]
    assert [k["key"] for k in summary] == [k["key"] for k in full]
    assert all(k["source"] is None for k in summary)
    assert [k["model_lines"] for k in summary] == [k["model_lines"] for k in full]
    assert len(json.dumps(summary)) * 2 < len(json.dumps(full))  # GPT-2: most of the size is outer frames
