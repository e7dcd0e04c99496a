"""Logs that grow while training runs: re-indexing reads only the appended part."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest
import pytest_lsp
from conftest import answer_like_vscode, case_log
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import Index
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities


def _split_log(tmp_path, cut_inside_backward_code: bool):
    """The mlp_train log cut before (or inside) the backward's output code, and the rest."""
    data = open(case_log("torch-2.11-cuda/mlp_train"), "rb").read()
    lines = data.split(b"\n")
    backward_code = [i for i, l in enumerate(lines) if b'{"inductor_output_code"' in l][1]
    cut_line = backward_code + (50 if cut_inside_backward_code else 0)
    cut = sum(len(l) + 1 for l in lines[:cut_line])
    path = tmp_path / "dedicated_log_torch_trace_growing.log"
    path.write_bytes(data[:cut])
    return path, data[cut:]


@pytest.mark.parametrize("inside", [False, True])
def test_append_reindexes_only_new_part(tmp_path, cache_dir, inside):
    path, rest = _split_log(tmp_path, inside)
    log_scans: dict = {}
    first = Index(Cache(cache_dir), log_scans)
    first.add(str(path))
    assert [g.kind for g in first.graphs] == ["forward"]
    if inside:  # the half-written backward code is reported, not indexed
        assert any("incomplete" in w.message for w in first.warnings)
    forward = first.graphs[0]
    with open(path, "ab") as fh:
        fh.write(rest)
    second = Index(Cache(cache_dir), log_scans)
    second.add(str(path))
    assert [g.kind for g in second.graphs] == ["forward", "backward"]
    assert second.graphs[0] is forward  # unchanged graph reused, not rebuilt
    assert len(second.graphs[1].kernels) == 8 and second.warnings == []
    log = log_scans[str(path)].log
    assert log.bytes_scanned <= len(rest) + 200_000  # the appended bytes + the tail record, not the file
    assert log.bytes_scanned < os.path.getsize(path) // 2
    # unchanged file: nothing is scanned again
    third = Index(Cache(cache_dir), log_scans)
    third.add(str(path))
    assert third.graphs[1] is second.graphs[1]


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[
            sys.executable,
            "-m",
            "inductor_lens",
            "serve",
            "--cache-dir",
            os.path.join(os.environ.get("TMPDIR", "/tmp"), "inductor-lens-e2e-cache"),
        ]
    )
)
async def grow_client(lsp_client: LanguageClient, tmp_path):
    path, rest = _split_log(tmp_path, True)
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + str(tmp_path), name="w")],
            initialization_options={"traces": [str(path)], "discovery": {"enabled": False}},
        )
    )
    lsp_client.grow = (path, rest)
    yield
    await lsp_client.shutdown_session()


async def test_server_picks_up_a_growing_log(grow_client: LanguageClient):
    kernels = await grow_client.protocol.send_request_async("inductorLens/kernels", {})
    assert len(kernels) == 4
    path, rest = grow_client.grow
    with open(path, "ab") as fh:
        fh.write(rest)
    for _ in range(100):  # the server polls growing logs every 2 s
        await asyncio.sleep(0.2)
        kernels = await grow_client.protocol.send_request_async("inductorLens/kernels", {})
        if len(kernels) == 12:
            break
    assert len(kernels) == 12
    assert any("indexed 1 trace(s), 2 graph(s), 12 kernels" in m.message for m in grow_client.log_messages)


def test_graph_whose_stack_traces_are_still_being_written_is_shown_then_rebuilt(tmp_path, cache_dir):
    """Cut inside the forward's stack-traces payload (the last record): the graph is indexed at
    once from its complete records (frames from the post-grad graph), the cut record is warned
    about; once it is complete the graph is rebuilt with its frames (not reused from the
    incomplete state).  (Issue 12: a killed job's log never completes.)"""
    data = open(case_log("torch-2.11-cuda/mlp_train"), "rb").read()
    lines = data.split(b"\n")
    st = next(i for i, l in enumerate(lines) if b'"inductor_provenance_tracking_kernel_stack_traces"' in l)
    cut = sum(len(l) + 1 for l in lines[: st + 1]) + 100  # inside its one-line payload
    path = tmp_path / "dedicated_log_torch_trace_st.log"
    path.write_bytes(data[:cut])
    log_scans: dict = {}
    first = Index(Cache(cache_dir), log_scans, disk_cache=False)
    first.add(str(path))
    first.materialize()
    (early,) = first.graphs
    assert early.kind == "forward" and len(early.kernels) == 4
    assert all(k.provenance == "mapping" and k.frames_from == "post_grad_graph" for k in early.kernels)
    assert [w.line for w in first.warnings if "incomplete" in w.message] == [st + 1]
    with open(path, "ab") as fh:
        fh.write(data[cut:])
    second = Index(Cache(cache_dir), log_scans, disk_cache=False)
    second.add(str(path))
    forward = second.graphs[0]
    assert forward is not early
    assert forward.kind == "forward" and all(k.frames_from == "stack_traces" for k in forward.kernels)
    assert second.warnings == []
