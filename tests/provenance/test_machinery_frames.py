"""PyTorch's machinery is never a model line (issue 26): compiled autograd's ``AccumulateGrad``
nodes (printed under ``torch/_dynamo/compiled_autograd.py:1582``) lead to the user's line of the
gradient they accumulate, marked with a role; a stack whose innermost frame is in the machinery
(PyTorch 2.6's ``cond`` node at ``torch/_higher_order_ops/cond.py:144``) has its innermost frame
outside it as its model line. PyTorch's own frames stay in ``source``."""

from __future__ import annotations

import pytest
from conftest import TRACES
from inductor_lens.files.resolve import PathResolver
from inductor_lens.files.trace_paths import code_kind
from inductor_lens.report.json_report import index_json

CA = "torch-2.13-cpu/compiled_autograd"


def _kernel(index, compile_id: str, key: str):
    return next(k for k in index.kernels if k.graph.compile_id == compile_id and k.key == key)


def test_gradient_accumulation_is_on_the_users_line(load_case):
    index = load_case(CA)
    # the second backward (!1/3/0) accumulates into existing .grad: fc1's weight gradient is an
    # addmm whose node compiled autograd printed under compiled_autograd.py (AccumulateGrad NodeCall 7)
    for key, line, code in [
        ("extern_kernels.addmm:4", 23, "y = self.fc1(x)"),
        ("cpp_fused_copy__2:5", 23, "y = self.fc1(x)"),
        ("extern_kernels.addmm:6", 26, "y = self.fc2(y)"),
        ("cpp_fused_copy__2:7", 26, "y = self.fc2(y)"),
    ]:
        kernel = _kernel(index, "!1/3/0", key)
        lines = [(f.basename, f.line, f.code.strip(), f.role) for f in kernel.model_lines]
        assert lines == [("models.py", line, code, "gradient accumulation")], (key, lines)
        assert kernel.model_lines[0].via.startswith("<eval_with_key>.12:")
    doc = index_json(index, None)
    roles = {(k["compile_id"], k["key"]): [f.get("role") for f in k["model_lines"]] for k in doc["kernels"]}
    assert roles[("!1/3/0", "extern_kernels.addmm:4")] == ["gradient accumulation"]
    assert roles[("!1/3/0", "extern_kernels.mm:2")] == [None]  # a gradient computed, not accumulated


def test_no_model_line_or_followed_frame_in_the_machinery(load_case):
    """Over real traces of every kind: no model line in PyTorch's machinery, and no frame the
    index added by following generated code (``via``) is in it."""
    for case in (CA, "torch-2.6-cpu/cond", "torch-2.13-cpu/cond", "torch-2.11-cuda/gpt2_train", "torch-2.14-cpu/mlp_train"):
        index = load_case(case)
        for kernel in index.kernels:
            assert not [f for f in kernel.model_lines if code_kind(f.file) == "torch"], (case, kernel.key)
            assert not [f for f in kernel.frames if f.via and code_kind(f.file) == "torch"], (case, kernel.key)


def test_cond_nodes_line_is_the_users_call(load_case):
    index = load_case("torch-2.6-cpu/cond")
    kernel = next(k for k in index.kernels if k.key == "cpp_fused_gt_sum_tanh_1")
    assert [(f.basename, f.line) for f in kernel.model_lines] == [("models.py", 219), ("models.py", 214)]
    # PyTorch's own frame stays in the stacks: frames equal what PyTorch recorded
    assert any(f.file.endswith("torch/_higher_order_ops/cond.py") and f.line == 144 and not f.innermost for f in kernel.frames)


@pytest.mark.parametrize("key", ["extern_kernels.addmm:4"])
def test_hover_says_the_role(load_case, key):
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.lsp.features.hover import hover

    index = load_case(CA)
    kernel = _kernel(index, "!1/3/0", key)
    snapshot = Snapshot(index, PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False))
    launch = kernel.launches[0]
    text = hover(snapshot, launch.path, launch.line, launch.col).contents.value
    assert "models.py:23" in text and "*gradient accumulation*" in text and "compiled_autograd.py" not in text
