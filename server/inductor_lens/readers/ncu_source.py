"""Reader of Nsight Compute's source page exported as text: per profiled kernel launch, each SASS
instruction with its measured counters.

Format (``ncu -i REPORT.ncu-rep --page source --csv --print-source sass``, Nsight Compute 2025.3):
for each profiled launch, a row ``"Kernel Name","<name>",`` then a header row (``"Address","Source",
"Warp Stall Sampling (All Samples)","Warp Stall Sampling (Not-issued Samples)","# Samples",
"Instructions Executed",...,"stall_long_sb",...``) and one row per SASS instruction: its address
on the device (``0x7f43137a3700``; the first is the function's start, so an instruction's offset in
the cubin is its address less the first's) and its text (``LDC R1, c[0x0][0x28]``).  Launches are in
profiling order; one kernel name can have several (autotune candidates are other cubins).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field

from ..model import InputWarning

#: counters kept per instruction (the others are left out: ~60 columns, most per cache level)
KEPT = ("Warp Stall Sampling (All Samples)", "Warp Stall Sampling (Not-issued Samples)", "Instructions Executed")


@dataclass(slots=True)
class NcuLaunch:
    """One profiled launch: ``name``, ``number`` (its order in the export, 0-based), and per
    instruction ``offsets`` (bytes from the function's start), ``texts`` (SASS, whitespace
    collapsed) and ``counters`` ({column: value} for :data:`KEPT` and the ``stall_*`` reasons
    that are not zero)."""

    name: str
    number: int
    #: a row cut short, or no instruction row: the export is incomplete here (not a candidate to match)
    damaged: bool = False
    offsets: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    counters: list[dict[str, float]] = field(default_factory=list)


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def read_ncu_source(path: str) -> tuple[list[NcuLaunch], list[InputWarning]]:
    """The launches of an exported source page, and warnings (file and line) for what is not one.
    Raises ``OSError`` when the file cannot be read."""
    launches: list[NcuLaunch] = []
    warnings: list[InputWarning] = []
    header: list[str] | None = None
    current: NcuLaunch | None = None
    base = 0
    with open(path, encoding="utf-8-sig", errors="replace", newline="") as fh:  # a BOM (a spreadsheet's save) is not data
        for n, row in enumerate(csv.reader(fh), 1):
            if not row:
                continue
            if row[0] == "Kernel Name":
                current = NcuLaunch(row[1] if len(row) > 1 else "", len(launches))
                launches.append(current)
                header = None
                continue
            if current is None:
                if n == 1:
                    warnings.append(InputWarning(path, n, 'not an Nsight Compute source page export (no "Kernel Name" row first)'))
                    return [], warnings
                continue
            if row[0] == "Address":
                header = row
                continue
            if header is None or len(row) < 2:
                warnings.append(InputWarning(path, n, "an instruction row before its header; skipped"))
                current.damaged = True
                continue
            if len(row) < len(header) - 1:  # (rows end with a comma: one field more, or not)
                warnings.append(
                    InputWarning(
                        path,
                        n,
                        f"row cut short ({len(row)} of {len(header)} fields): the export is incomplete; launch {current.number + 1} ({current.name}) left out",
                    )
                )
                current.damaged = True
                continue
            try:
                address = int(row[0], 16)
            except ValueError:
                warnings.append(InputWarning(path, n, f"address {row[0]!r} is not a hex number; row skipped"))
                continue
            if not current.offsets:
                base = address
            current.offsets.append(address - base)
            current.texts.append(" ".join(row[1].split()))
            kept: dict[str, float] = {}
            for name, value in zip(header[2:], row[2:], strict=False):
                if name in KEPT or (name.startswith("stall_") and not name.endswith("(Not Issued)")):
                    v = _number(value)
                    if v:
                        kept[name] = v
            current.counters.append(kept)
    for la in launches:
        if not la.offsets and not la.damaged:
            la.damaged = True
            warnings.append(
                InputWarning(path, 0, f"launch {la.number + 1} ({la.name}) has no instruction row: the export is incomplete; left out")
            )
    if not launches:
        warnings.append(InputWarning(path, 0, "no profiled kernel in this Nsight Compute export"))
    return launches, warnings
