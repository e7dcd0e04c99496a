"""Inductor's MultiKernel (``TORCHINDUCTOR_MULTI_KERNEL=1``, issue 26) read as one kernel with its
alternatives, on a real H200 run of GPT-2 training (tests/data/pairs/torch-2.11-cuda/gpt2_train_multikernel,
made by tests/data/make/gpu_r20/run_r20.py) against the same model without it (gpt2_train)."""

from __future__ import annotations

import re

from conftest import TRACES, case_log
from inductor_lens.files.resolve import PathResolver
from inductor_lens.report.json_report import index_json

MK = "pairs/torch-2.11-cuda/gpt2_train_multikernel"
PLAIN = "pairs/torch-2.11-cuda/gpt2_train"
_DEF = re.compile(r"^(multi_kernel_\d+) = async_compile\.multi_kernel\('\1', \[$")


def _written(path: str) -> dict[str, list[str]]:
    """Independently of the reader: each multi-kernel's sub-kernels as the output code lists them."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out: dict[str, list[str]] = {}
    for i, line in enumerate(lines):
        m = _DEF.match(line)
        if m:
            names = []
            for nxt in lines[i + 1 :]:
                if nxt.startswith("]"):
                    break
                names.append(nxt.strip().rstrip(","))
            out[m.group(1)] = names
    return out


def test_one_kernel_with_its_alternatives(load_case):
    index = load_case(MK)
    multi = [k for k in index.kernels if k.kind == "multi_kernel"]
    log = open(case_log(MK), encoding="utf-8").read()
    runs = re.findall(r"^\t\s+(multi_kernel_\d+)\.run\(", log, re.M)  # every launch in the four graphs' output code
    assert len(multi) == len(runs) == 26
    for graph in {id(k.graph): k.graph for k in multi}.values():
        code = next(k.definition.path for k in graph.kernels if k.kind == "multi_kernel")
        written = _written(code)
        names = {k.name for k in graph.kernels}
        for kernel in (k for k in graph.kernels if k.kind == "multi_kernel"):
            assert [a[0] for a in kernel.alternatives] == written[kernel.name]
            assert [a[1] for a in kernel.alternatives] == ["reduction", "persistent_reduction"]
            for name, _, span in kernel.alternatives:
                text = open(span.path, encoding="utf-8").read().split("\n")[span.line - 1]
                assert text.startswith(f"{name} = async_compile.triton(")
            assert len(kernel.launches) == 1 and kernel.model_lines
        # the sub-kernels are no kernels of their own
        assert not names & {n for ns in written.values() for n in ns}
    doc = index_json(index, None)
    row = next(k for k in doc["kernels"] if k["key"] == "multi_kernel_0:3" and k["graph"] == "forward")
    assert [a["kind"] for a in row["alternatives"]] == ["reduction", "persistent_reduction"]
    assert all("alternatives" not in k for k in doc["kernels"] if k["kind"] != "multi_kernel")


def test_bytes_and_lines_equal_the_run_without_multi_kernels(load_case):
    """The multi-kernel computes what the plain run's fused kernel does: the same bytes per launch
    (as Inductor counts them, from the first sub-kernel's source) and the same model lines."""
    mk, plain = load_case(MK), load_case(PLAIN)
    base = lambda name: re.sub(r"_\d+$", "", name)  # noqa: E731
    by_name: dict = {}
    for k in plain.kernels:
        by_name.setdefault((k.graph.compile_id, k.graph.kind, base(k.name)), []).append(k)
    from inductor_lens.perf.throughput import IndexFigures

    fm, fp = IndexFigures(mk), IndexFigures(plain)
    matched = 0
    for kernel in (k for k in mk.kernels if k.kind == "multi_kernel"):
        lines = [(f.file, f.line) for f in kernel.model_lines]
        for alt, _, _ in kernel.alternatives:
            for other in by_name.get((kernel.graph.compile_id, kernel.graph.kind, base(alt)), []):
                if [(f.file, f.line) for f in other.model_lines] == lines:
                    assert fm.kernel(kernel).bytes == fp.kernel(other).bytes is not None
                    matched += 1
    assert matched >= 10


def test_hover_names_the_alternatives(load_case):
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.lsp.features.hover import hover

    index = load_case(MK)
    kernel = next(k for k in index.kernels if k.key == "multi_kernel_0:3" and k.graph.kind == "forward")
    snapshot = Snapshot(index, PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False))
    launch = kernel.launches[0]
    text = hover(snapshot, launch.path, launch.line, launch.col + 2).contents.value
    assert "multi-kernel (picks one of its sub-kernels at run time)" in text
    assert f"`{kernel.alternatives[0][0]}` (reduction)" in text and "(persistent-reduction)" in text
