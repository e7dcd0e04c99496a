"""Two runs' steps compared by the wall clock: the ``time`` block of ``diff --json``, its headline,
and the noise rule ``--fail-if-slower`` reads.

Each run's step block is ``report``'s ``profiles[i].step`` (:mod:`inductor_lens.timing.step`,
read off a ``torch.profiler`` Chrome trace: ``{steps, wall_us, gpu_busy_us, gpu_idle_us,
compiled_device_us, other_device_us, sync_us, step_us, stacks}``, µs totals over the window).
A run with several profiles (one per rank) is compared by its first (rank 0's), and the headline
says so.

* ``change_pct = 100 × (b.wall_us / b.steps) / (a.wall_us / a.steps) − 100``: the mean per step
  (a profile without step markers counts its window as one step, and the headline says "per window");
* ``spread``: each run's ``{min_us, median_us, max_us}`` step (None without step markers);
  ``within_noise``: the two runs' min–max ranges overlap (None when either has no markers);
* ``median_change_pct``: the same change between the runs' median steps; when it and the mean's
  disagree in sign or differ by over :data:`SKEW_POINTS` points (and a quarter of the larger
  change: +130% and +150% tell the same story), or a step is over
  :data:`OUTLIER` times its run's median, ``skew`` says so in a sentence (the mean is dominated by
  one step) that the headline and ``--fail-if-slower`` carry.

JSON::

    {"clock": "wall", "per": "step" | "window", "a": {step block}, "b": {step block},
     "a_us": mean per step, "b_us": ..., "change_pct", "spread": {"a": {...} | null, "b": ...},
     "a_median_us": median step | null, "b_median_us": ..., "median_change_pct": float | null,
     "skew": sentence | null, "within_noise": bool | null, "profiles": [n_a, n_b], "headline", "notes": [sentence, ...]}
"""

from __future__ import annotations

from statistics import median

#: the step block's per-step figures the headline names, in its order
PARTS = (
    ("gpu_busy_us", "GPU busy"),
    ("compiled_device_us", "compiled"),
    ("other_device_us", "eager"),
    ("gpu_idle_us", "idle"),
    ("sync_us", "syncs"),
)


#: a step over this many times its run's median is an outlier the headline names
OUTLIER = 2.0
#: the mean's and the median's changes (percentage points) apart by more than this: said
SKEW_POINTS = 10.0


def per_step(block: dict) -> int:
    """What a block's totals are divided by: its steps, or 1 (the window)."""
    return block.get("steps") or 1


def _ms(us: float) -> str:
    return f"{us / 1000:.1f}" if us >= 1000 else f"{us / 1000:.2f}"


def spread(block: dict) -> dict | None:
    """``{min_us, median_us, max_us}`` of a block's steps, or None without step markers."""
    steps = block.get("step_us") or []
    if not steps:
        return None
    return {"min_us": round(min(steps), 3), "median_us": round(median(steps), 3), "max_us": round(max(steps), 3)}


def wall_time(a: dict | None, b: dict | None, profiles: tuple[int, int] = (1, 1)) -> tuple[dict | None, str]:
    """``(time block, headline)``: the time block is None unless both runs have a step block;
    the headline then says which run lacks a profile and that only compile facts are compared."""
    if a is None or b is None:
        missing = [n for n, s in (("A", a), ("B", b)) if s is None]
        if len(missing) == 2:
            return None, "no profile on either side: only compile facts can be compared (no times)"
        other = "B" if missing == ["A"] else "A"
        return None, f"{missing[0]} has no profile ({other} has): only compile facts can be compared (no times)"
    a_us, b_us = a["wall_us"] / per_step(a), b["wall_us"] / per_step(b)
    change = 100.0 * b_us / a_us - 100.0 if a_us > 0 else None
    sa, sb = spread(a), spread(b)
    noise = None if sa is None or sb is None else sa["min_us"] <= sb["max_us"] and sb["min_us"] <= sa["max_us"]
    per = "step" if a.get("steps") and b.get("steps") else "window"
    notes = _notes(a, b, profiles)
    ma, mb = (None if s is None else s["median_us"] for s in (sa, sb))
    median_change = 100.0 * mb / ma - 100.0 if ma and mb is not None else None
    skew = _skew(a, b, change, median_change)
    block = {
        "clock": "wall",
        "per": per,
        "a": a,
        "b": b,
        "a_us": round(a_us, 3),
        "b_us": round(b_us, 3),
        "change_pct": None if change is None else round(change, 2),
        "spread": {"a": sa, "b": sb},
        "a_median_us": ma,
        "b_median_us": mb,
        "median_change_pct": None if median_change is None else round(median_change, 2),
        "skew": skew,
        "within_noise": noise,
        "profiles": list(profiles),
        "notes": notes,
    }
    block["headline"] = headline(block)
    return block, block["headline"]


def _pct(change: float) -> str:
    return f"{abs(change):.0f}%" if abs(change) >= 10 else f"{abs(change):.1f}%"


def _skew(a: dict, b: dict, change: float | None, median_change: float | None) -> str | None:
    """A sentence when the mean per step misleads: a step over :data:`OUTLIER` × its run's median
    (named, e.g. ``A's step 5 took 93.7 ms, 3.8x its median``), or the medians' change disagreeing
    with the means' in sign or by over :data:`SKEW_POINTS` points; None otherwise."""
    if change is None or median_change is None:
        return None
    outliers = []
    for name, block in (("A", a), ("B", b)):
        steps = block.get("step_us") or []
        mid = median(steps) if steps else 0
        for i, us in enumerate(steps):
            if mid > 0 and us > OUTLIER * mid:
                outliers.append(f"{name}'s step {i + 1} took {_ms(us)} ms, {us / mid:.1f}x its median")
    opposite = (change > 0) != (median_change > 0)
    # points apart, relative to the change itself (+130% and +150% tell the same story)
    apart = opposite or abs(change - median_change) > max(SKEW_POINTS, 0.25 * max(abs(change), abs(median_change)))
    if not outliers and not apart:
        return None
    if abs(median_change) < 0.05:
        by_median = "by the median B takes the same time"
    else:
        by_median = f"by the median B is {_pct(median_change)} {'slower' if median_change > 0 else 'faster'}"
    by_median += f" ({_ms(median(a['step_us']))} → {_ms(median(b['step_us']))} ms)"
    if outliers:
        return "; ".join(outliers) + f": the mean is dominated by {'it' if len(outliers) == 1 else 'them'}; {by_median}"
    return f"the mean per step and the median {'disagree' if opposite else 'differ'}: {by_median}"


def _notes(a: dict, b: dict, profiles: tuple[int, int]) -> list[str]:
    notes = []
    if (a.get("steps") or None) != (b.get("steps") or None):
        sa, sb = a.get("steps"), b.get("steps")
        if sa and sb:
            notes.append(f"A has {sa} steps, B {sb}: compared per step (the mean)")
        else:
            no = "A" if not sa else "B"
            notes.append(
                f"{no}'s profile has no step markers (ProfilerStep): its window counts as one step, so the runs are compared per window"
            )
    for name, n in zip("AB", profiles, strict=True):
        if n > 1:
            notes.append(f"{name} has {n} profiles (one per rank): rank 0's (the first) is compared")
    if bool(a.get("stacks")) != bool(b.get("stacks")):
        with_stacks = "A" if a.get("stacks") else "B"
        notes.append(
            f"only {with_stacks}'s profile has Python stacks (with_stack=True), whose tracer slows the host: "
            "host and idle time are not comparable; profile both the same way"
        )
    elif a.get("stacks"):
        notes.append(
            "both profiles were recorded with Python stacks (with_stack=True): host figures (host causes, a graph "
            "break's host time, idle, unplaced) include the tracer's overhead; to compare without it, profile both "
            "runs without stacks and pass them with --profile-a/--profile-b"
        )
    return notes


def headline(t: dict) -> str:
    """``B is 29% slower per step (26.4 → 34.1 ms): GPU busy +0.4, compiled -0.1, eager +0.6,
    idle +7.3, syncs +0.2 ms``, with ``within noise (A's steps 25.3–27.4 ms, B's ...)`` when the
    runs' step ranges overlap."""
    a, b, change = t["a"], t["b"], t["change_pct"]
    per = t["per"]
    if change is None:
        return f"A's profile has no time (0 µs per {per}): B {_ms(t['b_us'])} ms per {per}"
    word = "slower" if change > 0 else "faster"
    size = _pct(change)
    parts = []
    for key, name in PARTS:
        if a.get(key) is not None and b.get(key) is not None:  # None: unknown (a profile cut before its device events)
            delta = b[key] / per_step(b) - a[key] / per_step(a)
            parts.append(f"{name} {delta / 1000:+.1f}" if abs(delta) >= 50 else f"{name} {delta / 1000:+.2f}")
    text = f"B is {size} {word} per {per} ({_ms(t['a_us'])} → {_ms(t['b_us'])} ms)"
    if abs(change) < 0.05:
        text = f"B takes the same time per {per} ({_ms(t['a_us'])} ms)"
    if t["within_noise"]:
        sa, sb = t["spread"]["a"], t["spread"]["b"]
        text += f", within noise (A's steps {_ms(sa['min_us'])}–{_ms(sa['max_us'])} ms, B's {_ms(sb['min_us'])}–{_ms(sb['max_us'])} ms)"
    if parts:
        text += ": " + ", ".join(parts) + " ms"
    if t.get("skew"):
        text += f". But {t['skew']}"
    return text


def slower_verdict(t: dict | None, limit_pct: float) -> tuple[int, str]:
    """``--fail-if-slower``'s (exit status, sentence) on a time block: 1 when ``change_pct`` is
    above ``limit_pct`` and not within noise, 125 without a time block, else 0."""
    if t is None or t["change_pct"] is None:
        return 125, f"--fail-if-slower {limit_pct:g}%: no wall time on both sides (a torch.profiler trace of each run is needed); exit 125"
    change = t["change_pct"]
    said = f"B is {change:+.1f}% per {t['per']} against A ({_ms(t['a_us'])} → {_ms(t['b_us'])} ms, the mean)"
    if t.get("skew"):
        said += f"; but {t['skew']}"
    if change > limit_pct and t["within_noise"]:
        return 0, f"--fail-if-slower {limit_pct:g}%: {said}, within noise (the runs' step ranges overlap): not failed; exit 0"
    if change > limit_pct:
        return 1, f"--fail-if-slower {limit_pct:g}%: {said}; exit 1"
    return 0, f"--fail-if-slower {limit_pct:g}%: {said}"


#: a kernel's median moving by less than this (%) is within noise even when its runs' ranges do
#: not overlap (five runs of a 10 µs kernel can each sit within 0.1 µs: a clock's jitter)
KERNEL_FLOOR_PCT = 2.0


def kernel_verdict(a_runs: list[float], b_runs: list[float]) -> dict | None:
    """One kernel matched across two runs, by its runs (graph calls; µs each): ``{a, b:
    {min_us, median_us, max_us, runs}, change_pct, verdict}``.  The change is the medians' (one
    preempted call moves a sum, not a median); ``verdict`` is ``within noise`` when the two runs'
    min–max ranges overlap or the medians differ by less than :data:`KERNEL_FLOOR_PCT`, else
    ``slower`` or ``faster``; None when either side has no runs."""
    if not a_runs or not b_runs:
        return None

    def side(runs: list[float]) -> dict:
        return {"min_us": round(min(runs), 3), "median_us": round(median(runs), 3), "max_us": round(max(runs), 3), "runs": len(runs)}

    sa, sb = side(a_runs), side(b_runs)
    change = 100.0 * sb["median_us"] / sa["median_us"] - 100.0 if sa["median_us"] else None
    overlap = sa["min_us"] <= sb["max_us"] and sb["min_us"] <= sa["max_us"]
    overlap = overlap or change is None or abs(change) < KERNEL_FLOOR_PCT
    verdict = "within noise" if overlap else ("slower" if sb["median_us"] > sa["median_us"] else "faster")
    return {"a": sa, "b": sb, "change_pct": None if change is None else round(change, 2), "verdict": verdict}
