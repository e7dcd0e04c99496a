"""A hover reads the snapshot (issue 47): after indexing (the worker's ``Snapshot.warm``), a first
hover on a Triton launch runs the code of at most 10 of the package's modules; on mlp_infer it
was 24 when the hover worked its answer out itself (modules, throughput, kernel facts, Triton
sources).  Its text is the one a snapshot that was not warmed gives."""

from __future__ import annotations

import os
import sys

from conftest import TRACES
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.files.resolve import PathResolver
from inductor_lens.lsp.features import hover

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(hover.__file__)))
PACKAGE = os.path.dirname(PACKAGE)


def _modules_run(call) -> tuple[object, set[str]]:
    """``call()``'s answer and the package modules whose code ran during it."""
    ran: set[str] = set()

    def seen(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(PACKAGE + os.sep):
            ran.add(os.path.relpath(frame.f_code.co_filename, PACKAGE))

    sys.setprofile(seen)
    try:
        answer = call()
    finally:
        sys.setprofile(None)
    return answer, ran


def _triton_launch(snapshot: Snapshot):
    return next(k for g in snapshot.graphs for k in g.kernels if k.name.startswith("triton_") and k.launches)


def test_a_first_hover_on_a_triton_launch_enters_few_modules(load_case):
    warm = Snapshot(load_case("torch-2.11-cuda/mlp_infer"), PathResolver([("/workspace/proj", TRACES)]))
    warm.warm()
    kernel = _triton_launch(warm)
    launch = kernel.launches[0]
    answer, ran = _modules_run(lambda: hover.hover(warm, launch.path, launch.line, launch.col + 1))
    text = answer.contents.value
    assert text.startswith(f"**`{kernel.key}`**") and "**Model lines**" in text and "**Shape:**" in text
    assert len(ran) <= 10, sorted(ran)
    assert "lsp/features/hover.py" in ran and not any(m.startswith(("perf/", "provenance/", "readers/", "timing/")) for m in ran)
    cold = Snapshot(load_case("torch-2.11-cuda/mlp_infer"), PathResolver([("/workspace/proj", TRACES)]))
    same, cold_ran = _modules_run(lambda: hover.hover(cold, launch.path, launch.line, launch.col + 1))
    assert same.contents.value == text
    assert len(cold_ran) > 10  # what warming saves: the hover would work it out (perf, provenance, readers...)
