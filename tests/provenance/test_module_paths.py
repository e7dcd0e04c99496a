"""Module paths of kernels and launches, from the pre-grad graph's parameter names (module_paths.py)."""

from __future__ import annotations

import re

import pytest
from inductor_lens.model import Frame, FxGraph, FxNode
from inductor_lens.provenance.modules import kernel_module, module_of_nodes, parameter_owner
from inductor_lens.report.json_report import kernel_json

GEMMS = ("aten.mm", "aten.addmm")


def forward_gemm_launches(index) -> list[tuple[str, dict]]:
    """(kernel key, launch JSON) of every extern GEMM launch of the forward graphs, in code order."""
    out = []
    for kernel in index.kernels:
        if kernel.graph.kind != "forward" or kernel.kind != "extern" or not set(kernel.aten_ops) & set(GEMMS):
            continue
        out.extend((kernel.key, launch) for launch in kernel_json(kernel, None)["launches"])
    return sorted(out, key=lambda kl: kl[1]["line"])


@pytest.mark.parametrize("case,layers", [("torch-2.11-cuda/gpt2_train", 2), ("torch-2.11-cuda/gpt2_l12_train", 12)])
def test_every_forward_gemm_launch_names_its_layer(load_case, case, layers):
    rows = forward_gemm_launches(load_case(case))
    assert len(rows) == 4 * layers + 1  # c_attn, attn.c_proj, c_fc, mlp.c_proj per block, and lm_head
    modules = [launch["module"] for _, launch in rows]
    expected = [f"transformer.h.{i}.{m}" for i in range(layers) for m in ("attn.c_attn", "attn.c_proj", "mlp.c_fc", "mlp.c_proj")]
    assert modules[:-1] == expected  # each launch its own layer: distinct across layers
    assert len(set(modules)) == len(modules)
    assert all(not launch["module_shared"] for _, launch in rows[:-1])
    # lm_head's weight is transformer.wte's (tied): the owner is named and said to be shared
    key, lm_head = rows[-1]
    assert (lm_head["module"], lm_head["module_shared"], lm_head["modules"]) == ("transformer.wte", True, ["transformer.wte"])
    assert "modeling_gpt2.py" in lm_head["model_lines"][0]["file"] and lm_head["model_lines"][0]["line"] == 697


def test_kernel_json_module_fields(load_case):
    index = load_case("torch-2.11-cuda/gpt2_train")
    by_key = {(k.graph.compile_id, k.graph.kind, k.key): kernel_json(k, None) for k in index.kernels}
    c_fc = by_key[("1/0_1", "forward", "extern_kernels.addmm:11")]
    assert (c_fc["module"], c_fc["modules"], c_fc["module_shared"]) == ("transformer.h.0.mlp.c_fc", ["transformer.h.0.mlp.c_fc"], False)
    # a fused kernel reading ln_2's weights and attn.c_proj's bias: the block they share
    fused = by_key[("1/0_1", "forward", "triton_per_fused_add_addmm_native_dropout_native_layer_norm_native_layer_norm_backward_view_5:10")]
    assert fused["module"] == "transformer.h.0" and fused["modules"] == ["transformer.h.0.attn.c_proj", "transformer.h.0.ln_2"]
    # reads no parameter: the graph does not say
    split = by_key[("1/0_1", "forward", "triton_poi_fused_cat_split_transpose_view_2:5")]
    assert (split["module"], split["modules"], split["module_shared"]) == (None, [], False)


def test_modules_without_a_common_prefix_and_buffers(load_case):
    index = load_case("torch-2.11-cuda/cnn_train")
    by_key = {(k.graph.kind, k.key): k for k in index.kernels}
    conv = kernel_module(by_key[("forward", "extern_kernels.convolution:1")])
    assert conv is not None and conv.path == "conv1"
    bn = kernel_module(by_key[("forward", "triton_red_fused__native_batch_norm_legit_functional_convolution_copy__relu_0:2")])
    assert bn is not None and bn.path is None and bn.modules == ("conv1", "bn1")  # conv bias + bn1 weights and buffers


def test_a_kernel_without_debug_handles_has_a_module_per_launch(load_case):
    """PyTorch 2.6 (no provenance, the Dynamo graph as pre-grad graph): one bare ``extern_kernels.addmm``
    entry launched by fc1 and by fc2; the kernel names both, each launch its own."""
    index = load_case("torch-2.6-cpu/mlp_train")
    (addmm,) = [k for k in index.kernels if k.graph.kind == "forward" and k.key == "extern_kernels.addmm"]
    data = kernel_json(addmm, None)
    assert (data["module"], data["modules"]) == (None, ["fc1", "fc2"])
    assert [la["module"] for la in data["launches"]] == ["fc1", "fc2"]


def test_export_names_say_no_module(load_case):
    """AOTInductor's export graph names parameters ``p_fc1_weight``: no module rather than a guess."""
    index = load_case("torch-2.11-cuda/aoti")
    assert index.kernels and all(kernel_json(k, None)["module"] is None for k in index.kernels)


@pytest.mark.parametrize(
    "name,owner",
    [
        ("l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_weight_", "transformer.h.0.attn.c_attn"),
        ("L_self_modules_transformer_modules_h_modules_11_modules_ln_2_parameters_bias_", "transformer.h.11.ln_2"),
        ("l_self_modules_bn1_buffers_running_mean_", "bn1"),
        ("L_m_modules_fc1_parameters_weight_", "m.fc1"),  # compiled function taking the module as `m`
        ("l_self_parameters_scale_", "self"),
        (
            "l_self_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_",
            "block.0.layer.0.SelfAttention.q",
        ),
        ("l_x_", None),
        ("p_fc1_weight", None),
        ("view_1", None),
    ],
)
def test_parameter_owner(name, owner):
    assert parameter_owner(name) == owner


def _graph(lines: list[tuple[str, tuple[str, ...], int]]) -> FxGraph:
    """A reduced pre-grad graph: (node, args, source line) as Dynamo prints them."""
    nodes = {}
    for n, (name, args, line) in enumerate(lines):
        frame = Frame("/workspace/proj/model.py", line, "forward", "") if line else None
        nodes[name] = FxNode(name, "torch.x", n + 1, 8, frame, args=args)
    return FxGraph("/nonexistent/pre_grad.py", nodes)


def test_tied_weight_and_weights_read_through_a_view():
    w = "l_self_modules_emb_parameters_weight_"
    graph = _graph(
        [
            (w, ("L_self_modules_emb_parameters_weight_",), 0),
            ("emb", ("ids", w), 10),  # self.emb(ids)
            ("t", (w,), 20),  # the same weight read again by the head (tied): a second source line
            ("logits", ("h", "t"), 20),
            ("lw", ("l_self_modules_fc_parameters_weight_",), 30),  # a weight read through .t()
            ("y", ("h", "lw"), 30),
        ]
    )
    head = module_of_nodes(graph, ["logits"])
    assert head is not None and (head.path, head.shared) == ("emb", True)
    fc = module_of_nodes(graph, ["y"])
    assert fc is not None and (fc.path, fc.modules, fc.shared) == ("fc", ("fc",), False)
    assert module_of_nodes(graph, ["nothing"]) is None and module_of_nodes(None, ["y"]) is None


def test_module_regex_covers_every_dynamo_parameter_name_in_the_traces(load_case):
    """Every lifted parameter/buffer input of the 2.11 GPT-2 pre-grad graph maps to a module."""
    index = load_case("torch-2.11-cuda/gpt2_train")
    graph = index.graphs[0].pre_grad
    names = [n for n in graph.nodes if re.match(r"^l_self_.*_(parameters|buffers)_", n)]
    assert len(names) > 20 and all(parameter_owner(n) for n in names)
