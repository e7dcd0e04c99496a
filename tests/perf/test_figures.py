"""Bytes, FLOPs and throughput per launch, kernel and model line (inductor_lens.perf), on real
traces: two H200 runs made with TORCHINDUCTOR_BENCHMARK_KERNEL=1 (SmallCNN and GPT-2 training,
each with its torch.profiler trace), and CPU PyTorch 2.14.

The bytes are derived from the same log with what that flag adds removed
(scripts/strip_benchmark_kernel.py: ``kernel_num_gb``/``kernel_flop`` and each kernel's benchmark
harness, MD5s recomputed: the output code then equals, byte for byte, a run made without the flag)
and compared with the figure Inductor itself wrote (``kernel_num_gb``) in the original."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import DATA, REPO, TRACES
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.perf.devices import device_peak
from inductor_lens.perf.figures import GraphFigures, parse_ann
from inductor_lens.perf.throughput import IndexFigures

BENCH = {  # Triton launches in their output codes
    "profile_cnn_bench": 11,
    "profile_gpt2_train_bench": 42,
    "profile_convnext_train_bench": 172,  # incl. 3 reads of a buffer mutated by atomic adds before
    "mlp_train_autotune_bench": 11,  # 6 GEMM templates (one addmm with a fused epilogue)
}
PROFILED = ["profile_cnn_bench", "profile_gpt2_train_bench", "profile_convnext_train_bench"]


def _case(name: str) -> str:
    return os.path.join(DATA, "pairs", "torch-2.11-cuda", name)


def _log(name: str) -> str:
    folder = os.path.join(_case(name), "trace")
    (log,) = [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".log")]
    return log


def _figures(index):
    out = {}
    for graph in index.graphs:
        with open(graph.output_code, encoding="utf-8") as fh:
            figs = GraphFigures(graph, fh.read().split("\n"))
        for kernel in graph.kernels:
            for n, launch in enumerate(kernel.launches):
                out[(graph.compile_id, graph.kind, kernel.key, n)] = (kernel, figs.figures(kernel, launch))
    return out


@pytest.fixture(scope="module")
def stripped(tmp_path_factory):
    """{case: path of its log as a run without the flag writes it}."""
    out = {}
    for name in BENCH:
        dest = tmp_path_factory.mktemp(name) / "dedicated_log_torch_trace_stripped.log"
        subprocess.run([sys.executable, os.path.join(REPO, "scripts", "strip_benchmark_kernel.py"), _log(name), str(dest)], check=True)
        out[name] = str(dest)
    return out


@pytest.mark.parametrize("name", sorted(BENCH))
def test_triton_bytes_derived_without_the_flag_match_inductors_kernel_num_gb(name, stripped, cache_dir):
    text = open(stripped[name], encoding="utf-8").read()
    assert "kernel_num_gb" not in text and "def get_args():\n    arg_0" not in text  # nothing of the flag is left
    original = _figures(load([_log(name)], Cache(cache_dir)))
    original_text = open(_log(name), encoding="utf-8").read()
    derived = _figures(load([stripped[name]], Cache(cache_dir)))
    assert original.keys() == derived.keys()
    compared = 0
    for key, (kernel, fig) in derived.items():
        if not kernel.kind.startswith(("pointwise", "reduction", "persistent_reduction", "template")):
            continue
        _, ref = original[key]
        assert ref.bytes_from == "inductor" and ref.bytes > 0, key  # the flag's figure, used and said
        if kernel.kind == "template":  # and the template's FLOPs are Inductor's kernel_flop
            flop = re.search(re.escape(kernel.name) + r" = async_compile\.triton\(.*?'kernel_flop': (\d+)", original_text, re.S)
            assert flop and fig.flops == int(flop.group(1)), key
        assert fig.bytes_from == "derived" and fig.bytes is not None, (key, fig.why)
        assert abs(fig.bytes - ref.bytes) <= 0.02 * ref.bytes, (key, fig.bytes, ref.bytes)
        compared += 1
    assert compared == BENCH[name]


def test_gemm_and_convolution_flops_from_the_post_grad_shapes(cache_dir):
    """Every extern GEMM launch: 2·M·N·K of the shapes the post-grad graph prints for its node
    (an addmm's bias add not counted); convolutions: PyTorch's FLOP-counter rule."""
    index = load([_log("profile_gpt2_train_bench"), _log("profile_cnn_bench")], Cache(cache_dir))
    gemms = convs = 0
    for key, (kernel, fig) in _figures(index).items():
        if kernel.kind != "extern" and kernel.kind != "fallback":
            continue
        post = kernel.graph.post_grad
        ops = ("aten.mm.default", "aten.addmm.default", "aten.convolution.default")
        nodes = [post.nodes[n] for n in kernel.launches[key[3]].post_grad_nodes if post.nodes[n].target.endswith(ops)]
        if not nodes:
            continue
        node = nodes[0]
        shapes = [parse_ann(post.nodes[a].ann if a in post.nodes else post.placeholders[a])[0][1] for a in node.args]
        if node.target.endswith(("aten.mm.default", "aten.addmm.default")):
            a, b = shapes[-2:]
            assert fig.flops == 2 * a[0] * a[1] * b[1], (key, fig.flops, shapes)
            gemms += 1
        elif node.target.endswith("aten.convolution.default"):
            x, w = shapes[:2]
            out = parse_ann(node.ann)[0][1]
            assert fig.flops == 2 * x[0] * w[0] * w[1] * w[2] * w[3] * out[2] * out[3], key
            convs += 1
    assert gemms >= 20 and convs == 2, (gemms, convs)


def test_cpp_kernel_bytes_checked_by_hand(cache_dir):
    """C++ kernels have no Inductor figure: cpp_fused_gelu_native_layer_norm_0 of the 2.14 CPU
    MLP, by hand from its launch ``(buf2, buf4, buf0, primals_4, primals_5, buf5)``: the mean and
    rstd (64 floats each, in place: twice), the GEMM's output read (64×1024), LayerNorm's weight
    and bias (1024 each), the output written (64×1024)."""
    figures = _figures(load([os.path.join(TRACES, "torch-2.14-cpu", "mlp_train")], Cache(cache_dir)))
    ((kernel, fig),) = [v for k, v in figures.items() if k[2] == "cpp_fused_gelu_native_layer_norm_0:2"]
    assert fig.bytes == (64 * 2 + 64 * 2 + 64 * 1024 + 1024 + 1024 + 64 * 1024) * 4 == 533504
    assert fig.flops is None
    ((_, mm),) = [v for k, v in figures.items() if k[:3] == ("0/0", "forward", "extern_kernels.addmm:1")]
    assert mm.flops == 2 * 64 * 1024 * 256 and mm.bytes == (1024 + 64 * 256 + 256 * 1024 + 64 * 1024) * 4


@pytest.mark.parametrize("name", PROFILED)
def test_report_json_throughput_is_bytes_over_mean_time_against_the_h200(name, cache_dir):
    case = _case(name)
    (profile,) = [os.path.join(case, f) for f in os.listdir(case) if f.startswith("profile_trace.json")]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "inductor_lens",
            "report",
            os.path.join(case, "trace"),
            "--profile",
            profile,
            "--json",
            "--cache-dir",
            cache_dir,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    doc = json.loads(proc.stdout)
    assert doc["devices"][0]["name"] == "NVIDIA H200" and doc["devices"][0]["table"] == "H200"
    peak = device_peak("NVIDIA H200")
    measured = 0
    for k in doc["kernels"]:
        launches = k["launches"]
        assert all(isinstance(la["bytes"], int) for la in launches), k["key"]
        assert k["bytes"] == sum(la["bytes"] for la in launches)
        m = k["measured"]
        if m is None:
            continue
        measured += 1
        assert m["gbps"] == pytest.approx(k["bytes"] / m["mean_us"] / 1e3, rel=1e-3, abs=1e-3)
        # below a tenth of both roofs: latency-bound (a small kernel), whatever side of the ridge (issue 50 item 4)
        hbm = m["gbps"] / peak.hbm_gbps
        assert m["hbm_fraction"] == pytest.approx(hbm, abs=1e-4)
        if k["flops"] is None:
            assert m["tflops"] is None and m["bound"] == ("latency" if hbm < 0.1 else "memory")
            assert m["peak_fraction"] == pytest.approx(m["gbps"] / peak.hbm_gbps, abs=1e-4)
        else:
            assert m["tflops"] == pytest.approx(k["flops"] / m["mean_us"] / 1e6, rel=1e-3, abs=1e-4)
            intensity = k["flops"] / k["bytes"]
            dtype = "tf32" if "convolution" in k["name"] else "f32"  # cuDNN's TF32 default for float32 convolutions
            compute = m["tflops"] / peak.peak_tflops(dtype)
            assert m["compute_fraction"] == pytest.approx(compute, abs=1e-4)
            side = "compute" if intensity >= peak.ridge(dtype) else "memory"
            assert m["bound"] == ("latency" if max(hbm, compute) < 0.1 else side), k["key"]
            if side == "compute":
                assert m["roof"] == {"f32": "FP32", "tf32": "TF32"}[dtype] and m["peak_fraction"] == pytest.approx(
                    m["tflops"] / peak.peak_tflops(dtype), abs=1e-4
                )
    assert measured >= 10
    # model lines: their bytes add up to the launches' bytes (each launch split across its lines)
    launches_bytes = sum(k["bytes"] for k in doc["kernels"] if k["model_lines"])
    assert sum(r["bytes"] for r in doc["lines"]) == pytest.approx(launches_bytes, rel=1e-6, abs=len(doc["lines"]))


def test_a_device_not_in_the_table_and_cpu_time_claim_no_peak():
    assert device_peak("NVIDIA GeForce GTX 1080") is None and device_peak(None) is None
    assert device_peak("NVIDIA H100 80GB HBM3").name == "H100 SXM" and device_peak("NVIDIA A100-SXM4-40GB").name == "A100 SXM 40GB"
    assert device_peak("AMD Instinct MI300X").hbm_gbps == 5300
    from inductor_lens.perf.throughput import derive

    cpu = derive(1000, None, None, 2.0, "cpu", device_peak("NVIDIA H200"))
    assert cpu.gbps == 0.5 and cpu.peak_fraction is None and cpu.device is None
    unknown = derive(4_000_000, None, None, 2.0, "device", None)
    assert unknown.gbps == 2000 and unknown.peak_fraction is None and unknown.bound == "memory"


def test_dynamic_shapes_say_unknown(cache_dir):
    """mlp_train_dynamic (symbolic batch): a buffer sized ``s0`` makes the bytes unknown, said."""
    index = load([_log("mlp_train_dynamic")], Cache(cache_dir))
    figs = IndexFigures(index)
    unknown = [figs.launch(k, la) for k in index.kernels for la in k.launches if figs.launch(k, la).bytes is None]
    assert unknown and all(re.search(r"dynamic shapes|not fixed", f.why or "") for f in unknown if f.why)


def test_why_this_shape_reads_the_only_config_and_autotunings_choice(cache_dir, tmp_path):
    """The bench CNN's max-pool kernel had 2 configs: the one autotuning chose is the Inductor cache's
    .best_config beside the kernel's file (kept beside the trace); without that cache it is said
    unknown. The batch-norm reduction had one config, logged in triton_kernel_info."""
    import shutil

    from inductor_lens.index.kernel_facts import KernelFactsReader
    from inductor_lens.perf.shape import shape_json, shape_text

    case = _case("profile_cnn_bench")
    folder = os.path.join(case, "inductor_cache", "tv")
    (best,) = [f for f in os.listdir(folder) if f.endswith(".best_config")]
    chosen = json.load(open(os.path.join(folder, best)))
    index = load([_log("profile_cnn_bench")], Cache(cache_dir))
    facts = KernelFactsReader(index)
    pool = next(k for k in index.kernels if k.name == "triton_poi_fused_max_pool2d_with_indices_1")
    shape = shape_json(facts.facts(pool))
    assert shape["heuristic"] == "pointwise" and shape["configs_tried"] == 2 and shape["autotune_cache"] == "miss"
    assert shape["config_from"] == "autotuned"
    assert shape["config"] == {k: chosen[k] for k in ("XBLOCK", "num_warps", "num_stages")}
    assert shape_text(facts.facts(pool)) == (
        f"pointwise · XBLOCK={chosen['XBLOCK']}, num_warps={chosen['num_warps']}, num_stages={chosen['num_stages']} "
        "(chosen by autotuning out of 2 configs) · 4 loads, 2 stores, 0 reductions"
    )
    bn = next(k for k in index.kernels if k.name.startswith("triton_red_fused__native_batch_norm_legit_functional_convolution_copy__relu"))
    assert shape_json(facts.facts(bn))["config_from"] == "only config"
    assert shape_json(facts.facts(bn))["config"] == {"R0_BLOCK": 2048, "XBLOCK": 1, "num_warps": 16, "num_stages": 1}
    # the log alone (no Inductor cache at hand): autotuning's choice is said unknown
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(_log("profile_cnn_bench"), alone)
    index = load([str(alone)], Cache(cache_dir))
    pool = next(k for k in index.kernels if k.name == "triton_poi_fused_max_pool2d_with_indices_1")
    text = shape_text(KernelFactsReader(index).facts(pool))
    assert "2 configs tried; chosen config unknown (the Inductor cache's .best_config is not at hand" in text


def test_capture_keeps_autotunings_choice_beside_the_trace(cache_dir, tmp_path):
    """capture copies each kernel's .best_config (and file) from the Inductor cache the log names
    into <out>/torchinductor/, where the index finds it once the run's cache is gone."""
    import shutil

    from inductor_lens.capture.keep import keep_kernel_configs
    from inductor_lens.index.kernel_facts import KernelFactsReader
    from inductor_lens.perf.shape import shape_json

    cache = tmp_path / "tmp" / "torchinductor_profile_cnn_bench"  # the run's Inductor cache, here
    shutil.copytree(os.path.join(_case("profile_cnn_bench"), "inductor_cache"), cache)
    out = tmp_path / "capture"
    (out / "trace").mkdir(parents=True)
    log = out / "trace" / "dedicated_log_torch_trace_x.log"
    sys.path.insert(0, os.path.join(REPO, "scripts"))
    from rewrite_trace_paths import rewrite  # (the payload MD5s recomputed)

    data, _, _ = rewrite(open(_log("profile_cnn_bench"), "rb").read(), [(b"/tmp/torchinductor_profile_cnn_bench", str(cache).encode())])
    log.write_bytes(data)
    assert keep_kernel_configs([str(log)], str(out)) == 3
    assert sorted(os.listdir(out / "torchinductor")) == ["a4", "tv", "vx"]
    shutil.rmtree(cache)  # the run's cache is gone: the copy answers
    index = load([str(log)], Cache(cache_dir))
    pool = next(k for k in index.kernels if k.name == "triton_poi_fused_max_pool2d_with_indices_1")
    assert shape_json(KernelFactsReader(index).facts(pool))["config_from"] == "autotuned"


def test_convolution_backward_flops_count_a_grouped_weight_gradient_once(cache_dir):
    """ConvNeXt's depthwise 7x7 convolutions (groups = channels): every convolution_backward launch
    is its grad-input and grad-weight convolutions as its output_mask asks, each the forward's
    2·N·Cout·(Cin/groups)·kh·kw·Ho·Wo (PyTorch's counter would count the weight gradient `groups`
    times: 40-320x here)."""
    index = load([_log("profile_convnext_train_bench")], Cache(cache_dir))
    checked = grouped = 0
    for key, (kernel, fig) in _figures(index).items():
        if kernel.name != "torch.ops.aten.convolution_backward.default":
            continue
        post = kernel.graph.post_grad
        (node,) = [
            post.nodes[n] for n in kernel.launches[key[3]].post_grad_nodes if post.nodes[n].target.endswith("convolution_backward.default")
        ]
        g, x, w = (parse_ann(post.nodes[a].ann if a in post.nodes else post.placeholders[a])[0][1] for a in node.args[:3])
        with open(post.path, encoding="utf-8") as fh:
            text = fh.read().split("\n")[node.line - 1]
        groups = int(re.search(r"\], False, \[[^\]]*\], (\d+), \[", text).group(1))
        mask = [m == "True" for m in re.search(r"\[(True|False), (True|False), (True|False)\]\)", text).groups()]
        forward = 2 * g[0] * w[0] * w[1] * w[2] * w[3] * g[2] * g[3]
        assert w[1] * groups == x[1]
        assert fig.flops == forward * (mask[0] + mask[1]), (key, groups, mask)
        checked += 1
        grouped += groups > 1
    assert checked >= 20 and grouped >= 10, (checked, grouped)


def test_an_extern_launch_counts_the_node_it_calls_not_the_helpers_gathered_with_it(cache_dir):
    """A new user's trial: of two identical attention calls (GPT-2's two layers), the second was
    counted as 512 B (its node list starts with the causal mask's ``iota``, 64 x int64) and called
    compute-bound at 0.05 GB/s.  Every extern and fallback launch counts the node whose ATen op it
    calls: here the efficient-attention node's output and inputs, the same for both layers."""
    from inductor_lens.perf.figures import called_op
    from inductor_lens.perf.shapes import ann_bytes

    assert called_op("torch.ops.aten._scaled_dot_product_efficient_attention.default") == "aten._scaled_dot_product_efficient_attention"
    assert called_op("extern_kernels.addmm") == "aten.addmm" and called_op("triton_poi_fused_add_0") is None
    index = load([os.path.join(TRACES, "torch-2.11-cuda", "profile", "trace")], Cache(cache_dir))
    attention = [
        (kernel, fig) for (_, _, _, _), (kernel, fig) in _figures(index).items() if kernel.name.endswith("_efficient_attention.default")
    ]
    assert len(attention) == 2
    for kernel, fig in attention:
        post = kernel.graph.post_grad
        (node,) = [post.nodes[n] for n in kernel.launches[0].post_grad_nodes if post.nodes[n].target == kernel.name]
        inputs = sum(ann_bytes(post.nodes[a].ann if a in post.nodes else post.placeholders[a]) or 0 for a in node.args)
        outputs = sum(ann_bytes(u.ann) or 0 for u in post.nodes.values() if u.args[:1] == (node.key,) and u.ann)
        assert fig.bytes == inputs + outputs > 500_000, (kernel.key, fig.bytes, inputs, outputs)
    assert attention[0][1].bytes == attention[1][1].bytes


def test_a_tuple_results_bytes_come_from_the_graphs_users_index(cache_dir):
    """An extern node printed without an annotation (a tuple result: ConvNeXt's 40
    convolution_backward nodes) counts its getitem users' annotations, found in the post-grad
    graph's users index (built once, not a scan of every node per tuple node): the index lists
    exactly the nodes that read each key, in graph order, and the bytes are those of the
    slow scan."""
    from inductor_lens.perf.figures import _outputs_bytes
    from inductor_lens.perf.shapes import ann_bytes

    index = load([_log("profile_convnext_train_bench")], Cache(cache_dir))
    checked = 0
    for graph in index.graphs:
        post = graph.post_grad
        nodes = list(post.nodes.values())
        for key in [*post.nodes, *post.placeholders]:
            assert post.users(key) == [n for n in nodes if key in n.args], key
        for node in nodes:
            if node.ann or not node.target.startswith("torch.ops.aten."):
                continue
            scanned = [u for u in nodes if u.args[:1] == (node.key,) and u.ann and u.target.startswith(f"{node.name}[")]
            assert scanned and _outputs_bytes(post, node) == sum(ann_bytes(u.ann) for u in scanned), node.key
            checked += 1
    assert checked == 57  # 17 var_mean (forward), 40 convolution_backward (backward)
    post = next(g.post_grad for g in index.graphs if g.kind == "backward")
    # f32[4, 1280, 2, 2] grad input + f32[320, 1280, 1, 1] grad weight
    assert [u.name for u in post.users("convolution_backward")] == ["getitem_34", "getitem_35"]
    assert _outputs_bytes(post, post.nodes["convolution_backward"]) == (4 * 1280 * 2 * 2 + 320 * 1280) * 4 == 1_720_320
