"""Inputs from public bug reports (../shared/bugs/<n>/, issue 12), each with its expected value,
plus one test per generalisation of its kind of fault (other key forms, other wrappers, ...).

Derived inputs are made here from real traces the way the bug inputs were: records rewritten with
their MD5 recomputed (tests/corpus.py), never written by hand.
"""

from __future__ import annotations

import json
import os

import pytest

from conftest import SHARED, case_dir, case_log
from corpus import envelope, join, payload, records, set_payload
from inductor_lens.cache import Cache
from inductor_lens.index import load
from inductor_lens.readers.output_code import kind_from_name

BUGS = os.path.join(SHARED, "bugs")


def bug(path: str) -> str:
    """``bug("1/colon")`` -> ../shared/bugs/1/colon."""
    full = os.path.join(BUGS, path)
    assert os.path.exists(full), full
    return full


def by_key(index) -> dict:
    out = {}
    for kernel in index.kernels:
        assert kernel.key not in out or kernel.graph is not out[kernel.key].graph, kernel.key
        out.setdefault(kernel.key, kernel)
    return out


def line_of(path: str, line: int) -> str:
    return open(path, encoding="utf-8").read().split("\n")[line - 1]


def rewrite(log: str, out, edit) -> str:
    """A copy of ``log`` whose every payload went through ``edit(text) -> text`` (MD5s recomputed)."""
    recs = records(open(log, "rb").read())
    new = []
    for rec in recs:
        _, env = envelope(rec)
        text = b"\n".join(payload(rec)).decode()
        changed = edit(text)
        new.append(set_payload(rec, changed.encode().split(b"\n")) if changed != text and "has_payload" in env else rec)
    path = os.path.join(str(out), os.path.basename(log))
    with open(path, "wb") as fh:
        fh.write(join(new))
    return path


# --------------------------------------------------------------------------- 1: keys with several ':'


def test_1_colon_keys_bind_to_the_call_below_their_comment(cache_dir):
    index = load([bug("1/colon")], Cache(cache_dir))
    kernels = by_key(index)
    assert "aoti_torch_cuda_mm_out" not in kernels  # no merged entry without a handle
    first, third = kernels["at::_ops::mm_out::call:1"], kernels["at::_ops::mm_out::call:3"]
    assert (first.name, first.handle) == ("at::_ops::mm_out::call", 1)
    assert [loc.line for loc in first.launches] == [198] and [loc.line for loc in third.launches] == [212]
    assert (first.post_grad_nodes, first.pre_grad_nodes, first.provenance) == (["mm_default_1"], ["linear"], "mapping")
    assert (third.post_grad_nodes, third.pre_grad_nodes, third.provenance) == (["mm_default"], ["linear_1"], "mapping")
    assert "aoti_torch_cuda_mm_out(" in line_of(first.launches[0].path, 198)
    assert index.warnings == []


@pytest.mark.parametrize("case,lines", [
    ("1/xnumel", {"aoti_torch_cuda_mm_out:1": 198, "triton_per_fused_addmm_gelu_native_layer_norm_0:2": 204,
                  "aoti_torch_cuda_mm_out:3": 214, "triton_poi_fused_add_addmm_relu_1:4": 220}),
    ("1/xnumel_py", {"extern_kernels.mm:1": 118, "triton_red_fused__softmax_exp_prepare_softmax_online_sub_0:2": 125,
                     "triton_red_fused_add_cos_div_mul_sigmoid_sin_sum_1:3": 132}),
])
def test_1_xnumel_lines_are_not_launches(case, lines, cache_dir):
    kernels = by_key(load([bug(case)], Cache(cache_dir)))
    assert {k: [loc.line for loc in kernels[k].launches] for k in lines} == {k: [v] for k, v in lines.items()}
    for key, line in lines.items():
        text = line_of(kernels[key].launches[0].path, line)
        assert "_xnumel =" not in text and kernels[key].name.split(".")[-1] in text


def test_1_colon_keys_in_a_python_wrapper(tmp_path, cache_dir, load_case):
    """Generalisation: the same renaming in a Python wrapper (2.11 mlp_infer): extern_kernels.mm:N
    keys named at::_ops::mm::call:N bind to the extern_kernels.mm(...) call under their comment."""
    log = rewrite(case_log("torch-2.11-cuda/mlp_infer"), tmp_path, lambda t: t.replace("extern_kernels.mm:", "at::_ops::mm::call:"))
    renamed = by_key(load([log], Cache(cache_dir)))
    original = by_key(load_case("torch-2.11-cuda/mlp_infer"))
    for n in (1, 3):
        new, old = renamed[f"at::_ops::mm::call:{n}"], original[f"extern_kernels.mm:{n}"]
        assert [loc.line for loc in new.launches] == [loc.line for loc in old.launches]
        assert (new.post_grad_nodes, new.pre_grad_nodes, new.source) == (old.post_grad_nodes, old.pre_grad_nodes, old.source)
        assert new.kind == "extern" and new.provenance == "mapping"
    assert "extern_kernels.mm" not in renamed


def test_1_handle_with_no_recognisable_call_is_kept_and_warned(tmp_path, cache_dir):
    """Generalisation: a key whose call is in no known form is neither dropped nor merged: it is a
    kernel without a launch site, and a warning names the file and the comment's line."""
    log = rewrite(os.path.join(bug("1/xnumel_py"), "dedicated_log_torch_trace_dyn.log"), tmp_path,
                  lambda t: t.replace("        extern_kernels.mm(arg2_1", "        some_helper(arg2_1"))
    index = load([log], Cache(cache_dir))
    kernel = by_key(index)["extern_kernels.mm:1"]
    assert kernel.launches == [] and kernel.post_grad_nodes == ["mm"] and kernel.provenance == "mapping"
    (warning,) = [w for w in index.warnings if "extern_kernels.mm:1" in w.message]
    assert warning.file == index.graphs[0].output_code
    assert line_of(warning.file, warning.line).strip() == "# [Provenance debug handles] extern_kernels.mm:1"


# --------------------------------------------------------------------------- 7: profiler wrappers


def test_7_extern_calls_through_profiler_wrappers(cache_dir):
    index = load([bug("7/extend_infer")], Cache(cache_dir))
    kernels = by_key(index)
    assert len(kernels) == 4
    for key, line, post, model_line in (("extern_kernels.addmm:1", 233, ["addmm"], 15), ("extern_kernels.addmm:3", 251, ["addmm_1"], 18)):
        kernel = kernels[key]
        assert [loc.line for loc in kernel.launches] == [line] and kernel.kind == "extern"
        assert kernel.post_grad_nodes == post and [f.line for f in kernel.model_lines] == [model_line]
        assert os.path.basename(kernel.model_lines[0].file) == "model.py"
        loc = kernel.launches[0]
        assert line_of(loc.path, line)[loc.col:loc.end_col].startswith("extern_kernels_extern_kernels_addmm_")
    assert kernels["cpp_fused_add_relu_1:4"].aten_ops == ["aten.add", "aten.relu"]


def test_7_training_forward_and_backward(cache_dir):
    index = load([bug("7/extend_train")], Cache(cache_dir))
    keys = {(k.graph.kind, k.key) for k in index.kernels}
    assert {("forward", "extern_kernels.addmm:1"), ("forward", "extern_kernels.addmm:3"), ("backward", "extern_kernels.mm:2"),
            ("backward", "extern_kernels.mm:3"), ("backward", "extern_kernels.mm:5")} <= keys
    backward = {k.key: k for k in index.kernels if k.graph.kind == "backward"}
    assert backward["cpp_fused_sum_2:6"].aten_ops == [] and "permute_6" not in backward["cpp_fused_sum_2:6"].post_grad_nodes
    assert all(k.launches for k in index.kernels)


def test_7_wrapped_fallback_op_and_triton_kernel(tmp_path, cache_dir, load_case):
    """Generalisation: any forwarding function is followed, whatever it wraps: here the 2.11
    mlp_infer wrapper with its two extern calls and a Triton launch routed through such functions."""
    def wrap(text: str) -> str:
        if not text.startswith("# AOT ID"):
            return text
        helpers = ("def prof_mm_7(*args, **kwargs):\n    # Extra indirection\n    return extern_kernels.mm(*args, **kwargs)\n"
                   "def prof_poi_8(*args, **kwargs):\n    return triton_poi_fused_add_addmm_relu_1.run(*args, **kwargs)\n")
        text = text.replace("\nasync_compile.wait(globals())", "\n" + helpers + "async_compile.wait(globals())", 1)
        return text.replace("        extern_kernels.mm(", "        prof_mm_7(").replace("triton_poi_fused_add_addmm_relu_1.run(buf6", "prof_poi_8(buf6")
    log = rewrite(case_log("torch-2.11-cuda/mlp_infer"), tmp_path, wrap)
    wrapped, original = by_key(load([log], Cache(cache_dir))), by_key(load_case("torch-2.11-cuda/mlp_infer"))
    assert set(wrapped) == set(original)
    for key, old in original.items():
        new = wrapped[key]
        assert len(new.launches) == len(old.launches) == 1, key
        assert (new.kind, new.post_grad_nodes, new.aten_ops, new.source) == (old.kind, old.post_grad_nodes, old.aten_ops, old.source)
        text = line_of(new.launches[0].path, new.launches[0].line)
        assert ("prof_" in text) == (key != "triton_per_fused_addmm_gelu_native_layer_norm_0:2")


# --------------------------------------------------------------------------- kernel kinds


@pytest.mark.parametrize("case,kinds", [
    ("torch-2.11-cuda/foreach", {"triton_for_fused_0:1": "foreach", "triton_for_fused_1:2": "foreach"}),
    ("torch-2.11-cuda/split_scan", {"triton_spl_fused_cumsum_sin_0:1": "split_scan"}),
    ("torch-2.11-cuda/cooperative_reduction", {"triton_unk_fused_mul_sum_0:1": "unknown"}),
    ("torch-2.11-cuda/combo", {"triton_poi_fused_0:1": "combo"}),
])
def test_kinds_from_inductor_categories(case, kinds, load_case):
    """Real traces (PyTorch 2.11, H200) of each Inductor category the vocabulary had no word for."""
    got = {k.key: k.kind for k in load_case(case).kernels}
    assert {k: got[k] for k in kinds} == kinds


def test_kinds_from_names_alone():
    """Launch-only kernels (AOTInductor, a definition in another file) get their kind from the name."""
    names = {"triton_for_fused_2": "foreach", "triton_spl_fused_cumsum_0": "split_scan", "triton_unk_fused_sum_3": "unknown",
             "triton_poi_fused_add_0": "pointwise", "triton_xyz_fused_0": "unknown", "my_kernel": "user_triton",
             "at::_ops::mm_out::call": "fallback", "torch.ops.aten.mm.default": "fallback", "aoti_torch_cuda_mm_out": "extern"}
    assert {n: kind_from_name(n) for n in names} == names


def test_new_kinds_are_in_the_contract():
    from inductor_lens.features.hover import KIND_TEXT
    from inductor_lens.model import KINDS

    readme = open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")).read()
    for kind in ("foreach", "split_scan", "unknown"):
        assert kind in KINDS and kind in KIND_TEXT and f"`{kind}`" in readme


def _unused():  # keep json imported for later tests
    return json, case_dir
