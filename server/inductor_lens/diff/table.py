"""``inductor-lens diff``'s text: the changed lines first (by |Δ time|), then lines whose config or
time moved, then a one-line summary per run and what else differs (versions, options, compile
health).  Each changed line is a block whose text wraps between words (kernel names whole where they fit)."""

from __future__ import annotations

from ..analysis.comparison import Comparison
from ..analysis.run_lines import LineDiff
from ..analysis.wall import kernel_verdict
from ..text import format_seconds, format_us, plural

#: the changed rows shown at most (``--all`` shows every row)
TOP = 40
#: the causes shown after the headline (``--all`` shows every one)
CAUSES = 6


def _cause_line(c: dict) -> str:
    where = f"{c['file'].replace(chr(92), '/').rsplit('/', 1)[-1]}:{c['line']}" if c.get("file") and c.get("line") else ""
    delta = c["delta_us"]
    size = f"{delta / 1000:+.2f} ms" if abs(delta) >= 100 else f"{delta:+.1f} µs"
    code = f"  {c['code']}" if c.get("code") else ""
    return f"{size:>10}  {c['kind']}" + (f" · {where}{code}" if where else "") + f": {c['message']}"


def _ordered_causes(c: Comparison) -> tuple[list[dict], list[dict], int]:
    """``(with, against, sign)``: the causes that go the way of the wall change (B slower: the
    largest positive first; B faster: the most negative first), the others (largest against it
    first, then those without time), and the change's sign (0 without times or no change).  The
    JSON keeps its own order (``delta_us`` descending)."""
    t = c.time
    sign = 0 if t is None or t["b_us"] == t["a_us"] else (1 if t["b_us"] > t["a_us"] else -1)
    if sign == 0:
        return list(c.causes), [], 0
    going = sorted((k for k in c.causes if k["delta_us"] * sign > 0), key=lambda k: -k["delta_us"] * sign)
    others = sorted((k for k in c.causes if k["delta_us"] * sign <= 0), key=lambda k: k["delta_us"] * sign)
    return going, others, sign


def print_causes(c: Comparison, console, *, all_causes: bool = False) -> None:
    """The wall headline, the notes about the comparison, and the first causes: those that go the
    way of the change first (for a speed-up, the most negative), then how many go against it."""
    from rich.text import Text

    from ..report.health import indented

    console.print(Text(c.headline))
    for note in c.notes:
        console.print(indented(2, Text("note: "), Text(note)))
    going, others, sign = _ordered_causes(c)
    shown = going if all_causes else going[:CAUSES]
    against = others if all_causes else others[: max(0, CAUSES - len(shown))]
    if not all_causes:  # what changed in the compile has no time of its own: shown all the same
        rest = [k for k in going[CAUSES:] + others if k not in against]
        against += [k for k in rest if k["kind"] in ("graph_break", "recompile", "option")][:CAUSES]
    if not (shown or against):
        return
    if c.time is None:
        title = "causes (no times: a profile is missing):"
    elif sign:
        way = "slower (what adds time)" if sign > 0 else "faster (what takes time off)"
        title = f"causes, per {c.time['per']}, largest first: what makes B {way}"
    else:
        title = f"causes, per {c.time['per']}, largest first:"
    console.print(Text(title))
    for cause in shown + ([] if sign else against):
        console.print(indented(4, Text(_cause_line(cause))))
    if sign and others:
        timed = [k for k in others if k["delta_us"]]
        total = sum(k["delta_us"] for k in timed)
        said = f"{plural(len(others), 'other cause')}: {len(timed)} the other way ({total / 1000:+.2f} ms in all), {len(others) - len(timed)} without time"
        console.print(Text(f"  {said}" + (":" if against else "")))
        for cause in against:
            console.print(indented(4, Text(_cause_line(cause))))
    verdicts = [v["verdict"] for p in c.pairs for v in [kernel_verdict(p.a.run_us, p.b.run_us)] if v is not None]
    if verdicts:
        counts = ", ".join(f"{verdicts.count(w)} {w}" for w in ("slower", "faster", "within noise") if verdicts.count(w))
        noise = (
            "within noise: the runs' ranges overlap"
            if "within noise" in verdicts
            else "none within noise: no matched kernel's run ranges overlap"
        )
        console.print(Text(f"  matched kernels, by their median run: {counts} ({noise})"))
    hidden = len(c.causes) - len(shown) - len(against)
    if hidden > 0:
        console.print(Text(f"  … {plural(hidden, 'cause')} not shown (--all, or --json)"))


def _kernels(side) -> str:
    if side is None:
        return "-"
    return "\n".join(f"{family}" + (f" ×{n}" if n > 1 else "") for family, n in sorted(side.kernels.items()))


def _where(d: LineDiff) -> str:
    la, lb = d.where_a, d.where_b
    if la == lb:
        return f"{d.key[0]}:{la}"
    return f"{d.key[0]}:{la if la is not None else '-'} → {lb if lb is not None else '-'}"


def _time_moves(c: Comparison) -> str:
    """``; 8 take more time per step, 1 less (by over 5%)``: the lines whose time moved, said in the
    title (a batch size doubled moves every line's time and no line's kernels); ``""`` unmeasured."""
    steps = (c.time["a"]["steps"] or 1, c.time["b"]["steps"] or 1) if c.time else (1, 1)
    more = less = 0
    for d in c.lines:
        ta, tb = d.time("a"), d.time("b")
        if ta is None or tb is None:
            return ""
        ta, tb = ta / steps[0], tb / steps[1]
        more += tb > ta * 1.05 and tb - ta >= 1.0
        less += tb < ta / 1.05 and ta - tb >= 1.0
    if not more and not less:
        return ""
    per = " per step" if c.time and c.time["per"] == "step" else ""
    return f"; {more} take more time{per}, {less} less (by over 5%)"


def print_comparison(c: Comparison, console, *, all_lines: bool = False) -> None:
    """Print the comparison to a rich ``console``.  Not on a terminal (a pipe, a file), each line is
    written without the spaces rich pads a wrapped cell's lines with to the console's width (200
    columns piped: a diff saved to a file was mostly trailing spaces)."""
    if console.is_terminal:
        _print_comparison(c, console, all_lines=all_lines)
        return
    with console.capture() as captured:
        _print_comparison(c, console, all_lines=all_lines)
    console.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
    console.file.flush()


def _print_comparison(c: Comparison, console, *, all_lines: bool = False) -> None:
    from rich.text import Text

    from ..report.health import indented  # the report's hanging indent: wrapped text keeps its cell's indent

    print_causes(c, console, all_causes=all_lines)
    a, b = c.runs
    moved = [d for d in c.lines if d.change == "same" and any("→" in w for w in d.words)]
    rows = c.changed + (moved if all_lines else moved[:10])
    shown = rows if all_lines else rows[:TOP]
    title = f"{plural(len(c.changed), 'changed line')} of {len(c.lines)} model lines" + _time_moves(c)
    if c.changed or moved:
        # one block per line, not a six-column table: kernel names are long words, and a column
        # narrower than a name cut it in the middle at every width (a new user's trial); here text
        # wraps between words (kernels, phrases) and a name no wider than the terminal stays whole
        console.print(Text(title))
        for d in shown:
            text = f" · {d.text}" if d.text else ""
            console.print(indented(2, Text(f"{d.change}{text} · {_where(d)}  {d.key[1]}")))
            for label, side in (("A", d.a), ("B", d.b)):
                console.print(indented(6, Text(f"{label}: "), Text(_kernels(side).replace("\n", ", "))))
            for word in d.words:
                console.print(indented(6, Text("· "), Text(word)))
        if len(rows) > len(shown):
            console.print(f"  … {len(rows) - len(shown)} more (--all, or --json)", highlight=False)
    else:
        console.print(Text(f"no changed line: {len(c.lines)} model lines compute the same kernels in both runs{_time_moves(c)}"))
    for name, run in (("A", a), ("B", b)):
        parts = [", ".join(run.paths)]
        for key in ("pytorch", "triton"):
            if run.versions.get(key):
                parts.append(f"{'PyTorch' if key == 'pytorch' else 'Triton'} {'/'.join(run.versions[key])}")
        if run.device:
            parts.append(run.device)
        parts.append(f"{plural(run.graphs, 'graph')}, {plural(run.kernels, 'kernel')}, {plural(run.launches, 'launch')}")
        if run.inferred:
            parts.append("no provenance in the trace: links rebuilt from the code comments (INDUCTOR_PROVENANCE=1 makes them exact)")
        if run.measured_us is not None:
            parts.append(
                f"measured {format_us(run.measured_us)}" + (f" over {plural(run.profiled_runs, 'graph call')}" if run.profiled_runs else "")
            )
        console.print(Text(f"{name}: " + " · ".join(parts)))
    if a.measured_us and b.measured_us is not None:
        console.print(
            Text(
                f"compiled kernels' device time A → B: {format_us(a.measured_us)} → {format_us(b.measured_us)} "
                f"({b.measured_us / a.measured_us - 1:+.1%}), summed over each run's profiled calls "
                "of compiled graphs, not per step (the headline is the wall time per step)"
            )
        )
    changed = [o for o in c.options if o["kind"] == "changed"]
    for option in changed[:20]:
        console.print(Text(f"option {option['name']}: {option['a']!r} → {option['b']!r}"))
    if len(changed) > 20:
        console.print(Text(f"… {len(changed) - 20} more options differ (--json)"))
    one_side = len(c.options) - len(changed)
    if one_side:
        console.print(Text(f"{plural(one_side, 'setting')} exist in one run's PyTorch only (--json lists them)"))
    for fn in c.compiles:
        ra, rb = fn["a"], fn["b"]
        counts = [None if r is None else (r["compiles"], r["graph_breaks"], r["recompiles"], r["failures"]) for r in (ra, rb)]
        if counts[0] == counts[1] and not fn["new_graph_breaks"]:
            continue
        lines = [r["line"] for r in (ra, rb) if r is not None]
        at = str(lines[0]) if len(set(lines)) == 1 else f"{lines[0]} → {lines[1]}"
        console.print(Text(f"compiled {fn['file']}:{at} {fn['function']}: {_health_cell(ra)} → {_health_cell(rb)}"))
        for brk in fn["new_graph_breaks"]:
            code = f" `{brk['code']}`" if brk.get("code") else ""
            console.print(Text(f"  new graph break at {brk['where']}{code}: {brk['message']}"))
        if rb is not None and rb["failures"] and (ra is None or not ra["failures"]):
            console.print(
                Text(
                    f"  {fn['function']} ({fn['file']}:{rb['line']}) failed to compile in B and now runs eagerly "
                    f"(its own lines; what it calls compiles on its own): {rb['failures'][0]}"
                )
            )


def _health_cell(r: dict | None) -> str:
    if r is None:
        return "not compiled"
    time = f", {format_seconds(r['compile_time_s'])}" if r["compile_time_s"] is not None else ""
    failed = f" · {len(r['failures'])} failed" if r["failures"] else ""
    return f"{r['compiles']}× · {plural(r['graph_breaks'], 'graph break')} · {plural(r['recompiles'], 'recompile')}{failed}{time}"
