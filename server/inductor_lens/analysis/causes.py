"""Why B is slower than A: the causes of the wall change, ranked, each at a model line.

A cause is ``{kind, file, line, code, delta_us, message}``: ``delta_us`` per step, B minus A,
signed (speed-ups sort last), 0 for a cause with no time of its own (an option, a recompile);
``file``/``line`` B's line, or A's for a line that is gone.  Kinds:

* ``graph_break``: a graph break B has and A has not, at its line in B; its consequences are
  counted in it and listed in ``parts``: the lines that lost their compiled kernels (their
  compiled time in A against their eager time in B), the host time of the compiled calls at the
  call sites it splits, and the change of sync time when it is a data-dependent break
  (``.item()``);
* ``sync``: the change of synchronizing time (``sync_us`` of the step) not counted in a break;
* ``eager``: the change of eager device time at a line (``lines[i].measured.eager_us``);
* ``recompile``: recompiles B has and A has not, at the code being recompiled, with the guard that
  failed;
* ``host``: the change of host time in compiled calls at a call site (``calls[].host_us``);
* ``kernel``: the change of compiled device time at a line (its share of its kernels' time);
* ``option``: an Inductor or Dynamo setting that differs, both values named;
* ``unplaced``: the wall change per step minus every other cause (host and device time overlap on
  the wall clock, and time that reaches no line is in no other cause); never dropped.

Each microsecond is in one cause only.  Without a time block on both sides (a run without a
profile) only the causes without time are given (graph breaks, recompiles, options), each 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

#: a line's time change below this (µs per step) makes no cause of its own (it stays in unplaced)
SMALLEST_US = 0.5
#: graph-break reasons that synchronize (a data-dependent value read on the host)
_SYNCING = ("item", "_local_scalar_dense", "data-dependent", "data dependent", "DataDependent", "tolist")


@dataclass
class SideTime:
    """What one run's profile says beyond compiled kernels, window totals in µs: ``block`` (the
    step block, or None), ``eager`` ((file name, code) -> eager device µs at the line, with
    ``eager_where`` its (file, line)), ``host`` ((file name, code) of a call site -> host µs in
    its compiled calls, ``host_where`` its (file, line))."""

    block: dict | None = None
    eager: dict[tuple[str, str], float] = field(default_factory=dict)
    eager_where: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)
    host: dict[tuple[str, str], float] = field(default_factory=dict)
    host_where: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)

    @property
    def steps(self) -> int:
        return (self.block or {}).get("steps") or 1


def _cause(kind: str, file: str | None, line: int | None, code: str | None, delta: float, message: str, **extra) -> dict:
    return {"kind": kind, "file": file, "line": line, "code": code, "delta_us": round(delta, 3), "message": message, **extra}


def _ms(us: float) -> str:
    return f"{us / 1000:+.2f} ms" if abs(us) >= 100 else f"{us:+.1f} µs"


def _break_cause(brk, lost: list, host: list, sync: float | None) -> dict:
    """A new graph break with its consequences (``lost``: (LineDiff, what, compiled delta, eager
    delta) of the lines that lost their kernels and of the break's own line; ``host``: (call site code, where, delta);
    ``sync``: the sync change or None)."""
    loc = brk.location
    parts = []
    for d, what, compiled, eager in lost:
        parts.append(
            {
                "what": what,
                "file": d.key[0],
                "line": d.where_b or d.where_a,
                "code": d.key[1],
                "delta_us": round(compiled + eager, 3),
                "compiled_us": round(compiled, 3),
                "eager_us": round(eager, 3),
            }
        )
    if host:  # the compiled calls it splits, one figure (their call sites move with the split)
        parts.append(
            {"what": "host time in compiled calls", "file": None, "line": None, "code": None, "delta_us": round(sum(h[2] for h in host), 3)}
        )
    if sync is not None:
        parts.append({"what": "syncs", "file": None, "line": None, "code": None, "delta_us": round(sync, 3)})
    total = sum(p["delta_us"] for p in parts)
    eager = sum(1 for _, what, _, _ in lost if what == "runs eagerly now")
    said = [f"{eager} line{'s' if eager != 1 else ''} now run eagerly"] if eager else []
    if host:
        said.append(f"compiled calls' host time {_ms(sum(h[2] for h in host))}")
    if sync is not None:
        said.append(f"syncs {_ms(sync)}")
    message = f"new graph break in compile {brk.compile_id} ({brk.message})" + (": " + ", ".join(said) if said else "")
    return _cause(
        "graph_break",
        loc.file if loc else None,
        loc.line if loc else None,
        " ".join(loc.code.split()) if loc and loc.code else None,
        total,
        message,
        compile_id=brk.compile_id,
        parts=parts,
    )


def _line_causes(
    lines: list, ta: SideTime, tb: SideTime, timed: bool, brk, gone: Sequence[tuple[str, str, int]] = ()
) -> tuple[list[dict], list]:  # type: ignore[assignment]
    """``kernel`` and ``eager`` causes per compared line, and what a new graph break ``brk``
    brings: the lines that lost their compiled kernels, and the break's own line (its new compiled
    code), with their time change: ``(causes, [(row, what, compiled delta, eager delta)])``.  A line that lost its kernels
    says why (``row.why``); ``gone``: the functions A compiled and B does not ``(file name, name, line)``."""
    sa, sb = ta.steps, tb.steps
    causes: list[dict] = []
    lost: list = []
    for d in lines:
        a_us = (d.a.measured_us or 0.0) / sa if d.a else 0.0
        b_us = (d.b.measured_us or 0.0) / sb if d.b else 0.0
        ea = ta.eager.get((d.key[0], d.code_a) if d.code_a else d.key, 0.0) / sa
        eb = tb.eager.get(d.key, 0.0) / sb
        still_in_b = d.b is None and d.a is not None and d.text != "deleted"
        if still_in_b:
            d.why = _why_eager(brk, d, gone, eb * sb if timed and d.key in tb.eager else None)
        at_break = brk is not None and brk.location is not None and d.b is not None
        at_break = at_break and d.key[0] == brk.location.basename and d.where_b == brk.location.line
        if brk is not None and (still_in_b or at_break):
            if timed:
                lost.append((d, "runs eagerly now" if still_in_b else "the break's own line", b_us - a_us, eb - ea))
            continue
        if not timed:
            continue
        line = d.where_b or d.where_a
        if abs(b_us - a_us) >= SMALLEST_US:
            causes.append(_cause("kernel", d.key[0], line, d.key[1], b_us - a_us, f"compiled device time {_ms(b_us - a_us)} per step"))
        if abs(eb - ea) >= SMALLEST_US:
            causes.append(_cause("eager", d.key[0], line, d.key[1], eb - ea, f"eager device time {_ms(eb - ea)} per step"))
    if timed:
        seen = {d.key for d in lines} | {(d.key[0], d.code_a) for d in lines if d.code_a}
        for key in sorted((set(ta.eager) | set(tb.eager)) - seen):  # lines with eager time only
            delta = tb.eager.get(key, 0.0) / sb - ta.eager.get(key, 0.0) / sa
            if abs(delta) >= SMALLEST_US:
                file, line = tb.eager_where.get(key) or ta.eager_where.get(key) or (key[0], None)
                causes.append(_cause("eager", file, line, key[1], delta, f"eager device time {_ms(delta)} per step"))
    return causes, lost


def _host_causes(ta: SideTime, tb: SideTime, brk) -> tuple[list[dict], list]:
    """``host`` causes per call site, or, with a new graph break ``brk``, the host changes it
    brings (``(causes, [(code, (file, line), delta)])``)."""
    causes: list[dict] = []
    parts = []
    for key in sorted(set(ta.host) | set(tb.host)):
        delta = tb.host.get(key, 0.0) / tb.steps - ta.host.get(key, 0.0) / ta.steps
        file, line = tb.host_where.get(key) or ta.host_where.get(key) or (key[0], None)
        if brk is not None:
            parts.append((key[1], (file, line), delta))
        elif abs(delta) >= SMALLEST_US:
            causes.append(_cause("host", file, line, key[1], delta, f"host time in compiled calls {_ms(delta)} per step"))
    return causes, parts


def _option_cause(option: dict) -> dict:
    said = f"{option['name'].split('.', 1)[-1]}: {option['a']!r} → {option['b']!r}"
    return _cause("option", None, None, None, 0.0, said, setting=option["name"], a=option["a"], b=option["b"])


def rank_causes(
    lines: list,
    ta: SideTime,
    tb: SideTime,
    time: dict | None,
    breaks: list,
    recompiles: list,
    options: list[dict],
    gone: Sequence[tuple[str, str, int]] = (),
) -> list[dict]:
    """Every cause of the comparison (see the module docstring), largest ``delta_us`` first.
    ``lines``: the compared rows (:class:`~.run_lines.LineDiff`; a row that lost its kernels to a new
    break gets its ``why``); ``breaks``: B's new graph-break events; ``recompiles``: from
    :func:`recompile_causes`; ``options``: the settings that differ (``{name, a, b}``); ``gone``:
    the functions A compiled and B does not ``(file name, function, line)``."""
    brk = min(breaks, key=lambda e: e.location.line if e.location else 0) if breaks else None
    causes, lost = _line_causes(lines, ta, tb, time is not None, brk, gone)
    host_parts: list = []
    sync = None
    if time is not None:
        host, host_parts = _host_causes(ta, tb, brk)
        causes += host
        sync = time["b"]["sync_us"] / tb.steps - time["a"]["sync_us"] / ta.steps
        syncing = brk is not None and any(w in brk.message + (brk.explanation or "") for w in _SYNCING)
        if not syncing:
            if abs(sync) >= SMALLEST_US:
                causes.append(
                    _cause("sync", None, None, None, sync, f"synchronizing time {_ms(sync)} per step (cuda*Synchronize, .item())")
                )
            sync = None
    for event, ids in _distinct_breaks(breaks):
        first = event is brk
        cause = _break_cause(event, lost if first else [], host_parts if first else [], sync if first else None)
        if len(ids) > 1:
            cause["message"] = cause["message"].replace(f"compile {event.compile_id} ", f"compiles {', '.join(ids)} ", 1)
        cause["compile_ids"] = ids
        causes.append(cause)
    causes += recompiles
    causes += [_option_cause(o) for o in options]
    if time is not None:
        wall = time["b_us"] - time["a_us"]
        rest = wall - sum(c["delta_us"] for c in causes)
        said = (
            f"not placed: {_ms(rest)} per step (the wall change is {_ms(wall)}): host time outside compiled calls "
            "and the profiler's own, which no line holds, and what overlapping host and device time leave"
        )
        causes.append(_cause("unplaced", None, None, None, rest, said))
    causes.sort(key=lambda c: -c["delta_us"])
    return causes


def _distinct_breaks(breaks: list) -> list[tuple]:
    """One per place and reason (a break PyTorch logs again in every resumed frame is one), with
    the compile ids that logged it, in order."""
    out: dict[tuple, tuple[object, list[str]]] = {}
    for e in sorted(breaks, key=lambda e: e.location.line if e.location else 0):
        loc = e.location
        key = (loc.basename if loc else None, loc.line if loc else None, e.message)
        if key not in out:
            out[key] = (e, [])
        if e.compile_id not in out[key][1]:
            out[key][1].append(e.compile_id)
    return list(out.values())


def _why_eager(brk, d, gone: Sequence[tuple[str, str, int]], eager_us: float | None) -> str:
    """Why a line still in B lost its compiled kernels: the new graph break ``brk``, or a function
    A compiled and B does not (the nearest one above the line in its file), with its eager time."""
    if brk is not None:
        loc = brk.location
        where = f"{loc.basename}:{loc.line}" if loc else "?"
        text = f"runs eagerly now: compile {brk.compile_id} broke at {where} ({brk.message})"
    else:
        line = d.where_a or 0
        above = [g for g in gone if g[0] == d.key[0] and g[2] <= line] or (list(gone) if len(gone) == 1 else [])
        if above:
            file, name, at = max(above, key=lambda g: g[2])
            text = f"runs eagerly now: B does not compile {name} ({file}:{at}), which A compiled"
        else:
            text = "runs eagerly now: no compiled graph of B computes it"
    return text + (f"; eager {eager_us:.1f} µs over the window" if eager_us else "")


def _frame_compile(compile_id: str) -> str:
    """``3/1`` of ``3/1_1`` (a compile's attempt suffix left out)."""
    return compile_id.split("_", 1)[0]


def recompile_causes(index_a, index_b) -> list[dict]:
    """``recompile`` causes: per function being recompiled (its file and first line, as the
    compile records name it), the recompiles B has beyond A's, with the first failed guard."""

    def by_function(index) -> dict[tuple[str, str], list]:
        functions = {_frame_compile(c.compile_id): c.function for c in index.compiles if c.function is not None}
        out: dict[tuple[str, str], list] = {}
        seen: set[str] = set()
        for e in index.compile_events:
            cid = _frame_compile(e.compile_id)
            if e.kind != "recompile" or cid in seen:  # one compile, logged by two records
                continue
            seen.add(cid)
            fn = functions.get(cid) or e.location
            key = (fn.basename, fn.function) if fn else ("?", "?")
            out.setdefault(key, []).append((e, fn))
        return out

    a, b = by_function(index_a), by_function(index_b)
    causes = []
    for key, events in sorted(b.items()):
        extra = len(events) - len(a.get(key, []))
        if extra <= 0:
            continue
        event, fn = events[0]
        where = fn or event.location
        guard = event.message.split("  #", 1)[0].strip()  # the guard, without PyTorch's comment (its line again)
        causes.append(
            _cause(
                "recompile",
                where.file if where else None,
                where.line if where else None,
                " ".join(where.code.split()) if where and where.code else None,
                0.0,
                f"{extra} more recompile{'s' if extra != 1 else ''} of {key[1]} ({len(events)} in B, {len(a.get(key, []))} in A); first failed guard: {guard}",
                recompiles_a=len(a.get(key, [])),
                recompiles_b=len(events),
            )
        )
    return causes
