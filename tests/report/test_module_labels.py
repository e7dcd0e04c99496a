"""Issue 48 item 10: a kernel reused across many modules is labelled by their pattern and a count,
never by their paths joined with `` + `` (``bert.encoder.layer.0.attention.self.query +
bert.encoder.layer.0.attention.self.key + … (14 modules)`` before).  On the ConvNeXt and BERT
training traces (CPU 2.13 with provenance, H200 2.11 pairs), the text table at 200 columns, and
``--all``, hold at most two `` + `` joins of module names in all (a model line's own code, which
may add, does not count)."""

from __future__ import annotations

import os
import re

import pytest
from conftest import DATA
from inductor_lens.provenance.modules import ModuleRef
from inductor_lens.text import module_pattern, module_text
from test_cli import run

CASES = [
    os.path.join(DATA, "torch-2.13-cpu", "convnext_train_prov"),
    os.path.join(DATA, "torch-2.13-cpu", "bert_train_prov"),
    os.path.join(DATA, "pairs", "torch-2.11-cuda", "convnext_train"),
    os.path.join(DATA, "pairs", "torch-2.11-cuda", "bert_train_noprov"),
]
#: a model line's row: ``file.py:L  <its code>`` (the code may hold `` + ``)
_CODE_ROW = re.compile(r"\.py:\d+ {2,}\S")


def _module_joins(text: str) -> list[str]:
    return [line for line in text.splitlines() if " + " in line and not _CODE_ROW.search(line)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.split(os.sep)[-1])
def test_at_most_two_joins_of_module_names_in_the_table(case, cache_dir):
    joins = 0
    for extra in ((), ("--all",)):
        proc = run("report", case, *extra, cache_dir=cache_dir, env={"COLUMNS": "200"})
        assert proc.returncode == 0, proc.stderr
        found = _module_joins(proc.stdout)
        joins += sum(line.count(" + ") for line in found)
    assert joins <= 2, found


def test_the_bert_backward_mm_is_its_pattern_and_a_count(cache_dir):
    """The 14 modules of the GPU BERT backward's ``mm`` (12 of the two layers, the pooler, the classifier)."""
    proc = run("report", CASES[3], cache_dir=cache_dir, env={"COLUMNS": "200"})
    text = re.sub(r"\s+", " ", proc.stdout)
    assert "extern_kernels.mm · bert.encoder.layer.*.attention.self.{query,key,value}, … (14 modules) · modeling_bert.py:1119 +7" in text
    assert "bert.encoder.layer.0.attention.self.query + " not in text


def test_module_pattern_rules():
    layer = [
        "attention.self.query",
        "attention.self.key",
        "attention.self.value",
        "attention.output.dense",
        "intermediate.dense",
        "output.dense",
    ]
    mods = tuple(f"bert.encoder.layer.{i}.{m}" for i in (0, 1) for m in layer) + ("bert.pooler.dense", "classifier")
    assert module_pattern(mods) == ("bert.encoder.layer.*.attention.self.{query,key,value}", True)
    assert module_pattern(("stem.0", "stem.1")) == ("stem.*", False)
    assert module_text(ModuleRef(None, ("a", "b", "c"), False)) == "{a,b,c} (3 modules)"
    assert module_text(ModuleRef(None, ("conv1", "bn1"), False)) == "conv1 + bn1"  # two: both named
    assert module_text(ModuleRef("stages", tuple(f"stages.{i}.conv" for i in range(52)), False)) == "stages.* (52 modules)"
