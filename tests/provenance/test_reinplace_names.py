"""Issue 48 item 9: the names Inductor's scatter-reinplacing pass gives nodes
(``torch/_inductor/fx_passes/reinplace.py``: ``canonicalize_view_scatter_ops`` makes
``_generalized_scatter_N`` nodes, then decomposes them into ``slice_scatter_default_N`` ... before
the post-grad graph is printed) are named by launch comments but by neither graph.  A Triton
kernel's header maps them (``#   _generalized_scatter => slice_scatter_default``); the extern
``mm`` calls of the same graph name them with no header of their own.  They are linked through the
graph's headers, and never a warning.

Input: the real H100 Llama training run of round 45 (``llama_whole``, tests/data/make/gpu_r45: a HuggingFace
LlamaForCausalLM, 8 layers, RoPE's rotate_half: slice, neg, cat), its log slimmed by
scripts/trim_trace.py (kept records byte for byte) and xz-compressed
(``tests/data/reduced/llama_whole.log.xz``): 39 such warnings in its backward before.  The link is
checked against the one header that says it (layer 0's four names).
"""

from __future__ import annotations

import lzma
import os
import re

from conftest import DATA
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.provenance.pass_nodes import scatters_fed

LOG = os.path.join(DATA, "reduced", "llama_whole.log.xz")
COMMENT = re.compile(r"^\s+# Topologically Sorted Source Nodes: \[(.*)\], Original ATen")
MAP = re.compile(r"^#   (_generalized_scatter(?:_\d+)?) => (.+)$")


def _index(tmp_path):
    trace = tmp_path / "llama_whole" / "trace"
    trace.mkdir(parents=True)
    log = trace / "dedicated_log_torch_trace_8g5j5rtj.log"
    log.write_bytes(lzma.decompress(open(LOG, "rb").read()))
    return load([str(trace)], cache=Cache(str(tmp_path / "cache")))


def test_reinplace_names_are_linked_not_warned(tmp_path):
    index = _index(tmp_path)
    [bwd] = [g for g in index.graphs if g.kind == "backward"]
    bwd.ensure()
    code = open(bwd.output_code, encoding="utf-8").read().split("\n")
    # what the output code says: launch comments naming the pass's nodes, and the one header's map
    comments = {i + 1: m.group(1).split(", ") for i, t in enumerate(code) if (m := COMMENT.match(t))}
    named = {line: names for line, names in comments.items() if any(n.startswith("_generalized_scatter") for n in names)}
    header = {m.group(1): m.group(2).split(", ") for t in code if (m := MAP.match(t))}
    # 8 Triton launches of one kernel (its header maps the first layer's 4 names), 32 extern mm
    assert len(named) == 40 and sorted(header) == ["_generalized_scatter", *(f"_generalized_scatter_{i}" for i in (1, 2, 3))]
    post = bwd.post_grad
    assert post is not None
    linked: dict[str, str] = {}
    for names in named.values():
        fed = scatters_fed(names, post, "")
        assert set(fed) == {n for n in names if n.startswith("_generalized_scatter")}, names  # every one linked
        for name, key in fed.items():
            assert linked.setdefault(name, key) == key  # the same name, the same node in every comment
            assert key in post.nodes and "slice_scatter" in post.nodes[key].target
    assert len(linked) == 32 and len(set(linked.values())) == 32  # 4 per layer of 8, each its own node
    assert all(linked[n] == t[0] for n, t in header.items())  # the header agrees where it says
    # no warning names them
    said = [w for w in [*index.warnings, *bwd.warnings] if "_generalized_scatter" in w.message]
    assert said == [], said[:2]


def test_the_graphs_headers_map_each_name_to_the_node_it_became(tmp_path):
    """What an extern ``mm`` launch whose comment names ``_generalized_scatter`` is linked to (it
    has no header of its own): the node the graph's Triton kernel header maps that name to."""
    from inductor_lens.provenance.linker import GraphInputs, _Linker
    from inductor_lens.readers.output_code import parse_output_code

    index = _index(tmp_path)
    [bwd] = [g for g in index.graphs if g.kind == "backward"]
    bwd.ensure()
    text = open(bwd.output_code, encoding="utf-8").read()
    linker = _Linker(
        bwd, GraphInputs(code=parse_output_code(text), code_path=bwd.output_code, post_grad=bwd.post_grad, pre_grad=bwd.pre_grad)
    )
    got = linker.pass_names()
    assert got == {
        "_generalized_scatter": ["slice_scatter_default"],
        **{f"_generalized_scatter_{i}": [f"slice_scatter_default_{i}"] for i in (1, 2, 3)},
    }
    # the mm launches (no header) whose comments name them
    mm = [la for k in bwd.kernels if k.name == "extern_kernels.mm" for la in k.launches]
    lines = text.split("\n")
    assert sum(1 for la in mm if any("_generalized_scatter" in t for t in lines[la.line - 4 : la.line - 1])) == 32
