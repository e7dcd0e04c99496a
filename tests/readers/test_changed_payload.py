"""A payload whose MD5 does not match (issue 26): a whole record inside the log that was edited
after PyTorch wrote it is shown as it is now, marked, with its warning (nothing the user has is
hidden); the log's last record, which may be cut, is still skipped."""

from __future__ import annotations

import os

from conftest import TRACES, case_log
from corpus import envelope, find, join, payload, records, set_payload
from inductor_lens.files.cache import Cache
from inductor_lens.files.resolve import PathResolver
from inductor_lens.index.trace_index import load
from inductor_lens.report.json_report import index_json


def _edited(log: str, out, which: str, nth: int = 0) -> tuple[str, int]:
    """A copy of ``log`` whose ``nth`` record of kind ``which`` has one payload line changed and its
    envelope's MD5 kept (as an editor would leave it); returns the path and that record's line."""
    recs = records(open(log, "rb").read())
    i = find(recs, which, nth=nth)
    lines = payload(recs[i])
    n = next(k for k, text in enumerate(lines) if b"def call(" in text)
    lines[n] += b"  # edited"
    recs[i] = set_payload(recs[i], lines, fix_md5=False)
    path = os.path.join(str(out), os.path.basename(log))
    with open(path, "wb") as fh:
        fh.write(join(recs))
    return path, 1 + sum(len(r) for r in recs[:i])


def test_an_edited_output_code_is_shown_and_marked(tmp_path, cache_dir):
    src = case_log("torch-2.11-cuda/mlp_train")
    path, line = _edited(src, tmp_path, "inductor_output_code", 0)
    index = load([path], Cache(cache_dir))
    original = load([src], Cache(str(tmp_path / "c2")))
    # every graph is there, with the same kernels as the untouched log
    assert [(g.compile_id, g.kind, [k.key for k in g.kernels]) for g in index.graphs] == [
        (g.compile_id, g.kind, [k.key for k in g.kernels]) for g in original.graphs
    ]
    forward, backward = index.graphs
    assert forward.payload_changed and not backward.payload_changed
    warned = [w for w in index.warnings if w.changed]
    assert len(warned) == 1 and warned[0].line == line and "was changed after PyTorch wrote it" in warned[0].message
    doc = index_json(index, None)
    marked = {k["graph"] for k in doc["kernels"] if k.get("payload_changed")}
    assert marked == {"forward"}
    assert any("marked as changed" in w["message"] for w in doc["warnings"])


def test_the_hover_says_the_payload_was_changed(tmp_path, cache_dir):
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.lsp.features.hover import CHANGED_NOTE, hover

    path, _ = _edited(case_log("torch-2.11-cuda/mlp_train"), tmp_path, "inductor_output_code", 0)
    index = load([path], Cache(cache_dir))
    kernel = next(k for k in index.graphs[0].kernels if k.launches)
    snapshot = Snapshot(index, PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False))
    launch = kernel.launches[0]
    assert CHANGED_NOTE in hover(snapshot, launch.path, launch.line, launch.col + 1).contents.value
    other = next(k for k in index.graphs[1].kernels if k.launches)
    la = other.launches[0]
    assert CHANGED_NOTE not in hover(snapshot, la.path, la.line, la.col + 1).contents.value


def test_the_last_record_cut_or_edited_is_still_skipped(tmp_path, cache_dir):
    """The log's last record may be one PyTorch was still writing: a mismatch there is not shown."""
    src = case_log("torch-2.11-cuda/mlp_infer")
    recs = records(open(src, "rb").read())
    last = max(i for i, r in enumerate(recs) if "inductor_output_code" in envelope(r)[1])
    path = os.path.join(str(tmp_path), os.path.basename(src))
    with open(path, "wb") as fh:
        fh.write(join(recs[: last + 1])[:-40])  # the log ends 40 bytes into the output code's end
    index = load([path], Cache(cache_dir))
    assert not any(w.changed for w in index.warnings)


def test_an_edited_pre_grad_graph_is_marked(tmp_path, cache_dir):
    """The pre-grad graph is read before the graph is materialized (its text without the ``# graph
    id:`` line is what tells an identical rank's graph): what that reading found (a changed text)
    is reported with the graph, as for any payload.  A fresh user's trial: an edited
    ``before_pre_grad_graph`` was shown with no warning (2.14 mlp_train, and in the second copy of a
    log written twice)."""
    src = case_log("torch-2.14-cpu/mlp_train")
    recs = records(open(src, "rb").read())
    i = find(recs, "artifact", "before_pre_grad_graph")
    lines = [text.replace(b"_fc1_", b"_fcZ_") for text in payload(recs[i])]
    assert lines != payload(recs[i]) and any(b"# graph id:" in text for text in lines)
    line = 1 + sum(len(r) for r in recs[:i])
    edited = recs[:i] + [set_payload(recs[i], lines, fix_md5=False)] + recs[i + 1 :]
    for name, data, at in [("once.log", join(edited), line), ("twice.log", join(recs) + join(edited), line + sum(len(r) for r in recs))]:
        folder = tmp_path / name
        folder.mkdir()
        path = folder / f"dedicated_log_torch_trace_{name}"
        path.write_bytes(data)
        index = load([str(path)], Cache(str(tmp_path / f"c-{name}")))
        warned = [w for w in index.warnings if w.changed]
        assert [(w.line, "before_pre_grad_graph" in w.message) for w in warned] == [(at, True)], name
        changed = [g for g in index.graphs if g.payload_changed]
        assert changed and all(g.pre_grad is not None and "fcZ" in open(g.pre_grad.path).read() for g in changed)
