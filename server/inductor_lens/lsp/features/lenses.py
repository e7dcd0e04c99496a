"""Code lenses: per kernel in output code, per line in model and library files."""

from __future__ import annotations

import os
from dataclasses import dataclass

from lsprotocol import types

from ...analysis.shown import module_of
from ...analysis.snapshot import Snapshot, uri
from ...model import Frame, Span
from ...text import format_us, module_text, plural
from .health import call_site_problems, function_lenses
from .navigation import lsp_location

#: Client command that opens one location or shows several (the VS Code extension implements it;
#: other editors show the title only).
OPEN_LOCATIONS = "inductorLens.openLocations"
#: How many kernel keys a model-line lens names before it says "+N" (one when two would pass
#: NAMES_WIDTH characters), the slowest first.
NAMED = 2
NAMES_WIDTH = 90
#: More traces than this naming one line (the ranks of a job): one lens part for them all.
PER_TRACE_PARTS = 3


@dataclass(slots=True)
class Lens:
    """A lens before it becomes LSP: ``line`` 1-based, ``title``, target locations."""

    line: int
    title: str
    targets: list[types.Location]


def output_code_lenses(ctx: Snapshot, path: str) -> list[Lens]:
    """One lens per kernel entry above its launch (launches · ops fused · first model line), and
    one above each definition summing the entries that share it."""
    doc = ctx.index.document(path)
    if doc is None or not doc.role.is_code:
        return []
    lenses: list[Lens] = []
    by_name: dict[str, list] = {}
    for kernel in doc.graph.kernels:
        by_name.setdefault(kernel.name, []).append(kernel)
        if doc.role != "code":
            continue
        for launch in kernel.launches:
            own = len(kernel.launches) > 1  # without debug handles each launch has its own provenance
            model = launch.model_lines if own else kernel.model_lines
            ops = len(launch.post_grad_nodes) if own else len(kernel.post_grad_nodes)
            first = f"{model[0].basename}:{_local_line(ctx, model[0])}" if model else "no model line"
            more = f" +{len(model) - 1}" if len(model) > 1 else ""
            module = module_text(module_of(kernel, launch if own else None))
            title = (
                f"{first}{more}{f' · {module}' if module else ''} · {plural(ops, 'op')} fused · {plural(len(kernel.launches), 'launch')}"
            )
            if launch.provenance == "inferred":
                title += " · inferred"
            if kernel.measured is not None:
                speed = ctx.kernel_speed(kernel)
                title = (
                    f"{plural(kernel.measured.runs, 'run')} · {format_us(kernel.measured.total_us)} · "
                    + (f"{speed} · " if speed else "")
                    + title
                )
            targets = [lsp_location(l) for l in (ctx.location_of_frame(f) for f in model) if l]
            lenses.append(Lens(launch.line, title, targets))
    for kernels in by_name.values():
        definition = kernels[0].definition
        if definition is None or os.path.abspath(definition.path) not in ctx.paths_of(doc.graph, doc.role):
            continue
        launches = [l for k in kernels for l in k.launches]
        fused = {n for k in kernels for n in k.post_grad_nodes}
        title = f"{plural(len(launches), 'launch')} · {plural(len(fused), 'op')} fused"
        measured = [k.measured.total_us for k in kernels if k.measured is not None]
        if measured:
            title += f" · {format_us(sum(measured))}"
        lenses.append(Lens(definition.line, title, [lsp_location(l) for l in launches]))
    return sorted(lenses, key=lambda l: l.line)


def source_lenses(ctx: Snapshot, path: str) -> list[Lens]:
    """One lens on every line of a model/library file that produced kernels:
    ``N kernels · M ops · compiled 0.57 ms/step (51%)`` (per trace when several traces are loaded):
    the line's part of its kernels' measured time (line_time.py) per profiled step (per window,
    said, without step markers), ``in calls`` on a call line the shares of the lines it calls; the
    eager time the line launched follows (:func:`eager_on_lines`).  Lines whose text differs from the traced code get none; the file gets
    one lens on its first line saying so."""
    path = os.path.abspath(path)
    lenses = []
    differing = ctx.differing.get(path)
    if differing:
        lines = sorted({f.line for _, f in differing})
        shown = ", ".join(str(n) for n in lines[:NAMED]) + (f" +{len(lines) - NAMED}" if len(lines) > NAMED else "")
        title = (
            f"Inductor Lens: this file differs from the traced one — {plural(len(lines), 'traced line')} not found here "
            f"(line {shown}); no lenses on them"
        )
        targets = _launch_targets([k for k, _ in differing])
        lenses.append(Lens(1, title, targets))
    for line in ctx.lines_of_file.get(path, []):
        rows = ctx.kernels_on_source_line(path, line)
        share = ctx.line_share(path, line)
        by_trace: dict[str, list] = {}
        for kernel, _ in rows:
            by_trace.setdefault(kernel.graph.trace if kernel.graph else "", []).append(kernel)
        many = len(by_trace) > PER_TRACE_PARTS  # every rank of a job: one summary, not a part each
        if many:
            # the same kernel of every rank once (by compile, graph and key): what the ranks compiled
            same = {
                (k.graph.compile_id if k.graph else "", k.graph.kind if k.graph else "", k.key): k for ks in by_trace.values() for k in ks
            }
            by_trace = {plural(len(by_trace), "trace"): list(same.values())}
        parts = []
        for trace, kernels in by_trace.items():
            text = f"{plural(len(kernels), 'kernel')} · {plural(sum(len(k.post_grad_nodes) for k in kernels), 'op')}"
            text += _share_text(ctx, share, kernels)
            speed = ctx.line_speed(rows) if len(by_trace) == 1 else ""
            if speed:
                text += " · " + speed
            # the top items only (the slowest, else those fusing the most ops), never 300 characters of names
            ranked = sorted(kernels, key=lambda k: (-(k.measured.total_us if k.measured else 0.0), -len(k.post_grad_nodes)))
            names = [k.key for k in ranked[:NAMED]]
            if len(names) > 1 and sum(len(n) for n in names) > NAMES_WIDTH:
                names = names[:1]
            text += " — " + ", ".join(names) + (f" +{len(kernels) - len(names)}" if len(kernels) > len(names) else "")
            if any(k.inferred for k in kernels):
                text += " · inferred links"
            if many:
                text = f"{trace}: {text}"
            elif len(by_trace) > 1:
                text = f"{_trace_label(trace)}: {text}"
            parts.append(text)
        lenses.append(Lens(line, " | ".join(parts), _launch_targets([k for k, _ in rows])))
    return lenses


def eager_on_lines(ctx: Snapshot, path: str) -> dict[int, str]:
    """``{local line: "eager 0.46 ms/step (cross_entropy)"}``: the device time launched outside
    compiled code at each line of ``path`` (profiles with Python stacks; ms per profiled step)."""
    path = os.path.abspath(path)
    out: dict[int, list[float | str]] = {}
    for profile in ctx.index.profiles:
        eager = getattr(profile, "eager", None)
        if eager is None or not eager.lines:
            continue
        per_step = profile.step.per_step if getattr(profile, "step", None) is not None else 1
        for (file, line), e in eager.lines.items():
            local = ctx.local(Frame(file, line, "", e.code))
            if local.path is None or os.path.abspath(local.path) != path or local.status == "mismatch":
                continue
            entry = out.setdefault(local.line, [0.0, e.top_call() or ""])
            entry[0] = float(entry[0]) + e.eager_us / per_step
    return {line: f"eager {float(us) / 1000:.2f} ms/step" + (f" ({call})" if call else "") for line, (us, call) in sorted(out.items())}


def _with_eager(ctx: Snapshot, path: str, lenses: list[Lens]) -> list[Lens]:
    """``lenses`` with each line's eager time (:func:`eager_on_lines`): added to the line's lens,
    or a lens of its own on a line with only eager time."""
    eager = eager_on_lines(ctx, path)
    if not eager:
        return lenses
    out = []
    for lens in lenses:
        text = eager.pop(lens.line, None)
        out.append(Lens(lens.line, f"{lens.title} · {text}", lens.targets) if text else lens)
    return out + [Lens(line, text, []) for line, text in eager.items()]


def _local_line(ctx: Snapshot, frame) -> int:
    """The line a frame is on in the local file (the hover's and the definition's), else the traced one."""
    return ctx.line_of(frame)


def _share_text(ctx: Snapshot, share, kernels) -> str:
    """`` · compiled 0.57 ms/step (51%)`` (model line: its own share, not its calls'),
    `` · compiled 0.57 ms/step in calls (12%)`` (a line with only calls on it), ``""`` without a
    profile: the line's share of its kernels' measured time, per
    ``ProfilerStep`` (:meth:`Analysis.profiled_steps`), else over the window (``135 µs/window``);
    the percent is of every measured kernel's time (the status bar's total)."""
    if share is None:
        return ""
    own = calls = 0.0
    measured = False
    for kind, part in share.parts:
        if part.share_us is None or not any(part.kernel is k for k in kernels):
            continue
        measured = True
        if kind == "own":
            own += part.share_us
        else:
            calls += part.share_us
    if not measured:
        return ""
    us = own or calls  # a line's own share (report's share_us; its calls' lines have lenses of their own)
    percent = ctx.percent_of_total(us)
    of = f" ({percent:.0f}%)" if percent is not None and percent >= 0.5 else " (<1%)" if percent is not None else ""
    return f" · compiled {per_step_text(ctx, us)}{'' if own or not calls else ' in calls'}{of}"


def per_step_text(ctx: Snapshot, us: float) -> str:
    """``0.57 ms/step``: ``us`` (a time over the profiled window) per ``ProfilerStep`` of the
    loaded profiles (:meth:`Analysis.profiled_steps`), as :func:`eager_on_lines` gives eager time;
    ``135 µs/window`` when a profile has no step markers."""
    steps = ctx.profiled_steps()
    return f"{us / steps / 1000:.2f} ms/step" if steps else f"{format_us(us)}/window"


def call_site_lenses(ctx: Snapshot, path: str) -> list[Lens]:
    """One lens on each line of the user's own code that called compiled code (``out = cm(...)``):
    the compiles it called, their kernels forward and backward, their measured time and its percent,
    and their compile problems; its targets are the kernels' launches."""
    out = []
    path = os.path.abspath(path)
    callers = profiled_callers(ctx)
    traced = set()
    for line in ctx.call_lines_of_file.get(path, []):
        site = ctx.call_site(path, line)
        if site is None:
            continue
        traced.add((site.frame.file, site.frame.line))
        kinds: dict[str, int] = {}
        for graph in site.graphs:
            kinds[graph.kind] = kinds.get(graph.kind, 0) + len(graph.kernels)
        split = " · ".join(f"{n} {kind}" for kind, n in kinds.items())
        title = f"calls compile {', '.join(site.compile_ids)}: {plural(site.kernels, 'kernel')} ({split}){site.ranks_text()}"
        if site.measured_us is not None and callers is not None and (site.frame.file, site.frame.line) not in callers:
            title += " · not called in the profiled window"  # a warm-up call: the time is on the profiled call's line
        elif site.measured_us is not None:
            percent = ctx.percent_of_total(site.measured_us)
            title += f" · {format_us(site.measured_us)}" + (f" ({percent:.0f}%, {ctx.runs_text()})" if percent is not None else "")
            spent = ctx.host_us(site.graphs)
            title += f" · host {per_step_text(ctx, spent[0])}" if spent is not None else ""
        problems = call_site_problems(ctx, site)
        if problems:
            title += " · " + problems
        kernels = [k for g in site.graphs for k in g.kernels]
        out.append(Lens(line, title, _launch_targets(kernels)))
    profiled = [
        s for s in ctx.local_call_sites.values() if callers and (s.frame.file, s.frame.line) in callers and s.measured_us is not None
    ]
    below = max(profiled, key=lambda s: s.measured_us or 0.0, default=None)  # what the profiled calls ran (inclusive)
    for (file, line), host in (callers or {}).items():
        local = ctx.local(Frame(file, line, "", ""))
        if (file, line) in traced or local.path is None or os.path.abspath(local.path) != path:
            continue
        title = "calls compiled code in the profiled window"
        if below is not None and below.measured_us is not None:
            title += f": {plural(below.kernels, 'kernel')} · {format_us(below.measured_us)} ({ctx.runs_text()})"
        title += f" · host {format_us(host)}/step in the compiled regions it entered"
        out.append(Lens(local.line, title, []))
    return out


def profiled_callers(ctx: Snapshot) -> dict[tuple[str, int], float] | None:
    """The user's lines (as the trace names them) that called compiled code inside the profiled
    window, with the host time per step of the compiled regions entered from there (profiles with
    Python stacks, :attr:`inductor_lens.timing.eager.EagerJoin.callers`); ``None`` without."""
    out: dict[tuple[str, int], float] = {}
    for profile in ctx.index.profiles:
        eager = getattr(profile, "eager", None)
        if eager is None or not eager.callers:
            continue
        per_step = profile.step.per_step if getattr(profile, "step", None) is not None else 1
        for key, us in eager.callers.items():
            out[key] = out.get(key, 0.0) + us / per_step
    return out or None


def _launch_targets(kernels) -> list[types.Location]:
    """The first launch of each kernel, one target per launch site (kernels of repeated identical
    compiles share their code file: the 342 MB log's busiest line names 2,280 kernels, 60 sites)."""
    sites = dict.fromkeys((loc.path, loc.line, loc.col, loc.end_col) for kernel in kernels if (loc := kernel.first_launch) is not None)
    return [lsp_location(Span(*site)) for site in sites]


def _trace_label(trace: str) -> str:
    parent = os.path.basename(os.path.dirname(trace))
    if parent in ("trace", "torch_trace", ""):
        parent = os.path.basename(os.path.dirname(os.path.dirname(trace))) or parent
    return parent or os.path.basename(trace)


def code_lenses(ctx: Snapshot, path: str) -> list[types.CodeLens]:
    """All lenses of a document as LSP code lenses (command ``inductorLens.openLocations``)."""
    return ctx.cached(("codeLens", os.path.abspath(path)), lambda: _code_lenses(ctx, path))


def _code_lenses(ctx: Snapshot, path: str) -> list[types.CodeLens]:
    compiled = [Lens(l.line, l.title, l.targets) for l in function_lenses(ctx, path)]  # compiled functions (health.py)
    raw = output_code_lenses(ctx, path) or sorted(
        _with_eager(ctx, path, [*source_lenses(ctx, path), *call_site_lenses(ctx, path), *compiled]), key=lambda l: l.line
    )
    if ctx.reading and raw and not ctx.index.document(path):  # a big log's first part: a model file's lenses are partial
        raw.insert(0, Lens(1, f"Inductor Lens: partial — {ctx.reading}", []))
    out = []
    for lens in raw:
        position = types.Position(lens.line - 1, 0)
        out.append(
            types.CodeLens(
                range=types.Range(position, position),
                command=types.Command(title=lens.title, command=OPEN_LOCATIONS, arguments=[uri(path), position, lens.targets]),
            )
        )
    return out


#: Up to this many lenses a document's lenses come whole (title and command) from
#: ``textDocument/codeLens``: VS Code then draws them without a ``codeLens/resolve`` round trip
#: (measured: ~0.33 s of its own delay before it resolves); more come as ranges to resolve.
WHOLE_LENSES = 400


def unresolved_lenses(ctx: Snapshot, path: str, generation: int) -> list[types.CodeLens]:
    """``textDocument/codeLens``: whole lenses for a document with up to :data:`WHOLE_LENSES`,
    else ranges only (cheap); ``data`` names the lens for :func:`resolve_lens` either way (path,
    position in the list, the index generation it came from)."""
    full = code_lenses(ctx, path)
    whole = len(full) <= WHOLE_LENSES
    return [
        types.CodeLens(range=lens.range, command=lens.command if whole else None, data={"path": path, "i": i, "generation": generation})
        for i, lens in enumerate(full)
    ]


def resolve_lens(ctx: Snapshot, lens: types.CodeLens) -> types.CodeLens:
    """``codeLens/resolve``: fill in the command; a lens from an older index says so rather than guess."""
    data = lens.data if isinstance(lens.data, dict) else {}
    full = code_lenses(ctx, data["path"]) if isinstance(data.get("path"), str) else []
    i = data.get("i")
    if isinstance(i, int) and 0 <= i < len(full) and full[i].range == lens.range:
        lens.command = full[i].command
    else:  # the index changed since
        lens.command = types.Command(title="Inductor Lens: re-indexed, refresh", command="")
    return lens
