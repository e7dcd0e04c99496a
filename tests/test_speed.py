"""What the speed work (issue 16) changed, proved on the real traces: answers first, checks later;
partial snapshots; paged kernel lists; the scan's record table; tables printed without rich.

Every test compares against the slow, obvious way of getting the same answer.
"""

from __future__ import annotations

import json
import os
import re

from conftest import TRACES, case_dir, case_log, repeated_log
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.files.cache import Cache
from inductor_lens.files.resolve import PathResolver
from inductor_lens.index.trace_index import Index, load
from inductor_lens.lsp.features import hover as hover_feature
from inductor_lens.lsp.features import lenses
from inductor_lens.lsp.protocol import kernels_json, kernels_page
from inductor_lens.text import format_bytes

PREFIX = re.compile(rb"^([VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\n]*?\] )(\{.*)$")


def _repeated(case: str, dst: str, reps: int, damage_rep: int | None = None) -> str:
    """``case``'s log repeated ``reps`` times (``conftest.repeated_log``); in repetition
    ``damage_rep`` one byte of the output code's payload is changed (its envelope still claims the
    original MD5: a damaged copy of an identical graph)."""

    def damage(rep: int, lines: list[bytes]) -> list[bytes]:
        in_code = False
        for n, line in enumerate(lines):
            if rep != damage_rep:
                break
            if PREFIX.match(line):
                in_code = b'{"inductor_output_code"' in line
            elif in_code and b"def call" in line:
                lines[n] = line.replace(b"def call", b"def cal1")
                break
        return lines

    return repeated_log(case, dst, reps, edit=damage)


def _summary(index: Index):
    return (
        [
            (g.compile_id, g.kind, g.broken, [(k.key, k.post_grad_nodes, [f[:2] for f in k.frames]) for k in g.kernels])
            for g in index.graphs
        ],
        [(w.line, w.message) for w in index.warnings],
    )


def test_deferred_copy_checks_end_where_checking_at_once_does(tmp_path):
    """The server's first answers take copies of identical graphs without reading their payloads;
    checking them afterwards finds the damaged one and rebuilds it from its own payloads, so the
    index ends exactly as one that checked every copy at once (the damaged graph read as it is now,
    marked, warned about)."""
    log = _repeated("torch-2.11-cuda/mlp_train", str(tmp_path / "dedicated_log_torch_trace_rep.log"), 3, damage_rep=1)
    at_once = load([log], Cache(str(tmp_path / "a")), disk_cache=False)
    deferred = Index(Cache(str(tmp_path / "b")), disk_cache=False)
    deferred.add(log)
    deferred.loader.defer_copy_checks()
    for graph in deferred.graphs:
        graph.ensure()
    damaged = [g for g in deferred.graphs if g.compile_id.startswith("100")]
    assert damaged and all(g.kernels for g in damaged)  # copied, not checked yet
    assert len(deferred.loader.unverified) == 4  # (2 graphs x 2 repetitions copied)
    deferred.loader.verify_deferred()
    assert deferred.loader.unverified is None
    assert _summary(deferred) == _summary(at_once)
    assert any("MD5 mismatch" in w.message for w in deferred.warnings)
    assert len(deferred.graphs) == len(at_once.graphs) == 6  # the damaged forward is shown, marked
    assert [g.compile_id for g in deferred.graphs if g.payload_changed] == [g.compile_id for g in at_once.graphs if g.payload_changed]
    assert len([g for g in at_once.graphs if g.payload_changed]) == 1


def test_partial_snapshot_answers_for_its_documents_like_the_full_one(load_case):
    """A snapshot of some graphs, covering the documents open in the editor, gives the same
    hover and lenses there as the complete snapshot, and says it answers only for those."""
    index = load_case("torch-2.11-cuda/mlp_train")
    resolver = PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False)
    full = Snapshot(index, resolver)
    backward = next(g for g in index.graphs if g.kind == "backward")
    models = os.path.join(TRACES, "models.py")
    partial = Snapshot(index, resolver, graphs=[backward], covers=[backward.output_code, models])
    assert full.complete and not partial.complete
    assert partial.answers_for(backward.output_code) and not partial.answers_for(index.graphs[0].output_code)
    kernel = backward.kernels[0]
    launch = kernel.launches[0]
    assert hover_feature.hover(partial, launch.path, launch.line, launch.col) == hover_feature.hover(
        full, launch.path, launch.line, launch.col
    )
    assert [lens.command.title for lens in lenses.code_lenses(partial, backward.output_code)] == [
        lens.command.title for lens in lenses.code_lenses(full, backward.output_code)
    ]
    # the model file's lenses count the backward's kernels only (the forward comes with the full snapshot)
    lines = {line for k in backward.kernels for f in k.frames if f.file.endswith("models.py") for line in [f.line]}
    assert set(partial.lines_of_file[models]) == lines and set(full.lines_of_file[models]) >= lines


def test_snapshot_tables_equal_the_obvious_loop(load_case):
    """by_local_line: per (local file, line) every kernel with a frame there, once, with its first
    frame on that line, in index order (the quadratic loop it replaced, on a multi-graph trace)."""
    index = load_case("torch-2.11-cuda/cnn_train")
    resolver = PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False)
    snap = Snapshot(index, resolver)
    want: dict = {}
    for kernel in index.kernels:
        for frame in kernel.frames:
            local = snap.local(frame)
            if local.path is None:
                continue
            bucket = want.setdefault((local.path, local.line), [])
            if not any(k is kernel for k, _ in bucket):
                bucket.append((kernel, frame))
    assert len(want) >= 5 and max(len(b) for b in want.values()) > 5
    assert snap.by_local_line == want and list(snap.by_local_line) == list(want)


def test_kernel_pages_make_up_the_whole_list(load_case):
    """inductorLens/kernels with limit: pages of at most limit kernels, next offsets, the total;
    together exactly the unpaged answer."""
    index = load_case("torch-2.11-cuda/gpt2_train")
    snap = Snapshot(index, PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False))
    for full in (False, True):
        whole = kernels_json(snap, None, full)
        pages, offset = [], 0
        while offset is not None:
            page = kernels_page(snap, None, full, offset, 16)
            assert len(page["kernels"]) <= 16 and page["total"] == len(whole)
            pages.extend(page["kernels"])
            offset = page["next"]
        assert json.dumps(pages) == json.dumps(whole) and len(whole) == 74  # 5 pages
    trace = index.traces[0].path
    assert kernels_page(snap, trace, False, 0, 10_000)["kernels"] == kernels_json(snap, trace, False)
    assert kernels_page(snap, None, False, 10_000, 10) == {"kernels": [], "total": len(whole), "next": None}


def test_a_rank_whose_graphs_differ_only_in_the_graph_id_takes_them_from_another(tmp_path):
    """torch-2.14-cpu/ddp: rank 1's payloads equal rank 0's but for the pre-grad graph's
    ``# graph id:`` line; its graphs are taken from rank 0's parse, with a pre-grad graph of
    their own (their file, their id), also after a warm re-open from the index cache."""
    ddp = case_dir("torch-2.14-cpu/ddp")
    index = load([ddp], Cache(str(tmp_path)))
    by_rank = {(g.rank, g.kind): g for g in index.graphs}
    assert sorted(by_rank) == [(0, "backward"), (0, "forward"), (1, "backward"), (1, "forward")]
    for kind in ("forward", "backward"):
        zero, one = by_rank[(0, kind)], by_rank[(1, kind)]
        assert zero._template is None and one._template is zero
        texts = [open(g.pre_grad.path).read() for g in (zero, one)]
        assert texts[0] != texts[1] and re.sub(r"# graph id: \d+", "", texts[0]) == re.sub(r"# graph id: \d+", "", texts[1])
        assert [f"# graph id: {g.pre_grad.graph_id}" in t for g, t in zip((zero, one), texts, strict=True)] == [True, True]
        assert one.graph_files["pre_grad"] == one.pre_grad.path != zero.pre_grad.path
        assert (
            list(one.pre_grad.nodes) == list(zero.pre_grad.nodes)
            and one.kernels
            and [(k.key, k.pre_grad_nodes, k.frames) for k in one.kernels] == [(k.key, k.pre_grad_nodes, k.frames) for k in zero.kernels]
        )
    again = load([ddp], Cache(str(tmp_path)))  # from the index cache
    reopened = {(g.rank, g.kind): g for g in again.graphs}
    for key, graph in by_rank.items():
        assert (reopened[key].pre_grad.path, reopened[key].pre_grad.graph_id) == (graph.pre_grad.path, graph.pre_grad.graph_id)
        assert list(reopened[key].pre_grad.nodes) == list(graph.pre_grad.nodes)


class _Host:
    """The least of a server the index worker's first answers use: what is live, what it published."""

    def __init__(self, index, resolver) -> None:
        self.published: list[tuple[Snapshot, list[bool]]] = []
        self._live = Snapshot(index, resolver, graphs=[], covers=[])  # nothing indexed yet

    def live_snapshot(self):
        return self._live

    def publish(self, snapshot) -> None:
        loaded = [g.loaded for g in snapshot.index.graphs]  # what was materialized when it went live
        self.published.append((snapshot, loaded))
        self._live = snapshot

    def send(self, callback) -> None:  # (the server's loop: nothing to wake here)
        pass


def test_an_open_output_code_is_answered_before_every_graph_is_read(tmp_path):
    """First answers come in stages: an open output code as soon as its own graph is read, then the
    open model file once every graph is (mlp_train repeated 3 times: 6 graphs, 2 distinct)."""
    from inductor_lens.lsp.worker import IndexWorker

    log = _repeated("torch-2.11-cuda/mlp_train", str(tmp_path / "dedicated_log_torch_trace_rep.log"), 3)
    index = Index(Cache(str(tmp_path / "c")), disk_cache=False)
    index.add(log)
    resolver = PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False)
    backward = next(g for g in index.graphs if g.kind == "backward")
    code = os.path.abspath(backward.output_code)
    models = os.path.join(TRACES, "models.py")
    host = _Host(index, resolver)
    IndexWorker(host)._first_answers(index, resolver, [code, models], generation=1)
    (first, loaded_first), (second, loaded_second) = host.published
    assert first.answers_for(code) and not first.answers_for(models) and first.graphs == [backward]
    assert loaded_first.count(True) == 1  # only the output code's own graph was read for the first answer
    assert second.answers_for(code) and second.answers_for(models) and all(loaded_second)
    kernel = backward.kernels[0]
    launch = kernel.launches[0]
    assert hover_feature.hover(first, launch.path, launch.line, launch.col) == hover_feature.hover(
        second, launch.path, launch.line, launch.col
    )


def test_a_big_logs_open_output_code_is_answered_from_its_first_part(tmp_path, monkeypatch):
    """On a big log the language server first indexes the log's first part (worker.HEAD_BYTES, here
    made 40% of mlp_train repeated 3 times) and answers an open output code whose compile ended
    there, before the rest is read; the full index then reads only the rest, reuses that graph,
    and answers the same hover and lenses."""
    from inductor_lens.lsp import worker as worker_module
    from inductor_lens.open_traces import TraceRequest, open_traces

    log = _repeated("torch-2.11-cuda/mlp_train", str(tmp_path / "dedicated_log_torch_trace_rep.log"), 3)
    size = os.path.getsize(log)
    monkeypatch.setattr(worker_module, "HEAD_BYTES", size * 4 // 10)
    cache = Cache(str(tmp_path / "c"))
    resolver = PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False)
    whole = Index(cache, disk_cache=False)
    whole.add(log)
    first_backward = next(g for g in whole.graphs if g.kind == "backward")
    code = os.path.abspath(first_backward.output_code)  # (copies share it: extracted by content)
    models = os.path.join(TRACES, "models.py")

    class Host(_Host):
        def __init__(self) -> None:
            super().__init__(whole, resolver)
            self.cache = cache

        def open_paths(self):
            return [code, models]

    host = Host()
    worker = worker_module.IndexWorker(host)
    request = TraceRequest([log], path_maps=[("/workspace/proj", TRACES)], disk_cache=False)
    assert worker._head_answers(request, generation=1)
    (first, loaded), (partial, _) = host.published
    (scan,) = worker.log_scans.values()
    assert scan.log.size <= size * 4 // 10 + 4096 and scan.rest is not None  # the rest is being read elsewhere
    assert first.answers_for(code) and not first.answers_for(models)
    (graph,) = first.graphs
    assert graph.kind == "backward" and graph.compile_id == first_backward.compile_id and loaded.count(True) == 1
    assert len(first.index.graphs) < len(whole.graphs)
    opened = open_traces(request, cache=cache, log_scans=worker.log_scans)
    assert scan.rest is None and scan.log.size == size and len(opened.index.graphs) == len(whole.graphs)
    assert any(g is graph for g in opened.index.graphs)  # reused
    full = Snapshot(opened.index, resolver)
    for kernel in graph.kernels:
        for launch in kernel.launches:
            here = hover_feature.hover(first, launch.path, launch.line, launch.col)
            assert here is not None and here == hover_feature.hover(full, launch.path, launch.line, launch.col)
    assert lenses.code_lenses(first, code) == lenses.code_lenses(full, code) != []
    # then the open model file, from the graphs whose compile ended in the first part (repeated
    # ones once), said to be partial in its hovers and lenses until the full index replaces it
    assert partial.answers_for(models) and partial.answers_for(code) and not partial.complete
    assert partial.reading is not None and partial.reading.endswith(f"of {format_bytes(size)}, repeated graphs once")
    assert sorted(g.kind for g in partial.graphs) == ["backward", "forward"] and not any(g.copied for g in partial.graphs)
    lines = full.lines_of_file[os.path.abspath(models)]
    assert len(lines) >= 5
    for line in lines:
        said, whole = hover_feature.hover(partial, models, line, 0), hover_feature.hover(full, models, line, 0)
        assert said is not None and whole is not None and "Partial" not in whole.contents.value
        assert said.contents.value.endswith(f"*Partial: {partial.reading}.*")
        named = {k.graph.compile_id for k, _ in partial.kernels_on_source_line(models, line)}
        assert named and named < {k.graph.compile_id for k, _ in full.kernels_on_source_line(models, line)}  # one copy of 3
    said_lenses, whole_lenses = lenses.code_lenses(partial, models), lenses.code_lenses(full, models)
    assert said_lenses[0].command.title == f"Inductor Lens: partial — {partial.reading}" and said_lenses[0].range.start.line == 0
    assert [lens.range for lens in said_lenses[1:]] == [lens.range for lens in whole_lenses]


def test_a_failing_first_part_loses_only_the_early_answer(tmp_path, monkeypatch):
    """Whatever goes wrong while answering from a big log's first part, the generation's full
    index is still built and put live (the worker logs the failure)."""
    from inductor_lens.lsp import worker as worker_module
    from inductor_lens.open_traces import TraceRequest

    log = case_log("torch-2.11-cuda/mlp_train")
    whole = Index(Cache(str(tmp_path / "c")), disk_cache=False)
    resolver = PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False)

    class Host(_Host):
        def __init__(self, index, resolver) -> None:
            super().__init__(index, resolver)
            self.cache = Cache(str(tmp_path / "c"))
            self.logged: list[str] = []

        def open_paths(self):
            return []

        def trace_request(self):
            return TraceRequest([log], disk_cache=False)

        def log(self, level, message):
            self.logged.append(message)

        def notify_status(self, state, message=""):
            pass

        def report_progress(self, token, what, message, percentage=None):
            pass

        def refresh_clients(self):
            pass

    host = Host(whole, resolver)
    worker = worker_module.IndexWorker(host)

    def broken(request, generation):
        raise OSError("disk gone")

    monkeypatch.setattr(worker, "_head_answers", broken)
    worker._build(1)
    assert host.published and host.published[-1][0].complete and host.published[-1][0].index.graphs
    assert any("first part failed: OSError('disk gone')" in m for m in host.logged)


def test_distinct_leaves_out_the_cold_graphs_a_repeated_compile_would_copy(tmp_path):
    """LogLoader.distinct (the partial model-file answer's graphs): of mlp_train repeated 3 times
    (6 graphs, 2 distinct), the first forward and backward, decided from the envelopes' payload
    MD5s before anything is read; materialized, the 4 left out are the copies."""
    log = _repeated("torch-2.11-cuda/mlp_train", str(tmp_path / "dedicated_log_torch_trace_rep.log"), 3)
    index = Index(Cache(str(tmp_path / "c")), disk_cache=False)
    index.add(log)
    graphs = index.graphs
    kept = index.loader.distinct(graphs)
    assert [g.kind for g in kept] == ["forward", "backward"] and kept == graphs[:2] and not any(g.loaded for g in graphs)
    for graph in graphs:
        graph.ensure()
    assert [g for g in graphs if not g.copied] == kept
    assert index.loader.distinct(graphs) == graphs  # (materialized: no payloads to compare before reading)
