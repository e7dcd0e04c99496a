"""Kinds of real job read wrongly before issue 48 (items 2-8): the inputs in ../shared/bugs/28-33, each with the
values its README gives, and inputs made for the kinds no input was given for (tests/data/jobs48)."""

from __future__ import annotations

import glob
import os
import re
import subprocess
import sys

import pytest
from conftest import SHARED, raw_graphs
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.provenance.modules import kernel_module
from inductor_lens.text import module_text

BUGS = os.path.join(SHARED, "bugs")


def bug(path: str) -> str:
    full = os.path.join(BUGS, path)
    assert os.path.exists(full), full
    return full


def by_key(index) -> dict:
    return {(k.graph.kind, k.key): k for k in index.kernels}


# --------------------------------------------------------------------------- 32: PyTorch 2.4 output code


def test_32_source_nodes_and_header_maps_of_2_4(cache_dir):
    """``# Source Nodes: [...]`` (before 2.5's ``Topologically Sorted``) and ``# mul => mul`` header maps are read."""
    index = load([bug("32/input/output_code.py")], Cache(cache_dir))
    got = {
        k.name: (
            [loc.line for loc in k.launches],
            k.definition.line if k.definition else None,
            k.pre_grad_nodes,
            k.post_grad_nodes,
            k.aten_ops,
        )
        for k in index.kernels
    }
    assert got == {
        "triton_per_fused_mul_sum_0": ([136], 34, ["mul", "y"], ["mul", "sum_1"], ["aten.mul", "aten.sum"]),
        "triton_poi_fused_add_1": ([140], 83, ["add_1"], ["add_1"], ["aten.add"]),
    }
    assert not index.warnings


# --------------------------------------------------------------------------- 29, 31: no provenance, launch by launch

HANDLE = re.compile(r"^\s*(?:#|//) \[Provenance debug handles\] (\S+)\s*$", re.M)
FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def _truth(folder: str) -> dict[tuple[str, int, str], list[set]]:
    """(compile id, n-th code of it, kernel name) -> innermost (file, line) of PyTorch's stack traces per launch."""
    out: dict[tuple[str, int, str], list[set]] = {}
    seen: dict[str, int] = {}
    for log in sorted(glob.glob(os.path.join(folder, "*.log"))):
        for rg in raw_graphs(log):
            n = seen[rg["compile_id"]] = seen.get(rg["compile_id"], -1) + 1
            for key in HANDLE.findall(rg["code"]):
                lines = {(f[-1][0], int(f[-1][1])) for s in (rg["stack_traces"] or {}).get(key, []) if (f := FRAME.findall(s))}
                out.setdefault((rg["compile_id"], n, key.rsplit(":", 1)[0]), []).append(lines)
    return out


def _launches(index) -> dict[tuple[str, int, str], list]:
    out: dict[tuple[str, int, str], list] = {}
    for graph in index.graphs:
        n = sum(1 for g in index.graphs[: index.graphs.index(graph)] if g.compile_id == graph.compile_id)
        for k in graph.kernels:
            out.setdefault((graph.compile_id, n, k.name), []).extend(k.launches)
    return {key: sorted(v, key=lambda la: la.line) for key, v in out.items()}


@pytest.mark.parametrize(
    "noprov,prov,total",
    [
        ("29/input/aoti_noprov/trace", "29/input/aoti/trace", 4),
        ("29/input/cpp_wrapper_train_noprov/trace", "29/input/cpp_wrapper_train/trace", 10),
        ("31/input/halide_noprov/trace", "31/input/halide_cpu/trace", 6),
    ],
)
def test_29_31_each_launch_model_lines_equal_pytorch(noprov, prov, total, cache_dir):
    """C++ wrapper, AOTInductor and Halide code without provenance: the wrapper's dataflow (C++ statements, bare
    calls of Halide kernels) aligned with the post-grad graph gives every launch PyTorch's own model lines."""
    truth, mine = _truth(bug(prov)), _launches(load([bug(noprov)], Cache(cache_dir)))
    got = []
    for (cid, g, name), wants in truth.items():
        launches = mine.get((cid, g, name), [])
        got += [(name, i, {(f.file, f.line) for f in launches[i].model_lines} if i < len(launches) else None) for i in range(len(wants))]
    want = [(name, i, w) for (cid, g, name), wants in truth.items() for i, w in enumerate(wants)]
    assert len(want) == total and got == want


def test_29_cpp_kernels_are_inferred_not_exact(cache_dir):
    """The README's values: ``cpp_fused_relu_0`` -> ``[relu]``, wild.py:17; ``cpp_fused_mul_sigmoid_1`` -> ``[sigmoid, mul]``,
    wild.py:18; the second addmm launch -> ``addmm_1`` (linear.py:134 only, not relu's line); all marked inferred."""
    kernels = {k.name: k for k in load([bug("29/input/aoti_noprov/trace")], Cache(cache_dir)).kernels}
    lines = {name: [(os.path.basename(f.file), f.line) for f in k.model_lines] for name, k in kernels.items()}
    assert kernels["cpp_fused_relu_0"].post_grad_nodes == ["relu"] and lines["cpp_fused_relu_0"] == [("wild.py", 17)]
    assert kernels["cpp_fused_mul_sigmoid_1"].post_grad_nodes == ["sigmoid", "mul"] and lines["cpp_fused_mul_sigmoid_1"] == [
        ("wild.py", 18)
    ]
    addmm = kernels["aoti_torch_cpu_addmm_out"]
    assert [la.post_grad_nodes for la in addmm.launches] == [["addmm"], ["addmm_1"]]
    assert [(os.path.basename(f.file), f.line) for f in addmm.launches[1].model_lines] == [("linear.py", 134)]
    # its comment says [relu, linear_1]: relu is the node of the input it reads (its own line is the call's, linear.py:134)
    assert [la.pre_grad_nodes for la in addmm.launches] == [["linear"], ["linear_1"]]
    assert {k.confidence for k in kernels.values()} == {"inferred"}


def test_31_halide_and_pallas_kernels_have_their_kind(cache_dir):
    """Halide kernels (``async_compile.halide``) are ``halide``, Pallas's ``pallas``, not ``template``; without
    provenance each Halide kernel has its bare-call launch inside ``call()`` (lines of the README's log)."""
    halide = load([bug("31/input/halide_noprov/trace")], Cache(cache_dir))
    got = {
        (k.graph.compile_id, k.name): (k.kind, [la.line for la in k.launches], k.post_grad_nodes)
        for k in halide.kernels
        if k.kind != "extern"
    }
    assert got == {
        ("0/0", "halide_kernel_0"): ("halide", [185], ["relu"]),
        ("0/0", "halide_kernel_1"): ("halide", [195], ["sigmoid", "mul"]),
        ("1/0", "halide_kernel_0"): ("halide", [187], ["sin", "mul", "sum_1"]),
        ("1/0", "halide_kernel_1"): ("halide", [189], ["cos", "amax"]),
    }
    pallas = load([bug("31/input/pallas_cpu/trace")], Cache(cache_dir))
    assert {k.kind for k in pallas.kernels if k.name.startswith("pallas_")} == {"pallas"}
    assert sum(1 for k in pallas.kernels if k.kind == "pallas") == 4


# --------------------------------------------------------------------------- 28: activation checkpointing


def test_28_checkpointed_blocks_keep_their_subgraph_nodes_and_modules(cache_dir):
    """Names of the comments that are nodes of the pre-grad graph's ``wrap_body_N`` subgraphs (one per checkpoint call)
    are those nodes, in the subgraph whose call line is on the launch's stack: no warning, modules b1/b2."""
    index = load([bug("28/input/trace")], Cache(cache_dir))
    assert not index.warnings
    fwd = {k.key: k for k in index.kernels if k.graph.kind == "forward"}
    got = {key: (fwd[key].pre_grad_nodes, module_text(kernel_module(fwd[key]))) for key in fwd if key.startswith("extern_kernels.addmm")}
    assert got == {
        "extern_kernels.addmm:1": (["wrap_body_0.linear"], "b1.fc1"),
        "extern_kernels.addmm:3": (["wrap_body_0.gelu", "wrap_body_0.linear_1"], "b1.fc2"),
        "extern_kernels.addmm:5": (["wrap_body_1.linear"], "b2.fc1"),
        "extern_kernels.addmm:7": (["wrap_body_1.gelu", "wrap_body_1.linear_1"], "b2.fc2"),
    }
    bwd = {k.key: k for k in index.kernels if k.graph.kind == "backward"}
    # the backward runs block 2's recomputation first (PyTorch's stack traces: wild.py:98 for :1, :97 for :10)
    assert bwd["extern_kernels.addmm:1"].pre_grad_nodes == ["wrap_body_1.linear"]
    assert bwd["extern_kernels.addmm:10"].pre_grad_nodes == ["wrap_body_0.linear"]
    # every launch with a comment has its pre-grad nodes (before: 1 of 24 kernels)
    assert sum(1 for k in index.kernels if k.pre_grad_nodes) == 16


def test_28_commentless_cpp_kernel_takes_the_subgraph_node_between_its_neighbours(cache_dir):
    """The gelu C++ kernels have no comment and their post-grad nodes (mul, erf, ...) name no pre-grad node: the
    post-grad graph says they read addmm:1's node and addmm:3 reads theirs, whose pre-grad nodes are in wrap_body_0;
    the one node of wrap_body_0 between linear and linear_1 is gelu.  A kernel whose neighbours lie in several subgraphs
    (cpp_fused_add_1:4, between block 1 and block 2) takes none."""
    index = load([bug("28/input/trace")], Cache(cache_dir))
    kernels = by_key(index)
    got = {
        key: (kernels[("forward", key)].pre_grad_nodes, module_text(kernel_module(kernels[("forward", key)])))
        for key in ("cpp_fused_gelu_0:2", "cpp_fused_gelu_0:6")
    }
    # gelu reads no parameter: no module (provenance/modules.py's rule, as for a reshape between two GEMMs)
    assert got == {"cpp_fused_gelu_0:2": (["wrap_body_0.gelu"], None), "cpp_fused_gelu_0:6": (["wrap_body_1.gelu"], None)}
    assert kernels[("forward", "cpp_fused_gelu_0:2")].launches[0].pre_grad_nodes == ["wrap_body_0.gelu"]
    # the backward's recomputation of block 2's gelu, between its recomputed fc1 and fc2
    assert kernels[("backward", "cpp_fused_gelu_0:2")].pre_grad_nodes == ["wrap_body_1.gelu"]
    assert kernels[("forward", "cpp_fused_add_1:4")].pre_grad_nodes == []


# --------------------------------------------------------------------------- 30: tensor parallel


def test_30_tp_gemm_keeps_what_it_computes_and_the_mapping_is_questioned(cache_dir):
    """PyTorch's mapping gives the RowwiseParallel GEMM ``extern_kernels.addmm:3`` the all-reduce's ``wait_tensor``
    (stack: DTensor's style.py:298); its comment names aten.addmm: the comment and the graph win, with a warning."""
    index = load([bug("30/input/tp/trace")], Cache(cache_dir))
    gemms = [k for k in index.kernels if k.key == "extern_kernels.addmm:3"]
    assert len(gemms) == 2  # one per rank
    for k in gemms:
        lines = [(os.path.basename(f.file), f.line) for f in k.model_lines]
        assert (k.post_grad_nodes, k.aten_ops, k.pre_grad_nodes, lines) == (["addmm_1"], ["aten.addmm"], ["linear_1"], [("wild.py", 18)])
        assert module_text(kernel_module(k)) == "fc2"
    said = [w.message for w in index.warnings if "mapping gives extern_kernels.addmm:3" in w.message]
    assert said and "wait_tensor" in said[0] and "addmm" in said[0]
    # the collectives themselves keep the mapping's line (DTensor's redistribute)
    reduce_ = [k for k in index.kernels if k.name.startswith("torch.ops._c10d_functional.all_reduce_")]
    assert {os.path.basename(f.file) for k in reduce_ for f in k.model_lines} == {"style.py"}


# --------------------------------------------------------------------------- 33: AOTInductor packages


def test_33_package_models_told_apart_and_no_false_mapping_hint(cache_dir, tmp_path):
    """A package of two models: each model's graphs carry its name as compile id; its kernels are linked by
    kernel_information.json, so the table does not say the mapping is missing; an extern call's ATen op is its own."""
    index = load([bug("33/input/two.pt2")], Cache(cache_dir))
    by_model: dict[str, set] = {}
    for k in index.kernels:
        by_model.setdefault(k.graph.compile_id, set()).add(k.key)
    assert by_model == {
        "mlp": {"aoti_torch_cpu_addmm_out:1", "cpp_fused_relu_0:2", "aoti_torch_cpu_addmm_out:3", "cpp_fused_mul_sigmoid_1:4"},
        "conv": {
            "cpp_fused_convolution_0:1",
            "aoti_torch_cpu_convolution:2",
            "cpp_fused__native_batch_norm_legit_no_training_relu_1:3",
            "aoti_torch_cpu_addmm_out:4",
        },
    }
    assert {k.provenance for k in index.kernels} == {"kernel_information"}
    assert [sorted(t.compile_ids) for t in index.traces] == [["conv", "mlp"]]
    # the same kernel of the same run gets the same ATen op from the package as from the run's log
    package = {k.key: k for k in load([bug("33/input/mlp.pt2")], Cache(cache_dir)).kernels}
    log = {k.key: k for k in load([bug("33/input/aoti_trace")], Cache(cache_dir)).kernels}
    assert package["aoti_torch_cpu_addmm_out:3"].aten_ops == log["aoti_torch_cpu_addmm_out:3"].aten_ops == ["aten.addmm"]
    # a fused C++ kernel: its node names spell its name (Inductor names it after the same original ATen ops)
    assert package["cpp_fused_relu_0:2"].aten_ops == log["cpp_fused_relu_0:2"].aten_ops == ["aten.relu"]
    assert package["cpp_fused_relu_0:2"].launches[0].aten_ops == ["aten.relu"]
    mul = "cpp_fused_mul_sigmoid_1:4"
    assert sorted(package[mul].aten_ops) == sorted(log[mul].aten_ops) == ["aten.mul", "aten.sigmoid"]
    # decomposed nodes (add_1, rsqrt, ...) do not spell `_native_batch_norm_legit_no_training`: no ATen op, not a guess
    bn = next(k for k in index.kernels if k.name.startswith("cpp_fused__native_batch_norm"))
    assert bn.aten_ops == []
    out = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", bug("33/input/mlp.pt2"), "--cache-dir", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0 and "kernel_information 4" in out.stdout
    assert "mapping was not found" not in out.stdout + out.stderr


def test_33_name_confirmed_aten_only_when_the_names_spell_the_kernel():
    from inductor_lens.index.packages import name_confirmed_aten

    assert name_confirmed_aten("cpp_fused_mul_sigmoid_1", ["sigmoid", "mul_3", "mul"]) == ["aten.sigmoid", "aten.mul"]
    assert name_confirmed_aten("cpp_fused_mul_sigmoid_1", ["mul"]) == []  # sigmoid unexplained
    assert name_confirmed_aten("cpp_fused_add_mul_1", ["add", "mul", "view"]) == ["aten.add", "aten.mul"]
    assert name_confirmed_aten("cpp_fused_relu_1", ["elu"]) == []
    assert name_confirmed_aten("aoti_torch_cpu_addmm_out", ["addmm"]) == []


# --------------------------------------------------------------------------- 8: kinds no input was given for

JOBS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "jobs48")


@pytest.mark.parametrize(
    "name,defs,launches,post",
    [
        # 2.7 - 2.9: header comments above mps_lib_N = compile_mps_shader("""..."""), launched as mps_lib_N.generated_kernel(...)
        ("output_code_2_7.py", {"mps_lib_0": 33, "mps_lib_1": 52}, {"mps_lib_0": [88], "mps_lib_1": [98]}, True),
        # 2.13: generated_kernel_N = async_compile.metal('generated_kernel_N', '''...''', [...]) with no header, bare calls
        (
            "output_code_2_13.py",
            {"generated_kernel_0": 30, "generated_kernel_1": 45},
            {"generated_kernel_0": [80], "generated_kernel_1": [90]},
            False,
        ),
    ],
)
def test_8_mps_kernels_and_launches(name, defs, launches, post, cache_dir):
    """MPS output code (torch/_inductor/codegen/mps.py): Metal kernels are read with their launches, the header map's
    nodes and the launch comment's ATen ops; kind ``mps``."""
    index = load([os.path.join(JOBS, "mps", name)], Cache(cache_dir))
    mps = {k.name: k for k in index.kernels if k.kind == "mps"}
    assert {n: k.definition.line for n, k in mps.items() if k.definition} == defs
    assert {n: [la.line for la in k.launches] for n, k in mps.items()} == launches
    relu, mul = (mps[n] for n in sorted(mps))
    assert (relu.aten_ops, relu.pre_grad_nodes) == (["aten.relu"], ["h"])
    assert (mul.aten_ops, mul.pre_grad_nodes) == (["aten.sigmoid", "aten.mul"], ["sigmoid", "mul"])
    assert (relu.post_grad_nodes, sorted(mul.post_grad_nodes)) == ((["relu"], ["mul", "sigmoid"]) if post else ([], []))
    assert not index.warnings


def test_8_package_cpp_only_kernel_definition_is_its_body(cache_dir):
    """aoti_compile_and_package(..., inductor_configs={"aot_inductor.package_cpp_only": True}) (PyTorch 2.13, CPU): the
    kernel code is appended to wrapper.cpp, which declares each kernel near the top; the definition is the body."""
    index = load([os.path.join(JOBS, "cpp_only", "mlp_cpp_only.pt2")], Cache(cache_dir))
    cpp = {k.name: k for k in index.kernels if k.kind == "cpp"}
    assert {n: k.definition.line for n, k in cpp.items()} == {"cpp_fused_relu_0": 900, "cpp_fused_mul_sigmoid_1": 922}
    for k in cpp.values():
        text = open(k.definition.path, encoding="utf-8").read().split("\n")[k.definition.line - 1 :]
        assert text[0].startswith('extern "C"') and ";" not in "".join(text[:2]) and "{" in "".join(text[:3])
    assert {k.provenance for k in index.kernels} == {"kernel_information"}


def test_8_two_runs_rank_logs_in_one_folder(cache_dir):
    """Two real 2-rank gloo runs (tests/data/jobs48/two_runs: run 1's logs began 04:36:05, run 2's 04:37:36) whose four
    rank logs sit in one folder: each run's ranks are one group of their own (never a group holding both runs' logs)."""
    from inductor_lens.analysis.core import job_story

    folder = os.path.join(JOBS, "two_runs", "trace")
    story = job_story(load([folder], Cache(cache_dir)))
    assert story is not None and len(story.runs) == 2
    names = [[sorted(os.path.basename(t)[len("dedicated_log_torch_trace_") :] for t in g.traces) for g in run.groups] for run in story.runs]
    assert names == [[["rank_0_jth1dzjg.log", "rank_1_kg9zuyks.log"]], [["rank_0_ex4ooms1.log", "rank_1_m5zmnjng.log"]]]
    assert [run.started for run in story.runs] == ["1206 04:36:05.106000", "1206 04:37:36.187000"]
    assert all(g.ranks == [0, 1] and g.compiles == 1 and g.kernels == 10 for run in story.runs for g in run.groups)
    # one run's logs alone: no runs
    one = [
        os.path.join(folder, n) for n in ("dedicated_log_torch_trace_rank_0_jth1dzjg.log", "dedicated_log_torch_trace_rank_1_kg9zuyks.log")
    ]
    alone = job_story(load(one, Cache(cache_dir)))
    assert alone is not None and alone.runs == [] and [g.ranks for g in alone.groups] == [[0, 1]]


def test_29_cpp_alignment_agrees_with_pytorch_mapping_on_gpu_aoti(load_case):
    """The C++ wrapper's dataflow of a GPU AOTInductor run (H200, 2.11: Triton launches through ``call_<kernel>``,
    the Triton source kept in the wrapper for its parameters, inputs declared ``arg6_1: "f32[...]";`` in the exported
    post-grad graph) aligned with the post-grad graph gives each launch the nodes PyTorch's mapping gives it: 4 of 4."""
    from inductor_lens.provenance.infer import infer_graph_launches
    from inductor_lens.readers.output_code import parse_output_code

    (graph,) = load_case("torch-2.11-cuda/aoti").graphs
    assert graph.post_grad.inputs[""] == ["arg6_1"]
    text = open(graph.output_code, encoding="utf-8").read()
    inferred = infer_graph_launches(parse_output_code(text, "cpp"), text, graph.post_grad)
    launches = [la for k in graph.kernels for la in k.launches]
    assert len(launches) == 4 and {k.provenance for k in graph.kernels} == {"mapping"}
    assert [sorted(inferred.get(la.line, [])) for la in launches] == [sorted(la.post_grad_nodes) for la in launches]
