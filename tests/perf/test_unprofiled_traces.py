"""A model line's throughput is over its measured launches only (found by a new user's trial): a
line also compiled in an unprofiled trace (another run, another rank) must not count that trace's
bytes and FLOPs against the profiled trace's time."""

from __future__ import annotations

from inductor_lens.files.cache import Cache
from inductor_lens.model import line_key
from inductor_lens.open_traces import TraceRequest, open_traces
from inductor_lens.perf.throughput import IndexFigures, line_throughput
from inductor_lens.timing.hot_lines import hot_lines


def _speeds(index) -> dict:
    perf = IndexFigures(index)
    rows = perf.lines(index.kernels)
    out = {}
    for row in hot_lines(index.kernels).rows:
        line = rows.get(line_key(row.frame))
        if line is not None and line.measured:
            out[(row.frame.file, row.frame.line)] = line_throughput(line, perf.line_peak(row.kernels))
    return out


def test_an_unprofiled_trace_beside_does_not_change_a_lines_throughput(tmp_path):
    from conftest import case_dir

    alone = open_traces(TraceRequest([case_dir("torch-2.11-cuda/profile")]), cache=Cache(str(tmp_path / "a"))).index
    both = open_traces(
        TraceRequest([case_dir("torch-2.11-cuda/profile"), case_dir("torch-2.11-cuda/gpt2_infer")]), cache=Cache(str(tmp_path / "b"))
    ).index
    a, b = _speeds(alone), _speeds(both)
    assert a and set(a) <= set(b)
    shared = [
        k for k in a if any(f.file == k[0] and f.line == k[1] for kern in both.kernels if kern.measured is None for f in kern.model_lines)
    ]
    assert shared  # lines the unprofiled trace compiled too (GPT-2's Conv1D addmm, ...)
    for key in a:
        assert (a[key].tflops, a[key].gbps, a[key].peak_fraction) == (b[key].tflops, b[key].gbps, b[key].peak_fraction), key
    assert all(s.peak_fraction is None or s.peak_fraction <= 1.0 for s in b.values())
