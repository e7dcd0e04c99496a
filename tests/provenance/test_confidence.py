"""How sure a link is (issue 26): each launch is ``exact`` (PyTorch recorded it), ``inferred``
(the dataflow alignment pinned it) or ``ambiguous`` (the alignment had to choose, with the other
nodes that fitted); the mark must carry information, measured on the pairs of
tests/provenance/test_no_provenance.py (scripts/confidence_marks.py prints the same)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "scripts"))

from conftest import TRACES  # noqa: E402
from inductor_lens.files.resolve import PathResolver  # noqa: E402
from inductor_lens.report.json_report import index_json  # noqa: E402
from test_no_provenance import PAIRS  # noqa: E402


def test_ambiguous_launches_are_wrong_more_often():
    from confidence_marks import measure

    marks = measure([(a, b) for a, b, _, _ in PAIRS])
    (a_right, a_total), (i_right, i_total) = marks["ambiguous"], marks["inferred"]
    assert a_total >= 20 and i_total >= 200, marks
    # measured on the 15 pairs: 12 wrong of 96 ambiguous (12.5%) against 7 of 791 inferred (0.9%)
    assert (a_total - a_right) / a_total > 5 * (i_total - i_right) / i_total, marks


def test_marks_in_the_json(load_case):
    doc = index_json(load_case("torch-2.13-cpu/gpt2_l3_train_noprov"), None)
    launches = [la for k in doc["kernels"] for la in k["launches"]]
    assert {la["confidence"] for la in launches} == {"inferred", "ambiguous"}
    for la in launches:
        # an ambiguous launch names the nodes the choice was about: the graph's nodes
        assert ("alternatives" in la) == (la["confidence"] == "ambiguous")
        assert la.get("alternatives", ["x"]) and all(isinstance(n, str) and n for n in la.get("alternatives", ())), la
    for k in doc["kernels"]:
        weakest = {la["confidence"] for la in k["launches"]}
        assert k["confidence"] == ("ambiguous" if "ambiguous" in weakest else "inferred"), k["key"]
    # with provenance every link is PyTorch's own
    full = index_json(load_case("torch-2.13-cpu/gpt2_l3_train_prov"), None)
    assert {la["confidence"] for k in full["kernels"] for la in k["launches"]} == {"exact"}


def test_hover_and_table_say_it(load_case):
    from inductor_lens.analysis.snapshot import Snapshot
    from inductor_lens.lsp.features.hover import hover
    from inductor_lens.report.table import provenance_summary

    index = load_case("torch-2.13-cpu/gpt2_l3_train_noprov")
    kernel = next(k for k in index.kernels if k.confidence == "ambiguous" and len(k.launches) == 1)
    launch = kernel.launches[0]
    snapshot = Snapshot(index, PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False))
    text = hover(snapshot, launch.path, launch.line, launch.col + 1).contents.value
    assert "*Ambiguous link:* the alignment had to choose here:" in text
    assert f"`{launch.alternatives[0]}`" in text
    summary = provenance_summary(kernel.graph.kernels)
    n = sum(1 for k in kernel.graph.kernels if k.confidence == "ambiguous")
    assert summary.endswith(f"({n} ambiguous)") and n >= 1
