"""Many ranks, one story (issue 28) on a real job: 6 ranks of `torchrun --nproc-per-node 6` with
gloo on the CPU (PyTorch 2.13, tests/data/torch-2.13-cpu/ranks_diverge, its script beside it):
rank 1 takes a rank-local branch with a print (a graph break), rank 2's second function fails to
compile (a graph break under fullgraph=True), rank 3 recompiles for another batch size; ranks 0,
4 and 5 compile alike."""

from __future__ import annotations

import glob
import io
import os
import re

from conftest import case_dir, compile_id, raw_records
from inductor_lens.report.json_report import index_json
from inductor_lens.text import rank_list, ranks_words

CASE = "torch-2.13-cpu/ranks_diverge"


def _ids_per_rank() -> dict[int, set[str]]:
    """Independently of the index: each rank's compile ids as its log spells them."""
    out: dict[int, set[str]] = {}
    for log in glob.glob(os.path.join(case_dir(CASE), "trace", "*.log")):
        rank = int(re.search(r"rank_(\d+)", os.path.basename(log)).group(1))
        out[rank] = {compile_id(env) for _, env, _ in raw_records(log) if compile_id(env) != "-"}
    return out


def _line_of(code: str) -> int:
    lines = open(os.path.join(case_dir(CASE), "ranks.py"), encoding="utf-8").read().split("\n")
    return next(n for n, text in enumerate(lines, 1) if code in text)


def test_every_compile_id_not_on_every_rank_is_listed_with_exactly_its_ranks(load_case):
    doc = index_json(load_case(CASE), None)["ranks"]
    ids = _ids_per_rank()
    assert doc["count"] == len(ids) == 6
    every = set.intersection(*ids.values())
    divergence = doc["divergence"]
    for cid in set.union(*ids.values()) - every:
        having = sorted(r for r, s in ids.items() if cid in s)
        entries = [d for d in divergence if d["compile_id"] == cid]
        assert entries, cid
        assert sorted(r for d in entries for r in d["ranks"]) == having, (cid, entries)
    # an entry of kind compile only where ranks disagree on the id
    assert all(d["compile_id"] not in every for d in divergence if d["kind"] == "compile")
    assert {d["compile_id"] for d in divergence if d["kind"] == "compile"} == {"2/0"}


def test_the_causes_with_their_lines(load_case):
    divergence = index_json(load_case(CASE), None)["ranks"]["divergence"]
    by = {(d["kind"], d["compile_id"]): d for d in divergence}
    brk = by[("graph_break", "0/0")]
    assert brk["ranks"] == [1] and brk["line"] == _line_of('print("rank-local branch"') and brk["file"] == "/workspace/proj/ranks.py"
    assert by[("graph_break", "0/0_1")]["ranks"] == [1]
    failed = by[("failure", "1/0")]
    assert failed["ranks"] == [2] and failed["line"] == _line_of("torch._dynamo.graph_break()")
    recompile = by[("recompile", "0/1")]
    assert recompile["ranks"] == [3] and "size mismatch at index 0. expected 8, actual 12" in recompile["message"]
    # where every rank has the id and only one differs, the others are not listed
    assert not [d for d in divergence if 0 in d["ranks"] or 4 in d["ranks"] or 5 in d["ranks"]]


def test_identical_ranks_are_one_group_and_printed_once(load_case):
    from inductor_lens.report.table import print_tables
    from rich.console import Console

    index = load_case(CASE)
    groups = index_json(index, None)["ranks"]["groups"]
    assert groups[0]["ranks"] == [0, 4, 5] and groups[0]["label"] == "0, 4, 5"
    assert sorted(r for g in groups for r in g["ranks"]) == list(range(6))
    out = io.StringIO()
    print_tables(index, None, Console(file=out, width=200), Console(file=io.StringIO()))
    text = out.getvalue()
    assert "6 ranks · 4 groups of identical ranks" in text
    assert "ranks 4, 5: identical to rank 0 (not repeated)" in text
    assert "rank 1 only · graph break · compile 0/0 · ranks.py:22" in text
    assert not re.search(r"rank_[45]_\w+\.log rank [45]", text)  # their tables are not repeated


def test_a_single_rank_has_no_story(load_case):
    assert index_json(load_case("torch-2.13-cpu/cond"), None)["ranks"] is None


def test_rank_words():
    assert rank_list([0, 1, 2, 3, 5, 7, 8, 9]) == "0–3, 5, 7–9"
    assert ranks_words([3], 8) == "rank 3 only"
    assert ranks_words([0, 1, 2, 4, 5, 6, 7], 8) == "every rank but 3"
    assert ranks_words([0, 2], 8) == "ranks 0, 2"


def test_the_editor_names_the_ranks_on_the_line(load_case, tmp_path):
    """A divergence is a warning on its line naming the ranks: rank 1's graph break on ranks.py:22."""
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.files.resolve import PathResolver
    from inductor_lens.lsp.features.health import diagnostics

    index = load_case(CASE)
    snapshot = Snapshot(index, PathResolver([("/workspace/proj", case_dir(CASE))], use_interpreter_site_packages=False))
    script = os.path.join(case_dir(CASE), "ranks.py")
    found = diagnostics(snapshot, script)
    line = _line_of('print("rank-local branch"')
    brk = [d for d in found if d.range.start.line == line - 1]
    assert brk and brk[0].message.startswith("rank 1 only: Graph break in forward"), [d.message for d in found]
    failed = [d for d in found if d.range.start.line == _line_of("torch._dynamo.graph_break()") - 1]
    assert failed and failed[0].message.startswith("rank 2 only: ")


def test_the_kernels_view_is_told_which_ranks_are_the_same(load_case):
    """``inductorLens/traces``: each trace of a group but its first names the first (``same_as``),
    so the Kernels view shows a group once (client/test/ranksGroup.test.ts)."""
    from inductor_lens.lsp.protocol import traces_json

    traces = {t["rank"]: t for t in traces_json(load_case(CASE))}
    assert traces[4]["same_as"] == traces[0]["path"] == traces[5]["same_as"]
    assert all("same_as" not in traces[r] for r in (0, 1, 2, 3))
    assert all("same_as" not in t for t in traces_json(load_case("torch-2.13-cpu/cond")))
