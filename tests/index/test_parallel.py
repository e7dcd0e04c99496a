"""The second core (index/parallel.py): the dataflow alignment computed in a forked child gives the
same kernels as computed here, the child's answer is really used, and the child never outlives
the opening, also when it dies without answering.  On GPT-2 training (PyTorch 2.11, H200), whose
backward graph's provenance mapping is empty: its launches' post-grad nodes are the alignment's."""

from __future__ import annotations

import os
import time

import pytest
from conftest import case_dir
from inductor_lens.files.cache import Cache
from inductor_lens.index import parallel
from inductor_lens.open_traces import TraceRequest, open_traces

CASE = "torch-2.11-cuda/gpt2_train"


def _kernels(opened) -> list[tuple]:
    return [
        (
            g.compile_id,
            g.kind,
            k.key,
            k.provenance,
            tuple((la.line, tuple(la.post_grad_nodes), la.provenance, la.alternatives) for la in k.launches),
        )
        for g in opened.index.graphs
        for k in g.kernels
    ]


@pytest.fixture
def one_thread(monkeypatch):
    """The worker forks only in a process with one thread on two cores or more: say so here
    (the test process may hold helper threads that never run while the child lives)."""
    monkeypatch.setattr(parallel.threading, "active_count", lambda: 1)
    monkeypatch.setattr(parallel, "_cores", lambda: 2)
    monkeypatch.setattr(parallel, "MIN_CODE_BYTES", 0)  # the case's graphs are small


def _open(tmp_path, name: str, second_core: bool):
    return open_traces(TraceRequest([case_dir(CASE)], disk_cache=False, second_core=second_core), cache=Cache(str(tmp_path / name)))


def test_child_alignment_is_used_and_gives_the_same_kernels(tmp_path, monkeypatch, one_thread):
    here = _kernels(_open(tmp_path, "here", False))
    # the backward's post-grad nodes come from the alignment alone (its mapping is empty)
    assert sum(1 for k in here if k[1] == "backward" for la in k[4] if la[1]) >= 40
    used: list[int] = []
    started: list[int] = []
    real_result, real_start = parallel.InferenceWorker._result, parallel.start_inference_worker

    def result(self, pos):
        found = real_result(self, pos)
        if found is not None:
            used.append(pos)
        return found

    def start(graphs):
        worker = real_start(graphs)
        if worker is not None:
            started.append(worker.pid)
        return worker

    real_take = parallel.InferenceWorker.take

    def take(self, graph):  # the child's chance to start each graph first, however busy the machine
        pos = self.positions.get(id(graph))
        deadline = time.monotonic() + 30
        while pos is not None and self._state[pos] == parallel._FREE and time.monotonic() < deadline:
            time.sleep(0.001)
        return real_take(self, graph)

    monkeypatch.setattr(parallel.InferenceWorker, "_result", result)
    monkeypatch.setattr(parallel.InferenceWorker, "take", take)
    monkeypatch.setattr(parallel, "start_inference_worker", start)
    there = _kernels(_open(tmp_path, "there", True))
    assert there == here
    assert started and used, "the child's alignment was not used"
    with pytest.raises(ChildProcessError):  # reaped: no child left, not even a zombie
        os.waitpid(started[0], os.WNOHANG)


def test_a_child_that_dies_without_answering_only_costs_its_time(tmp_path, monkeypatch, one_thread):
    here = _kernels(_open(tmp_path, "here", False))

    def dies(work, state, write_fd):  # claims every graph, answers none
        for pos in range(len(work)):
            state[pos] = parallel._CHILD

    monkeypatch.setattr(parallel, "_child", dies)
    assert _kernels(_open(tmp_path, "there", True)) == here


def test_no_child_where_it_would_not_pay(tmp_path, monkeypatch):
    started: list[object] = []
    real_start = parallel.start_inference_worker
    monkeypatch.setattr(parallel, "start_inference_worker", lambda graphs: started.append(real_start(graphs)) or started[-1])
    monkeypatch.setattr(parallel, "_cores", lambda: 1)
    _open(tmp_path, "one-core", True)
    assert started == [None]
    monkeypatch.setattr(parallel, "_cores", lambda: 2)
    monkeypatch.setattr(parallel.threading, "active_count", lambda: 1)
    _open(tmp_path, "small", True)  # gpt2_train's output codes are far below MIN_CODE_BYTES
    assert started[-1] is None
