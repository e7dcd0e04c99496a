"""Broken and hostile input: never crash, keep what can be read, say exactly what is wrong."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading

import pytest
from conftest import REPO, answer_like_vscode, case_log
from corpus import build, marker_path
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import Index, load
from inductor_lens.readers import torch_trace
from inductor_lens.readers.torch_trace.graphs import pair_graphs
from inductor_lens.timing.join import join_profile

ARTIFACTS = os.path.join(REPO, "tests", "artifacts")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("corpus"))
    return out, build(out)


def _graph_key(graph):
    return (graph.compile_id, graph.ordinal, graph.kind, [(k.key, k.frames, k.post_grad_nodes) for k in graph.kernels])


def test_every_corpus_item_indexes_without_crash(corpus, tmp_path):
    out, items = corpus
    summary = []
    for item in items:
        index = load([item.path], Cache(str(tmp_path / "cache")))  # raises nothing, whatever the input
        warnings = index.warnings
        named = [w for w in warnings if w.file.startswith(item.path)]
        if item.warns:
            assert named, (item.kind, item.path)
            assert all(w.line >= 1 or w.message in ("empty file",) or w.line == 0 for w in named)
        if item.graphs is not None:
            assert len(index.graphs) == item.graphs, item.kind
        summary.append(
            {
                "input": os.path.relpath(item.path, out),
                "kind": item.kind,
                "graphs": len(index.graphs),
                "kernels": len(index.kernels),
                "warnings": [f"{os.path.basename(w.file)}:{w.line}: {w.message}" for w in named],
            }
        )
    assert not os.path.exists(marker_path(out)), "generated code was executed"
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(os.path.join(ARTIFACTS, "robustness-corpus.json"), "w") as fh:
        json.dump(summary, fh, indent=1, ensure_ascii=False)


def test_an_output_code_with_bytes_that_are_not_utf8_is_still_read(corpus, tmp_path):
    """Two bytes that are not UTF-8 in a comment of an output code: its graph is read as from the
    intact log (the bytes as U+FFFD), with one warning naming the log line of the first bad byte.
    The graph was dropped, with a 'read as it is now', a 'record skipped' and a 'not shown'
    warning that contradicted each other (a fresh user's trial)."""
    out, items = corpus
    (item,) = [i for i in items if i.kind == "non-UTF-8 output code"]
    index = load([item.path], Cache(str(tmp_path / "c")), disk_cache=False)
    full = load([case_log("torch-2.11-cuda/mlp_train")], Cache(str(tmp_path / "f")), disk_cache=False)
    assert [_graph_key(g) for g in index.graphs] == [_graph_key(g) for g in full.graphs]
    (said,) = index.warnings
    with open(item.path, "rb") as fh:
        bad_line = next(n for n, line in enumerate(fh, 1) if b"\xff\xfe" in line)
    assert said.line == bad_line and said.message.endswith("is not UTF-8 (invalid start byte); read with such bytes as U+FFFD")
    texts = []
    for graph in index.graphs:
        with open(graph.output_code, encoding="utf-8") as fh:
            texts.append(fh.read())
    assert sum("\ufffd\ufffd" in text for text in texts) == 1  # (the extracted output code, as it was read)


def test_truncated_logs_keep_every_complete_graph(corpus, tmp_path):
    """Every graph whose records all lie before the cut is indexed exactly as from the full log."""
    out, items = corpus
    full_log = torch_trace.scan(case_log("torch-2.11-cuda/mlp_train"))
    groups = pair_graphs(full_log)
    full = load([case_log("torch-2.11-cuda/mlp_train")], Cache(str(tmp_path / "c")))
    ends = []
    for group in groups:
        recs = [getattr(group, r) for r in ("code", "kernel_code", "post_grad", "pre_grad", "mapping", "stack_traces")]
        ends.append(max(r.payload_end for r in recs if r is not None))
    rows = []
    for item in (i for i in items if i.kind == "truncated"):
        cut = os.path.getsize(item.path)
        index = load([item.path], Cache(str(tmp_path / "c")))
        complete = [g for g, end in zip(full.graphs, ends, strict=False) if end <= cut]
        assert [_graph_key(g) for g in index.graphs][: len(complete)] == [_graph_key(g) for g in complete]
        scan = torch_trace.scan(item.path)
        rows.append(
            {
                "cut_at": cut,
                "records": scan.record_count,
                "graphs": len(index.graphs),
                "kernels": len(index.kernels),
                "warnings": [f"{w.line}: {w.message}" for w in index.warnings],
            }
        )
        if item.warns:
            assert index.warnings  # the cut is reported (unless it falls between records)
    with open(os.path.join(ARTIFACTS, "robustness-truncated.json"), "w") as fh:
        json.dump(rows, fh, indent=1)


def test_hostile_code_is_never_executed_and_still_indexed(corpus, tmp_path):
    out, items = corpus
    hostile = [i for i in items if "hostile" in i.path]
    for item in hostile:
        index = load([item.path], Cache(str(tmp_path / "cache")))
        keys = {k.key for k in index.kernels}
        assert "triton_poi_fused_x_0:1" in keys
    assert not os.path.exists(marker_path(out))


def test_nothing_written_outside_the_cache_folder(corpus, tmp_path):
    out, items = corpus
    home, cwd, cache = tmp_path / "home", tmp_path / "cwd", tmp_path / "cache"
    home.mkdir()
    cwd.mkdir()

    def snapshot(root):
        return {os.path.join(d, f): os.stat(os.path.join(d, f)).st_mtime_ns for d, _, fs in os.walk(root) for f in fs}

    before_corpus, before_tmp = snapshot(out), snapshot(tmp_path)
    env = dict(os.environ, HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), TMPDIR=str(tmp_path / "tmp"))
    os.makedirs(env["TMPDIR"])
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", out, "--json", "--cache-dir", str(cache)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["warnings"]
    assert snapshot(out) == before_corpus  # nothing the user has is modified
    new = {p for p in snapshot(tmp_path) if p not in before_tmp}
    assert new and all(p.startswith(str(cache) + os.sep) for p in new), sorted(new - {p for p in new if p.startswith(str(cache))})


def test_200mb_line_memory_bounded(tmp_path):
    """A single 200 MB line (an envelope that never ends) is skipped; memory stays far below it.
    The corpus is built in one process and indexed in another, so only the index is measured."""
    setup = f"""
import sys
sys.path.insert(0, {os.path.join(REPO, "server")!r}); sys.path.insert(0, {os.path.join(REPO, "tests")!r})
from corpus import build
items = build({str(tmp_path / "c")!r}, big=True)
print([i for i in items if 'a single 200 MB line' == i.kind][0].path)
"""
    made = subprocess.run([sys.executable, "-c", setup], capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    big = made.stdout.strip().splitlines()[-1]
    code = f"""
import os, resource, sys, json
sys.path.insert(0, {os.path.join(REPO, "server")!r})
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
index = load([{big!r}], Cache({str(tmp_path / "cache")!r}))
def peak_mb():  # VmHWM: this process image's own peak (ru_maxrss can carry the forking parent's over exec)
    try:
        with open("/proc/self/status") as fh:
            return next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"graphs": len(index.graphs), "warnings": [(w.line, w.message) for w in index.warnings],
                  "rss_mb": peak_mb(), "size": os.path.getsize({big!r})}}))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["size"] > 200_000_000
    assert result["graphs"] == 2  # the graphs before and after the line
    assert any("longer than" in m for _, m in result["warnings"])
    assert result["rss_mb"] < 150, result  # the line is 200 MB; chunks are 4 MiB, envelopes at most 16 MiB


def test_log_appended_while_indexed(tmp_path):
    data = open(case_log("torch-2.11-cuda/gpt2_train"), "rb").read()
    path = tmp_path / "dedicated_log_torch_trace_live.log"
    path.write_bytes(data[:1000])
    memo: dict = {}
    errors = []

    def writer():
        with open(path, "ab") as fh:
            for i in range(1000, len(data), 50_000):
                fh.write(data[i : i + 50_000])
                fh.flush()

    thread = threading.Thread(target=writer)
    thread.start()
    while thread.is_alive():
        try:
            index = Index(Cache(str(tmp_path / "cache")), memo)
            index.add(str(path))
            index.materialize()
        except Exception as exc:  # pragma: no cover - the assertion below reports it
            errors.append(exc)
    thread.join()
    assert errors == []
    final = Index(Cache(str(tmp_path / "cache")), memo)
    final.add(str(path))
    assert len(final.kernels) == 74 and not final.warnings


# ------------------------------------------------------------------------------ property-based

SMALL = open(case_log("torch-2.11-cuda/mlp_infer"), "rb").read()
PRISTINE = None


def _pristine(tmp_path_factory=None):
    global PRISTINE
    if PRISTINE is None:
        import tempfile

        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "dedicated_log_torch_trace_p.log")
        with open(path, "wb") as fh:
            fh.write(SMALL)
        log = torch_trace.scan(path)
        groups = pair_graphs(log)
        index = load([path], Cache(os.path.join(folder, "cache")))
        ends = [max(r.payload_end for r in (g.code, g.post_grad, g.pre_grad, g.mapping, g.stack_traces) if r is not None) for g in groups]
        PRISTINE = (index, ends)
    return PRISTINE


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=3000))
def test_any_bytes_no_exception(tmp_path, blob):
    path = tmp_path / "dedicated_log_torch_trace_fuzz.log"
    path.write_bytes(blob)
    index = load([str(path)], Cache(str(tmp_path / "cache")), disk_cache=False)
    assert isinstance(index.warnings, list)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(st.integers(0, len(SMALL) - 1), st.sampled_from(["flip", "delete", "insert", "cut"]), st.binary(min_size=1, max_size=40)),
        min_size=1,
        max_size=4,
    )
)
def test_mutated_log_keeps_everything_before_the_damage(tmp_path, mutations):
    pristine, ends = _pristine()
    data = bytearray(SMALL)
    first = len(data)
    for offset, op, blob in sorted(mutations, key=lambda m: -m[0]):  # from the end: offsets stay valid
        if not data:
            break
        offset = min(offset, len(data) - 1)
        first = min(first, offset)
        if op == "flip":
            data[offset] ^= 0xFF
        elif op == "delete":
            del data[offset : offset + len(blob)]
        elif op == "insert":
            data[offset:offset] = blob
        else:
            del data[offset:]
    path = tmp_path / "dedicated_log_torch_trace_mut.log"
    path.write_bytes(bytes(data))
    index = load([str(path)], Cache(str(tmp_path / "cache")), disk_cache=False)
    intact = [g for g, end in zip(pristine.graphs, ends, strict=False) if end < first - 1]
    got = {(_graph_key(g)[0], _graph_key(g)[2]): _graph_key(g) for g in index.graphs}
    for graph in intact:
        assert got.get((graph.compile_id, graph.kind)) == _graph_key(graph)


# ------------------------------------------------------------------------------ the server

import pytest_lsp  # noqa: E402
from conftest import case_dir  # noqa: E402
from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[
            sys.executable,
            "-m",
            "inductor_lens",
            "serve",
            "--cache-dir",
            os.path.join(os.environ.get("TMPDIR", "/tmp"), "inductor-lens-robust-cache"),
        ]
    )
)
async def robust_client(lsp_client: LanguageClient, tmp_path):
    out = str(tmp_path / "corpus")
    items = build(out)
    answer_like_vscode(lsp_client)
    intact = os.path.join(case_dir("torch-2.11-cuda/mlp_infer"), "trace")
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + out, name="corpus")],
            initialization_options={"traces": [intact] + [i.path for i in items], "discovery": {"enabled": False}},
        )
    )
    lsp_client.items, lsp_client.out = items, out
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_server_survives_the_corpus_and_reports_each_damage(robust_client: LanguageClient):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsp"))  # (also when run alone)
    from test_server_e2e import _plain

    kernels = [_plain(k) for k in await robust_client.protocol.send_request_async("inductorLens/kernels", {})]
    intact = [k for k in kernels if "/mlp_infer/trace/" in k["trace"] and k["key"] == "triton_per_fused_addmm_gelu_native_layer_norm_0:2"]
    (kernel,) = intact
    launch = kernel["launches"][0]
    col = open(launch["path"]).read().split("\n")[launch["line"] - 1].index(kernel["name"])
    hover = await robust_client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri="file://" + launch["path"]), position=types.Position(launch["line"] - 1, col)
        )
    )
    assert "models.py:24" in hover.contents.value
    messages = [m.message for m in robust_client.log_messages]
    for item in robust_client.items:
        if item.warns:
            # "path:NN: message", or "path: message" for the whole file (an empty file has no line)
            assert any(re.match(re.escape(item.path) + r"(:\d+)?: \S", m) for m in messages), item.kind
    assert not [m for m in robust_client.log_messages if m.type == types.MessageType.Error]
    assert not os.path.exists(marker_path(robust_client.out))
    # an open damaged file shows its damage where it is
    md5 = next(i for i in robust_client.items if i.kind == "MD5 mismatch")
    robust_client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri="file://" + md5.path, language_id="log", version=1, text="")
        )
    )
    await robust_client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    (diag,) = robust_client.diagnostics["file://" + md5.path]
    assert "MD5 mismatch" in diag.message and diag.range.start.line + 1 == int(
        next(m for m in messages if m.startswith(md5.path)).split(":")[1]
    )


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[
            sys.executable,
            "-m",
            "inductor_lens",
            "serve",
            "--cache-dir",
            os.path.join(os.environ.get("TMPDIR", "/tmp"), "inductor-lens-robust-cache"),
        ]
    )
)
async def untrusted_client(lsp_client: LanguageClient, tmp_path):
    work = tmp_path / "ws"
    (work / "trace").mkdir(parents=True)
    log = work / "trace" / "dedicated_log_torch_trace_x.log"
    log.write_bytes(open(case_log("torch-2.11-cuda/mlp_infer"), "rb").read())
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + str(work), name="ws")],
            initialization_options={"trusted": False},
        )
    )
    lsp_client.log_path = str(log)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_untrusted_workspace_discovers_nothing_beyond_opened_files(untrusted_client: LanguageClient):
    assert await untrusted_client.protocol.send_request_async("inductorLens/kernels", {}) == []
    untrusted_client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri="file://" + untrusted_client.log_path, language_id="log", version=1, text="")
        )
    )
    kernels = await untrusted_client.protocol.send_request_async("inductorLens/kernels", {})
    assert len(kernels) == 4


# ------------------------------------------------------------------ found by a new user, reduced


def test_corrupt_byte_in_backward_code_is_reported_not_silently_dropped(tmp_path):
    data = bytearray(open(case_log("torch-2.11-cuda/mlp_train"), "rb").read())
    lines = bytes(data).split(b"\n")
    code_line = [i for i, l in enumerate(lines) if b'{"inductor_output_code"' in l][1]
    offset = sum(len(l) + 1 for l in lines[: code_line + 200]) + 10  # inside the backward code's payload
    data[offset] ^= 0x12
    path = tmp_path / "dedicated_log_torch_trace_flip.log"
    path.write_bytes(bytes(data))
    index = load([str(path)], Cache(str(tmp_path / "cache")), disk_cache=False)
    # the changed graph is shown as it is now, marked (issue 26: nothing the user has is hidden) ...
    assert [g.kind for g in index.graphs] == ["forward", "backward"]
    assert index.graphs[1].payload_changed and not index.graphs[0].payload_changed
    assert [(w.line, w.message.split(" (")[0]) for w in index.warnings] == [
        (code_line + 1, "payload MD5 mismatch for inductor_output_code"),  # ... and says why
    ]
    # the MD5 cannot say which line changed: the warning names the payload's lines, the edited one among them
    after = next(i for i in range(code_line + 1, len(lines)) if not lines[i].startswith(b"\t"))
    assert f"(its payload, lines {code_line + 2}-{after}, was changed after PyTorch wrote it)" in index.warnings[0].message
    assert code_line + 2 <= code_line + 201 <= after


def test_cli_inputs_that_are_not_traces(tmp_path):
    notcode = tmp_path / "notcode.py"
    notcode.write_text('import os\nprint("hi")\n')
    run = lambda *a: subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", *a, "--json", "--cache-dir", str(tmp_path / "c")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    proc = run(str(notcode))
    assert proc.returncode == 1 and "not TorchInductor output code" in proc.stdout
    proc = run("/dev/null")
    assert proc.returncode == 1 and "not a regular file or folder" in proc.stdout
    profile = os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json")
    proc = run(profile)  # a profile given as PATH is a profile: nothing to join it to
    assert proc.returncode == 1 and "no trace given" in proc.stdout


def test_profile_of_another_model_is_not_joined(tmp_path):
    index = load([os.path.join(case_dir("torch-2.11-cuda/gpt2_infer"), "trace")], Cache(str(tmp_path / "c")))
    join_profile(index, os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json"))
    assert all(k.measured is None for k in index.kernels) and index.profiles == []
    assert any("matched no compiled graph" in w.message for w in index.warnings)


def test_explicit_profile_turns_off_discovery(tmp_path):
    cnn = case_dir("torch-2.11-cuda/profile_cnn")
    copy = tmp_path / "copy.json"
    copy.write_bytes(open(os.path.join(cnn, "profile_trace.json"), "rb").read())
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", cnn, "--profile", str(copy), "--json", "--cache-dir", str(tmp_path / "c")],
        capture_output=True,
        text=True,
        check=True,
    )
    doc = json.loads(proc.stdout)
    assert [p["path"] for p in doc["profiles"]] == [str(copy)] and sum(u["count"] for u in doc["unattributed"]) == 21


def test_serve_tcp_port_errors(tmp_path):
    import socket

    serve = lambda *a: subprocess.run([sys.executable, "-m", "inductor_lens", "serve", *a], capture_output=True, text=True, timeout=30)
    assert serve("--tcp", "0").returncode == 2 and serve("--tcp", "70000").returncode == 2
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        proc = serve("--tcp", str(busy.getsockname()[1]))
    finally:
        busy.close()
    assert proc.returncode == 1 and "cannot listen on 127.0.0.1" in proc.stderr and "Traceback" not in proc.stderr


def test_unwritable_cache_folder_is_one_clear_warning(tmp_path):
    blocker = tmp_path / "cachefile"
    blocker.write_text("a file where the cache folder should be")
    index = load([case_log("torch-2.11-cuda/mlp_train")], Cache(str(blocker)), disk_cache=False)
    cache_warnings = [w for w in index.warnings if w.file == str(blocker)]
    assert len(cache_warnings) == 1 and "cannot write to the cache folder" in cache_warnings[0].message
    assert len(index.kernels) == 12  # the index itself is complete


def test_log_growing_between_scan_and_tail_check(tmp_path, monkeypatch):
    """The flaky failure of test_log_appended_while_indexed, made deterministic: the writer
    appends right after the scan read the file (cut at a payload line inside the last record)
    and before the last record is checked.  The check looks only at what the scan read, and a
    graph built from a record that was still being written is rebuilt once the log grew."""
    data = open(case_log("torch-2.11-cuda/gpt2_train"), "rb").read()
    lines = data.split(b"\n")
    code = next(i for i, line in enumerate(lines) if b'"inductor_output_code"' in line)
    cut = sum(len(line) + 1 for line in lines[: code + 40])  # 39 payload lines of the first output code
    path = tmp_path / "dedicated_log_torch_trace_race.log"
    path.write_bytes(data[:cut])
    original = torch_trace._check_tail
    appended = []

    def check_after_append(log, fh, *args):
        if not appended:
            with open(path, "ab") as out:
                out.write(data[cut:])
            appended.append(True)
        return original(log, fh, *args)

    monkeypatch.setattr(torch_trace, "_check_tail", check_after_append)
    log_scans: dict = {}
    first = Index(Cache(str(tmp_path / "cache")), log_scans)
    first.add(str(path))
    first.materialize()
    assert appended and any("incomplete" in w.message for w in first.warnings)
    final = Index(Cache(str(tmp_path / "cache")), log_scans)
    final.add(str(path))
    assert len(final.kernels) == 74 and not final.warnings


def test_str_record_of_unknown_shape_is_said(tmp_path):
    """A ``str`` record (the file-name table of stack frames) that is not ``[name, index]`` is a
    warning at its line; the graphs are read as before."""
    src = case_log("torch-2.11-cuda/graph_break")
    lines = open(src, "rb").read().split(b"\n")
    at = next(i for i, line in enumerate(lines) if b'{"str": [' in line)
    lines[at] = lines[at].split(b'{"str": [')[0] + b'{"str": "models.py"}'
    bad = tmp_path / "dedicated_log_torch_trace_str.log"
    bad.write_bytes(b"\n".join(lines))
    log = torch_trace.scan(str(bad))
    assert [(w.line, w.message.split(";")[0]) for w in log.warnings] == [(at + 1, '"str" record is not [file name, index]')]
    assert len(pair_graphs(log)) == len(pair_graphs(torch_trace.scan(src)))


def _copy_case(case: str, dst) -> str:
    import shutil

    from conftest import case_dir

    shutil.copytree(case_dir(case), dst)
    (log,) = [os.path.join(dst, "trace", f) for f in os.listdir(os.path.join(dst, "trace")) if f.endswith(".log")]
    return log


def _edit_line(log: str, index: int, old: bytes, new: bytes) -> None:
    lines = open(log, "rb").read().split(b"\n")
    assert old in lines[index]
    lines[index] = lines[index].replace(old, new, 1)
    open(log, "wb").write(b"\n".join(lines))


def _kernels_by_graph(index):
    return {(g.compile_id, g.kind): [(k.key, k.provenance, [f.line for f in k.model_lines]) for k in g.kernels] for g in index.graphs}


def test_unreadable_code_envelope_keeps_the_other_graphs_links(tmp_path):
    """mlp_train with the forward output code's envelope JSON broken (line 1747): that record is
    skipped with one warning, and the records after it (the forward's mapping and stack traces)
    stay with it instead of pairing with the backward's code; the backward keeps every link of
    the intact log (a new user's finding)."""
    log = _copy_case("torch-2.11-cuda/mlp_train", tmp_path / "case")
    whole = _kernels_by_graph(load([os.path.dirname(log)], Cache(str(tmp_path / "c0"))))
    _edit_line(log, 1746, b'{"inductor_output_code": {"filename"', b'{"inductor_output_code": "filename"')
    index = load([os.path.dirname(log)], Cache(str(tmp_path / "c1")))
    assert [(w.line, w.message.split(" (")[0]) for w in index.warnings] == [(1747, "invalid envelope JSON")]
    assert _kernels_by_graph(index) == {("0/0", "backward"): whole[("0/0", "backward")]}
    assert {p for _, p, _ in whole[("0/0", "backward")]} == {"stack_traces"}


def test_damaged_code_payload_read_from_the_identical_cache_file(tmp_path):
    """One byte of the forward output code changed in the log (line 1974): its MD5 fails; the
    Inductor cache file beside the trace has the MD5 the envelope names, so the graph is read from
    it (said; not marked: that is what ran); without that file the graph is shown as the log has it
    now, marked as changed."""
    log = _copy_case("torch-2.11-cuda/mlp_train", tmp_path / "case")
    whole = _kernels_by_graph(load([os.path.dirname(log)], Cache(str(tmp_path / "c0"))))
    _edit_line(log, 1973, b"64, 1024", b"64, 1025")
    index = load([os.path.dirname(log)], Cache(str(tmp_path / "c1")))
    assert _kernels_by_graph(index) == whole
    assert [w.line for w in index.warnings] == [1747, 1747] and "Inductor cache file" in index.warnings[1].message
    assert not any(g.payload_changed for g in index.graphs)
    import shutil

    shutil.rmtree(tmp_path / "case" / "torchinductor")
    index = load([os.path.dirname(log)], Cache(str(tmp_path / "c2")))
    assert _kernels_by_graph(index) == whole
    assert [g.kind for g in index.graphs if g.payload_changed] == ["forward"]
    assert [w.line for w in index.warnings] == [1747] and "marked as changed" in index.warnings[0].message


def test_a_fifo_named_like_a_log_inside_a_folder_is_skipped(tmp_path):
    """A FIFO named like a log inside a folder: skipped with a warning (reading it blocked
    ``report`` for ever; given directly it was already skipped).  The real log beside it is read."""
    import shutil

    folder = tmp_path / "run"
    folder.mkdir()
    os.mkfifo(folder / "dedicated_log_torch_trace_fifo.log")
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), folder / "dedicated_log_torch_trace_real.log")
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", str(folder), "--json", "--cache-dir", str(tmp_path / "c")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert [w["message"] for w in doc["warnings"] if w["file"].endswith("_fifo.log")] == ["not a regular file; skipped"]
    assert [os.path.basename(t["path"]) for t in doc["traces"]] == ["dedicated_log_torch_trace_real.log"] and doc["kernels"]


def test_valid_md5_but_wrong_content_is_said(tmp_path):
    """Payloads whose MD5 matches but whose content is not what the record should hold (a new
    user's mutator recomputed the MD5s): an output code that is not output code, a mapping that
    is a JSON list or has a list where an object belongs, a post-grad graph with no node lines.
    Each was dropped silently (0 kernels, provenance quietly lost, nodes []); each is now a
    warning at its record's line, and the rest is read."""
    from corpus import find, join, records, set_payload

    data = open(case_log("torch-2.11-cuda/mlp_train"), "rb").read()
    cases = {
        "code": (("inductor_output_code", None, 0), [b"\x00\x01 binary"], "is not TorchInductor output code"),
        "mapping list": (
            ("artifact", "inductor_provenance_tracking_node_mappings", 0),
            [b"[1, 2, 3]"],
            "provenance mapping of compile 0/0 is a JSON list, not an object; ignored",
        ),
        "mapping field": (
            ("artifact", "inductor_provenance_tracking_node_mappings", 0),
            [b'{"cppCodeToPost": [1], "postToPre": {}}'],
            "provenance mapping of compile 0/0 has cppCodeToPost that is not an object; ignored",
        ),
        "post-grad": (
            ("artifact", "inductor_post_grad_graph", 0),
            [b"garbled", b"no nodes here"],
            "post-grad graph of compile 0/0 has no FX node lines that can be read",
        ),
    }
    for label, ((kind, name, nth), lines, said) in cases.items():
        recs = records(data)
        at = find(recs, kind, name, nth)
        recs[at] = set_payload(recs[at], lines)
        path = tmp_path / label.replace(" ", "_") / "dedicated_log_torch_trace_m.log"
        path.parent.mkdir()
        path.write_bytes(join(recs))
        index = load([str(path)], Cache(str(tmp_path / "cache")), disk_cache=False)
        hits = [w for w in index.warnings if said in w.message]
        assert len(hits) == 1, (label, [w.message for w in index.warnings])
        assert hits[0].line == 1 + sum(len(r) for r in recs[:at])  # the record's first line
        assert any(g.kernels for g in index.graphs), label  # the other graph is still read


def test_folders_behind_links_unreadable_folders_and_unreadable_profiles(tmp_path, monkeypatch):
    """A symbolic link to a folder inside PATH is followed (it was skipped silently), a folder
    that cannot be listed is said (it read as 'no TORCH_TRACE logs found'), and a profile that is
    not JSON gets one warning, not a second 'matched no compiled graph' (new user's findings)."""
    root = tmp_path / "runs"
    root.mkdir()
    os.symlink(case_dir("torch-2.11-cuda/mlp_train"), root / "latest")
    index = load([str(root)], Cache(str(tmp_path / "c")), disk_cache=False)
    assert len(index.graphs) == 2 and not index.warnings

    locked = tmp_path / "locked"
    locked.mkdir()
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    index = load([str(locked)], Cache(str(tmp_path / "c")), disk_cache=False)
    assert [(w.file, w.message) for w in index.warnings][0] == (str(locked), "cannot read this folder: Permission denied")
    monkeypatch.undo()

    from inductor_lens.timing.join import join_profile

    bad = tmp_path / "profile_trace.json"
    bad.write_text('{"traceEvents": [ not json')
    index = load([case_dir("torch-2.11-cuda/mlp_train")], Cache(str(tmp_path / "c")), disk_cache=False)
    join_profile(index, str(bad))
    said = [w.message for w in index.warnings if w.file == str(bad)]
    assert len(said) == 1 and "matched no compiled graph" not in said[0], said
    # (a new user's trial: a stray broken .json beside the logs said only "not JSON", not why it was read)
    assert said[0].startswith("read as a torch.profiler trace") and "not JSON" in said[0] and said[0].endswith("not joined"), said
    # (the next trial: a file given with --profile that names no traceEvents was said to name it;
    # a TORCH_TRACE log given as a profile gets the hint to give it as a PATH)
    plain = tmp_path / "hosts"
    plain.write_text("127.0.0.1 localhost\n")
    log = case_log("torch-2.11-cuda/mlp_train")
    for named, expected in [
        (str(plain), "not a torch.profiler trace: not JSON ("),
        (log, "a TORCH_TRACE log, not a torch.profiler trace: give it as a PATH, not a profile (not joined)"),
    ]:
        index = load([case_dir("torch-2.11-cuda/mlp_train")], Cache(str(tmp_path / "c")), disk_cache=False)
        join_profile(index, named)
        said = [w.message for w in index.warnings if w.file == named]
        assert len(said) == 1 and said[0].startswith(expected) and said[0].endswith("(not joined)"), said
        assert "traceEvents" not in said[0], said


def test_a_compressed_log_is_said_to_be_compressed(tmp_path):
    """A gzipped log, in a folder or given itself: 'no TORCH_TRACE logs found' and 'not a
    structured trace log?' said nothing of why (a fresh user's trial); now the compression is
    named, with what to do.  An uncompressed log beside it is read as before, and the compressed
    one is still named (it was skipped without a word: a new user's trial)."""
    import gzip

    folder = tmp_path / "run"
    folder.mkdir()
    packed = folder / "dedicated_log_torch_trace_x.log.gz"
    with open(case_log("torch-2.11-cuda/mlp_train"), "rb") as src, gzip.open(packed, "wb") as dst:
        dst.write(src.read())
    index = load([str(folder)], Cache(str(tmp_path / "c")), disk_cache=False)
    ((file, message),) = [(w.file, w.message) for w in index.warnings]
    assert file == str(folder) and message.endswith(
        "; 1 compressed log(s) such as dedicated_log_torch_trace_x.log.gz: decompress them first"
    )
    index = load([str(packed)], Cache(str(tmp_path / "c")), disk_cache=False)
    assert [(w.line, w.message) for w in index.warnings] == [
        (1, "no TORCH_TRACE records found (a gzip-compressed file: decompress it first)")
    ]
    shutil.copy(case_log("torch-2.11-cuda/mlp_train"), folder / "dedicated_log_torch_trace_y.log")
    index = load([str(folder)], Cache(str(tmp_path / "c")), disk_cache=False)
    assert len(index.graphs) == 2
    assert [(w.file, w.message) for w in index.warnings] == [
        (str(packed), "1 compressed log(s) here not read (such as dedicated_log_torch_trace_x.log.gz): decompress them to include them")
    ]


def test_a_json_that_is_neither_a_trace_nor_a_profile_says_both(tmp_path):
    """``report x.json`` on a JSON that is no profile (a Triton cache's kernel metadata, real) said
    only "not a trace"; now what it is not, both ways.  A log keeps the old sentence."""
    meta = os.path.join(
        REPO, "tests", "data", "pairs", "torch-2.11-cuda", "mlp_train_autotune", "inductor_cache", "triton", "0",
        "ARS3VA7CCI3MPPR54UYMZLVZ3QVFCBT4RQCS3OYY3LUETH6SUDGA", "triton_tem_fused_addmm_t_0.json",
    )  # fmt: skip
    named = tmp_path / "x.json"
    shutil.copy(meta, named)
    index = load([str(named)], Cache(str(tmp_path / "c")), disk_cache=False)
    ((line, message),) = [(w.line, w.message) for w in index.warnings]
    assert line == 1 and message.startswith(
        "no TORCH_TRACE records found (a JSON file, but neither a TORCH_TRACE log (no record) nor a torch.profiler trace "
        "(no traceEvents array); a trace is the dedicated_log_torch_trace_*.log"
    )
