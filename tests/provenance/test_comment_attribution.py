"""Which launch a ``# Topologically Sorted Source Nodes: [...]`` comment belongs to, with and without graphs.

Inductor writes the comment in each kernel's ``codegen_comment`` (``torch/_inductor/utils.py``
``get_kernel_metadata``), right before that one call: the names are the launch's pre-grad (Dynamo)
names.  A loose output code (no TORCH_TRACE log, no FX graphs: ../shared/bugs/26) keeps them as
written; a call printed after a fused kernel without a comment of its own never takes that
kernel's.  Inputs are the bug's file, copies of it with one comment removed, and output codes cut
out of real logs (tests/corpus.py), written alone.
"""

from __future__ import annotations

import os
import re

import pytest
from conftest import SHARED, case_dir, case_log
from corpus import envelope, payload, records
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.readers.output_code import parse_output_code

BUG = os.path.join(SHARED, "bugs", "26")
ORIGINS = re.compile(r"^\s+# Topologically Sorted Source Nodes: \[(.*)\], Original ATen: \[.*\]\s*$")
#: a launch comment (indented: inside the launcher; a kernel header starts at column 0), and what
#: Inductor prints between it and its call (comments, the stream, the xnumel)
PRELUDE = re.compile(r"^\s*(?:#|stream\w* = get_raw_stream\(|\w+_xnumel = )")


def expected_of_readme() -> dict[int, list[str]]:
    """``{launch line: pre-grad names}`` from the README's ``Expected per launch:`` sentence."""
    text = " ".join(open(os.path.join(BUG, "README.md"), encoding="utf-8").read().split())
    sentence = text.split("Expected per launch:", 1)[1]
    out: dict[int, list[str]] = {}
    for lines, names in re.findall(r"((?:\d+, )*\d+) `\[([^\]]*)\]`", sentence):
        for line in lines.split(", "):
            out[int(line)] = [n.strip() for n in names.split(",")]
    return out


def launches_by_line(index) -> dict[int, object]:
    out = {}
    for kernel in index.kernels:
        for launch in kernel.launches:
            assert launch.line not in out
            out[launch.line] = (kernel, launch)
    return out


def comment_names_by_launch_line(text: str) -> dict[int, list[str]]:
    """``{line: names}``: each comment's names, at the first line after it that is not a comment,
    a stream or an xnumel (read here independently of the reader)."""
    lines = text.split("\n")
    out: dict[int, list[str]] = {}
    for i, line in enumerate(lines):
        m = ORIGINS.match(line)
        if m is None:
            continue
        j = i + 1
        while j < len(lines) and PRELUDE.match(lines[j]):
            j += 1
        out[j + 1] = [n.strip() for n in m.group(1).split(",") if n.strip()]
    return out


def write_code(folder, name: str, text: str) -> str:
    path = os.path.join(str(folder), name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


# ------------------------------------------------------------------------------ bugs/26 itself


def test_bug_26_every_launch_carries_its_comment_names(cache_dir):
    want = expected_of_readme()
    assert len(want) == 12
    index = load([os.path.join(BUG, "output_code.py")], Cache(cache_dir))
    got = launches_by_line(index)
    assert sorted(got) == sorted(want)
    for line, names in want.items():
        assert got[line][1].pre_grad_nodes == names, line
    # the kernel is the union of its launches', in the comments' order
    for kernel in index.kernels:
        union = list(dict.fromkeys(n for la in kernel.launches for n in la.pre_grad_nodes))
        assert kernel.pre_grad_nodes == union
    # the same as the comment right above each launch (nothing ignored, no warning: no graph to judge by)
    text = open(os.path.join(BUG, "output_code.py"), encoding="utf-8").read()
    assert comment_names_by_launch_line(text) == want
    assert index.warnings == []


def _fallback_comment_line(lines: list[str]) -> int:
    """The 0-based index of the first attention fallback's own comment (the line right above it)."""
    call = next(i for i, ln in enumerate(lines) if "_scaled_dot_product_fused_attention_overrideable.default(" in ln)
    assert ORIGINS.match(lines[call - 1])
    return call - 1


@pytest.mark.parametrize("unread_kernel", [False, True])
def test_a_fallback_without_a_comment_of_its_own_takes_none(tmp_path, cache_dir, unread_kernel):
    """bugs/26 with the first attention fallback's own comment removed: it stands right after the
    fused kernel that computes its inputs, under that kernel's comment, and takes none of its
    names; the kernel keeps them.  With the kernel's launch in a form not read (a kernel the file
    does not define), the comment is still not the fallback's."""
    lines = open(os.path.join(BUG, "output_code.py"), encoding="utf-8").read().split("\n")
    at = _fallback_comment_line(lines)
    del lines[at]
    fused_line = at  # 1-based line of the fused launch right above the fallback
    fused_name = lines[fused_line - 1].strip().split(".run(")[0]
    assert fused_name.startswith("triton_") and ORIGINS.match(lines[fused_line - 3])
    names = [n.strip() for n in ORIGINS.match(lines[fused_line - 3]).group(1).split(",")]
    if unread_kernel:
        lines[fused_line - 1] = lines[fused_line - 1].replace(fused_name + ".run(", "triton_poi_fused_not_defined_99.run(")
    text = "\n".join(lines)
    path = write_code(tmp_path, "output_code.py", text)

    sites = {s.line: s for s in parse_output_code(text).launches}
    fallback = sites[fused_line + 1]
    assert fallback.kind == "fallback" and (fallback.source_nodes, fallback.comment_line) == ([], 0)
    got = launches_by_line(load([path], Cache(cache_dir)))
    assert got[fused_line + 1][1].pre_grad_nodes == [] and got[fused_line + 1][1].post_grad_nodes == []
    if unread_kernel:
        assert fused_line not in got
    else:
        assert got[fused_line][1].pre_grad_nodes == names
    # the second fallback, untouched, keeps its own comment's names
    second = max(line for line, (k, _) in got.items() if k.kind == "fallback")
    assert got[second][1].pre_grad_nodes == [n.strip() for n in ORIGINS.match(lines[second - 2]).group(1).split(",")]


# ------------------------------------------------------------------ output codes cut out of logs


def _output_codes(case: str) -> list[str]:
    """The output codes of ``case``'s log, in log order (payloads of ``inductor_output_code``)."""
    out = []
    for rec in records(open(case_log(case), "rb").read()):
        if "inductor_output_code" in envelope(rec)[1]:
            out.append(b"\n".join(payload(rec)).decode("utf-8"))
    return out


@pytest.mark.parametrize("case", ["torch-2.14-cpu/mlp_infer", "torch-2.11-cuda/mlp_infer"])
def test_a_loose_output_code_keeps_each_launch_comment(tmp_path, cache_dir, load_case, case):
    """An inference's output code written alone: each launch under a comment carries that
    comment's names as its pre-grad nodes, every other launch none; the names are nodes of the
    pre-grad graph the log has, and meet the ones PyTorch's mapping gives the launch there."""
    (code,) = _output_codes(case)
    path = write_code(tmp_path, "output_code.py", code)
    loose = launches_by_line(load([path], Cache(cache_dir)))
    want = comment_names_by_launch_line(code)
    assert want and set(want) <= set(loose)
    for line, (_, launch) in loose.items():
        assert launch.pre_grad_nodes == want.get(line, []), line

    (graph,) = load_case(case).graphs
    logged = {la.line: la for k in graph.kernels for la in k.launches}
    assert set(logged) == set(loose)
    for line, names in want.items():
        assert set(names) <= set(graph.pre_grad.nodes), line
        assert set(logged[line].pre_grad_nodes) & set(names), line  # (a fused epilogue's mapping names more)


def test_a_debug_folder_names_each_pre_grad_node_once(cache_dir, load_case):
    """A ``TORCH_COMPILE_DEBUG`` folder alone (its mapping, no pre-grad graph): each launch's
    pre-grad nodes once each, the same as the log of the same run gives (it has the graph)."""
    folder = os.path.join(case_dir("torch-2.11-cuda/mlp_debugdir"), "torch_compile_debug")
    loose = launches_by_line(load([folder], Cache(cache_dir)))
    (graph,) = load_case("torch-2.11-cuda/mlp_debugdir").graphs
    logged = {la.line: la for k in graph.kernels for la in k.launches}
    assert loose and set(loose) == set(logged)
    for line, (_, launch) in loose.items():
        assert launch.provenance == "mapping" and len(launch.pre_grad_nodes) == len(set(launch.pre_grad_nodes))
        assert launch.pre_grad_nodes == logged[line].pre_grad_nodes, line
    assert any(len(la.post_grad_nodes) > len(la.pre_grad_nodes) > 1 for _, la in loose.values())  # several post per pre
