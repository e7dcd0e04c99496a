"""``inductor-lens report`` as tables (rich): a summary per graph by default, every kernel with ``--all``.

Summary: per trace its compile health (report_health.py), then one table with a row per graph
(compile id, graph, kernels, launches, where provenance came from, measured time, the top
kernels by measured time, or by launches and ops fused without a profile), and, with a profile, the
the model lines by share of the measured time first (timing/hot_lines.py).  ``--all``: per graph
every kernel with its model lines and the output code's path.  Warnings go to ``errors`` one per
line, never wrapped (a file or pipe gets them whole).
"""

from __future__ import annotations

import shlex

from ..analysis.core import Analysis
from ..analysis.shown import module_of, module_of_nodes
from ..files.resolve import PathResolver
from ..model import Graph, Kernel, line_key
from ..text import format_us, module_text, plural, rank_list, runs_text, short_device_name, speed_text
from .health import indented, print_health
from .ranks import print_ranks

#: How the CLI names each provenance source.
SOURCE_WORDS = {"mapping": "mapping", "stack_traces": "stack traces", "comments": "comments", "inferred": "inferred"}
#: Kernels per graph (and model lines per trace) the summary names.
TOP = 3
TOP_LINES = 10
#: Graph kinds as a hot line's split names them.
GRAPH_SHORT = {"forward": "fwd", "backward": "bwd", "inference": "inference"}


def provenance_summary(kernels) -> str:
    """Where a graph's provenance came from: ``mapping 4`` or ``comments 3, inferred 5 (2 ambiguous)``
    (kernels with a launch the inference had to choose for: :attr:`Kernel.confidence`)."""
    counts: dict[str, int] = {}
    for kernel in kernels:
        counts[kernel.provenance] = counts.get(kernel.provenance, 0) + 1
    order = list(SOURCE_WORDS)
    ambiguous = sum(1 for kernel in kernels if kernel.confidence == "ambiguous")
    return (
        ", ".join(
            f"{SOURCE_WORDS.get(p, p)} {n}" for p, n in sorted(counts.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 9)
        )
        + (f" ({ambiguous} ambiguous)" if ambiguous else "")
        or "none"
    )


def _without_provenance(graph: Graph) -> bool:
    return bool(graph.kernels) and not any(k.provenance in ("mapping", "kernel_information", "stack_traces") for k in graph.kernels)


def _kernel_label(kernel: Kernel) -> str:
    """``extern_kernels.mm:9 · transformer.h.0.attn.c_proj · pytorch_utils.py:119``."""
    label = kernel.key  # whole: a table wraps between words, never inside a name
    module = module_text(module_of(kernel))
    if module:
        label += f" · {module}"
    model = kernel.model_lines
    if model:
        label += f" · {model[0].basename}:{model[0].line}" + (f" +{len(model) - 1}" if len(model) > 1 else "")
    return label


def _took(kernel: Kernel) -> str:
    """``19.7 µs``, or ``6.2 µs CPU`` for a kernel timed on the CPU."""
    m = kernel.measured
    return "-" if m is None else format_us(m.total_us) + (" CPU" if m.clock == "cpu" else "")


def _top_kernels(graph: Graph) -> tuple[str, list[tuple[str, str]]]:
    """(how they were ranked, ``TOP`` (figure, kernel label) pairs) of a graph.  Entries of one
    kernel (a Triton kernel Inductor reuses for identical loops, one entry per layer) are one row:
    ``triton_poi_fused_add_0 ×3 · bert.encoder.layer.* (3 modules)``, their times summed."""
    groups: dict[str, list[Kernel]] = {}
    for kernel in graph.kernels:
        same = kernel.name if kernel.kind not in ("extern", "fallback") else kernel.key  # extern calls differ by op and shape
        groups.setdefault(same, []).append(kernel)
    rows = list(groups.values())

    def label(ks: list[Kernel]) -> str:
        if len(ks) == 1:
            return _kernel_label(ks[0])
        nodes = list(dict.fromkeys(n for k in ks for n in k.pre_grad_nodes))
        module = module_text(module_of_nodes(graph.pre_grad, nodes))
        lines = list(dict.fromkeys(f"{f.basename}:{f.line}" for k in ks for f in k.model_lines))
        text = f"{ks[0].name} ×{len(ks)}" + (f" · {module}" if module else "")
        return text + (f" · {lines[0]}" + (f" +{len(lines) - 1}" if len(lines) > 1 else "") if lines else "")

    if any(k.measured for k in graph.kernels):
        timed = [ks for ks in rows if any(k.measured for k in ks)]
        timed.sort(key=lambda ks: -sum(k.measured.total_us for k in ks if k.measured))
        out = []
        for ks in timed[:TOP]:
            total = sum(k.measured.total_us for k in ks if k.measured)
            cpu = any(k.measured is not None and k.measured.clock == "cpu" for k in ks)
            out.append((format_us(total) + (" CPU" if cpu else ""), label(ks)))
        return "time", out
    rows.sort(key=lambda ks: (-sum(len(k.launches) for k in ks), -sum(len(k.post_grad_nodes) for k in ks)))
    return "launches", [
        (f"{plural(sum(len(k.launches) for k in ks), 'launch')} · {plural(sum(len(k.post_grad_nodes) for k in ks), 'op')}", label(ks))
        for ks in rows[:TOP]
    ]


def _graph_time(graph: Graph) -> float | None:
    times = [k.measured.total_us for k in graph.kernels if k.measured is not None]
    return sum(times) if times else None


def print_summary(index, trace_path: str, console) -> int:
    """One row per graph of ``trace_path`` (compile, graph, kernels, launches, provenance, measured
    time with its runs), then each graph's top kernels in a borderless table that wraps between
    words at the terminal's width (80, 120, 200 columns: names are never cut); returns how many
    graphs had no provenance tracking."""
    from rich.table import Table
    from rich.text import Text

    graphs = [g for g in index.graphs if g.trace == trace_path]
    if not graphs:
        return 0
    measured = any(_graph_time(g) is not None for g in graphs)
    # the heading on its own line (a table title wraps at the table's width and is padded to it)
    console.print(f"{plural(len(graphs), 'graph')} · {plural(sum(len(g.kernels) for g in graphs), 'kernel')}", markup=False)
    table = Table(expand=False)
    for name, justify in (("compile", "left"), ("graph", "left"), ("kernels", "right"), ("launches", "right"), ("provenance", "left")):
        table.add_column(name, justify=justify, no_wrap=name != "provenance")  # type: ignore[arg-type]
    if measured:
        table.add_column("measured time", justify="right", no_wrap=True)
    tops: list[tuple[str, str, str]] = []  # (graph, figure, kernel label)
    for graph in graphs:
        _, top = _top_kernels(graph)
        row = [
            graph.compile_id,
            graph.kind + (" ⚠ changed" if graph.payload_changed else ""),
            str(len(graph.kernels)),
            str(sum(len(k.launches) for k in graph.kernels)),
            provenance_summary(graph.kernels),
        ]
        if measured:
            took = _graph_time(graph)
            cpu = any(k.measured is not None and k.measured.clock == "cpu" for k in graph.kernels)
            runs = sorted({k.measured.runs for k in graph.kernels if k.measured is not None})
            over = f" · {runs_text(runs)}" if runs else ""
            if any(
                k.measured is not None and k.measured.timed_runs is not None and k.measured.timed_runs < k.measured.runs
                for k in graph.kernels
            ):
                over += " (cut off)"  # a profile cut mid-write lost some runs' device events: the time is short
            row.append(format_us(took) + (" CPU" if cpu else "") + over if took is not None else "-")
        table.add_row(*(Text(cell) for cell in row))  # model code is text, never rich markup (`x[mask]`)
        unprofiled = measured and _graph_time(graph) is None
        name = f"{graph.compile_id} {graph.kind}" + (" (not profiled)" if unprofiled else "")
        for i, (figure, label) in enumerate(top):
            tops.append((name if i == 0 else "", figure, label))
    console.print(table)
    if tops:
        # one text line per kernel, wrapped by the terminal's width between words: a continuation
        # line starts at the left, so a name up to the terminal's width is never cut
        console.print("top kernels by measured time:" if measured else "top kernels by launches and ops fused:", highlight=False)
        g_width = max(len(g) for g, _, _ in tops)
        f_width = max(len(f) for _, f, _ in tops)
        for graph_name, figure, label in tops:
            console.print(Text(f"  {graph_name:<{g_width}}  {figure:>{f_width}}  {label}"), highlight=False)
    return sum(1 for g in graphs if _without_provenance(g))


def line_speed(analysis: Analysis):
    """``speed(row)`` for :func:`hot_line_texts`: each model line's throughput phrase, its bytes
    and FLOPs over its share of the time (:mod:`inductor_lens.perf.throughput`)."""
    per_line = analysis.figures.lines(analysis.kernels)

    def speed(row) -> str:
        found = per_line.get(line_key(row.frame))
        return speed_text(analysis.line_throughput(found, row.kernels)) if found is not None else ""

    return speed


def _hot_cells(hot, row, split: str, width: int, rate: str, rate_width: int, label) -> tuple[str, str]:
    """(the figures, the line and its code) of one row of the ranking."""
    if hot.measured:
        compiled = f"{row.percent or 0.0:5.1f}%  {format_us(row.share_us or 0.0):>9}" if row.kernels else f"{'—':>6}  {'—':>9}"
        head = compiled + (f"  {split if row.kernels else '':<{width}}" if width else "")
        if hot.eager_us:  # a line with no eager time leaves the cell empty ("eager —" read as "ran eagerly")
            head += f"  eager {format_us(row.eager_us):>9}" if row.eager_us else " " * 17
        head += f"  {rate:<{rate_width}}" if rate_width else ""
    else:
        head = f"{plural(row.launches, 'launch'):>11} · {plural(row.ops, 'op'):<8}"
    rest = f"{label(row.frame)}  {row.frame.code}"
    if len(row.callers) > 1:
        rest += "  ← called from " + ", ".join(label(c) for c in row.callers)
    elif row.caller is not None:
        rest += f"  ← called from {label(row.caller)}  {row.caller.code}"
    if row.eager_call():
        rest += f"  (eager: {row.eager_call()})"
    return head, rest


def _hot_row_cells(hot, limit: int, label, speed) -> list[tuple[object, str, str, str, str]]:
    """Per shown row: (row, the figures, the line and its code, its graph split, its speed), the
    figures padded so the rows line up."""
    rows = hot.rows[:limit]
    rates = [speed(row) if speed is not None and hot.measured else "" for row in rows]
    rate_width = max((len(r) for r in rates), default=0)
    kinds = {k for row in hot.rows for k in row.by_graph}
    splits = [
        "(" + " · ".join(f"{GRAPH_SHORT.get(k, k)} {format_us(v)}" for k, v in row.by_graph.items()) + ")"
        if len(kinds) > 1 and row.by_graph  # (a line with eager time only has no compiled split)
        else ""
        for row in rows
    ]
    width = max((len(x) for x in splits), default=0)
    return [
        (row, *_hot_cells(hot, row, split, width, rate, rate_width, label), split, rate)
        for row, split, rate in zip(rows, splits, rates, strict=True)
    ]


def _more_lines(hot, limit: int) -> list[str]:
    return [f"  … {plural(len(hot.rows) - limit, 'more line')} (--json: every line)"] if len(hot.rows) > limit else []


def hot_line_texts(hot, limit: int, label=None, speed=None) -> list[str]:
    """The ranking's rows as text lines (``report`` and ``capture`` print the same):
    ``13.1%  140 µs  (fwd 35.0 µs · bwd 105 µs)  428 GB/s · 9% of H200 HBM  modeling_bert.py:290
    hidden_states = ...``; without a profile ``12 launches · 31 ops  file:line  code``.
    ``label(frame)`` names a line (default ``basename:line``); ``speed(row)`` gives a measured
    row's throughput phrase (:func:`inductor_lens.perf.throughput.speed_text`; none without it)."""
    label = label or (lambda f: f"{f.basename}:{f.line}")
    return [f"  {head}  {rest}" for _, head, rest, _, _ in _hot_row_cells(hot, limit, label, speed)] + _more_lines(hot, limit)


def call_site_texts(sites: list, label=None, host=None, stepped: bool = False) -> list[str]:
    """The user's innermost call sites of compiled code, one text line each.  ``host(graphs)``
    (:meth:`inductor_lens.analysis.Analysis.host_us`) gives ``(µs, µs per step)`` of CPU time inside
    the compiled regions a site entered, said as ``host 28.6 ms/step in its compiled calls`` (what
    keeps the GPU waiting, beside the device time over the window); per step when ``stepped`` (every
    profile has ``ProfilerStep`` markers), else over the window."""
    label = label or (lambda f: f"{f.basename}:{f.line}")
    out = []
    for site in (s for s in sites if s.innermost):
        compiles = ", ".join(site.compile_ids)
        took = "" if site.measured_us is None else f" · {format_us(site.measured_us)} ({site.percent or 0.0:.0f}%)"
        spent = host(site.graphs) if host is not None else None
        if spent is not None:
            took += (
                f" · host {spent[1] / 1000:.1f} ms/step in its compiled calls"
                if stepped
                else f" · host {format_us(spent[0])} in its compiled calls"
            )
        out.append(
            f"  {label(site.frame)}{'  ' + site.frame.code if site.frame.code else ''}  — calls compile {compiles}: "
            f"{plural(site.kernels, 'kernel')}, {plural(len(site.graphs), 'graph')}{site.ranks_text()}{took}"
        )
    return out


def print_hot_lines(analysis: Analysis, console, limit: int | None = TOP_LINES) -> None:
    """First thing the report prints: where the time goes (the model lines by share of the measured
    time, forward and backward together; without a profile by launches, saying it is not time), what
    the profile measured outside them, and the user's own lines that call the compiled code.
    ``limit=None`` (``--all``): every line."""
    hot = analysis.hot_lines(by_launch_figures=True)
    if not hot.rows:
        return
    console.print(f"[bold]{hot.heading()}[/bold]", highlight=False)
    speed = line_speed(analysis) if hot.measured else None
    limit = len(hot.rows) if limit is None else limit
    if console.is_terminal or console.width < 400:  # wrapped to the width, between words, the figures kept in a column
        from rich.table import Table
        from rich.text import Text

        label = lambda f: f"{f.basename}:{f.line}"  # noqa: E731
        cells = _hot_row_cells(hot, limit, label, speed)
        grid = Table.grid(padding=(0, 2, 0, 0))
        grid.add_column(width=0)
        grid.add_column(no_wrap=True)
        grid.add_column(overflow="fold")
        if cells and max(len(c[1]) for c in cells) + 40 <= console.width:
            for _, head, rest, _, _ in cells:
                grid.add_row("", Text(head), Text(rest))
        else:  # narrow: the share and time, the line; the split and the speed on a line below
            for row, _, rest, split, rate in cells:
                head, _ = _hot_cells(hot, row, "", 0, "", 0, label)
                grid.add_row("", Text(head), Text(rest))
                more = " · ".join(x for x in (split, rate) if x)
                if more:
                    grid.add_row("", Text(""), Text(more, style="dim"))
        with console.capture() as captured:
            console.print(grid)
        for line in captured.get().split("\n")[:-1]:  # without the padding after each row
            console.file.write(line.rstrip() + "\n")
        for text in _more_lines(hot, limit):
            console.print(text, markup=False, highlight=False, soft_wrap=True)
    else:
        for text in hot_line_texts(hot, limit, speed=speed):
            console.print(text, markup=False, highlight=False, soft_wrap=True)
    for note in hot.notes():
        console.print(f"  ({note})", markup=False, highlight=False)
    for profile in analysis.index.profiles:
        said = profile.eager.outside_text(profile.step.per_step if profile.step else 1) if profile.eager is not None else None
        if said:
            console.print(f"  {said}", markup=False, highlight=False, soft_wrap=False)
    outside = [u for p in analysis.index.profiles for u in p.unattributed_json()]
    if hot.measured and outside:
        inductor = [u for u in outside if u["name"].startswith(("triton_", "cpp_fused"))]
        text = (
            f"  (not in these figures: {format_us(sum(u['total_us'] for u in outside))} on "
            f"{plural(len(outside), 'device kernel')} joined to no compiled kernel, listed below"
        )
        if inductor:
            n = len(inductor)
            text += (
                f"; {n} of them {'is' if n == 1 else 'are'} named like Inductor's own ({inductor[0]['name'][:60]}…): "
                "the trace may be incomplete (a log cut short, another rank's, or a graph compiled outside it)"
            )
        console.print(text + ")", markup=False, highlight=False)
    stepped = analysis.profiled_steps() is not None
    sites = call_site_texts(analysis.call_sites(hot.total_us), host=analysis.host_us, stepped=stepped)
    if sites:
        from rich.text import Text

        console.print("[bold]your code that calls the compiled code:[/bold]", highlight=False)
        for text in sites:
            if console.is_terminal or console.width < 400:
                console.print(indented(2, Text(text.strip())))
            else:
                console.print(text, markup=False, highlight=False, soft_wrap=True)


def print_all_kernels(analysis: Analysis, trace_path: str, console) -> int:
    """Per graph of ``trace_path`` every kernel, one block each that wraps at word boundaries with
    a hanging indent at any terminal width (a table of seven columns lost all but the first three
    at 120 columns): ``extern_kernels.convolution:1 · extern · conv1 · 1 launch · 1 op · 3 runs ·
    13.0 µs`` then its model lines; returns how many graphs had no provenance tracking."""
    from rich.text import Text

    off = 0
    for graph in (g for g in analysis.graphs if g.trace == trace_path):
        came = provenance_summary(graph.kernels)
        off += _without_provenance(graph)
        console.print(
            Text(f"compile {graph.compile_id} · {graph.kind} graph · {len(graph.kernels)} kernels · provenance: {came}", style="bold")
        )
        for kernel in graph.kernels:
            facts = [kernel.key, kernel.kind]
            module = module_text(module_of(kernel))
            if module:
                facts.append(module)
            facts += [plural(len(kernel.launches), "launch"), plural(len(kernel.post_grad_nodes), "op")]
            m = kernel.measured
            if m is not None:
                in_all = " in all" if m.runs > 1 else ""  # (--all's rows: the runs' sum, not one run's time)
                facts.append(f"{plural(m.runs, 'run')} · {format_us(m.total_us)}{in_all}" + (" CPU" if m.clock == "cpu" else ""))
                speed = speed_text(analysis.kernel_throughput(kernel))
                if speed:
                    facts.append(speed)
            console.print(indented(2, Text(" · ".join(facts))))
            for frame in kernel.model_lines:
                console.print(indented(6, Text(f"{frame.basename}:{frame.line}  {frame.code}")))  # code is text, never markup
            if not kernel.model_lines:
                console.print(indented(6, Text("(no model line)")))
        also = "".join(f" (also in the Inductor cache: {shlex.quote(a)})" for a in graph.output_code_aliases[:1])
        console.print(f"  output code: {shlex.quote(graph.output_code)}{also}", markup=False, highlight=False, soft_wrap=True)
    return off


def print_tables(index, resolver: PathResolver | None, console, errors=None, *, all_kernels: bool = False) -> None:
    """The report as tables on ``console``: per trace its compile health and a summary per graph
    (``all_kernels``: every kernel instead); warnings on ``errors`` (default: the same console)."""
    from rich.markup import escape

    errors = errors or console
    off = 0
    analysis = Analysis(index, resolver)  # one for the whole report: each output code is read once
    perf = analysis.figures
    for view in analysis.steps():
        where = f"{escape(view.profile)}: " if len(index.profiles) > 1 else ""
        console.print(where + escape(view.line), highlight=False, soft_wrap=False)  # wrapped to the terminal
    print_hot_lines(analysis, console, None if all_kernels else TOP_LINES)
    shown_as = print_ranks(index, console)
    for trace in index.traces:
        if trace.rank in shown_as:  # the same story as another rank, printed once for its group
            shown, members = shown_as[trace.rank]
            if trace.rank == members[1]:
                rest = members[1:]
                who = f"{'rank' if len(rest) == 1 else 'ranks'} {rank_list(rest)}"
                console.print(f"{who}: identical to rank {shown} (not repeated)", markup=False, highlight=False)
            continue
        rank = f" rank {trace.rank}" if trace.rank is not None else ""
        version = f" · PyTorch {trace.torch_version}" if trace.torch_version else ""
        if not any(g.trace == trace.path for g in index.graphs) and not any(c.trace == trace.path for c in index.compiles):
            first = next((w for w in index.warnings if w.file == trace.path), None)
            why = f"line {first.line}: {first.message}" if first is not None else "no compiled graph and no compile record"
            console.print(f"[bold]{escape(trace.path)}[/bold]{escape(rank)}: nothing to report ({escape(why)})", soft_wrap=True)
            continue
        console.print(f"[bold]{escape(trace.path)}[/bold]{escape(rank)}{escape(version)}")
        print_health(index, trace.path, console)
        off += print_all_kernels(analysis, trace.path, console) if all_kernels else print_summary(index, trace.path, console)
    if not all_kernels:
        if index.graphs:
            console.print("(--all: every kernel with its module, model lines and the output code's path; --json: everything)")
    # debug handles in the code mean it was compiled with provenance: what is missing is the mapping
    handles = sum(1 for g in index.graphs if _without_provenance(g) and any(k.handle is not None for k in g.kernels))
    off -= handles
    if handles:
        console.print(
            f"[yellow]{handles} graph(s) carry [Provenance debug handles] but their mapping was not found:[/yellow] "
            "give the whole TORCH_TRACE log, or keep inductor_provenance_tracking_node_mappings.json (and the "
            "debug folder's graphs) beside output_code.py; meanwhile the links come from code comments.",
            soft_wrap=True,
        )
    if off > 0:
        console.print(
            f"[yellow]{off} graph(s) were compiled without provenance tracking:[/yellow] their links come from code comments "
            "and, where those say nothing, are inferred from the code's dataflow. For exact links, re-run with "
            "INDUCTOR_PROVENANCE=1 (PyTorch 2.9+; TORCH_COMPILE_DEBUG=1 on 2.7/2.8).",
            soft_wrap=True,
        )
    for profile in index.profiles:
        if profile.unattributed:
            console.print(f"[bold]{escape(profile.path)}[/bold]: device kernels joined to no compiled kernel (eager ops, optimizer, ...):")
            for u in profile.unattributed_json():
                # runs, the time of one run, the total: "3 x 5.2 µs" read as 15.6 µs when 5.2 was the total
                each = format_us(u["total_us"] / max(1, u["count"]))
                runs = f"{u['count']} {'run' if u['count'] == 1 else 'runs'}"
                line = f"  {runs:>8} · {each:>8} each · {format_us(u['total_us']):>8} in all  {short_device_name(u['name'])}"
                console.print(line, markup=False, highlight=False)
    perf.save()  # the next run reads the launches' figures instead of the output codes
    print_warnings(index, errors)


def print_warnings(index, errors) -> None:
    """Every warning of ``index`` to the ``errors`` console (stderr), one line each, after a count:
    also one given in the tables as a trace's "nothing to report" reason (stderr lists what --json
    lists; stdout may be a file; the count must match).  Also called when the reader of the
    tables left early (``report | head``): the warnings are not lost with the tables' end."""
    warnings = list(index.warnings)
    if warnings:
        errors.print(f"[yellow]{len(warnings)} warning(s):[/yellow]")
        for w in warnings:  # one line each, whole: a terminal wraps it, a file keeps it greppable
            errors.print(f"  {w.where}: {w.message}", markup=False, highlight=False, soft_wrap=True)
