"""The three-panel view's pre-grad panel for backward kernels (navigation.linked_ranges)."""

from __future__ import annotations

import pytest
from conftest import path_of_uri
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.files.resolve import PathResolver
from inductor_lens.lsp.features.navigation import linked_ranges


def _at_launch(ctx, kernel):
    launch = kernel.launches[0]
    return linked_ranges(ctx, launch.path, launch.line, launch.col)


def _pre_grad_lines(ranges) -> list[str]:
    out = []
    for loc in ranges["preGrad"]:
        path = path_of_uri(loc.uri)
        with open(path) as fh:
            out.append(fh.read().split("\n")[loc.range.start.line].strip().split(":")[0].split(" =")[0])
    return out


@pytest.fixture(scope="module")
def cnn(load_case):
    index = load_case("torch-2.11-cuda/cnn_train")
    return index, Snapshot(index, PathResolver())


def test_backward_kernel_shows_the_forward_nodes_of_its_model_line(cnn):
    """convolution_backward of conv2 (models.py:42): PyTorch names no pre-grad node for it; the panel
    shows the forward pre-grad nodes on models.py:42 and says they were matched by line."""
    index, ctx = cnn
    (conv_bwd,) = [k for k in index.kernels if k.graph.kind == "backward" and k.key == "torch.ops.aten.convolution_backward.default:3"]
    assert conv_bwd.pre_grad_nodes == [] and [f.line for f in conv_bwd.model_lines] == [42]
    ranges = _at_launch(ctx, conv_bwd)
    pre = index.graphs[0].pre_grad
    on_42 = [n.name for n in pre.nodes.values() if n.frame is not None and n.frame.line == 42]
    assert len(on_42) == 4 and _pre_grad_lines(ranges) == on_42  # conv2d, batch_norm and relu of line 42
    (note,) = ranges["preGradNote"]
    assert note.startswith(
        "Backward kernel: its provenance names no pre-grad node; shown are the forward pre-grad nodes "
        "of its model lines (models.py:42), matched by their `# File:` line"
    )
    assert "every call" not in note  # line 42 runs once


def test_a_backward_kernel_with_its_own_pre_grad_nodes_needs_no_note(cnn):
    index, ctx = cnn
    own = [k for k in index.kernels if k.graph.kind == "backward" and k.pre_grad_nodes]
    assert own
    ranges = _at_launch(ctx, own[0])
    assert ranges["preGradNote"] == [] and _pre_grad_lines(ranges) == own[0].pre_grad_nodes


def test_a_line_run_by_every_layer_says_the_trace_cannot_tell_which(load_case):
    """GPT-2's backward GEMMs of pytorch_utils.py:119 (Conv1D.forward, called by 8 modules of 2 blocks)."""
    index = load_case("torch-2.11-cuda/gpt2_train")
    ctx = Snapshot(index, PathResolver())
    (mm,) = [k for k in index.kernels if k.graph.kind == "backward" and k.graph.compile_id == "1/0_1" and k.key == "extern_kernels.mm:7"]
    ranges = _at_launch(ctx, mm)
    assert len(ranges["preGrad"]) == 16  # view_1 and the addmm of each of the 8 calls
    (note,) = ranges["preGradNote"]
    assert "(one runs for 8 modules: the trace does not say which call this kernel is)" in note
