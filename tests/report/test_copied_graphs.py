"""Graphs copied from one another (a compile repeated with identical payloads: the loader shares
their parse and their kernels share launch and frame lists) are made into ``report --json`` once
(:func:`inductor_lens.report.json_report.kernel_json`'s memo, the launches' splits across their
model lines, the line figures) and still answer as each kernel alone does: its own graph, its own
measured time (the profile beside the log measured the first repetition only).

Real traces repeated three times with distinct frame ids (as bench/make_big_traces.py does);
every answer is compared with the slow, obvious way of getting it (each kernel alone, a fresh
memo, the split of each launch worked out again)."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from conftest import case_dir, repeated_log
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import load
from inductor_lens.model import innermost_frames, line_key
from inductor_lens.perf.throughput import IndexFigures, LineFigures
from inductor_lens.report.json_report import index_json, kernel_json
from inductor_lens.timing.join import join_profiles_beside_traces
from inductor_lens.timing.line_time import launch_weights, line_times

REPS = 3


def _repeated(case: str, folder) -> str:
    """``case``'s log repeated :data:`REPS` times with distinct frame ids, its profile beside it."""
    os.makedirs(folder / "trace")
    repeated_log(case, folder / "trace" / "dedicated_log_torch_trace_rep.log", REPS)
    for name in os.listdir(case_dir(case)):
        if name.endswith(".json"):
            shutil.copy(os.path.join(case_dir(case), name), folder)
    return str(folder)


@pytest.fixture(scope="module", params=["torch-2.11-cuda/profile_cnn", "torch-2.11-cuda/profile", "torch-2.11-cuda/gpt2_train_noprov"])
def repeated(request, tmp_path_factory):
    folder = _repeated(request.param, tmp_path_factory.mktemp("rep"))
    index = load([folder], Cache(str(tmp_path_factory.mktemp("cache"))), disk_cache=False)
    join_profiles_beside_traces(index)
    return request.param, index


def test_the_repetitions_are_copies_and_only_the_first_is_measured(repeated):
    case, index = repeated
    originals = [g for g in index.graphs if g._template is None]
    copies = [g for g in index.graphs if g._template is not None]
    assert originals and len(copies) == (REPS - 1) * len(originals)
    for copy in copies:
        template = copy._template
        assert [k.key for k in copy.kernels] == [k.key for k in template.kernels]
        assert all(k.launches is t.launches and k.frames is t.frames for k, t in zip(copy.kernels, template.kernels, strict=True))
        assert not any(k.measured for k in copy.kernels)
    profiled = case != "torch-2.11-cuda/gpt2_train_noprov"
    assert any(k.measured for g in originals for k in g.kernels) == profiled


def test_each_kernel_is_what_it_is_alone(repeated):
    """The document's kernels (one memo: a copy's content made once) equal each kernel made alone,
    with no memo and fresh figures; a copy's launches are its template's JSON, made once."""
    _, index = repeated
    doc = index_json(index, None)
    alone = [kernel_json(k, None, perf=IndexFigures(index)) for k in index.kernels]
    assert json.dumps(doc["kernels"]) == json.dumps(alone)
    made = {id(k.launches): out["launches"] for k, out in zip(index.kernels, doc["kernels"], strict=True)}
    for kernel, out in zip(index.kernels, doc["kernels"], strict=True):
        assert out["launches"] is made[id(kernel.launches)]
        assert (out["compile_id"], out["graph"]) == (kernel.graph.compile_id, kernel.graph.kind)
        assert (out["measured"] is None) == (kernel.measured is None)
    assert len({out["compile_id"] for out in doc["kernels"]}) == REPS * len({g.compile_id for g in index.graphs if g._template is None})


def test_line_times_split_each_kernel_as_alone(repeated):
    """Every kernel's part of every line (own and call lines) is what a pass over that kernel alone gives."""
    _, index = repeated
    together = line_times(index.kernels)
    checked = 0
    for kernel in index.kernels:
        alone = line_times([kernel])
        for mine, whole in ((alone.own, together.own), (alone.through, together.through)):
            for key, row in mine.items():
                (part,) = row.parts
                found = whole[key].part(kernel)
                assert (found.launches, found.share_us, found.full_us) == (part.launches, part.share_us, part.full_us), key
                checked += 1
    assert checked >= 60  # (the CNN: 3 x 16 kernels)


def _line_figures_one_by_one(kernels, figures_of) -> dict:
    """The line figures worked out launch by launch (each launch's split made again)."""
    out: dict = {}
    for kernel in kernels:
        m = kernel.measured
        runs = (m.runs if m.timed_runs is None else m.timed_runs) if m is not None else 0  # the runs with device time
        per_run = m.events / runs / len(kernel.launches) if m is not None and runs and kernel.launches else 0.0
        if m is None:
            times = [None] * len(kernel.launches)
        elif len(m.launch_us) == len(kernel.launches):
            times = [t / runs if runs else None for t in m.launch_us]
        else:
            times = [m.mean_us / len(kernel.launches)] * len(kernel.launches)
        for launch, took in zip(kernel.launches, times, strict=False):
            model = innermost_frames(launch.frames) or innermost_frames(kernel.frames)
            if not model:
                continue
            weights = launch_weights(kernel, launch, model)
            whole = sum(weights) or 1.0
            fig = figures_of(kernel, launch)
            for frame, w in zip(model, weights, strict=True):
                row = out.setdefault(line_key(frame), LineFigures(frame))
                part = w / whole
                if fig.bytes is None:
                    row.complete = False
                else:
                    row.bytes += fig.bytes * part
                if fig.flops is not None:
                    row.flops += fig.flops * part
                    if row.dtype is None:
                        row.dtype, row.dtype_from = fig.dtype, fig.dtype_from
                if took is not None:
                    row.us += took * part
                    row.events += part * per_run  # (device kernels: what makes a line's kernels small)
                    row.measured = True
                    row.clock = m.clock
                    if fig.bytes is None:
                        row.measured_complete = False
                    else:
                        row.measured_bytes += fig.bytes * part
                    if fig.flops is not None:
                        row.measured_flops += fig.flops * part
                        # the precision of the time's own launches (the profile names their kernels)
                        if not row.dtype_measured:
                            row.dtype, row.dtype_from, row.dtype_measured = fig.dtype, fig.dtype_from, True
    return out


def test_line_figures_are_those_worked_out_launch_by_launch(repeated):
    case, index = repeated
    perf = IndexFigures(index)
    rows = perf.lines(index.kernels)
    want = _line_figures_one_by_one(index.kernels, IndexFigures(index).launch)
    assert list(rows) == list(want) and rows == want
    assert any(r.bytes for r in rows.values())
    assert any(r.measured for r in rows.values()) == (case != "torch-2.11-cuda/gpt2_train_noprov")


def test_the_written_document_is_one_serialization_with_copies_from_fragments(repeated, tmp_path):
    """``report --json`` writes a copy's launch, source and model-line lists from the bytes made
    for the first kernel written with that content (``_json.Preserialized``): the document is still
    the bytes of one serialization of :func:`index_json`, and each repetition after the first
    was written from fragments."""
    from inductor_lens import _json
    from inductor_lens.report.json_report import document_items

    _, index = repeated
    whole = _json.dumps_bytes(index_json(index, None), indent=True, newline=True)
    pre = _json.Preserialized(depth=3)
    with open(tmp_path / "out.json", "w") as out:
        _json.stream_document(document_items(index, None, None, pre), out, pre)
    assert (tmp_path / "out.json").read_bytes() == whole
    contents = len({id(k.launches) for k in index.kernels})
    assert len(pre._values) == 3 * contents  # launches, source and model lines of each content, once
    # every kernel after the first of its content and without a measured time is written from bytes
    # (its graph's names, then the rest of its content's object, made once)
    items = dict(document_items(index, None, None, _json.Preserialized(depth=3)))["kernels"]
    made = [type(item) is _json.Made for item in items]
    seen: set[int] = set()
    copies = []
    for kernel in index.kernels:
        copies.append(id(kernel.launches) in seen and kernel.measured is None)
        seen.add(id(kernel.launches))
    assert made == copies and sum(made) >= (REPS - 1) * contents - sum(k.measured is not None for k in index.kernels)
