"""Many ranks, one story (issue 28): a collective sequence that differs, on a real job: 4 ranks of
`torchrun --nproc-per-node 4` with gloo on the CPU (PyTorch 2.13, tests/data/torch-2.13-cpu/collectives,
its script beside it).  Every rank's compiled step all-reduces twice (sum); rank 2 also
all-gathers (on a group of its own), rank 3 reduces its second all-reduce with max; ranks 0 and 1
are alike.  Rank 3's kernels are those of ranks 0 and 1: only its collectives differ."""

from __future__ import annotations

import glob
import io
import json
import os
import re

from conftest import case_dir, compile_id, raw_records
from inductor_lens.index.collectives import collective_sequences
from inductor_lens.readers.output_code.collectives import collective_call, is_collective
from inductor_lens.report.json_report import index_json

CASE = "torch-2.13-cpu/collectives"
SCRIPT = "/workspace/proj/collectives.py"


def _line_of(code: str) -> int:
    lines = open(os.path.join(case_dir(CASE), "collectives.py"), encoding="utf-8").read().split("\n")
    return next(n for n, text in enumerate(lines, 1) if code in text)


def _logs() -> dict[int, str]:
    return {
        int(re.search(r"rank_(\d+)", os.path.basename(p)).group(1)): p for p in glob.glob(os.path.join(case_dir(CASE), "trace", "*.log"))
    }


def _schedule(log: str) -> dict[str, list[str]]:
    """Independently of the lens: each compile id's ``inductor_collective_schedule`` artifact
    (``torch/_inductor/debug.py``, op names in scheduling order), waits left out."""
    out: dict[str, list[str]] = {}
    for _, env, payload in raw_records(log):
        if (env.get("artifact") or {}).get("name") == "inductor_collective_schedule":
            ops = json.loads(payload)
            out[compile_id(env)] = [op.split(".")[-2].rstrip("_") for op in ops if "wait_tensor" not in op]
    return out


def _calls(log: str) -> list[str]:
    """Independently of the index: the collective launch statements of the log's output code."""
    for _, env, payload in raw_records(log):
        if "inductor_output_code" in env:
            calls = [re.match(r"\s*(\w+ = )?torch\.ops\._c10d_functional\.(\w+)\.default\(", line) for line in payload.split("\n")]
            return [m.string.strip() for m in calls if m and m.group(2) != "wait_tensor"]
    return []


def test_each_ranks_collectives_in_launch_order_with_the_model_line(load_case):
    seqs = collective_sequences(load_case(CASE).graphs)
    assert sorted(seqs) == [(r, "0/0") for r in range(4)]
    for rank, log in _logs().items():
        mine = seqs[(rank, "0/0")]
        # the same ops, in the same order, as PyTorch's own collective schedule for that compile
        assert [c.op for c in mine] == _schedule(log)["0/0"], rank
        assert [c.label for c in mine] == [collective_call(s).label for s in _calls(log)]
        assert all(c.frame is not None and c.frame.file == SCRIPT for c in mine)
    assert [c.label for c in seqs[(0, "0/0")]] == ["all_reduce(sum)", "all_reduce(sum)"] == [c.label for c in seqs[(1, "0/0")]]
    assert [c.label for c in seqs[(2, "0/0")]] == ["all_reduce(sum)", "all_gather(1 rank)", "all_reduce(sum)"]
    assert [c.label for c in seqs[(3, "0/0")]] == ["all_reduce(sum)", "all_reduce(max)"]
    first, gather = seqs[(2, "0/0")][:2]
    assert first.frame.line == _line_of('y = funcol.all_reduce(y, "sum"')
    assert gather.frame.line == _line_of("g = funcol.all_gather_tensor(") and gather.group == "3" and first.group == "0"


def test_each_sequence_is_listed_with_exactly_its_ranks_at_its_line(load_case):
    doc = index_json(load_case(CASE), None)["ranks"]
    assert doc["count"] == 4
    entries = [d for d in doc["divergence"] if d["kind"] == "collective"]
    assert all(d["compile_id"] == "0/0" and d["file"] == SCRIPT for d in entries)
    by = {tuple(d["ranks"]): d for d in entries}
    assert sorted(by) == [(0, 1), (2,), (3,)]
    assert by[(2,)]["line"] == _line_of("g = funcol.all_gather_tensor(")  # its first collective that differs
    assert by[(3,)]["line"] == _line_of("s = funcol.all_reduce(z.sum(dim=0), op")
    assert by[(0, 1)]["line"] == _line_of("s = funcol.all_reduce(z.sum(dim=0), op")
    assert by[(2,)]["message"] == (
        "compile 0/0: collectives all_reduce(sum) then all_gather(1 rank) then all_reduce(sum) vs all_reduce(sum) ×2 (ranks 0, 1)"
    )
    assert by[(3,)]["message"] == "compile 0/0: collectives all_reduce(sum) then all_reduce(max) vs all_reduce(sum) ×2 (ranks 0, 1)"
    assert by[(0, 1)]["message"] == "compile 0/0: collectives all_reduce(sum) ×2 vs 2 other sequences (ranks 2, 3)"
    # rank 2's other kernels follow from its extra collective: said once, as the collective
    assert [d["kind"] for d in doc["divergence"]] == ["collective"] * 3


def test_a_rank_that_differs_only_in_its_collectives_is_not_grouped(load_case):
    index = load_case(CASE)
    kernels = {g.rank: sorted(k.name for k in g.kernels) for g in index.graphs}
    assert kernels[3] == kernels[0] == kernels[1] != kernels[2]
    groups = index_json(index, None)["ranks"]["groups"]
    assert [g["ranks"] for g in groups] == [[0, 1], [2], [3]]


def test_the_table_says_it(load_case):
    from inductor_lens.report.table import print_tables
    from rich.console import Console

    out = io.StringIO()
    print_tables(load_case(CASE), None, Console(file=out, width=220), Console(file=io.StringIO()))
    text = out.getvalue()
    assert "4 ranks · 3 groups of identical ranks" in text
    line = _line_of("g = funcol.all_gather_tensor(")
    assert (
        f"rank 2 only · collective · compile 0/0 · collectives.py:{line}  compile 0/0: collectives all_reduce(sum) then all_gather" in text
    )
    assert "rank 3 only · collective · compile 0/0 · collectives.py:" in text


def test_the_editor_names_the_ranks_on_the_line(load_case):
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.files.resolve import PathResolver
    from inductor_lens.lsp.features.health import diagnostics
    from lsprotocol import types

    snapshot = Snapshot(load_case(CASE), PathResolver([("/workspace/proj", case_dir(CASE))], use_interpreter_site_packages=False))
    found = diagnostics(snapshot, os.path.join(case_dir(CASE), "collectives.py"))
    on = {}
    for d in found:
        on.setdefault(d.range.start.line + 1, []).append(d)
    gather = on[_line_of("g = funcol.all_gather_tensor(")]
    assert [d.message.split(":")[0] for d in gather] == ["rank 2 only"] and gather[0].severity == types.DiagnosticSeverity.Warning
    assert gather[0].code == "collective"
    second = sorted(on[_line_of("s = funcol.all_reduce(z.sum(dim=0), op")], key=lambda d: d.message)
    assert [d.message.split(":")[0] for d in second] == ["rank 3 only", "ranks 0, 1"]
    assert second[1].severity == types.DiagnosticSeverity.Information  # the sequence most ranks issue


def test_collective_calls_as_inductor_prints_them():
    assert is_collective("torch.ops._c10d_functional.all_reduce_.default")
    assert not is_collective("torch.ops._c10d_functional.wait_tensor.default") and not is_collective("extern_kernels.addmm")
    c = collective_call("torch.ops._c10d_functional.all_reduce_.default(buf1, 'sum', '0')")
    assert (c.op, c.reduce_op, c.group_size, c.group) == ("all_reduce", "sum", None, "0")
    c = collective_call("buf7 = torch.ops._c10d_functional.all_gather_into_tensor.default(buf6, 4, '0')")
    assert (c.op, c.group_size, c.label) == ("all_gather_into_tensor", 4, "all_gather(4 ranks)")
    c = collective_call("torch.ops._c10d_functional.reduce_scatter_tensor_out.default(buf1, 'avg', 8, 'tp', out=buf2)")
    assert (c.op, c.reduce_op, c.group_size, c.group, c.label) == ("reduce_scatter_tensor", "avg", 8, "tp", "reduce_scatter(avg, 8 ranks)")
    c = collective_call("buf3 = torch.ops._c10d_functional_autograd.all_to_all_single.default(buf1, [1, 2], [2, 1], '5')")
    assert (c.op, c.reduce_op, c.group_size, c.group, c.label) == ("all_to_all_single", None, None, "5", "all_to_all")
    assert collective_call("torch.ops._c10d_functional.wait_tensor.default(buf7)") is None
