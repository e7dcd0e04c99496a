"""Join a ``torch.profiler`` trace's device kernels to the index: measured launches and device time.

This sits above the index (the index never imports it): :func:`join_profile` reads a Chrome trace
and joins it to an index's graphs; the measured times it sets on kernels are never written to the
on-disk index cache (``Kernel`` does not pickle them), so a join is redone on every index.

For every call of a compiled graph in the trace (a ``## Call CompiledFxGraph ... ##`` op; the
``Torch-Compiled Region: <compile id>`` around it names the compile, a ``CompiledFunctionBackward``
around it makes it the backward, whose compile id comes from the ``fwdbwd`` flow to its forward):

* Triton and C++ kernels by name: the k-th op named after kernel N inside the call is the k-th
  launch of N in the output code's ``call`` (launches run in code order);
* extern kernels (cuBLAS, cutlass, cuDNN, flash/mem-efficient attention) through ``External id``:
  the device kernel's op, up its parents to the top-level op of the call (``aten::mm``,
  ``aten::addmm``, ...), and that op's position among the calls of the same op in the code's
  extern/fallback launches.

Every device kernel event ends up on exactly one index kernel or in ``unattributed``.

Kernels that run on the CPU have no device events: a C++ kernel's time is its own CPU op (Inductor
wraps each C++ kernel call in ``RECORD_FUNCTION("graph_<N>_<kernel>")`` when
``TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1``, PyTorch 2.13 ``codegen/cpp.py``; the ``graph_<N>_``
prefix is dropped to match the kernel), and so is an extern call's in a profile that has no device
activity at all (a CPU-only run).  Their ``Measured.clock`` is ``"cpu"``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from ..files.discovery import named_like_profile, profile_candidates_beside
from ..index.trace_index import Index
from ..model import Graph, InputWarning, Kernel, Measured
from ..readers.chrome_trace import NOT_A_PROFILE, ChromeTrace, looks_like_chrome_trace, read_chrome_trace
from .calls import aten_name, candidates, pick_graph
from .eager import EagerJoin, Sources, eager_join
from .graph_replay import Replays, claim_replay, replayed_names
from .host import compiled_host
from .profile_match import COMPILED_CALL, another_run, op_kernel_name
from .step import Step, cut_off_message, device_launches, device_lost, step_of, unreached_launches

_CALL = COMPILED_CALL


@dataclass
class ProfileJoin:
    """The result (the measured times themselves are set on ``Kernel.measured``): ``unattributed``
    device kernels ``{name: [count, total_us]}``, the graph calls found ``(compile id, kind)`` and
    how many kernels got a measurement."""

    path: str
    unattributed: dict[str, list] = field(default_factory=dict)
    calls: list[tuple[str, str]] = field(default_factory=list)
    device_events: int = 0
    #: kernels this profile gave a measurement
    measured_kernels: int = 0
    #: the logs whose graphs this profile measured (or, when none matched, those it was joined to)
    traces: set[str] = field(default_factory=set)
    #: the profiled devices' names (``deviceProperties``: ``["NVIDIA H200"]``); empty on a CPU run
    device_names: list[str] = field(default_factory=list)
    #: the whole step from the profile's clock (:mod:`.step`); ``None`` until :func:`join_profile` sets it
    step: Step | None = None
    #: the device time launched outside compiled code, at lines (:mod:`.eager`); set by :func:`join_profile`
    eager: EagerJoin | None = None
    #: host µs in compiled regions per joined graph (:func:`.host.compiled_host`, key :func:`.host.graph_key`)
    host_us: dict[tuple[str, str, str], float] = field(default_factory=dict)
    #: (launches of compiled kernels in the joined calls without a device event, such launches;
    #: CPU kernels and CUDA-graph replays not counted): a file cut off mid-write loses the later ones'
    untimed: tuple[int, int] = (0, 0)
    #: (compiled-graph calls in the file without a device event, such calls), joined or not: a
    #: CUDA-graph call whose replays were cut off joins no graph
    untimed_calls: tuple[int, int] = (0, 0)

    @property
    def device_name(self) -> str | None:
        """The device the profile ran on (the first of ``deviceProperties``), ``None`` on a CPU run."""
        return self.device_names[0] if self.device_names else None

    def unattributed_json(self) -> list[dict]:
        """``[{name, count, total_us}]`` of the device kernels joined to no kernel, slowest first."""
        return [{"name": n, "count": c, "total_us": round(t, 3)} for n, (c, t) in sorted(self.unattributed.items(), key=lambda x: -x[1][1])]


@dataclass
class _Claims:
    """What the calls' ops were joined to: ``owner`` op index -> the index kernel it launched for,
    ``owner_launch`` op index -> which launch of that kernel, ``runs`` id(kernel) -> calls matched."""

    owner: dict[int, Kernel] = field(default_factory=dict)
    owner_launch: dict[int, int] = field(default_factory=dict)
    runs: dict[int, int] = field(default_factory=dict)
    kernels_by_id: dict[int, Kernel] = field(default_factory=dict)
    #: kernel event index (in ``ChromeTrace.kernels``) -> (kernel, launch index): CUDA-graph replays
    events: dict[int, tuple[Kernel, int]] = field(default_factory=dict)
    #: op index (claimed op) or replayed event index -> the graph call (its op index) it belongs to
    call_of: dict[int, int] = field(default_factory=dict)
    event_call: dict[int, int] = field(default_factory=dict)
    #: (id(kernel), call op index) -> device µs of that kernel in that call (one run)
    run_us: dict[tuple[int, int], float] = field(default_factory=dict)
    #: (id(kernel), launch index) -> the calls (op index) in which that launch has device time
    timed: dict[tuple[int, int], set[int]] = field(default_factory=dict)
    #: claimed op indices that have a device event
    timed_ops: set[int] = field(default_factory=set)


def join_chrome_trace(
    trace: ChromeTrace, graphs: list[Graph], pids: dict[str, set[int]] | None = None, placed: set[int] | frozenset[int] = frozenset()
) -> ProfileJoin:
    """Attribute every device kernel of ``trace`` to a kernel of ``graphs``; sets ``Kernel.measured``.

    ``pids`` (log path -> the process ids its records name): a compiled-graph call is joined to
    the graphs of the log written by the process that made the call (the profile's ``pid``), when
    one of the candidates is (two runs of one model, given together).  ``placed``: device kernel
    events (indices in ``trace.kernels``) the eager join put at a line, left out of ``unattributed``."""
    result = ProfileJoin(
        path=trace.path, device_events=len(trace.kernels), device_names=[str(d.get("name")) for d in trace.devices if d.get("name")]
    )
    ops = trace.ops
    children: dict[int, list[int]] = {}
    for i, op in enumerate(ops):
        if op.parent is not None:
            children.setdefault(op.parent, []).append(i)
    claims = _Claims()
    replays = Replays(trace)
    joined: list[tuple[int, Graph]] = []
    calls = [i for i, op in enumerate(ops) if _CALL.match(op.name)]
    for call in calls:
        replayed = replays.in_call(trace, call) if replays else []
        if replayed:  # CUDA graphs: the call replayed kernels instead of launching them
            graph = pick_graph(candidates(trace, call, graphs, pids), replayed_names(trace, replayed))
        else:
            descendants = _descendants(trace, children, call)
            op_names = {ops[i].name for i in descendants} | {op_kernel_name(ops[i].name) for i in descendants}
            graph = pick_graph(candidates(trace, call, graphs, pids), op_names)
        if graph is None:
            continue
        result.calls.append((graph.compile_id, graph.kind))
        joined.append((call, graph))
        result.traces.add(graph.trace)
        if replayed:
            _claim_replays(trace, graph, replayed, claims, call)
        else:
            _claim_call(trace, call, graph, descendants, claims)
    if not result.traces:
        result.traces = {g.trace for g in graphs}
    totals, per_launch = _device_totals(trace, claims, result, placed)
    device_ops = [i for i, k in claims.owner.items() if k.kind != "cpp"]
    result.untimed = (sum(1 for i in device_ops if i not in claims.timed_ops), len(device_ops))
    timed = {claims.call_of[i] for i in claims.timed_ops if i in claims.call_of} | set(claims.event_call.values())
    result.untimed_calls = (sum(1 for c in calls if c not in timed), len(calls))  # (a call whose replays were cut is joined to nothing)
    _set_measured(trace, claims, totals, per_launch)
    result.measured_kernels = len(claims.kernels_by_id)
    result.host_us = compiled_host(trace, joined)
    return result


def _descendants(trace: ChromeTrace, children: dict[int, list[int]], call: int) -> list[int]:
    """The ops under op ``call``, in time order."""
    out = []
    stack = list(children.get(call, []))
    while stack:
        i = stack.pop()
        out.append(i)
        stack.extend(children.get(i, []))
    out.sort(key=lambda i: trace.ops[i].ts)
    return out


def _launch_tables(graph: Graph) -> tuple[dict[str, list[tuple[Kernel, int]]], dict[str, list[tuple[Kernel, int]]]]:
    """A graph's launches in code order, per kernel name (Triton/C++, a multi-kernel's
    sub-kernels too) and per ATen op (extern/fallback): ``(by_name, by_op)``."""
    sites = sorted(((loc.line, n, k) for k in graph.kernels for n, loc in enumerate(k.launches)), key=lambda x: x[0])
    by_name: dict[str, list[tuple[Kernel, int]]] = {}
    by_op: dict[str, list[tuple[Kernel, int]]] = {}
    for _, n_launch, kernel in sites:
        if kernel.kind in ("extern", "fallback"):
            op_name = aten_name(kernel.name)
            if op_name:
                by_op.setdefault(op_name, []).append((kernel, n_launch))
        else:
            by_name.setdefault(kernel.name, []).append((kernel, n_launch))
            for alt, _, _ in kernel.alternatives:  # a multi-kernel runs as the sub-kernel it picked
                by_name.setdefault(alt, []).append((kernel, n_launch))
    return by_name, by_op


def _claim_call(trace: ChromeTrace, call: int, graph: Graph, descendants: list[int], claims: _Claims) -> None:
    """Join the ops of one call of ``graph`` to its launches: the n-th op named after a kernel
    (or, directly under the call, after an extern's ATen op) is that name's n-th launch."""
    by_name, by_op = _launch_tables(graph)
    seen: dict[tuple[int, str], int] = {}
    ran: set[int] = set()  # id(kernel) of the kernels this call ran (a kernel without debug handles: at several launches)

    def claim(i: int, table: dict[str, list[tuple[Kernel, int]]], key: str) -> None:
        n = seen.get((id(table), key), 0)
        seen[(id(table), key)] = n + 1
        if n < len(table[key]):
            kernel, n_launch = table[key][n]
            claims.owner[i] = kernel
            claims.owner_launch[i] = n_launch
            claims.call_of[i] = call
            if id(kernel) not in ran:  # one run per call, however many of its launches the call made
                ran.add(id(kernel))
                claims.runs[id(kernel)] = claims.runs.get(id(kernel), 0) + 1
            claims.kernels_by_id[id(kernel)] = kernel

    for i in descendants:
        name = trace.ops[i].name
        if name in by_name:
            claim(i, by_name, name)
        elif op_kernel_name(name) in by_name:
            claim(i, by_name, op_kernel_name(name))
        elif trace.ops[i].parent == call and name in by_op:
            claim(i, by_op, name)


def _claim_replays(trace: ChromeTrace, graph: Graph, replayed: list[list[int]], claims: _Claims, call: int = -1) -> None:
    """Join the kernels of one call's CUDA-graph replays to ``graph``'s launches (:mod:`.graph_replay`)."""
    ran: set[int] = set()
    for replay in replayed:
        for i, (kernel, n_launch) in claim_replay(trace, graph, replay).items():
            claims.events[i] = (kernel, n_launch)
            claims.event_call[i] = call
            claims.kernels_by_id[id(kernel)] = kernel
            if id(kernel) not in ran:
                ran.add(id(kernel))
                claims.runs[id(kernel)] = claims.runs.get(id(kernel), 0) + 1


def _device_totals(
    trace: ChromeTrace, claims: _Claims, result: ProfileJoin, placed: set[int] | frozenset[int] = frozenset()
) -> tuple[dict[int, list], dict[tuple[int, int], float]]:
    """Each device kernel event to the claimed op it was launched under (its ``External id``'s op
    or an op around it), or to ``result.unattributed``: ``({id(kernel): [events, µs, {device kernel name: None}]},
    {(id(kernel), launch index): µs})``."""
    by_ext = trace.op_by_external_id()
    totals: dict[int, list] = {}
    per_launch: dict[tuple[int, int], float] = {}
    for n_event, event in enumerate(trace.kernels):
        attributed: Kernel | None = None
        op_index = by_ext.get(event.external_id) if event.external_id is not None else None
        replayed = claims.events.get(n_event)
        if replayed is not None:
            attributed = replayed[0]
            key = (id(attributed), replayed[1])
            per_launch[key] = per_launch.get(key, 0.0) + event.dur
            run = (id(attributed), claims.event_call.get(n_event, -1))
            claims.run_us[run] = claims.run_us.get(run, 0.0) + event.dur
            claims.timed.setdefault(key, set()).add(run[1])
        elif op_index is not None:
            for i in [op_index, *trace.ancestors(op_index)]:
                if i in claims.owner:
                    attributed = claims.owner[i]
                    key = (id(attributed), claims.owner_launch[i])
                    per_launch[key] = per_launch.get(key, 0.0) + event.dur
                    run = (id(attributed), claims.call_of.get(i, -1))
                    claims.run_us[run] = claims.run_us.get(run, 0.0) + event.dur
                    claims.timed.setdefault(key, set()).add(run[1])
                    claims.timed_ops.add(i)
                    break
        if attributed is None and n_event in placed:  # eager work at a line: not unattributed
            continue
        entry = (
            result.unattributed.setdefault(event.name, [0, 0.0]) if attributed is None else totals.setdefault(id(attributed), [0, 0.0, {}])
        )
        entry[0] += 1
        entry[1] += event.dur
        if attributed is not None:
            entry[2].setdefault(event.name, None)
    return totals, per_launch


def _set_measured(trace: ChromeTrace, claims: _Claims, totals: dict[int, list], per_launch: dict[tuple[int, int], float]) -> None:
    """Set ``Kernel.measured`` on every claimed kernel: device time, or CPU time for a C++ kernel
    (its own op) and for every kernel of a profile with no device activity."""
    # no device activity nor launches: every op claimed ran on the CPU (a cut-off file that lost its
    # device events still has its launches: their ops' CPU time is not the kernels' time)
    cpu_only = not trace.kernels and not device_launches(trace) and not device_lost(trace)
    cpu: dict[int, list] = {}  # id(kernel) -> [op executions, CPU µs]
    cpu_launch: dict[tuple[int, int], float] = {}  # (id(kernel), launch index) -> CPU µs
    for i, kernel in claims.owner.items():
        if kernel.kind == "cpp" or cpu_only:
            entry = cpu.setdefault(id(kernel), [0, 0.0])
            entry[0] += 1
            entry[1] += trace.ops[i].dur
            at = (id(kernel), claims.owner_launch[i])
            cpu_launch[at] = cpu_launch.get(at, 0.0) + trace.ops[i].dur
    by_run: dict[int, list[tuple[int, float]]] = {}  # id(kernel) -> [(call op index, µs)]
    for (k, call), us in claims.run_us.items():
        by_run.setdefault(k, []).append((call, us))
    for key, kernel in claims.kernels_by_id.items():
        clock = "device"
        events, total, names = totals.get(key, [0, 0.0, {}])
        if not events and key in cpu:
            (events, total), clock = cpu[key], "cpu"
        n = claims.runs[key]
        per = cpu_launch if clock == "cpu" else per_launch
        launch_us = tuple(round(per.get((key, n_launch), 0.0), 3) for n_launch in range(len(kernel.launches)))
        runs = tuple(round(us, 3) for _, us in sorted(by_run.get(key, ())))
        # device clock: a run counts where its device time is in the profile (a cut-off file keeps
        # every call's CPU ops, not the later ones' device events); the CPU clock times every run
        timed = len(runs) if clock == "device" else None
        over = n if timed is None else timed
        kernel.measured = Measured(
            runs=n,
            events=events,
            total_us=round(total, 3),
            mean_us=round(total / over, 3) if over else 0.0,
            clock=clock,
            launch_us=launch_us,
            run_us=runs if clock == "device" else (),
            device_kernels=tuple(names),
            timed_runs=timed,
            launch_runs=tuple(len(claims.timed.get((key, n_launch), ())) for n_launch in range(len(kernel.launches)))
            if timed is not None
            else (),
        )


def join_profile(index: Index, path: str, graphs: list[Graph] | None = None) -> ProfileJoin | None:
    """Join the torch.profiler Chrome trace at ``path`` to ``graphs`` (default: all of the index's)
    and add it to ``index.profiles``; returns the join, or ``None`` (and a warning) if unreadable.
    A profile in which no compiled graph ran (another model's) is not added, with a warning."""
    try:
        trace = read_chrome_trace(path)
    except (OSError, EOFError) as exc:
        index.add_warnings([InputWarning(path, 0, f"cannot read profile: {exc}")])
        return None
    index.add_warnings(trace.warnings)
    if trace.kernels and all(event.external_id is None for event in trace.kernels):
        index.add_warnings(
            [
                InputWarning(
                    path,
                    0,
                    f"none of its {len(trace.kernels)} device kernel events names the launch it came from "
                    '(no "External id" in their args): no device time can be tied to a kernel',
                )
            ]
        )
    pids = index.log_pids()
    targets = index.graphs if graphs is None else graphs
    before = {id(k) for g in targets for k in g.kernels if k.measured is not None}
    sources = Sources(path, _trace_files(index), getattr(index, "local_file", None), _stack_lines(index))
    eager = eager_join(trace, sources if trace.frames else None)
    unread = [InputWarning(f, 0, f"cannot read this model file ({why}): {UNREADABLE}") for f, why in sorted(sources.unreadable.items())]
    index.add_warnings([w for w in unread if w not in index.warnings])  # (a file met by two profiles: once)
    result = join_chrome_trace(trace, targets, pids, eager.placed)
    gpu = bool(trace.devices or trace.kernels or device_launches(trace))  # (a CPU run's calls have no device event)
    untimed = result.untimed if trace.truncated and gpu else (0, 0)
    calls = result.untimed_calls if trace.truncated and gpu else (0, 0)
    short = bool(untimed[0] or calls[0] or (trace.truncated and unreached_launches(trace)[0]))
    result.step = replace(step_of(trace), device_short=short)
    result.eager = eager
    replaced = sum(1 for g in targets for k in g.kernels if id(k) in before and k.measured is not None)
    if replaced and result.calls and index.profiles:  # one measurement per kernel: the later profile's
        index.add_warnings(
            [
                InputWarning(
                    path,
                    0,
                    f"its times replace those of {os.path.basename(index.profiles[-1].path)} for "
                    f"{replaced} kernel(s) of the same trace (one profile per kernel is shown)",
                )
            ]
        )
    if not result.calls:  # another model's profile, or no compiled graph ran in it (an unreadable one is said above)
        if trace.ops or trace.kernels:
            index.add_warnings([InputWarning(path, 0, "profile matched no compiled graph of the loaded traces; not joined")])
        elif not trace.warnings:  # read, but nothing in it (`{"traceEvents": []}`): said, not dropped silently
            index.add_warnings([InputWarning(path, 0, "profile has no CPU op or device kernel events; not joined")])
        return result
    lost = cut_off_message(trace, untimed, calls)  # said for a joined profile only: an unjoined one's figures are not shown
    index.add_warnings([InputWarning(path, 0, lost)] if lost else [])
    index.add_warnings([w for w in [another_run(trace, result, targets, pids)] if w is not None])
    index.profiles.append(result)
    return result


#: what a model file that cannot be read costs the join
UNREADABLE = "the eager device time launched from its lines cannot be placed at them (it counts as not at lines)"


def _not_a_profile(index: Index, path: str) -> None:
    """Say why a file beside a trace named like a torch.profiler trace is not joined (the reader's
    own words, as for ``--profile``: empty, not JSON, no traceEvents), unless it was said (given
    with ``--profile`` too)."""
    if any(w.file == path for w in index.warnings):
        return
    try:
        said = [w.message for w in read_chrome_trace(path).warnings] or [NOT_A_PROFILE]
    except (OSError, EOFError) as exc:
        said = [f"cannot read it: {getattr(exc, 'strerror', None) or exc}"]
    index.add_warnings([InputWarning(path, 0, f"found beside the trace (named like a torch.profiler trace): {said[0]}")])


def join_profiles_beside_traces(index: Index, skip: set[str] | frozenset[str] = frozenset(), given: bool = False) -> None:
    """Join every profiler trace found beside a loaded log (its folder and the parent) to that
    log's graphs; logs in ``skip`` (measured by a profile named explicitly) are left alone.
    ``given``: profiles were named (``--profile``) but did not measure these logs: each one joined
    here is said (its time is not the named profile's)."""
    joined = {os.path.realpath(p.path) for p in index.profiles}
    for trace in index.traces:
        if trace.format == "output_code" or trace.path in skip:
            continue
        for candidate in profile_candidates_beside(trace.path):
            real = os.path.realpath(candidate)
            if real in joined:
                continue
            if not os.access(candidate, os.R_OK):  # said once, not skipped silently
                joined.add(real)
                index.add_warnings(
                    [
                        InputWarning(
                            candidate,
                            0,
                            "cannot read this file beside the trace (permission denied): if it is a torch.profiler trace, it is not joined",
                        )
                    ]
                )
            elif not looks_like_chrome_trace(candidate):
                if named_like_profile(candidate):  # an empty, damaged or other file where the profile should be: said, not skipped
                    joined.add(real)
                    _not_a_profile(index, candidate)
            else:
                joined.add(real)
                found = join_profile(index, candidate, [g for g in index.graphs if os.path.dirname(g.trace) == os.path.dirname(trace.path)])
                if given and found is not None and found.calls:
                    index.add_warnings(
                        [InputWarning(candidate, 0, "joined from beside the trace: the profile given with --profile did not measure it")]
                    )


def _trace_files(index: Index) -> list[str]:
    """The files the trace names: its kernels' frames and the stacks that called its compiles (a
    model whose code is all in a library leaves the user's script in the call stacks only)."""
    files = {f.file for k in index.kernels for f in k.frames}
    files.update(f.file for frames in getattr(index, "call_stacks", {}).values() for f in frames)
    return sorted(files)


def _stack_lines(index: Index) -> dict[str, set[int]]:
    """Trace file -> the lines its compiles' call stacks name (:attr:`Sources.call_lines`)."""
    out: dict[str, set[int]] = {}
    for frames in getattr(index, "call_stacks", {}).values():
        for f in frames:
            out.setdefault(f.file, set()).add(f.line)
    return out
