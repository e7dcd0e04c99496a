"""Measured counters per kernel line: an Nsight Compute profile's source page joined to a Triton
kernel's SASS (issue 30's per-line metrics).

Nsight Compute measures per SASS instruction (:mod:`inductor_lens.readers.ncu_source`); the SASS
``nvdisasm -g`` prints from the kernel's cubin puts each instruction at a kernel-file line
(:mod:`inductor_lens.readers.triton_ir.sass`).  A profiled launch is the kernel's when its
instructions are the cubin's, one for one (autotune candidates of the same name are other cubins
and are left out); its counters, summed over those launches, go to the kernel line of each
instruction.  Kept per line: warp stall samples (all, not issued), instructions executed, and the
stall reasons with the most samples.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

from ..files.cache import Cache
from ..model import InputWarning
from ..readers.ncu_source import NcuLaunch, read_ncu_source
from ..readers.triton_ir import sass_instructions

_LABEL = re.compile(r"`\([^)]*\)|\b0x[0-9a-f]{9,}\b")


def comparable(text: str) -> str:
    """A SASS instruction as both tools write it: without ``.reuse`` operand flags (Nsight Compute
    leaves them out) and with branch targets as ``@`` (``nvdisasm`` writes a label, Nsight Compute
    the device address)."""
    return _LABEL.sub("@", text.replace(".reuse", ""))


SAMPLES = "Warp Stall Sampling (All Samples)"
NOT_ISSUED = "Warp Stall Sampling (Not-issued Samples)"
EXECUTED = "Instructions Executed"


def load_ncu(path: str, cache: Cache) -> tuple[list[NcuLaunch], list[InputWarning]]:
    """The launches of an Nsight Compute profile: its source page exported as CSV, or a
    ``.ncu-rep`` exported here with ``ncu`` when it is installed (else a warning saying how)."""
    if path.endswith(".ncu-rep"):
        tool = shutil.which("ncu")
        if tool is None:
            return [], [
                InputWarning(
                    path,
                    0,
                    "reading a .ncu-rep needs Nsight Compute's ncu: export it where ncu is, with "
                    f"ncu -i {os.path.basename(path)} --page source --csv --print-source sass > profile.csv, and give the .csv",
                )
            ]
        try:
            done = subprocess.run(
                [tool, "-i", path, "--page", "source", "--csv", "--print-source", "sass"], capture_output=True, timeout=600
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return [], [InputWarning(path, 0, f"ncu could not export it: {exc}")]
        if done.returncode != 0:
            return [], [InputWarning(path, 0, f"ncu could not export it: {done.stderr.decode('utf-8', 'replace').strip()[:200]}")]
        path = cache.extract(done.stdout.decode("utf-8", "replace"), os.path.basename(path) + ".source.csv")
    try:
        return read_ncu_source(path)
    except OSError as exc:
        return [], [InputWarning(path, 0, f"cannot read: {exc.strerror or exc}")]


def kernel_metrics(name: str, sass_text: str, kernel_line_of: dict[int, int], launches: list[NcuLaunch], source: str) -> dict | None:
    """``{source, launches, of, total, lines: {"<L>": {samples, not_issued_samples, instructions_executed,
    stalls: {reason: samples}}}, unattributed}`` for the kernel ``name`` whose SASS (``nvdisasm``
    output) is ``sass_text`` and whose SASS lines map to kernel lines by ``kernel_line_of``; None
    when no profiled launch of that name exists."""
    ours = sass_instructions(sass_text)
    named = [la for la in launches if la.name == name and not la.damaged]
    if not named:
        return None
    texts = [comparable(t) for _, _, t in ours]
    offsets = [o for _, o, _ in ours]
    same = [la for la in named if la.offsets == offsets and [comparable(t) for t in la.texts] == texts]
    lines: dict[int, dict] = {}
    total = {"samples": 0.0, "not_issued_samples": 0.0, "instructions_executed": 0.0}
    unattributed = 0.0
    for la in same:
        for (sass_line, _, _), counters in zip(ours, la.counters, strict=True):
            kline = kernel_line_of.get(sass_line)
            samples = counters.get(SAMPLES, 0.0)
            total["samples"] += samples
            total["not_issued_samples"] += counters.get(NOT_ISSUED, 0.0)
            total["instructions_executed"] += counters.get(EXECUTED, 0.0)
            if kline is None:
                unattributed += samples
                continue
            row = lines.setdefault(kline, {"samples": 0.0, "not_issued_samples": 0.0, "instructions_executed": 0.0, "stalls": {}})
            row["samples"] += samples
            row["not_issued_samples"] += counters.get(NOT_ISSUED, 0.0)
            row["instructions_executed"] += counters.get(EXECUTED, 0.0)
            for reason, value in counters.items():
                if reason.startswith("stall_"):
                    row["stalls"][reason] = row["stalls"].get(reason, 0.0) + value

    def ints(d: dict) -> dict:
        return {k: (int(v) if isinstance(v, float) and v.is_integer() else v) for k, v in d.items()}

    out_lines = {}
    for k in sorted(lines):
        row = lines[k]
        top = dict(sorted(row["stalls"].items(), key=lambda kv: -kv[1])[:3])
        out_lines[str(k)] = {
            **ints({key: row[key] for key in ("samples", "not_issued_samples", "instructions_executed")}),
            "stalls": ints(top),
        }
    return {
        "source": source,
        "launches": len(same),
        "of": len(named),
        "total": ints(total),
        "lines": out_lines,
        "unattributed_samples": int(unattributed) if float(unattributed).is_integer() else unattributed,
    }
