"""Rank divergence in the editor's problems (issue 50 item 5): a problem on some ranks only is
labelled so wherever it is placed (a recompile PyTorch names no user line for was not), and the
status counts DDP's own graph breaks (on PyTorch's and the standard library's lines, every rank's)
apart from the user's.  Real traces: tests/data/torch-2.13-cpu/ranks_diverge (4 ranks) and the
shared torch-2.14-cpu/ddp (2 ranks)."""

from __future__ import annotations

import os

from conftest import DATA, case_dir
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.files.cache import Cache
from inductor_lens.files.resolve import PathResolver
from inductor_lens.index.trace_index import load
from inductor_lens.lsp.features import health


def test_every_rank_only_problem_is_labelled(tmp_path):
    folder = os.path.join(DATA, "torch-2.13-cpu", "ranks_diverge")
    index = load([folder], Cache(str(tmp_path / "c")), disk_cache=False)
    ctx = Snapshot(index, PathResolver([("/workspace/proj", folder)]))
    by_rank = {}
    for e in index.compile_events:
        by_rank.setdefault(e.kind, set()).add(e.rank)
    assert by_rank == {"graph_break": {1}, "failure": {2}, "recompile": {3}}  # each on one rank of 4
    messages = [d.message.splitlines()[0] for d in health.diagnostics(ctx, os.path.join(folder, "ranks.py"))]
    recompiles = [m for m in messages if "recompiled" in m]
    assert len(recompiles) == 2 and all(m.startswith("rank 3 only: ") for m in recompiles), messages
    assert all(m.startswith(("rank 1 only: ", "rank 2 only: ", "rank 3 only: ")) for m in messages), messages


def test_ddps_own_graph_breaks_are_counted_apart(tmp_path):
    index = load([case_dir("torch-2.14-cpu/ddp")], Cache(str(tmp_path / "c")), disk_cache=False)
    counts = health.problem_counts(index)
    where = {os.path.basename(e.location.file) for e in index.compile_events if e.kind == "graph_break"}
    assert where == {"distributed.py", "contextlib.py"}  # DDP's forward and the stdlib's contextmanager
    assert counts["graphBreaks"] == counts["libraryGraphBreaks"] == 6 and counts["userProblems"] == 0
    folder = os.path.join(DATA, "torch-2.13-cpu", "ranks_diverge")
    counts = health.problem_counts(load([folder], Cache(str(tmp_path / "c")), disk_cache=False))
    assert counts["libraryGraphBreaks"] == 0 and counts["userProblems"] == counts["problems"] > 0
