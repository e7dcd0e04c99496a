"""An index of a log's first part (``LogLoader.head_bytes``: the language server's first answers on
a big log) gives, for every graph whose compile ended in that part, the graph the whole log gives;
the next index of the log reads only the rest and reuses those graphs.

Real logs, cut at a dozen points each: every graph ``ended_in_scan`` accepts has the signature
(records, compile id, ordinal) and the kernels (names, FX nodes, ATen ops, model lines, launches)
of the whole log's graph; a graph whose compile has not ended yet is not accepted even when all of
its records are there (its compile's metrics record is what says nothing more will join it).
"""

from __future__ import annotations

import os

import pytest
from conftest import case_dir, case_log
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import Index


def _answer(graph):
    graph.ensure()
    kernels = [
        (k.name, k.kind, k.handle, k.definition, len(k.launches), k.post_grad_nodes, k.pre_grad_nodes, k.aten_ops, k.frames, k.provenance)
        for k in graph.kernels
    ]
    return graph.compile_id, graph.kind, kernels


def _index(tmp_path, path, scans, head_bytes=None):
    index = Index(Cache(str(tmp_path / "cache")), scans, disk_cache=False)
    index.loader.head_bytes = head_bytes
    index.add(path)
    return index


@pytest.mark.parametrize(
    "case", ["torch-2.11-cuda/gpt2_l12_train", "torch-2.14-cpu/recompiles_health", "torch-2.6-cpu/cnn_train", "torch-2.14-cpu/ddp"]
)
def test_graphs_of_a_first_part_are_the_whole_logs(tmp_path, case):
    trace = case_dir(case)
    whole = _index(tmp_path, trace, {})
    by_signature = {g._loader.group.signature(): g for g in whole.graphs}
    size = max(os.path.getsize(scan.log.path) for scan in whole.loader.scans.values())
    accepted = cuts = 0
    for k in range(1, 24, 2):
        scans: dict = {}
        head = _index(tmp_path, trace, scans, head_bytes=size * k // 24)
        if not any(s.log.size < os.path.getsize(p) for p, s in scans.items()):
            continue  # (no record starts after the cut: read whole)
        cuts += 1
        ended = [g for g in head.graphs if head.loader.ended_in_scan(g)]
        for graph in ended:
            twin = by_signature[graph._loader.group.signature()]
            assert _answer(graph) == _answer(twin)
        accepted += len(ended)
        again = _index(tmp_path, trace, scans)  # the rest, read from where the first part ended
        assert [_answer(g) for g in again.graphs] == [_answer(g) for g in whole.graphs]
        assert all(any(g is h for h in again.graphs) for g in ended)  # reused, not rebuilt
        assert all(s.rest is None and s.log.size == os.path.getsize(p) for p, s in scans.items())
    assert accepted >= 2 and cuts >= 8


def test_a_graph_whose_compile_has_not_ended_is_not_taken(tmp_path):
    """gpt2_l12_train cut just before the backward's ``bwd_compilation_metrics``: the backward graph
    of compile 1/0_1 has every record, but its compile has not ended; the forward's has."""
    path = case_log("torch-2.11-cuda/gpt2_l12_train")
    data = open(path, "rb").read()
    cut = data.rindex(b'{"bwd_compilation_metrics"')
    cut = data.rindex(b"\n", 0, cut) + 1
    head = _index(tmp_path, path, {}, head_bytes=cut)
    assert head.loader.scans[path].log.size == cut
    kinds = {(g.compile_id, g.kind): head.loader.ended_in_scan(g) for g in head.graphs}
    assert kinds == {("1/0_1", "forward"): True, ("3/0", "forward"): True, ("3/0", "backward"): True, ("1/0_1", "backward"): False}
