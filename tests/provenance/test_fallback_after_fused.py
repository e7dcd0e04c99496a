"""Issue 48 item 8 (fallback after a fused kernel): a fallback op launched right after a fused
Triton kernel takes its nodes and model line from its own comment (and PyTorch's mapping), never
from the fused kernel's comment above it.  Real cases: round 45's H100 runs, reduced
(tests/data/reduced): Llama's 8 attention fallbacks (``_scaled_dot_product_efficient_attention``)
each right after a fused RoPE kernel, and mk_set's 3 attention fallbacks right after a fused kernel."""

from __future__ import annotations

import lzma
import os
import tarfile

import pytest
from conftest import DATA
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.readers.output_code import parse_output_code


def _trace(tmp_path, which: str) -> str:
    if which == "llama_whole":
        trace = tmp_path / "llama_whole" / "trace"
        trace.mkdir(parents=True)
        (trace / "dedicated_log_torch_trace_8g5j5rtj.log").write_bytes(
            lzma.decompress(open(os.path.join(DATA, "reduced", "llama_whole.log.xz"), "rb").read())
        )
        return str(trace)
    with tarfile.open(os.path.join(DATA, "reduced", "mk_set.tar.xz")) as tar:
        tar.extractall(tmp_path, filter="data")
    return str(tmp_path / "mk_set" / "trace")


@pytest.mark.parametrize("which,after_fused", [("llama_whole", 8), ("mk_set", 3)])
def test_a_fallback_right_after_a_fused_kernel_keeps_to_its_own_comment(tmp_path, which, after_fused):
    index = load([_trace(tmp_path, which)], Cache(str(tmp_path / "cache")))
    checked = 0
    for graph in index.graphs:
        sites = {s.line: s for s in parse_output_code(open(graph.output_code, encoding="utf-8").read()).launches}
        for kernel in graph.kernels:
            if kernel.kind != "fallback":
                continue
            for launch in kernel.launches:
                own = sites[launch.line]
                prev = sites[max(line for line in sites if line < launch.line)]
                if prev.kind in ("fallback", "extern") or not own.source_nodes:
                    continue
                checked += 1
                theirs = set(prev.source_nodes) - set(own.source_nodes)
                assert not set(launch.pre_grad_nodes) & theirs, (launch.line, sorted(set(launch.pre_grad_nodes) & theirs))
                # its model lines are those of its own comment's nodes (# File: lines of either graph)
                frames = {}
                for g in (graph.post_grad, graph.pre_grad):
                    for name in own.source_nodes:
                        node = g.nodes.get(name) if g is not None else None
                        if node is not None and node.frame is not None:
                            frames.setdefault(name, (node.frame.file, node.frame.line))
                got = {(f.file, f.line) for f in launch.model_lines}
                assert got and got <= set(frames.values()), (launch.line, got, frames)
    assert checked == after_fused
