"""A profile written by ``torch.profiler.tensorboard_trace_handler(dir)`` (PyTorch's profiler recipe:
``<dir>/<host>_<pid>.<ms>.pt.trace.json``, ``.gz`` with ``use_gzip=True``) in a folder beside the
TORCH_TRACE folder is joined like one beside the log; it was not found, and the report said nothing
of it.  On round 45's tf_item (H100): the step and the eager lines equal those of the profile kept
as ``profile_trace.json``; a folder that holds a log of its own is another run's and is left alone."""

from __future__ import annotations

import gzip
import json
import os
import shutil

from gpu_runs import unpack
from inductor_lens.files.cache import Cache
from inductor_lens.open_traces import TraceRequest, open_traces
from inductor_lens.report.json_report import index_json


def _doc(folder: str, cache: str) -> dict:
    opened = open_traces(TraceRequest([folder]), cache=Cache(cache))
    return json.loads(json.dumps(index_json(opened.index, opened.resolver)))


def test_tensorboard_handler_profile_beside_the_trace_folder(tmp_path):
    base = unpack("tf_item", str(tmp_path / "base"))
    want = _doc(base, str(tmp_path / "c0"))["profiles"][0]["step"]
    for gz in (False, True):
        run = str(tmp_path / f"run{int(gz)}")
        shutil.copytree(os.path.join(base, "trace"), os.path.join(run, "trace"))
        shutil.copy(os.path.join(base, "train.py"), run)
        os.makedirs(os.path.join(run, "tb"))
        name = os.path.join(run, "tb", "gpuhost_4242.1733456789123.pt.trace.json" + (".gz" if gz else ""))
        data = open(os.path.join(base, "profile_trace.json"), "rb").read()
        open(name, "wb").write(gzip.compress(data) if gz else data)
        doc = _doc(run, str(tmp_path / f"c{int(gz) + 1}"))
        assert [p["path"] for p in doc["profiles"]] == [name]
        assert doc["profiles"][0]["step"] == want and want["steps"] == 5
        assert any((row.get("measured") or {}).get("eager_us") for row in doc["lines"])


def test_a_folder_with_its_own_log_is_another_run(tmp_path):
    """runs/a and runs/b, each with its log directly inside; b's profile sits in b itself: a's
    report does not take it (nor one in a folder beside a's that holds a log)."""
    base = unpack("tf_item", str(tmp_path / "base"))
    (log,) = os.listdir(os.path.join(base, "trace"))
    for run in ("a", "b"):
        os.makedirs(tmp_path / "runs" / run)
        shutil.copy(os.path.join(base, "trace", log), tmp_path / "runs" / run / log)
    shutil.copy(os.path.join(base, "profile_trace.json"), tmp_path / "runs" / "b" / "gpuhost_1.17.pt.trace.json")
    doc = _doc(str(tmp_path / "runs" / "a"), str(tmp_path / "c"))
    assert doc["profiles"] == []
