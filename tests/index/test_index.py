"""The index over every real trace: frames, stale keys, fallbacks, versions, ranks."""

from __future__ import annotations

import glob
import lzma
import os
import re

import pytest
from conftest import all_cases, case_dir, case_log, raw_graphs, raw_records
from inductor_lens.readers.stack_traces import parse_stack_trace

HANDLE = re.compile(r"^\s*(?:#|//) \[Provenance debug handles\] (\S+)\s*$", re.M)
LOG_CASES = [c for c in all_cases() if glob.glob(os.path.join(case_dir(c), "trace", "*.log"))]
# the round-45 GPU runs keep their logs compressed (trace/*.log.xz): checked unpacked
XZ_CASES = [c for c in all_cases() if c not in LOG_CASES and glob.glob(os.path.join(case_dir(c), "trace", "*.log.xz"))]


def _pytorch_frames(strings: list[str]) -> set[tuple[str, int]]:
    """(file, line) of every frame in PyTorch's stack-trace strings, read with a plain regex."""
    out = set()
    for text in strings:
        for m in re.finditer(r'File "(.+)", line (\d+), in ', text):
            out.add((m.group(1), int(m.group(2))))
    return out


@pytest.mark.parametrize("case", LOG_CASES)
def test_frames_equal_pytorch_stack_traces(case, load_case):
    """Every kernel in a graph's code whose key has frames in that graph's stack-traces
    artifact gets exactly PyTorch's frames (forward and backward); stale keys are not kernels."""
    _check_frames(case, load_case(case))


@pytest.mark.parametrize("case", XZ_CASES)
def test_frames_equal_pytorch_stack_traces_compressed_runs(case, tmp_path):
    """The same on the round-45 GPU runs, whose logs are kept compressed: unpacked first."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    for path in glob.glob(os.path.join(case_dir(case), "trace", "*.log.xz")):
        os.makedirs(tmp_path / "run" / "trace", exist_ok=True)
        with lzma.open(path) as fin:
            (tmp_path / "run" / "trace" / os.path.basename(path)[: -len(".xz")]).write_bytes(fin.read())
    _check_frames(case, load([str(tmp_path / "run")], Cache(str(tmp_path / "cache"))))


def _check_frames(case, index):
    by_log = {}
    for graph in index.graphs:
        by_log.setdefault((graph.trace, graph.compile_id, graph.pid), []).append(graph)
    checked = 0
    for log in sorted({g.trace for g in index.graphs}):
        raw = raw_graphs(log)
        per_cid: dict[tuple, int] = {}
        for rg in raw:
            cid = (rg["compile_id"], rg["pid"])
            n = per_cid.get(cid, 0)
            per_cid[cid] = n + 1
            graph = by_log[(log, *cid)][n]
            keys_in_code = set(HANDLE.findall(rg["code"]))
            kernels = {k.key: k for k in graph.kernels}
            assert keys_in_code <= set(kernels), (case, rg["compile_id"], keys_in_code - set(kernels))
            for key, strings in (rg["stack_traces"] or {}).items():
                if key not in keys_in_code:
                    assert key not in kernels, f"stale key {key} became a kernel"
                    continue
                expected = _pytorch_frames(strings)
                if not expected:
                    continue
                got = {(f.file, f.line) for f in kernels[key].frames if f.via is None}  # via: followed out of generated code
                assert got == expected, (case, key)
                assert kernels[key].frames_from == "stack_traces"
                checked += 1
    # every trace whose logs carry a stack-traces artifact with frames was checked
    has_frames = any(
        _pytorch_frames(v) for log in {g.trace for g in index.graphs} for rg in raw_graphs(log) for v in (rg["stack_traces"] or {}).values()
    )
    assert (checked > 0) == has_frames, (case, checked)


def test_stale_stack_trace_key_of_another_compile_is_not_a_kernel(load_case):
    """gpt2_train's 1/0_1 backward stack traces list a triton_red_… key of compile 3/0."""
    index = load_case("torch-2.11-cuda/gpt2_train")
    raw = [g for g in raw_graphs(case_log("torch-2.11-cuda/gpt2_train")) if g["compile_id"] == "1/0_1"]
    backward = raw[1]
    stale = [k for k in backward["stack_traces"] if k not in HANDLE.findall(backward["code"])]
    assert stale and all(k.startswith("triton_red_fused__log_softmax") for k in stale)
    graph = [g for g in index.graphs if g.compile_id == "1/0_1" and g.kind == "backward"][0]
    assert not set(stale) & {k.key for k in graph.kernels}


def test_empty_backward_mapping_uses_stack_traces_and_comments(load_case):
    index = load_case("torch-2.11-cuda/mlp_train")
    backward = [g for g in index.graphs if g.kind == "backward"][0]
    assert backward.mapping_version == "2.0"
    kernel = {k.key: k for k in backward.kernels}["triton_per_fused_sum_threshold_backward_0:1"]
    assert kernel.provenance == "stack_traces"
    assert kernel.post_grad_nodes == ["full_default", "where", "sum_1"]
    assert [(f.line, f.code) for f in kernel.model_lines] == [(27, "return torch.relu(y + x)"), (26, "y = self.fc2(y)")]
    # the key with no frames in PyTorch's artifact still gets a model line from the post-grad graph
    addmm = {k.key: k for k in backward.kernels}["extern_kernels.addmm:6"]
    assert addmm.frames_from == "post_grad_graph"
    assert [f.line for f in addmm.model_lines] == [23]


def test_no_provenance_matches_mlp_train_from_comments_alone(load_case):
    """Same model, same kernels: model lines rebuilt from code comments and graph # File: lines."""
    plain = load_case("torch-2.11-cuda/no_provenance")
    full = load_case("torch-2.11-cuda/mlp_train")
    # Triton kernels: their comments; extern calls: the node their dataflow anchors (inferred)
    assert {k.name: k.provenance for k in plain.kernels if k.kind != "extern"} == {
        k.name: "comments" for k in plain.kernels if k.kind != "extern"
    }
    assert {k.provenance for k in plain.kernels if k.kind == "extern"} == {"inferred"}
    expected = {
        (g.kind, k.name): {(f.file, f.line) for f in k.model_lines} for g in full.graphs for k in g.kernels if k.name.startswith("triton_")
    }
    got = {
        (g.kind, k.name): {(f.file, f.line) for f in k.model_lines} for g in plain.graphs for k in g.kernels if k.name.startswith("triton_")
    }
    assert len(got) == 6 and got == expected


def test_torch_2_8_v1_mapping_keeps_only_kernels_and_nodes_of_the_graph(load_case):
    index = load_case("torch-2.8-cpu/mlp_train")
    assert [g.kind for g in index.graphs] == ["forward", "backward"]
    for graph in index.graphs:
        code = open(graph.output_code).read()
        defined = set(re.findall(r"^(\w+) = async_compile\.", code, re.M))
        names = {k.name for k in graph.kernels}
        assert defined <= names
        for kernel in graph.kernels:
            assert kernel.name in code  # no kernel that is not in the code
            assert kernel.handle is None and kernel.key == kernel.name
            assert set(kernel.post_grad_nodes) <= set(graph.post_grad.nodes)
    forward, backward = index.graphs
    # the v1 backward mapping also lists the forward's addmm nodes and earlier graphs' kernels
    addmm = {k.key: k for k in backward.kernels}["extern_kernels.addmm"]
    assert addmm.post_grad_nodes == ["addmm_default"]
    assert "cpp_fused_gelu_native_layer_norm_0" not in {k.name for k in backward.kernels}
    fwd_addmm = {k.key: k for k in forward.kernels}["extern_kernels.addmm"]
    assert [loc.line for loc in fwd_addmm.launches] == [197, 207]
    assert {f.line for f in fwd_addmm.model_lines} == {23, 26}
    gelu = {k.key: k for k in forward.kernels}["cpp_fused_gelu_native_layer_norm_0"]
    assert {f.line for f in gelu.model_lines} == {24, 25} and gelu.frames_from == "post_grad_graph"


def test_torch_2_8_graph_break_every_graph_has_model_lines(load_case):
    index = load_case("torch-2.8-cpu/graph_break")
    assert [g.compile_id for g in index.graphs] == ["0/0_1", "1/0", "1/1_1"]
    for graph in index.graphs:
        assert graph.kernels and all(k.model_lines for k in graph.kernels)


def test_ddp_both_ranks_tagged(load_case):
    index = load_case("torch-2.14-cpu/ddp")
    assert sorted(t.rank for t in index.traces) == [0, 1]
    for graph in index.graphs:
        assert graph.rank == (0 if "rank_0_" in graph.trace else 1)
        assert all(k.model_lines for k in graph.kernels if k.kind != "extern")
    assert {(g.rank, g.kind) for g in index.graphs} == {(0, "forward"), (0, "backward"), (1, "forward"), (1, "backward")}


def test_warm_cache_without_pre_grad_graph(load_case):
    """An FX-graph cache hit logs no before_pre_grad_graph; Dynamo's own graph
    (``dynamo_output_graph``, the same names) stands in for it."""
    index = load_case("torch-2.14-cpu/mlp_infer_warm_cache")
    (graph,) = index.graphs
    assert graph.post_grad is not None and graph.pre_grad is not None
    raw = [env for _, env, _ in raw_records(case_log("torch-2.14-cpu/mlp_infer_warm_cache"))]
    assert not any(env.get("artifact", {}).get("name") == "before_pre_grad_graph" for env in raw)
    assert any("dynamo_output_graph" in env for env in raw)
    assert {"y", "y_3"} <= set(graph.pre_grad.nodes)
    lines = {k.key: [f.line for f in k.model_lines] for k in graph.kernels}
    assert lines == {
        "extern_kernels.addmm:1": [23],
        "cpp_fused_gelu_native_layer_norm_0:2": [25, 24],
        "extern_kernels.addmm:3": [26],
        "cpp_fused_add_relu_1:4": [27],  # two stacks, same line, different carets
    }


def test_mlp_infer_kernel_model_lines_and_nodes(load_case):
    index = load_case("torch-2.11-cuda/mlp_infer")
    (graph,) = index.graphs
    assert graph.kind == "inference" and graph.compile_id == "0/0"
    k = {k.key: k for k in graph.kernels}["triton_per_fused_addmm_gelu_native_layer_norm_0:2"]
    assert k.kind == "persistent_reduction" and k.handle == 2
    assert [(f.line, f.code) for f in k.model_lines] == [(25, "y = self.norm(y)"), (24, "y = F.gelu(y)"), (23, "y = self.fc1(x)")]
    assert set(k.pre_grad_nodes) == {"y", "y_1", "y_2"}
    assert "var_mean" in k.post_grad_nodes and k.aten_ops == ["aten.addmm", "aten.gelu", "aten.native_layer_norm"]
    by_line = index.kernels_by_source()
    assert {k.key for k in by_line[("/workspace/proj/models.py", 26)]} == {"extern_kernels.mm:3", "triton_poi_fused_add_addmm_relu_1:4"}


@pytest.mark.parametrize(
    "case,kinds",
    [
        ("torch-2.11-cuda/combo", {"triton_poi_fused_0:1": "combo"}),
        ("torch-2.11-cuda/user_triton", {"scale_add_kernel_0:2": "user_triton", "triton_poi_fused_cos_0:1": "pointwise"}),
        (
            "torch-2.11-cuda/gpt2_infer",
            {"triton_red_fused_add_arange_embedding_native_layer_norm_unsqueeze_0:1": "reduction", "extern_kernels.addmm:2": "extern"},
        ),
        ("torch-2.11-cuda/cpu_mlp_infer", {"cpp_fused_gelu_native_layer_norm_0:2": "cpp"}),
        (
            "torch-2.11-cuda/aoti",
            {"aoti_torch_cuda_mm_out:1": "extern", "triton_per_fused_addmm_gelu_native_layer_norm_0:2": "persistent_reduction"},
        ),
        ("torch-2.11-cuda/max_autotune", {"triton_tem_fused_mm_0:1": "template", "triton_poi_fused_add_relu_1:2": "pointwise"}),
        (
            "torch-2.11-cuda/flex_attention",
            {"triton_tem_fused__to_copy_flex_attention_ones_slice_sort_sum_transpose_zeros_2:3": "template"},
        ),
    ],
)
def test_kernel_kinds(case, kinds, load_case):
    got = {k.key: k.kind for k in load_case(case).kernels}
    for key, kind in kinds.items():
        assert got[key] == kind


def test_fallback_kernels_in_gpt2_train(load_case):
    index = load_case("torch-2.11-cuda/gpt2_train")
    fallbacks = [k for k in index.kernels if k.kind == "fallback"]
    assert fallbacks and all(k.name.startswith(("torch.ops.", "aten.")) and k.definition is None for k in fallbacks)


def test_debug_folder_alone(cache_dir):
    """A TORCH_COMPILE_DEBUG folder: output_code.py + mapping JSON without version + fx_graph_transformed.py."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    debug = os.path.join(case_dir("torch-2.11-cuda/mlp_debugdir"), "torch_compile_debug")
    index = load([debug], Cache(cache_dir))
    (graph,) = index.graphs
    assert graph.output_code.endswith("output_code.py") and graph.mapping_version == "2.0"
    k = {k.key: k for k in graph.kernels}["triton_per_fused_addmm_gelu_native_layer_norm_0:2"]
    assert k.provenance == "mapping" and {f.line for f in k.model_lines} == {23, 24, 25}
    for case in ("torch-2.8-cpu/mlp_train", "torch-2.8-cpu/graph_break"):
        index = load([os.path.join(case_dir(case), "torch_compile_debug")], Cache(cache_dir))
        assert index.graphs and all(g.mapping_version == "1" for g in index.graphs)
        assert all(k.model_lines for g in index.graphs for k in g.kernels if k.name != "extern_kernels.addmm" or g.kind == "forward")


def test_case_folder_with_log_and_debug_folder_is_not_doubled(load_case):
    index = load_case("torch-2.11-cuda/mlp_debugdir")
    assert len(index.graphs) == 1
    assert any(p.endswith("output_code.py") for p in index.graphs[0].output_code_aliases)


def test_loose_output_code_with_and_without_mapping(cache_dir, tmp_path):
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    inductor = os.path.join(case_dir("torch-2.11-cuda/mlp_infer"), "torchinductor")
    code_files = []
    for root, _, files in os.walk(inductor):
        code_files += [os.path.join(root, f) for f in files if open(os.path.join(root, f)).readline().startswith("# AOT ID")]
    (code,) = code_files
    index = load([code], Cache(cache_dir))
    (graph,) = index.graphs
    assert graph.output_code == code and {k.key for k in graph.kernels} == {
        "extern_kernels.mm:1",
        "triton_per_fused_addmm_gelu_native_layer_norm_0:2",
        "extern_kernels.mm:3",
        "triton_poi_fused_add_addmm_relu_1:4",
    }
    assert all(k.provenance == "comments" for k in graph.kernels)
    # with the debug folder's mapping JSON beside it
    folder = tmp_path / "dbg"
    folder.mkdir()
    src_dbg = [r for r, _, f in os.walk(case_dir("torch-2.11-cuda/mlp_debugdir")) if "output_code.py" in f][0]
    for name in ("output_code.py", "inductor_provenance_tracking_node_mappings.json"):
        (folder / name).write_bytes(open(os.path.join(src_dbg, name), "rb").read())
    index = load([str(folder / "output_code.py")], Cache(cache_dir))
    assert all(k.provenance == "mapping" for k in index.kernels)


def test_tlparse_output_folder(tmp_path, cache_dir):
    """A tl_out folder made by running tlparse (from PyPI) over a shared trace."""
    import subprocess
    import sys

    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    tlparse = os.path.join(os.path.dirname(sys.executable), "tlparse")
    out = tmp_path / "tl_out"
    subprocess.run(
        [tlparse, case_log("torch-2.11-cuda/mlp_train"), "-o", str(out), "--inductor-provenance", "--no-browser"],
        check=True,
        capture_output=True,
    )
    index = load([str(out)], Cache(cache_dir))
    assert [g.kind for g in index.graphs] == ["forward", "backward"]
    assert len(index.kernels) == 12 and index.traces[0].format == "tlparse"


def test_parse_stack_trace_both_variants():
    dynamo = '  File "/w/models.py", line 14, in forward\n    x = self.sigmoid(x)\n        ^^^^^^^^^^^^^^^\n'
    export = 'File "/w/models.py", line 12, in forward\n    x = self.fc1(x)\n  File "/t/linear.py", line 134, in forward\n    return F.linear(input, self.weight, self.bias)'
    (only,) = parse_stack_trace(dynamo)
    assert (only.file, only.line, only.function, only.code, only.innermost) == ("/w/models.py", 14, "forward", "x = self.sigmoid(x)", True)
    outer, inner = parse_stack_trace(export)
    assert (outer.line, outer.innermost, inner.line, inner.code, inner.innermost) == (
        12,
        False,
        134,
        "return F.linear(input, self.weight, self.bias)",
        True,
    )


def test_parallel_scan_of_rank_logs_equals_serial(cache_dir, monkeypatch):
    """Rank logs scanned in parallel processes give the same index as a serial scan."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.index import loader as loader_module
    from inductor_lens.index import trace_index as index_module

    folder = case_dir("torch-2.14-cpu/ddp")
    serial = index_module.Index(Cache(cache_dir), disk_cache=False)
    serial.add(folder)
    monkeypatch.setattr(loader_module, "PARALLEL_SCAN_BYTES", 0)
    parallel = index_module.Index(Cache(cache_dir), disk_cache=False)
    parallel.add(folder)
    key = lambda idx: [(g.trace, g.rank, g.compile_id, g.kind, [(k.key, k.frames) for k in g.kernels]) for g in idx.graphs]
    assert key(parallel) == key(serial) and len(parallel.graphs) == 4
    assert not [w for w in parallel.warnings if "parallel" in w.message]


def test_torch_2_7_artifact_names(tmp_path, cache_dir, load_case):
    """The 2.8 log rewritten with PyTorch 2.7's names (formats doc §8): the pre- and post-grad graphs
    as the envelope keys inductor_pre_grad_graph / inductor_post_grad_graph, and
    inductor_triton_kernel_to_post_grad_nodes; it indexes exactly like the 2.8 original."""
    import json as _json

    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    prefix = re.compile(rb"^([VIWEC]\d{4} [^\n]*?\] )(\{.*)$")
    out = []
    for line in open(case_log("torch-2.8-cpu/mlp_train"), "rb").read().split(b"\n"):
        m = prefix.match(line)
        if m:
            env = _json.loads(m.group(2))
            name = (env.get("artifact") or {}).get("name")
            if name in ("before_pre_grad_graph", "after_post_grad_graph"):
                key = "inductor_pre_grad_graph" if name == "before_pre_grad_graph" else "inductor_post_grad_graph"
                env = {key: {}, **{k: v for k, v in env.items() if k != "artifact"}}
            elif name == "inductor_generated_kernel_to_post_grad_nodes":
                env["artifact"]["name"] = "inductor_triton_kernel_to_post_grad_nodes"
            elif name == "after_pre_grad_graph":
                env["artifact"]["name"] = "renamed_away"
            line = m.group(1) + _json.dumps(env).encode()
        out.append(line)
    path = tmp_path / "dedicated_log_torch_trace_27.log"
    path.write_bytes(b"\n".join(out))
    old = load([str(path)], Cache(cache_dir))
    new = load_case("torch-2.8-cpu/mlp_train")
    key = lambda idx: [(g.kind, [(k.key, k.post_grad_nodes, [(f.file, f.line) for f in k.frames]) for k in g.kernels]) for g in idx.graphs]
    assert key(old) == key(new) and old.warnings == []
    assert all(g.pre_grad is not None and g.post_grad is not None for g in old.graphs)


def test_cond_subgraph_launches(load_case):
    """torch.cond: kernels launched inside the wrapper's true_graph_0/false_graph_0 functions."""
    (graph,) = load_case("torch-2.13-cpu/cond").graphs
    by_key = {k.key: k for k in graph.kernels}
    assert set(by_key) == {
        "cpp_fused_gt_sum_0:1",
        "extern_kernels.mm:2",
        "cpp_fused_gt_sum_tanh_1:3",
        "cpp_fused_gt_mean_sin_2:4",
        "cpp_fused_mul_3:5",
    }
    lines = open(graph.output_code).read().split("\n")
    for key, function in (
        ("cpp_fused_gt_sum_tanh_1:3", "def true_graph_0(args):"),
        ("cpp_fused_gt_mean_sin_2:4", "def false_graph_0(args):"),
    ):
        (launch,) = by_key[key].launches
        enclosing = next(l for l in reversed(lines[: launch.line]) if l.startswith("def "))
        assert enclosing == function
    assert [f.line for f in by_key["cpp_fused_gt_mean_sin_2:4"].model_lines] == [219, 217]


def test_compiled_autograd_compile_ids(load_case):
    index = load_case("torch-2.13-cpu/compiled_autograd")
    assert [(g.compile_id, g.kind) for g in index.graphs] == [("0/0_1", "forward"), ("!0/1/0", "inference"), ("!1/3/0", "inference")]
    ca = index.graphs[1]
    # PyTorch's frames end in the compiled-autograd graph's generated code (<eval_with_key>.7), which
    # cannot be opened: they stay in the stacks, but the model lines are the user's forward lines
    # they lead to through the compiled-autograd graph (its # File: lines)
    assert all(any(f.file.startswith("<eval_with_key>") for f in k.frames) for k in ca.kernels)
    assert not [f for g in index.graphs for k in g.kernels for f in k.model_lines if f.file.startswith("<")]
    lines = {k.key: [(f.basename, f.line) for f in k.model_lines] for k in ca.kernels}
    assert lines["cpp_fused_add_div_erf_exp_mul_sub_sum_1:3"] == [("models.py", 25), ("models.py", 24), ("models.py", 23)]
    assert lines["extern_kernels.mm:2"] == [("models.py", 26)] and lines["extern_kernels.mm:5"] == [("models.py", 26)]
    assert all(f.via.startswith("<eval_with_key>.7:") for k in ca.kernels for f in k.model_lines)
