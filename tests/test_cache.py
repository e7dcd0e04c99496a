"""The on-disk index cache: a re-opened trace is served without scanning or parsing it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys


from conftest import case_log
from inductor_lens import loader as loader_module
from inductor_lens import materialize as materialize_module
from inductor_lens.cache import Cache
from inductor_lens.index import load


def _kernels(index):
    return [(g.compile_id, g.kind, k.key, [(f.file, f.line) for f in k.frames], k.post_grad_nodes) for g in index.graphs for k in g.kernels]


def test_warm_reopen_reads_nothing(tmp_path, monkeypatch):
    log = tmp_path / "dedicated_log_torch_trace_a.log"
    shutil.copy(case_log("torch-2.11-cuda/gpt2_train"), log)
    cache = Cache(str(tmp_path / "cache"))
    cold = load([str(log)], cache)
    expected = _kernels(cold)
    assert len(expected) == 74 and os.listdir(tmp_path / "cache" / "index")

    def no_scan(*args, **kwargs):
        raise AssertionError("a warm re-open must not scan the log")

    monkeypatch.setattr(loader_module, "scan_log", no_scan)
    monkeypatch.setattr(materialize_module, "parse_output_code", no_scan)
    monkeypatch.setattr(materialize_module, "materialize_log_graph", no_scan)
    warm = load([str(log)], cache)
    assert _kernels(warm) == expected
    assert warm.document(warm.graphs[0].output_code).graph is warm.graphs[0]


def test_changed_log_or_deleted_files_invalidate(tmp_path):
    log = tmp_path / "dedicated_log_torch_trace_b.log"
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), log)
    cache = Cache(str(tmp_path / "cache"))
    first = load([str(log)], cache)
    # rewrite the file with other content of the same size: not the same log any more
    data = bytearray(open(case_log("torch-2.11-cuda/mlp_infer"), "rb").read())
    data[:1] = b"X"  # damages only the first record
    log.write_bytes(bytes(data))
    second = load([str(log)], cache)
    assert any(w.line == 1 for w in second.warnings) and len(second.kernels) == 4
    # deleted extracted copies: the cache entry is stale, the index is rebuilt
    shutil.rmtree(tmp_path / "cache" / "extracted")
    third = load([str(log)], cache)
    assert all(os.path.isfile(g.output_code) for g in third.graphs) and len(third.kernels) == len(first.kernels)


def test_corrupt_cache_file_is_ignored(tmp_path):
    log = tmp_path / "dedicated_log_torch_trace_c.log"
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), log)
    cache = Cache(str(tmp_path / "cache"))
    load([str(log)], cache)
    (index_file,) = [os.path.join(tmp_path, "cache", "index", f) for f in os.listdir(tmp_path / "cache" / "index")]
    with open(index_file, "wb") as fh:
        fh.write(b"not a pickle")
    assert len(load([str(log)], cache).kernels) == 4


def test_cli_no_cache_writes_no_index(tmp_path):
    cache = tmp_path / "cache"
    proc = subprocess.run([sys.executable, "-m", "inductor_lens", "report", case_log("torch-2.11-cuda/combo"), "--json", "--no-cache", "--cache-dir", str(cache)],
                          capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout)["kernels"] and not (cache / "index").exists()
