"""``report --ir`` as a table: each Triton kernel's IR at a glance (instructions, registers, spills,
shared memory, the folder it was found in, or why none was), and its hottest kernel lines by PTX
instructions.  The JSON (``report --json --ir``, docs/report-json.md) has every line."""

from __future__ import annotations

import os

from ..text import plural


def _n(value) -> str:
    return "—" if value is None else str(value)


def _measured(metrics: dict | None) -> tuple[str, str]:
    """(stall samples of the launches matched, the three kernel lines with the most and their top reason)."""
    if not metrics:
        return "—", ""
    lines = sorted(metrics["lines"].items(), key=lambda kv: -kv[1]["samples"])[:3]
    top = ", ".join(
        f"L{k}: {v['samples']}" + (f" {next(iter(v['stalls'])).removeprefix('stall_')}" if v["stalls"] else "")
        for k, v in lines
        if v["samples"]
    )
    return f"{metrics['total']['samples']} ({metrics['launches']} of {metrics['of']} launches)", top


def print_ir_table(irs, console) -> None:
    """Print one row per Triton kernel definition (kernels of copied graphs once) to ``console`` (rich)."""
    from rich.table import Table

    rows = irs.triton_kernels()
    if not rows:
        return
    table = Table(title=f"What the Triton kernels compiled to ({plural(len({id(ir) for _, ir in rows}), 'kernel')})", title_justify="left")
    measured = any(ir.metrics for _, ir in rows)
    columns = ["kernel", "graph", "PTX", "SASS", "regs", "spills", "shared B", "busiest kernel lines (PTX)"]
    columns += ["stall samples (ncu)", "most stalled lines"] if measured else []
    for name in [*columns, "Triton cache folder"]:
        table.add_column(name, overflow="fold")
    seen: set[int] = set()
    found = 0
    for kernel, ir in rows:
        if id(ir) in seen:
            continue
        seen.add(id(ir))
        graph = kernel.graph
        where = f"{graph.compile_id} {graph.kind}" if graph is not None else ""
        if ir.folder is None:
            table.add_row(kernel.name, where, *([""] * (len(columns) - 2)), f"none: {ir.match.reason}")
            continue
        found += 1
        res = ir.resources
        ptx = ir.maps.get("ptx")
        busiest = ""
        if ptx is not None:
            counts = sorted(((len(v) + len(ptx.inlined.get(k, [])), k) for k, v in ptx.lines.items()), reverse=True)[:3]
            busiest = ", ".join(f"L{k}: {n}" for n, k in counts)
        table.add_row(
            kernel.name,
            where,
            _n(ir.total("ptx")),
            _n(ir.total("sass")),
            _n(res.get("registers")),
            _n(res.get("spills")),
            _n(res.get("shared_bytes")),
            busiest,
            *(_measured(ir.metrics) if measured else ()),
            f"{os.path.basename(ir.folder.path)[:12]}… ({ir.match.how})",
        )
    console.print(table)
    looked = f" (looked in {', '.join(irs.caches.roots[:3])}{' …' if len(irs.caches.roots) > 3 else ''})" if irs.caches.roots else ""
    hint = next((ir.match.hint for _, ir in rows if ir.folder is None), None)
    if not found:  # nothing to see with --json --ir: say what is missing and what to set
        console.print(
            f"no compiled IR (TTIR/TTGIR/LLIR/PTX/SASS) found in a Triton cache for any of the {len(seen)} kernels{looked}: {hint}"
        )
    else:
        console.print(
            f"{found} of {len(seen)} found in a Triton cache; every kernel line's TTIR/TTGIR/LLIR/PTX/SASS lines: report --json --ir{looked}"
        )
    if found and hint is not None:
        console.print(f"for the other {len(seen) - found}: {hint}")
    missing = next((ir.sass_missing for _, ir in rows if ir.sass_missing), None)
    if missing:
        console.print(f"no SASS: {missing}")
