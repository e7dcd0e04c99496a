"""Readers on real input: log records and damage, output-code definitions and launches, FX graphs."""

from __future__ import annotations

import hashlib
import os
import re

import pytest
from conftest import case_log, raw_records
from inductor_lens.model.compile_id import compile_id_of
from inductor_lens.readers import torch_trace
from inductor_lens.readers.fx_graph import parse_fx_graph
from inductor_lens.readers.output_code import parse_output_code, split_key


def _line(path: str, n: int) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read().split("\n")[n - 1]


# ----------------------------------------------------------------------------- TORCH_TRACE logs


def test_scan_matches_line_by_line_reading():
    path = case_log("torch-2.11-cuda/gpt2_train")
    log = torch_trace.scan(path)
    raw = {n: env for n, env, _ in raw_records(path)}
    assert log.record_count == len(raw)
    assert log.torch_version == "2.11.0+cu130"
    for record in log.records:
        want = raw[record.line]
        if "compilation_metrics" in record.kind:  # configuration dumps are dropped, every other field kept
            metrics = want[record.kind]
            assert (
                {k for k in metrics if k not in record.envelope[record.kind]}
                == {k for k in metrics if k.endswith("_config") or k in ("inductor_provenance", "graph_node_shapes")}
                != set()
            )
            want = dict(want, **{record.kind: {k: v for k, v in metrics.items() if k in record.envelope[record.kind]}})
        assert want == record.envelope
    assert sum(r.kind == "compilation_metrics" for r in log.records) == sum("compilation_metrics" in env for env in raw.values()) == 5
    cids = [r.compile_id for r in log.records if r.kind == "inductor_output_code"]
    assert cids == ["1/0_1", "3/0", "3/0", "1/0_1"]  # lazily compiled backward of 1/0_1 comes last


@pytest.mark.parametrize("chunk", [4096, 65536])
def test_chunked_scan_equals_whole_file_scan(chunk, monkeypatch):
    """Record starts, envelopes and line numbers do not depend on where chunks end."""
    path = case_log("torch-2.11-cuda/mlp_train")
    whole = torch_trace.scan(path)
    monkeypatch.setattr(torch_trace, "CHUNK_BYTES", chunk)
    small = torch_trace.scan(path)
    assert [(r.line, r.kind, r.name, r.payload_start, r.payload_end) for r in small.records] == [
        (r.line, r.kind, r.name, r.payload_start, r.payload_end) for r in whole.records
    ]
    assert (small.record_count, small.tail_line, small.tail_offset, small.warnings) == (
        whole.record_count,
        whole.tail_line,
        whole.tail_offset,
        [],
    )


def test_every_payload_md5_verifies_on_every_real_log():
    import glob

    from conftest import TRACES

    for path in glob.glob(os.path.join(TRACES, "*", "*", "trace", "*.log")):
        log = torch_trace.scan(path)
        for record in log.records:
            assert log.payload(record) is not None, (path, record.line)
        assert log.warnings == [], path


def test_compile_ids_as_pytorch_prints_them():
    assert compile_id_of({"frame_id": 1, "frame_compile_id": 0, "attempt": 1}) == "1/0_1"
    assert compile_id_of({"frame_id": 0, "frame_compile_id": 7, "attempt": 0, "compiled_autograd_id": 3}) == "!3/0/7"
    assert compile_id_of({"compiled_autograd_id": 3}) == "!3"
    assert compile_id_of({"has_payload": "x"}) == "-"
    aoti = torch_trace.scan(case_log("torch-2.14-cpu/aoti"))
    assert {r.compile_id for r in aoti.records} == {"-"} and aoti.torch_version == "2.14.1+cu130"


def test_rank_from_file_name():
    import glob

    from conftest import case_dir

    logs = sorted(glob.glob(os.path.join(case_dir("torch-2.14-cpu/ddp"), "trace", "*.log")))
    assert [torch_trace.scan(p).rank for p in logs] == [0, 1]


def test_truncated_log_keeps_everything_before_the_damage(tmp_path, cache_dir):
    """Cut mlp_train's log in the middle of the backward output code's payload."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    src = case_log("torch-2.11-cuda/mlp_train")
    data = open(src, "rb").read()
    lines = data.split(b"\n")
    code_lines = [i for i, l in enumerate(lines) if b'{"inductor_output_code"' in l]
    cut_line = code_lines[1] + 100  # inside the backward's code payload
    cut = sum(len(l) + 1 for l in lines[:cut_line]) + 7
    path = tmp_path / "dedicated_log_torch_trace_cut.log"
    path.write_bytes(data[:cut])
    index = load([str(path)], Cache(cache_dir))
    assert [g.kind for g in index.graphs] == ["forward"]
    assert len(index.graphs[0].kernels) == 4
    assert any(w.line == code_lines[1] + 1 and "incomplete" in w.message and w.file == str(path) for w in index.warnings)


def test_md5_mismatch_reads_that_record_as_it_is_and_marks_its_graph(tmp_path, cache_dir):
    """Edit one character of the forward mapping's payload: that record is read as it is now, with a
    warning, and its graph is marked as changed (nothing the user has is hidden; issue 26)."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    src = case_log("torch-2.11-cuda/mlp_train")
    lines = open(src, "rb").read().split(b"\n")
    at = next(i for i, l in enumerate(lines) if b'"inductor_provenance_tracking_node_mappings"' in l)
    lines[at + 1] = lines[at + 1].replace(b'"addmm"', b'"addmX"', 1)
    path = tmp_path / "dedicated_log_torch_trace_md5.log"
    path.write_bytes(b"\n".join(lines))
    index = load([str(path)], Cache(cache_dir))
    assert [w.line for w in index.warnings if "MD5" in w.message] == [at + 1]
    assert "was changed after PyTorch wrote it" in next(w.message for w in index.warnings if "MD5" in w.message)
    forward, backward = index.graphs
    assert forward.payload_changed and not backward.payload_changed
    assert forward.mapping_version is not None  # the mapping as it is now ...
    k = {k.key: k for k in forward.kernels}["triton_per_fused_gelu_native_layer_norm_0:2"]
    assert {f.line for f in k.model_lines} == {24, 25}  # ... and the rest as before


def test_payload_md5_definition():
    """has_payload = md5 of the payload lines, one TAB stripped, joined by \\n."""
    path = case_log("torch-2.11-cuda/mlp_infer")
    for _, env, payload in raw_records(path)[:50]:
        if "has_payload" in env:
            assert hashlib.md5(payload.encode()).hexdigest() == env["has_payload"]


# ----------------------------------------------------------------------------- output code


def _graphs(case, load_case):
    return load_case(case).graphs


@pytest.mark.parametrize(
    "case",
    [
        "torch-2.11-cuda/mlp_infer",
        "torch-2.11-cuda/gpt2_train",
        "torch-2.11-cuda/user_triton",
        "torch-2.11-cuda/combo",
        "torch-2.11-cuda/cpu_mlp_infer",
        "torch-2.14-cpu/mlp_train",
        "torch-2.8-cpu/mlp_train",
        "torch-2.11-cuda/dynamic",
        "torch-2.11-cuda/max_autotune",
        "torch-2.11-cuda/flex_attention",
        "torch-2.11-cuda/reduce_overhead",
        "torch-2.13-cpu/cond",
    ],
)
def test_python_wrapper_definition_and_launch_lines(case, load_case):
    for graph in _graphs(case, load_case):
        assert graph.wrapper_language == "python"
        for kernel in graph.kernels:
            if kernel.definition is not None:
                text = _line(kernel.definition.path, kernel.definition.line)
                assert re.match(rf"^{re.escape(kernel.name)} = async_compile\.(triton|cpp_pybinding)\(", text), text
                assert text[kernel.definition.col : kernel.definition.end_col] == kernel.name
            assert kernel.launches
            for launch in kernel.launches:
                text = _line(launch.path, launch.line)
                assert text[launch.col : launch.end_col] == kernel.name
                if kernel.kind in ("extern", "fallback"):
                    assert re.search(rf"(^|= ){re.escape(kernel.name)}\(", text.strip())
                elif kernel.kind == "cpp":
                    assert text.strip().startswith(kernel.name + "(")
                else:
                    assert text.strip().startswith(kernel.name + ".run(")
            if kernel.handle is not None:  # the handle comment sits just above the launch
                above = open(kernel.launches[0].path).read().split("\n")[kernel.launches[0].line - 4 : kernel.launches[0].line - 1]
                assert any(l.strip() == f"# [Provenance debug handles] {kernel.key}" for l in above)


@pytest.mark.parametrize("case", ["torch-2.11-cuda/aoti", "torch-2.11-cuda/cpu_aoti", "torch-2.14-cpu/aoti", "torch-2.11-cuda/cpp_wrapper"])
def test_cpp_wrapper_definition_and_launch_lines(case, load_case):
    (graph,) = _graphs(case, load_case)
    assert graph.kind == "inference"
    kinds = set()
    for kernel in graph.kernels:
        kinds.add(kernel.kind)
        (launch,) = kernel.launches
        text = _line(launch.path, launch.line).strip()
        above = open(launch.path).read().split("\n")[launch.line - 6 : launch.line - 1]
        assert any(l.strip() == f"// [Provenance debug handles] {kernel.key}" for l in above), kernel.key
        if kernel.kind == "extern":
            assert kernel.definition is None
            assert text.startswith(f"AOTI_TORCH_ERROR_CODE_CHECK({kernel.name}(")
        elif kernel.kind == "cpp":
            assert text.startswith(f"{kernel.name}((")
            definition = _line(kernel.definition.path, kernel.definition.line)
            assert definition.startswith(f'extern "C"  void  {kernel.name}(')
            assert kernel.definition.path == graph.kernel_code  # the body, not the declaration
        else:
            assert text.startswith(f"call_{kernel.name}(")
            assert _line(kernel.definition.path, kernel.definition.line) == f"static inline void call_{kernel.name}("
    assert "extern" in kinds and len(graph.kernels) == 4


def test_cpp_wrapper_autotune_block_is_not_launches(load_case):
    (graph,) = _graphs("torch-2.11-cuda/cpp_wrapper", load_case)
    text = open(graph.output_code).read().split("\n")
    autotune_end = text.index('"""')
    for kernel in graph.kernels:
        assert all(loc.line > autotune_end for loc in kernel.launches)
        if kernel.definition is not None:
            assert kernel.definition.line > autotune_end
    # ... but the autotune block's header still gives the Triton kernels' post-grad nodes
    parsed = parse_output_code(open(graph.output_code).read())
    assert parsed.defs["triton_per_fused_addmm_gelu_native_layer_norm_0"].node_map


def test_split_key_uses_the_last_colon():
    assert split_key("extern_kernels.mm:4") == ("extern_kernels.mm", 4)
    assert split_key("ns::weird:name:12") == ("ns::weird:name", 12)
    assert split_key("triton_poi_fused_mul_1") == ("triton_poi_fused_mul_1", None)


# ----------------------------------------------------------------------------- FX graphs


def test_post_grad_graph_nodes_and_frames(load_case):
    graph = [g for g in _graphs("torch-2.11-cuda/mlp_train", load_case) if g.kind == "backward"][0]
    fx = graph.post_grad
    lines = open(fx.path).read().split("\n")
    node = fx.nodes["mm"]
    assert lines[node.line - 1].strip().startswith('mm: "f32[64, 1024][1024, 1]cuda:0" = torch.ops.aten.mm.default(')
    assert node.target == "torch.ops.aten.mm.default" and node.frame.line == 26
    assert fx.nodes["addmm_default"].frame is None  # "# No stacktrace found for following nodes"
    assert "primals_1" not in fx.nodes  # placeholders are not node lines


def test_pre_grad_graph_id_and_old_style_comments():
    text = (
        "class GraphModule(torch.nn.Module):\n"
        '    def forward(self, L_x_: "f32[8, 10]"):\n'
        "        l_x_ = L_x_\n"
        "        \n"
        "         # File: /p/m.py:12 in forward, code: x = self.fc1(x)\n"
        '        x: "f32[8, 16]" = torch._C._nn.linear(l_x_, w, b);  l_x_ = None\n'
        "        return (x,)\n\n\n # graph id: 140231826628368"
    )
    fx = parse_fx_graph(text, "/tmp/g.py")
    assert fx.graph_id == 140231826628368
    assert fx.nodes["x"].frame.file == "/p/m.py" and fx.nodes["x"].frame.line == 12 and fx.nodes["x"].line == 6
    assert fx.nodes["l_x_"].frame is None
