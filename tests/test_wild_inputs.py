"""Inputs from public bug reports (../shared/bugs/<n>/, issue 12), each with its expected value,
plus one test per generalisation of its kind of fault (other key forms, other wrappers, ...).

Derived inputs are made here from real traces the way the bug inputs were: records rewritten with
their MD5 recomputed (tests/corpus.py), never written by hand.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys

import pytest
import pytest_lsp
from conftest import SHARED, TRACES, answer_like_vscode, case_dir, case_log
from corpus import envelope, join, payload, records, set_payload
from inductor_lens.files.cache import Cache
from inductor_lens.files.resolve import PathResolver
from inductor_lens.index.trace_index import load
from inductor_lens.readers.output_code import kind_from_name
from inductor_lens.report.json_report import index_json
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

BUGS = os.path.join(SHARED, "bugs")


def bug(path: str) -> str:
    """``bug("1/colon")`` -> ../shared/bugs/1/colon."""
    full = os.path.join(BUGS, path)
    assert os.path.exists(full), full
    return full


def by_key(index) -> dict:
    out = {}
    for kernel in index.kernels:
        assert kernel.key not in out or kernel.graph is not out[kernel.key].graph, kernel.key
        out.setdefault(kernel.key, kernel)
    return out


def line_of(path: str, line: int) -> str:
    return open(path, encoding="utf-8").read().split("\n")[line - 1]


def rewrite(log: str, out, edit) -> str:
    """A copy of ``log`` whose every payload went through ``edit(text) -> text`` (MD5s recomputed)."""
    recs = records(open(log, "rb").read())
    new = []
    for rec in recs:
        _, env = envelope(rec)
        text = b"\n".join(payload(rec)).decode()
        changed = edit(text)
        new.append(set_payload(rec, changed.encode().split(b"\n")) if changed != text and "has_payload" in env else rec)
    path = os.path.join(str(out), os.path.basename(log))
    with open(path, "wb") as fh:
        fh.write(join(new))
    return path


# --------------------------------------------------------------------------- 1: keys with several ':'


def test_1_colon_keys_bind_to_the_call_below_their_comment(cache_dir):
    index = load([bug("1/colon")], Cache(cache_dir))
    kernels = by_key(index)
    assert "aoti_torch_cuda_mm_out" not in kernels  # no merged entry without a handle
    first, third = kernels["at::_ops::mm_out::call:1"], kernels["at::_ops::mm_out::call:3"]
    assert (first.name, first.handle) == ("at::_ops::mm_out::call", 1)
    assert [loc.line for loc in first.launches] == [198] and [loc.line for loc in third.launches] == [212]
    assert (first.post_grad_nodes, first.pre_grad_nodes, first.provenance) == (["mm_default_1"], ["linear"], "mapping")
    assert (third.post_grad_nodes, third.pre_grad_nodes, third.provenance) == (["mm_default"], ["linear_1"], "mapping")
    assert "aoti_torch_cuda_mm_out(" in line_of(first.launches[0].path, 198)
    assert index.warnings == []


@pytest.mark.parametrize(
    "case,lines",
    [
        (
            "1/xnumel",
            {
                "aoti_torch_cuda_mm_out:1": 198,
                "triton_per_fused_addmm_gelu_native_layer_norm_0:2": 204,
                "aoti_torch_cuda_mm_out:3": 214,
                "triton_poi_fused_add_addmm_relu_1:4": 220,
            },
        ),
        (
            "1/xnumel_py",
            {
                "extern_kernels.mm:1": 118,
                "triton_red_fused__softmax_exp_prepare_softmax_online_sub_0:2": 125,
                "triton_red_fused_add_cos_div_mul_sigmoid_sin_sum_1:3": 132,
            },
        ),
    ],
)
def test_1_xnumel_lines_are_not_launches(case, lines, cache_dir):
    kernels = by_key(load([bug(case)], Cache(cache_dir)))
    assert {k: [loc.line for loc in kernels[k].launches] for k in lines} == {k: [v] for k, v in lines.items()}
    for key, line in lines.items():
        text = line_of(kernels[key].launches[0].path, line)
        assert "_xnumel =" not in text and kernels[key].name.split(".")[-1] in text


def test_1_colon_keys_in_a_python_wrapper(tmp_path, cache_dir, load_case):
    """Generalisation: the same renaming in a Python wrapper (2.11 mlp_infer): extern_kernels.mm:N
    keys named at::_ops::mm::call:N bind to the extern_kernels.mm(...) call under their comment."""
    log = rewrite(case_log("torch-2.11-cuda/mlp_infer"), tmp_path, lambda t: t.replace("extern_kernels.mm:", "at::_ops::mm::call:"))
    renamed = by_key(load([log], Cache(cache_dir)))
    original = by_key(load_case("torch-2.11-cuda/mlp_infer"))
    for n in (1, 3):
        new, old = renamed[f"at::_ops::mm::call:{n}"], original[f"extern_kernels.mm:{n}"]
        assert [loc.line for loc in new.launches] == [loc.line for loc in old.launches]
        assert (new.post_grad_nodes, new.pre_grad_nodes, new.frames) == (old.post_grad_nodes, old.pre_grad_nodes, old.frames)
        assert new.kind == "extern" and new.provenance == "mapping"
    assert "extern_kernels.mm" not in renamed


def test_1_handle_with_no_recognisable_call_is_kept_and_warned(tmp_path, cache_dir):
    """Generalisation: a key whose call is in no known form is neither dropped nor merged: it is a
    kernel without a launch site, and a warning names the file and the comment's line."""
    log = rewrite(
        os.path.join(bug("1/xnumel_py"), "dedicated_log_torch_trace_dyn.log"),
        tmp_path,
        lambda t: t.replace("        extern_kernels.mm(arg2_1", "        some_helper(arg2_1"),
    )
    index = load([log], Cache(cache_dir))
    kernel = by_key(index)["extern_kernels.mm:1"]
    assert kernel.launches == [] and kernel.post_grad_nodes == ["mm"] and kernel.provenance == "mapping"
    (warning,) = [w for w in index.warnings if "extern_kernels.mm:1" in w.message]
    assert warning.file == index.graphs[0].output_code
    assert line_of(warning.file, warning.line).strip() == "# [Provenance debug handles] extern_kernels.mm:1"


# --------------------------------------------------------------------------- 7: profiler wrappers


def test_7_extern_calls_through_profiler_wrappers(cache_dir):
    index = load([bug("7/extend_infer")], Cache(cache_dir))
    kernels = by_key(index)
    assert len(kernels) == 4
    for key, line, post, model_line in (("extern_kernels.addmm:1", 233, ["addmm"], 15), ("extern_kernels.addmm:3", 251, ["addmm_1"], 18)):
        kernel = kernels[key]
        assert [loc.line for loc in kernel.launches] == [line] and kernel.kind == "extern"
        assert kernel.post_grad_nodes == post and [f.line for f in kernel.model_lines] == [model_line]
        assert os.path.basename(kernel.model_lines[0].file) == "model.py"
        loc = kernel.launches[0]
        assert line_of(loc.path, line)[loc.col : loc.end_col].startswith("extern_kernels_extern_kernels_addmm_")
    assert kernels["cpp_fused_add_relu_1:4"].aten_ops == ["aten.add", "aten.relu"]


def test_7_training_forward_and_backward(cache_dir):
    index = load([bug("7/extend_train")], Cache(cache_dir))
    keys = {(k.graph.kind, k.key) for k in index.kernels}
    assert {
        ("forward", "extern_kernels.addmm:1"),
        ("forward", "extern_kernels.addmm:3"),
        ("backward", "extern_kernels.mm:2"),
        ("backward", "extern_kernels.mm:3"),
        ("backward", "extern_kernels.mm:5"),
    } <= keys
    backward = {k.key: k for k in index.kernels if k.graph.kind == "backward"}
    # the C++ kernel after a wrapped extern call keeps none of the extern's nodes (its own: the bias gradient's sum)
    assert (backward["cpp_fused_sum_2:6"].aten_ops, backward["cpp_fused_sum_2:6"].post_grad_nodes) == (["aten.sum"], ["sum_6"])
    assert [backward[f"extern_kernels.mm:{n}"].post_grad_nodes for n in (2, 3, 5)] == [["mm"], ["mm_1"], ["mm_2"]]
    assert all(k.launches for k in index.kernels)


def test_7_wrapped_fallback_op_and_triton_kernel(tmp_path, cache_dir, load_case):
    """Generalisation: any forwarding function is followed, whatever it wraps: here the 2.11
    mlp_infer wrapper with its two extern calls and a Triton launch routed through such functions."""

    def wrap(text: str) -> str:
        if not text.startswith("# AOT ID"):
            return text
        helpers = (
            "def prof_mm_7(*args, **kwargs):\n    # Extra indirection\n    return extern_kernels.mm(*args, **kwargs)\n"
            "def prof_poi_8(*args, **kwargs):\n    return triton_poi_fused_add_addmm_relu_1.run(*args, **kwargs)\n"
        )
        text = text.replace("\nasync_compile.wait(globals())", "\n" + helpers + "async_compile.wait(globals())", 1)
        return text.replace("        extern_kernels.mm(", "        prof_mm_7(").replace(
            "triton_poi_fused_add_addmm_relu_1.run(buf6", "prof_poi_8(buf6"
        )

    log = rewrite(case_log("torch-2.11-cuda/mlp_infer"), tmp_path, wrap)
    wrapped, original = by_key(load([log], Cache(cache_dir))), by_key(load_case("torch-2.11-cuda/mlp_infer"))
    assert set(wrapped) == set(original)
    for key, old in original.items():
        new = wrapped[key]
        assert len(new.launches) == len(old.launches) == 1, key
        assert (new.kind, new.post_grad_nodes, new.aten_ops, new.frames) == (old.kind, old.post_grad_nodes, old.aten_ops, old.frames)
        text = line_of(new.launches[0].path, new.launches[0].line)
        assert ("prof_" in text) == (key != "triton_per_fused_addmm_gelu_native_layer_norm_0:2")


# --------------------------------------------------------------------------- kernel kinds


@pytest.mark.parametrize(
    "case,kinds",
    [
        ("torch-2.11-cuda/foreach", {"triton_for_fused_0:1": "foreach", "triton_for_fused_1:2": "foreach"}),
        ("torch-2.11-cuda/split_scan", {"triton_spl_fused_cumsum_sin_0:1": "split_scan"}),
        ("torch-2.11-cuda/cooperative_reduction", {"triton_unk_fused_mul_sum_0:1": "unknown"}),
        ("torch-2.11-cuda/combo", {"triton_poi_fused_0:1": "combo"}),
    ],
)
def test_kinds_from_inductor_categories(case, kinds, load_case):
    """Real traces (PyTorch 2.11, H200) of each Inductor category the vocabulary had no word for."""
    got = {k.key: k.kind for k in load_case(case).kernels}
    assert {k: got[k] for k in kinds} == kinds


def test_kinds_from_names_alone():
    """Launch-only kernels (AOTInductor, a definition in another file) get their kind from the name."""
    names = {
        "triton_for_fused_2": "foreach",
        "triton_spl_fused_cumsum_0": "split_scan",
        "triton_unk_fused_sum_3": "unknown",
        "triton_poi_fused_add_0": "pointwise",
        "triton_xyz_fused_0": "unknown",
        "my_kernel": "user_triton",
        "at::_ops::mm_out::call": "fallback",
        "torch.ops.aten.mm.default": "fallback",
        "aoti_torch_cuda_mm_out": "extern",
    }
    assert {n: kind_from_name(n) for n in names} == names


def test_new_kinds_are_in_the_contract():
    """The README's ``kind`` list (the JSON contract) names the new kinds, and hovers have words for each."""
    from inductor_lens.lsp.features.hover import KIND_TEXT

    readme = open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "report-json.md")).read()
    bullet = readme[readme.index("* `kind`: ") + len("* `kind`: ") :]
    contract = re.findall(r"`(\w+)`", bullet[: bullet.index(". A Triton kernel's kind")])
    assert {"foreach", "split_scan", "unknown"} <= set(contract)
    assert set(contract) <= set(KIND_TEXT)


# --------------------------------------------------------------------------- 11: mapping before the code


def test_11_mapping_logged_before_the_aoti_wrapper_code(cache_dir):
    index = load([bug("11/aot_log_old")], Cache(cache_dir))
    kernels = by_key(index)
    relu, gelu = kernels["cpp_fused_mul_relu_sigmoid_0"], kernels["cpp_fused_gelu_1"]
    assert relu.post_grad_nodes == ["mul"] and gelu.post_grad_nodes == ["mul_1", "mul_2", "erf", "add", "mul_3"]
    for kernel, line in ((relu, 32), (gelu, 34)):
        assert kernel.provenance == "mapping" and kernel.frames_from == "post_grad_graph"
        assert [(os.path.basename(f.file), f.line) for f in kernel.model_lines] == [("aot.py", line)]
    assert not [w for w in index.warnings if "before any output code" in w.message]
    assert index.graphs[0].mapping_version == "1"


def _move_before_code(
    log: str, out, roles=("inductor_provenance_tracking_node_mappings", "inductor_generated_kernel_to_post_grad_nodes")
) -> str:
    """``log`` with each graph's mapping records moved to just before its output code (the order
    PyTorch ~2.7 logged them in), records otherwise unchanged."""
    recs = records(open(log, "rb").read())
    name = lambda rec: (envelope(rec)[1].get("artifact") or {}).get("name")
    codes = [i for i, r in enumerate(recs) if "inductor_output_code" in envelope(r)[1]]
    moved = {i for i, r in enumerate(recs) if name(r) in roles}
    new, taken = [], set()
    for i, rec in enumerate(recs):
        if i in moved:
            continue
        if i in codes:  # this code's own mappings: those after it, before the next code
            nxt = min([c for c in codes if c > i] + [len(recs)])
            mine = [j for j in sorted(moved) if i < j < nxt and j not in taken]
            taken.update(mine)
            new.extend(recs[j] for j in mine)
        new.append(rec)
    path = os.path.join(str(out), os.path.basename(log))
    with open(path, "wb") as fh:
        fh.write(join(new))
    return path


def test_11_mapping_before_code_in_a_training_log(tmp_path, cache_dir, load_case):
    """Generalisation: the same order in a JIT training log (2.8 mlp_train, forward + backward of
    one compile id): each graph still gets its own mapping, as in the original order."""
    log = _move_before_code(case_log("torch-2.8-cpu/mlp_train"), tmp_path)
    moved, original = load([log], Cache(cache_dir)), load_case("torch-2.8-cpu/mlp_train")
    key = lambda idx: [
        (g.kind, [(k.key, k.post_grad_nodes, k.provenance, [(f.file, f.line) for f in k.frames]) for k in g.kernels]) for g in idx.graphs
    ]
    assert key(moved) == key(original) and moved.warnings == []
    assert {k.provenance for k in moved.kernels} == {"mapping"}


def test_11_mapping_with_no_code_after_it_is_warned(tmp_path, cache_dir):
    """Generalisation: a mapping logged before a code that never comes is named in a warning."""
    recs = records(open(os.path.join(bug("11/aot_log_old"), "dedicated_log_torch_trace_aot_old.log"), "rb").read())
    path = tmp_path / "dedicated_log_torch_trace_nocode.log"
    path.write_bytes(join([r for r in recs if "graph_dump" not in envelope(r)[1]]))
    index = load([str(path)], Cache(cache_dir))
    assert index.graphs == []
    assert {w.line for w in index.warnings if "output code" in w.message} == {92, 94}


# --------------------------------------------------------------------------- 12: the last record cut


def test_12_truncated_log_shows_every_complete_graph(cache_dir):
    truncated = load([bug("12/truncated")], Cache(cache_dir))
    control = load([bug("12/control")], Cache(cache_dir))
    assert [g.compile_id for g in truncated.graphs] == ["0/0"]
    got, want = by_key(truncated), by_key(control)
    assert set(got) == set(want) and len(got) == 4
    for key, kernel in got.items():
        assert kernel.provenance == "mapping" and kernel.frames_from == "post_grad_graph"
        assert ([la[:4] for la in kernel.launches], kernel.post_grad_nodes) == (
            [la[:4] for la in want[key].launches],
            want[key].post_grad_nodes,
        )
        assert {f.line for f in kernel.model_lines} <= {f.line for f in want[key].frames}
    (warning,) = truncated.warnings
    assert warning.line == 322 and "incomplete" in warning.message
    assert control.warnings == []


def _cut_points(data: bytes) -> dict[str, int]:
    """Offsets inside and between the records that follow the (only) output code of a log."""
    lines = data.split(b"\n")
    start = lambda i: sum(len(l) + 1 for l in lines[:i])
    at = lambda pattern: next(i for i, l in enumerate(lines) if pattern in l)
    mapping, stacks = at(b'"inductor_provenance_tracking_node_mappings"'), at(b'"inductor_provenance_tracking_kernel_stack_traces"')
    return {
        "mapping envelope": start(mapping) + 60,
        "mapping payload": start(mapping + 1) + 50,
        "between records": start(stacks),
        "stack-traces envelope": start(stacks) + 100,
        "stack-traces payload": start(stacks + 1) + 300,
        "no final newline": len(data) - 1,
    }


@pytest.mark.parametrize(
    "where", ["mapping envelope", "mapping payload", "between records", "stack-traces envelope", "stack-traces payload", "no final newline"]
)
def test_12_cut_anywhere_after_the_code(where, tmp_path, cache_dir):
    """Generalisation: wherever the job was killed after the output code was written, the graph is
    shown with what is complete, and the damage (if any) is warned about with its line."""
    data = open(os.path.join(bug("12/control"), "dedicated_log_torch_trace_mlp.log"), "rb").read()
    cut = _cut_points(data)[where]
    path = tmp_path / "dedicated_log_torch_trace_cut.log"
    path.write_bytes(data[:cut])
    index = load([str(path)], Cache(cache_dir))
    (graph,) = index.graphs
    assert len(graph.kernels) == 4 and all(k.launches and k.model_lines for k in graph.kernels)
    complete_mapping = where not in ("mapping envelope", "mapping payload")
    # without the mapping: the comments, and for the extern calls (whose comments name their
    # neighbours too) the nodes inferred from the wrapper's dataflow
    assert {k.provenance for k in graph.kernels} == ({"mapping"} if complete_mapping else {"comments", "inferred"})
    warned = [w for w in index.warnings if w.file == str(path)]
    assert bool(warned) == (where not in ("between records", "no final newline"))
    assert all(w.line > 0 for w in warned)


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
async def truncated_client(lsp_client: LanguageClient, tmp_path):
    data = open(os.path.join(bug("12/control"), "dedicated_log_torch_trace_mlp.log"), "rb").read()
    cut = len(open(os.path.join(bug("12/truncated"), "dedicated_log_torch_trace_mlp.log"), "rb").read())
    assert data[:cut] == open(os.path.join(bug("12/truncated"), "dedicated_log_torch_trace_mlp.log"), "rb").read()
    path = tmp_path / "dedicated_log_torch_trace_mlp.log"
    path.write_bytes(data[:cut])
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + str(tmp_path), name="w")],
            initialization_options={"traces": [str(path)], "discovery": {"enabled": False}},
        )
    )
    lsp_client.grow = (path, data[cut:])
    yield
    await lsp_client.shutdown_session()


async def test_12_server_shows_the_truncated_log_and_updates_when_it_grows(truncated_client: LanguageClient):
    kernels = await truncated_client.protocol.send_request_async("inductorLens/kernels", {})
    assert len(kernels) == 4 and {k["frames_from"] for k in kernels} == {"post_grad_graph"}
    for _ in range(50):  # sent right after the snapshot goes live
        if any(":322: last record's payload is incomplete" in m.message for m in truncated_client.log_messages):
            break
        await asyncio.sleep(0.1)
    assert any(":322: last record's payload is incomplete" in m.message for m in truncated_client.log_messages)
    path, rest = truncated_client.grow
    with open(path, "ab") as fh:
        fh.write(rest)
    for _ in range(100):  # the server polls growing logs every 2 s
        await asyncio.sleep(0.2)
        kernels = await truncated_client.protocol.send_request_async("inductorLens/kernels", {})
        if {k["frames_from"] for k in kernels} == {"stack_traces"}:
            break
    assert len(kernels) == 4 and {k["frames_from"] for k in kernels} == {"stack_traces"}


# --------------------------------------------------------------------------- 13: processes sharing a log

_PID = re.compile(rb"^([VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +)(\d+)( )")


def _split_by_pid(log: str, out) -> dict[int, str]:
    """One log per process, each holding that process's records in their order."""
    per: dict[int, list] = {}
    for rec in records(open(log, "rb").read()):
        per.setdefault(int(_PID.match(rec[0]).group(2)), []).append(rec)
    paths = {}
    for pid, recs in per.items():
        folder = os.path.join(str(out), f"pid{pid}")
        os.makedirs(folder, exist_ok=True)
        paths[pid] = os.path.join(folder, "dedicated_log_torch_trace_alone.log")
        with open(paths[pid], "wb") as fh:
            fh.write(join(recs))
    return paths


def _interleave(logs: list[str], pids: list[int], path) -> None:
    """The records of ``logs`` interleaved one by one, each log's records under its own pid."""
    queues = [
        [[_PID.sub(rb"\g<1>" + str(pid).encode() + rb"\g<3>", rec[0], count=1)] + rec[1:] for rec in records(open(log, "rb").read())]
        for log, pid in zip(logs, pids, strict=True)
    ]
    merged = []
    while any(queues):
        for queue in queues:
            if queue:
                merged.append(queue.pop(0))
    path.write_bytes(join(merged))


def _summary(index, pid=None) -> dict:
    return {
        (g.compile_id, g.kind, k.key): (
            k.kind,
            [loc.line for loc in k.launches],
            k.post_grad_nodes,
            k.pre_grad_nodes,
            k.provenance,
            [(f.file, f.line) for f in k.frames],
        )
        for g in index.graphs
        if pid is None or g.pid == pid
        for k in g.kernels
    }


def test_13_two_processes_paired_per_pid(tmp_path, cache_dir):
    log = os.path.join(bug("13/interleaved"), "dedicated_log_torch_trace_fork.log")
    index = load([log], Cache(cache_dir))
    assert index.warnings == []
    assert sorted((g.compile_id, g.pid, len(g.kernels)) for g in index.graphs) == [("0/0", 1111, 4), ("0/0", 2222, 3)]
    for pid, alone in _split_by_pid(log, tmp_path).items():
        assert _summary(index, pid) == _summary(load([alone], Cache(cache_dir)))
    mm = [k for k in index.kernels if k.key == "extern_kernels.mm:1" and k.graph.pid == 2222][0]
    assert mm.post_grad_nodes == ["mm"] and {f.line for f in mm.model_lines} == {51}


def test_13_three_real_forked_processes(tmp_path, cache_dir, load_case):
    """Generalisation, real: the parent and two forked children (each compile id 1/0) running at
    the same time, one log (tests/data/torch-2.11-cuda/cpu_fork)."""
    index = load_case("torch-2.11-cuda/cpu_fork")
    assert index.warnings == []
    graphs = sorted((g.compile_id, g.pid, g.kind) for g in index.graphs)
    assert [(c, k) for c, _, k in graphs] == [("0/0", "forward"), ("1/0", "inference"), ("1/0", "inference")]
    assert len({pid for _, pid, _ in graphs}) == 3 and index.traces[0].compile_ids == ["0/0", "1/0"]
    children = {g.pid: {k.key for k in g.kernels} for g in index.graphs if g.compile_id == "1/0"}
    assert sorted(children.values(), key=len) == [{"cpp_fused_mul_sin_sum_0:1"}, {"extern_kernels.mm:1", "cpp_fused_add_relu_0:2"}]
    assert all(k.provenance == "mapping" and k.model_lines for k in index.kernels)
    for pid, alone in _split_by_pid(case_log("torch-2.11-cuda/cpu_fork"), tmp_path).items():
        assert _summary(index, pid) == _summary(load([alone], Cache(cache_dir)))


def test_13_any_number_of_processes(tmp_path, cache_dir, load_case):
    """Generalisation: four real logs of the same compile id 0/0 interleaved record by record under
    four pids: each process's graphs are those of its log alone."""
    cases = ["torch-2.11-cuda/mlp_infer", "torch-2.11-cuda/dynamic", "torch-2.11-cuda/cpu_mlp_infer", "torch-2.14-cpu/mlp_train"]
    path = tmp_path / "dedicated_log_torch_trace_four.log"
    _interleave([case_log(c) for c in cases], [101, 202, 303, 404], path)
    index = load([str(path)], Cache(cache_dir))
    assert not [w for w in index.warnings if "second" in w.message or "before any" in w.message]
    for case, pid in zip(cases, [101, 202, 303, 404], strict=True):
        mine = _summary(index, pid)
        assert mine and mine == _summary(load_case(case)), case


# --------------------------------------------------------------------------- 20: tlparse multi-rank output


def _per_rank(index) -> dict:
    return {
        (g.rank, g.compile_id, g.kind): {k.key: (k.post_grad_nodes, [(f.file, f.line) for f in k.frames]) for k in g.kernels}
        for g in index.graphs
    }


def test_20_all_ranks_html_folder_is_both_ranks(cache_dir):
    whole = load([bug("20/tl_out")], Cache(cache_dir))
    ranks = load([bug("20/tl_out/rank_0"), bug("20/tl_out/rank_1")], Cache(cache_dir))
    assert sorted(t.rank for t in whole.traces) == [0, 1] and {t.format for t in whole.traces} == {"tlparse"}
    assert len(whole.kernels) == 20 and _per_rank(whole) == _per_rank(ranks)
    # this input keeps only the records the index read before issue 11; without the AOT joint graph
    # a backward launch comment's joint-graph name (permute_5) is one no graph has, and says so
    assert {w.message for w in whole.warnings} == {w.message for w in ranks.warnings}
    assert all("launch comment names node(s)" in w.message for w in whole.warnings)


def _tlparse(args: list[str]) -> None:
    import subprocess

    tlparse = os.path.join(os.path.dirname(sys.executable), "tlparse")
    subprocess.run([tlparse, *args, "--inductor-provenance", "--no-browser"], check=True, capture_output=True)


def test_20_tlparse_outputs_anywhere_under_a_folder(tmp_path, cache_dir, load_case):
    """Generalisation: tlparse (from PyPI) run here with --all-ranks-html over the real ddp logs,
    the output nested in a run folder beside the logs it copies, plus a single-rank tlparse
    output elsewhere in the tree: every rank once, nothing twice."""
    import shutil

    run = tmp_path / "runs" / "job1"
    shutil.copytree(os.path.join(case_dir("torch-2.14-cpu/ddp"), "trace"), run / "trace")
    _tlparse([str(run / "trace"), "--all-ranks-html", "-o", str(run / "tl_out")])
    assert {"rank_0", "rank_1", "index.html"} <= set(os.listdir(run / "tl_out"))
    _tlparse([case_log("torch-2.11-cuda/mlp_infer"), "-o", str(tmp_path / "runs" / "other" / "deep" / "tl_out")])
    index = load([str(tmp_path / "runs")], Cache(cache_dir))
    ddp = load_case("torch-2.14-cpu/ddp")
    assert len(index.traces) == 3  # two rank logs (their raw.log copies skipped) + the single-rank output
    mine = {key: value for key, value in _per_rank(index).items() if key[0] is not None}
    assert mine == _per_rank(ddp)
    infer = [g for g in index.graphs if g.rank is None]
    assert [(g.compile_id, len(g.kernels)) for g in infer] == [("0/0", 4)]
    assert index.warnings == []


def test_20_rank_from_the_folder_when_records_have_none(tmp_path, cache_dir):
    """Generalisation: rank_N/ of a multi-rank tlparse output names the rank when the log's
    records carry no ``rank`` key."""
    out = tmp_path / "tl_out"
    for rank, case in ((0, "torch-2.11-cuda/mlp_infer"), (3, "torch-2.11-cuda/dynamic")):
        _tlparse([case_log(case), "-o", str(out / f"rank_{rank}")])
    index = load([str(out)], Cache(cache_dir))
    assert sorted((t.rank, len(t.compile_ids)) for t in index.traces) == [(0, 1), (3, 1)]
    assert sorted({g.rank for g in index.graphs}) == [0, 3]


# --------------------------------------------------------------------------- 19: paths written on Windows

WIN_PROJ = "C:\\Users\\user\\proj"
WIN_LOG = "19/windows/dedicated_log_torch_trace_win.log"


def _model_lines(index, resolver) -> dict:
    doc = index_json(index, resolver)
    return {k["key"]: [(m["file"], m["line"], m["resolved"]) for m in k["model_lines"]] for k in doc["kernels"]}


@pytest.mark.parametrize("mapped", [WIN_PROJ, "C:/Users/user/proj", "c:\\users\\USER\\Proj\\"])
def test_19_windows_trace_resolves_with_a_path_mapping(mapped, cache_dir):
    index = load([bug("19/windows")], Cache(cache_dir))
    lines = _model_lines(index, PathResolver([(mapped, TRACES)], use_interpreter_site_packages=False))
    models = os.path.join(TRACES, "models.py")
    assert {line for frames in lines.values() for _, line, _ in frames} == {23, 24, 25, 26, 27}
    assert all(file.startswith(WIN_PROJ + "\\") and resolved == models for frames in lines.values() for file, _, resolved in frames)
    assert {f.basename for k in index.kernels for f in k.model_lines} == {"models.py"}


def _windows_variant(tmp_path, old: str, new: str) -> str:
    """The bug-19 log with the project folder ``old`` written as ``new`` (in graph comments and in
    the JSON-escaped stack traces), MD5s recomputed."""
    as_json = lambda s: json.dumps(s)[1:-1]
    return rewrite(bug(WIN_LOG), tmp_path, lambda t: t.replace(as_json(old), as_json(new)).replace(old, new))


@pytest.mark.parametrize(
    "written,mapped",
    [
        ("\\\\fileserver\\share\\proj", "\\\\fileserver\\share\\proj"),  # UNC
        ("\\\\?\\C:\\Users\\user\\proj", "C:\\Users\\user\\proj"),  # extended-length form
        ("D:\\Data\\PROJ", "d:/data/proj"),  # another drive, other case
    ],
)
def test_19_other_windows_path_forms(written, mapped, tmp_path, cache_dir):
    """Generalisation: UNC shares, ``\\\\?\\`` paths, any drive and case."""
    index = load([_windows_variant(tmp_path, WIN_PROJ, written)], Cache(cache_dir))
    lines = _model_lines(index, PathResolver([(mapped, TRACES)], use_interpreter_site_packages=False))
    assert len(lines) == 4 and all(resolved == os.path.join(TRACES, "models.py") for frames in lines.values() for *_, resolved in frames)


def test_19_file_names_differing_in_case_and_no_mapping(tmp_path, cache_dir):
    """Generalisation: Windows does not care about case, so ``Proj\\Models.py`` in the trace is
    ``proj/models.py`` here; without any mapping the workspace is searched by path suffix."""
    log = _windows_variant(tmp_path, WIN_PROJ + "\\models.py", "C:\\Users\\user\\Proj\\Models.py")
    work = tmp_path / "ws" / "proj"
    work.mkdir(parents=True)
    (work / "models.py").write_bytes(open(os.path.join(TRACES, "models.py"), "rb").read())
    index = load([log], Cache(cache_dir))
    for resolver in (
        PathResolver([(WIN_PROJ, str(work))], use_interpreter_site_packages=False),
        PathResolver(roots=[str(tmp_path / "ws")], use_interpreter_site_packages=False),
    ):
        lines = _model_lines(index, resolver)
        assert all(resolved == str(work / "models.py") for frames in lines.values() for *_, resolved in frames), resolver.mappings


def test_19_windows_site_packages_and_cache_paths(tmp_path, cache_dir):
    """Generalisation: ``C:\\Python311\\Lib\\site-packages\\...`` library frames resolve against a
    local site-packages folder, and the Windows Inductor cache path of the output code finds the
    ``torchinductor/`` copy beside the trace (its file name without the Windows folders)."""
    lib = tmp_path / "sp" / "torch" / "nn" / "modules"
    lib.mkdir(parents=True)
    (lib / "linear.py").write_text("x\n")
    resolver = PathResolver(site_packages=[str(tmp_path / "sp")], use_interpreter_site_packages=False)
    assert resolver.resolve("C:\\Python311\\Lib\\Site-Packages\\torch\\nn\\modules\\linear.py") == str(lib / "linear.py")
    assert resolver.resolve("/opt/venv/lib/python3.11/site-packages/torch/nn/modules/linear.py") == str(lib / "linear.py")
    trace = tmp_path / "run" / "trace"
    trace.mkdir(parents=True)
    recs = records(open(bug(WIN_LOG), "rb").read())
    code = next(r for r in recs if "inductor_output_code" in envelope(r)[1])
    filename = envelope(code)[1]["inductor_output_code"]["filename"]
    assert filename.startswith("C:\\") and "torchinductor_user\\" in filename
    rest = filename.split("torchinductor_user\\", 1)[1].split("\\")
    local = tmp_path / "run" / "torchinductor" / os.path.join(*rest)
    local.parent.mkdir(parents=True)
    local.write_bytes(b"\n".join(payload(code)))
    (trace / "dedicated_log_torch_trace_win.log").write_bytes(open(bug(WIN_LOG), "rb").read())
    (graph,) = load([str(trace)], Cache(cache_dir)).graphs
    assert graph.output_code_aliases == [str(local)] and len(graph.kernels) == 4
    assert os.path.basename(graph.output_code) == "inference · compile 0_0 · output code.py"
    (extracted,) = load([bug("19/windows")], Cache(str(tmp_path / "cache"))).graphs
    assert os.path.basename(extracted.output_code) == "inference · compile 0_0 · output code.py" and not extracted.output_code_aliases


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
async def windows_client(lsp_client: LanguageClient):
    answer_like_vscode(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri="file://" + TRACES, name="traces")],
            initialization_options={"traces": [bug("19/windows")], "pathMappings": {WIN_PROJ: TRACES}, "discovery": {"enabled": False}},
        )
    )
    yield
    await lsp_client.shutdown_session()


async def test_19_server_lenses_on_the_model_file(windows_client: LanguageClient):
    uri = "file://" + os.path.join(TRACES, "models.py")
    kernels = await windows_client.protocol.send_request_async("inductorLens/kernels", {})  # once indexed
    lenses = await windows_client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert sorted(lens.range.start.line + 1 for lens in lenses) == [23, 24, 25, 26, 27]
    definition = next(k for k in kernels if k["key"] == "cpp_fused_add_relu_1:4")["definition"]  # kernel -> its model line
    found = await windows_client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri="file://" + definition["path"]),
            position=types.Position(definition["line"] - 1, 2),
        )
    )
    assert [(loc.uri, loc.range.start.line + 1) for loc in found] == [(uri, 27)]


# --------------------------------------------------------------------------- 18: AOTInductor packages

PKG_MODEL = "18/pt2_extracted/data/aotinductor/model"


def _information(folder: str) -> dict:
    return json.load(open(os.path.join(folder, "kernel_information.json")))


def _check_against_information(index, info: dict) -> None:
    """Every key of kernel_information.json is a kernel with its nodes and PyTorch's frames."""
    kernels = by_key(index)
    assert set(kernels) == set(info)
    for key, entry in info.items():
        kernel = kernels[key]
        assert kernel.provenance == "kernel_information" and kernel.frames_from == "stack_traces"
        assert set(kernel.post_grad_nodes) == set(entry["post_grad_nodes"])
        assert set(kernel.pre_grad_nodes) == set(entry["pre_grad_nodes"])
        want = {(m.group(1), int(m.group(2))) for s in entry["stack_traces"] for m in re.finditer(r'File "(.+)", line (\d+), in ', s)}
        assert {(f.file, f.line) for f in kernel.frames} == want and kernel.model_lines


def _zip_folder(folder: str, path, archive: str = "model") -> None:
    import zipfile

    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(f"{archive}/archive_format", "pt2")
        for root, _, files in os.walk(folder):
            for name in files:
                full = os.path.join(root, name)
                zf.write(full, f"{archive}/" + os.path.relpath(full, folder).replace(os.sep, "/"))


def test_18_extracted_package_folder(cache_dir):
    index = load([bug("18/pt2_extracted")], Cache(cache_dir))
    _check_against_information(index, _information(bug(PKG_MODEL)))
    (graph,) = index.graphs
    assert graph.output_code.endswith(".wrapper.cpp") and os.path.dirname(graph.output_code) == bug(PKG_MODEL)
    assert graph.kernel_code.endswith(".kernel.cpp") and index.traces[0].format == "aoti_package"
    lines = {k.key: sorted(f.line for f in k.frames if f.basename == "model.py") for k in index.kernels}
    assert lines == {
        "aoti_torch_cpu_addmm_out:1": [15],
        "cpp_fused_gelu_native_layer_norm_0:2": [16, 17],
        "aoti_torch_cpu_addmm_out:3": [18],
        "cpp_fused_add_relu_1:4": [19],
    }
    gelu = by_key(index)["cpp_fused_gelu_native_layer_norm_0:2"]
    assert gelu.definition.path == graph.kernel_code and [loc.line for loc in gelu.launches] == [972]
    assert index.warnings == []


def test_18_pt2_zip_and_loose_wrapper(tmp_path, cache_dir):
    """The same package as a .pt2 (zip: read in place, the wrapper copied to the cache folder for
    editors), and its wrapper.cpp given alone (kernel_information.json beside it is read)."""
    pt2 = tmp_path / "model.pt2"
    _zip_folder(bug("18/pt2_extracted"), pt2)
    cache = tmp_path / "cache"
    index = load([str(pt2)], Cache(str(cache)))
    _check_against_information(index, _information(bug(PKG_MODEL)))
    (graph,) = index.graphs
    assert graph.output_code.startswith(str(cache)) and graph.trace == str(pt2)
    wrapper = [f for f in os.listdir(bug(PKG_MODEL)) if f.endswith(".wrapper.cpp")][0]
    assert open(graph.output_code).read() == open(os.path.join(bug(PKG_MODEL), wrapper)).read()
    assert sorted(os.listdir(tmp_path)) == ["cache", "model.pt2"]  # nothing extracted beside the package
    loose = load([os.path.join(bug(PKG_MODEL), wrapper)], Cache(cache_dir))
    _check_against_information(loose, _information(bug(PKG_MODEL)))


def test_18_real_pt2_equals_its_log(tmp_path, cache_dir, load_case):
    """Generalisation, real: the .pt2 that aoti_compile_and_package wrote (PyTorch 2.11, CUDA: a
    Triton kernel and C shims, with .so and .cubin members) gives the kernels its TORCH_TRACE gives;
    with the log beside it, the package is not a second graph."""
    pt2 = os.path.join(case_dir("torch-2.11-cuda/aoti_package"), "mlp.pt2")
    package = load([pt2], Cache(cache_dir))
    log = load([os.path.join(case_dir("torch-2.11-cuda/aoti_package"), "trace")], Cache(cache_dir))
    got, want = by_key(package), by_key(log)
    assert set(got) == set(want) == {"aoti_torch_cuda_mm_out:1", "triton_poi_fused_addmm_gelu_0:2", "aoti_torch_cuda_addmm_out:3"}
    for key, kernel in got.items():
        assert set(kernel.post_grad_nodes) == set(want[key].post_grad_nodes) and set(kernel.pre_grad_nodes) == set(want[key].pre_grad_nodes)
        assert kernel.frames == want[key].frames and [loc.line for loc in kernel.launches] == [loc.line for loc in want[key].launches]
    assert {f.basename for k in got.values() for f in k.model_lines} >= {"kinds.py"}
    both = load_case("torch-2.11-cuda/aoti_package")
    assert len(both.graphs) == 1 and len(both.traces) == 1


def test_18_extracted_package_beside_its_log_is_an_alias(tmp_path, cache_dir):
    """Generalisation: the extracted package and the log of the same compile in one folder: one
    graph, and the package's wrapper.cpp is one of its output code files (hover works there too)."""
    import shutil
    import zipfile

    shutil.copytree(os.path.join(case_dir("torch-2.11-cuda/aoti_package"), "trace"), tmp_path / "trace")
    with zipfile.ZipFile(os.path.join(case_dir("torch-2.11-cuda/aoti_package"), "mlp.pt2")) as zf:
        zf.extractall(tmp_path / "pkg")
    index = load([str(tmp_path)], Cache(cache_dir))
    (graph,) = index.graphs
    wrapper = [os.path.join(r, f) for r, _, fs in os.walk(tmp_path / "pkg") for f in fs if f.endswith(".wrapper.cpp")][0]
    assert wrapper in graph.output_code_aliases and index.document(wrapper).graph is graph


def test_18_damaged_packages_are_warned_not_fatal(tmp_path, cache_dir):
    """Generalisation: a .pt2 that is no zip, a zip without data/aotinductor/, an invalid
    kernel_information.json (kernels then come from the code comments), a package without one."""
    bad = tmp_path / "bad.pt2"
    bad.write_bytes(b"not a zip")
    empty = tmp_path / "empty.pt2"
    _zip_folder(os.path.join(bug("18/pt2_extracted"), "data", "aotinductor", "model"), empty)  # no data/aotinductor/ path
    broken_dir = tmp_path / "broken"
    import shutil

    shutil.copytree(bug("18/pt2_extracted"), broken_dir)
    info = broken_dir / "data" / "aotinductor" / "model" / "kernel_information.json"
    os.chmod(info, 0o644)
    info.write_text("{not json")
    broken = tmp_path / "broken.pt2"
    _zip_folder(str(broken_dir), broken)
    index = load([str(bad), str(empty), str(broken)], Cache(cache_dir))
    files = {os.path.basename(w.file.split("!")[0]) for w in index.warnings}
    assert files == {"bad.pt2", "empty.pt2", "broken.pt2"}
    assert any(w.file.endswith("!model/data/aotinductor/model/kernel_information.json") and w.line == 1 for w in index.warnings)
    (graph,) = index.graphs
    assert len(graph.kernels) == 4 and {k.provenance for k in graph.kernels} == {"comments"}
    info.unlink()
    plain = load([str(broken_dir)], Cache(cache_dir))
    assert len(plain.kernels) == 4 and {k.provenance for k in plain.kernels} == {"comments"} and plain.warnings == []


def test_18_packages_are_discovered(tmp_path):
    from inductor_lens.files.discovery import DEFAULT_GLOBS, find_traces, looks_like_trace

    assert "**/*.pt2" in DEFAULT_GLOBS and looks_like_trace("/x/model.pt2")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "model.pt2").write_bytes(b"")
    assert find_traces([str(tmp_path)]) == [str(tmp_path / "out" / "model.pt2")]
    manifest = json.load(open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "package.json")))
    sections = manifest["contributes"]["configuration"]
    props = {k: v for section in (sections if isinstance(sections, list) else [sections]) for k, v in section["properties"].items()}
    assert "`**/*.pt2`" in props["inductorLens.discovery.globs"]["markdownDescription"]


# --------------------------------------------------------------------------- compiled autograd: generated-code frames

CA = "torch-2.13-cpu/compiled_autograd"


def _no_generated_model_lines(index) -> None:
    assert not [(k.key, f.file) for k in index.kernels for f in k.model_lines if f.file.startswith("<")]


def test_compiled_autograd_backward_kernels_on_the_forward_lines(load_case):
    index = load_case(CA)
    _no_generated_model_lines(index)
    by_line = index.kernels_by_source()
    on_norm = {(k.graph.compile_id, k.key) for k in by_line[("/workspace/proj/models.py", 25)]}
    assert {
        ("0/0_1", "cpp_fused_gelu_native_layer_norm_0:2"),
        ("!0/1/0", "cpp_fused_add_div_erf_exp_mul_sub_sum_1:3"),
        ("!1/3/0", "cpp_fused_add_copy__div_erf_exp_mul_sub_sum_view_1:3"),
    } <= on_norm
    doc = index_json(index, None)
    followed = [f for k in doc["kernels"] if k["compile_id"].startswith("!") for f in k["model_lines"]]
    assert followed and all(f["via"].startswith("<eval_with_key>.") for f in followed if f["file"].endswith("models.py"))
    assert all("via" not in f for k in doc["kernels"] if not k["compile_id"].startswith("!") for f in k["source"])


@pytest.mark.parametrize(
    "case",
    [
        c
        for c in (
            "torch-2.11-cuda/gpt2_train",
            "torch-2.14-cpu/mlp_train",
            "torch-2.13-cpu/cond",
            "torch-2.11-cuda/flex_attention",
            "torch-2.11-cuda/foreach",
            CA,
        )
    ],
)
def test_no_model_line_in_generated_code(case, load_case):
    """Generalisation: over real traces of every kind, no model line is a frame no editor can open."""
    _no_generated_model_lines(load_case(case))


def _drop(log: str, out, drop) -> str:
    recs = [r for r in records(open(log, "rb").read()) if not drop(envelope(r)[1])]
    path = os.path.join(str(out), os.path.basename(log))
    with open(path, "wb") as fh:
        fh.write(join(recs))
    return path


def test_compiled_autograd_frames_from_the_post_grad_graph(tmp_path, cache_dir, load_case):
    """Generalisation: without the stack-traces artifact the post-grad graph's ``# File:
    <eval_with_key>.7:N`` lines are followed the same way."""
    name = lambda env: (env.get("artifact") or {}).get("name")
    log = _drop(case_log(CA), tmp_path, lambda env: name(env) == "inductor_provenance_tracking_kernel_stack_traces")
    index = load([log], Cache(cache_dir))
    ca = [g for g in index.graphs if g.compile_id == "!0/1/0"][0]
    assert {k.frames_from for k in ca.kernels} == {"post_grad_graph"}
    _no_generated_model_lines(index)
    with_stacks = {k.key: {(f.file, f.line) for f in k.model_lines} for k in load_case(CA).graphs[1].kernels}
    for kernel in ca.kernels:
        assert {(f.file, f.line) for f in kernel.model_lines} <= with_stacks[kernel.key] | {("/workspace/proj/models.py", 272)}
        assert kernel.model_lines, kernel.key


def test_compiled_autograd_frames_that_cannot_be_followed(tmp_path, cache_dir):
    """Generalisation: a log without the graphs that lead out of the generated code (no
    compiled_autograd_graph, no dynamo_output_graph): the generated frames stay in the stacks but
    are no model line."""
    log = _drop(case_log(CA), tmp_path, lambda env: "compiled_autograd_graph" in env or "dynamo_output_graph" in env)
    index = load([log], Cache(cache_dir))
    _no_generated_model_lines(index)
    ca = [g for g in index.graphs if g.compile_id == "!0/1/0"][0]
    assert all(any(f.file.startswith("<eval_with_key>") for f in k.frames) for k in ca.kernels)
    assert all(not k.model_lines or all(f.via is None for f in k.model_lines) for k in ca.kernels)


def test_compiled_autograd_graph_node_hover_shows_the_forward_line(load_case):
    """Generalisation: hovering a node of a compiled-autograd post-grad graph (whose ``# File:``
    is ``<eval_with_key>.7:36``) shows the user's line its kernel was followed to, not the frame."""
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.lsp.features.hover import hover

    index = load_case(CA)
    graph = [g for g in index.graphs if g.compile_id == "!0/1/0"][0]
    node = graph.post_grad.nodes["mm"]
    assert node.frame.file == "<eval_with_key>.7"
    snapshot = Snapshot(index, PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False))
    text = hover(snapshot, graph.post_grad.path, node.line, node.col).contents.value
    assert "**Model line:** [models.py:26]" in text and "eval_with_key" not in text


def test_13_processes_that_start_writing_later(tmp_path, cache_dir):
    """Generalisation: the log grows while the children start writing into it (the real cpu_fork
    log, cut before the first child record): the parent's graph, indexed alone at first, gets its
    pid once a second process shows up, and the children are paired on their own."""
    from inductor_lens.index.trace_index import Index

    data = open(case_log("torch-2.11-cuda/cpu_fork"), "rb").read()
    recs = records(data)
    parent = int(_PID.match(recs[0][0]).group(2))
    first_child = next(i for i, r in enumerate(recs) if int(_PID.match(r[0]).group(2)) != parent)
    path = tmp_path / "dedicated_log_torch_trace_growing.log"
    path.write_bytes(join(recs[:first_child]))
    scans: dict = {}
    before = Index(Cache(cache_dir), scans, disk_cache=False)
    before.add(str(path))
    (alone,) = before.graphs
    assert alone.pid is None and alone.compile_id == "0/0"
    path.write_bytes(data)
    after = Index(Cache(cache_dir), scans, disk_cache=False)
    after.add(str(path))
    assert sorted((g.compile_id, g.pid) for g in after.graphs)[0] == ("0/0", parent)
    assert len({g.pid for g in after.graphs}) == 3 and after.warnings == []
