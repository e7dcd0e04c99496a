"""The batch reader of large torch.profiler traces (readers/chrome_trace/stream.py) gives exactly the
events a whole-file JSON parse gives, on a real profile with Python stacks (round 45's tf_item, H100,
PyTorch 2.11), with batches cut small, with events whose arguments hold lists of objects (a ``},{``
inside an event, where a batch cut is wrong), and on the same file cut off mid-write."""

from __future__ import annotations

import gzip
import io
import json
import lzma
import os

import orjson
import pytest
from conftest import case_dir
from inductor_lens.readers.chrome_trace import CUT_OFF, ChromeTrace, read_chrome_trace, stream


@pytest.fixture(scope="module")
def real() -> bytes:
    with lzma.open(os.path.join(case_dir("torch-2.11-cuda/tf_item"), "profile_trace.json.xz")) as fh:
        return fh.read()


def _streamed(data: bytes) -> tuple[list, ChromeTrace]:
    trace = ChromeTrace(path="p.json")
    return list(stream.events_streamed(io.BytesIO(data), trace)), trace


@pytest.mark.parametrize("batch", [1 << 12, 1 << 16])
def test_batches_give_the_events_of_a_whole_parse(real, monkeypatch, batch):
    monkeypatch.setattr(stream, "BATCH", batch)
    events, trace = _streamed(real)
    truth = orjson.loads(real)
    assert len(events) == len(truth["traceEvents"]) > 10_000
    assert events == truth["traceEvents"]
    assert trace.devices == truth["deviceProperties"] and trace.devices[0]["name"] == "NVIDIA H100 80GB HBM3"
    assert trace.warnings == [] and not trace.truncated


def test_a_cut_inside_an_event_is_not_taken(real, monkeypatch):
    """Every cpu_op gets an argument holding objects (``[{"a": 1},\\n {"b": 2}]``): a ``},{`` inside
    an event, where a batch must not end."""
    monkeypatch.setattr(stream, "BATCH", 1 << 12)
    doc = orjson.loads(real)
    for e in doc["traceEvents"]:
        if e.get("cat") == "cpu_op":
            e.setdefault("args", {})["Inputs"] = [{"a": 1}, {"b": [{"c": 2}, {"d": 3}]}]
    data = orjson.dumps(doc, option=orjson.OPT_INDENT_2)
    events, trace = _streamed(data)
    assert events == doc["traceEvents"] and trace.warnings == []


def test_cut_off_mid_write_keeps_the_events_before_the_cut(real):
    at = len(real) * 2 // 3
    events, trace = _streamed(real[:at])
    truth = orjson.loads(real)["traceEvents"]
    assert trace.truncated and [w.message for w in trace.warnings] == [CUT_OFF]
    assert 0 < len(events) < len(truth) and events == truth[: len(events)]
    # no whole event lost: as many as the standard library's decoder reads one by one before the cut
    text, dec, whole = real[:at].decode(), json.JSONDecoder(), 0
    pos = text.index("[", text.index('"traceEvents"')) + 1
    while True:
        while text[pos : pos + 1] in (" ", "\n", ","):
            pos += 1
        try:
            _, pos = dec.raw_decode(text, pos)
        except ValueError:
            break
        whole += 1
    assert len(events) == whole


def test_read_chrome_trace_gz_and_plain_agree(real, tmp_path):
    plain, gz = tmp_path / "p.json", tmp_path / "p.json.gz"
    plain.write_bytes(real)
    gz.write_bytes(gzip.compress(real))
    a, b = read_chrome_trace(str(plain)), read_chrome_trace(str(gz))
    assert len(a.frames) == len(b.frames) > 10_000
    assert [a.frames[i] for i in range(0, len(a.frames), 97)] == [b.frames[i] for i in range(0, len(b.frames), 97)]
    assert (a.steps, a.window, len(a.ops), len(a.kernels)) == (b.steps, b.window, len(b.ops), len(b.kernels))
    # the frames' columns nest as the events say: a frame's parent holds it, on its thread
    f = a.frames
    for i in range(0, len(f), 53):
        p = f.parent[i]
        if p >= 0:
            assert f.key(p) == f.key(i) and f.ts[p] - 1e-3 <= f.ts[i] and f.ts[i] + f.dur[i] <= f.ts[p] + f.dur[p] + 1e-3
