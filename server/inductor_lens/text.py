"""Wording shared by every place that shows numbers to people (hovers, lenses, the editor tests).

Standard library only, so tests that run under a bare interpreter can import it.
"""

from __future__ import annotations

import math


def format_us(us: float) -> str:
    """Device time for people: ``6.2 µs``, ``41 µs``, ``1.3 ms``, ``2.05 s``."""
    if us >= 1e6:
        return f"{us / 1e6:.2f} s"
    if us >= 1e3:
        return f"{us / 1e3:.1f} ms"
    return f"{us:.1f} µs" if us < 100 else f"{us:.0f} µs"


def plural(n: int, word: str) -> str:
    """``1 launch``, ``2 launches``, ``3 kernels``."""
    return f"{n} {word if n == 1 else (word + 'es' if word.endswith('ch') else word + 's')}"


def format_bytes(n: float) -> str:
    """Sizes for people: ``1.57 MB``, ``688 kB``, ``88 B`` (decimal units)."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n:.0f} B"


def format_seconds(s: float) -> str:
    """Compile time for people: ``4.2 s``, ``12 s``, ``830 ms``, ``1.9 ms``."""
    if s >= 10:
        return f"{s:.0f} s"
    if s >= 1:
        return f"{s:.1f} s"
    return f"{s * 1e3:.0f} ms" if s >= 0.01 else f"{s * 1e3:.1f} ms"


def short_kernel_name(key: str, width: int = 56) -> str:
    """A kernel key shortened in the middle, keeping its kind prefix and its index and debug handle:
    ``triton_red_fused_convolution_backward_…_threshold_backward_1:4``; keys up to ``width`` stay whole."""
    if len(key) <= width:
        return key
    head = (width - 1) * 3 // 5
    tail = width - 1 - head
    return key[:head] + "…" + key[-tail:]


def short_device_name(name: str) -> str:
    """A device kernel's demangled name without ``void``, its parameter list and namespaces
    (``void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, …>(int, …)``
    -> ``vectorized_elementwise_kernel<4, FillFunctor<float>, …>``), as the Kernels view shows it
    (``client/src/kernelTreeModel.ts`` ``shortKernelName``); Triton names stay as they are."""
    import re

    s = name.strip()
    if s.startswith("void "):
        s = s[5:].lstrip()
    if s.endswith(")"):
        depth = 0
        for i in range(len(s) - 1, -1, -1):
            if s[i] == ")":
                depth += 1
            elif s[i] == "(":
                depth -= 1
                if depth == 0:
                    if i > 0:
                        s = s[:i]
                    break
    s = re.sub(r"\b[A-Za-z_]\w*::", "", s.replace("(anonymous namespace)::", "")).strip()
    return s or name


def runs_text(runs: list[int]) -> str:
    """``3 runs`` / ``2-4 runs`` / ``""``: how many profiled runs measured times sum (``runs`` sorted)."""
    if not runs:
        return ""
    return plural(runs[0], "run") if runs[0] == runs[-1] else f"{runs[0]}-{runs[-1]} runs"


def rank_list(ranks: list[int]) -> str:
    """``[0, 1, 2, 3, 5, 7, 8, 9]`` -> ``"0–3, 5, 7–9"`` (runs of three or more as a range)."""
    out: list[str] = []
    i = 0
    ranks = sorted(ranks)
    while i < len(ranks):
        j = i
        while j + 1 < len(ranks) and ranks[j + 1] == ranks[j] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{ranks[i]}–{ranks[j]}")
        else:
            out.extend(str(r) for r in ranks[i : j + 1])
        i = j + 1
    return ", ".join(out)


def only_ranks(ranks, count: int) -> str:
    """``rank 3 only: `` when ``ranks`` (a set; None left out) are some of a job's ``count`` ranks, else ``""``."""
    on = sorted(r for r in ranks if r is not None)
    return f"{ranks_words(on, count)}: " if count > 1 and on and len(on) < count else ""


def ranks_words(ranks: list[int], count: int) -> str:
    """``rank 3 only`` / ``ranks 0, 2`` / ``every rank but 3`` (of ``count`` ranks 0..count-1)."""
    if len(ranks) == 1:
        return f"rank {ranks[0]} only"
    if count - len(ranks) == 1 and len(ranks) > 2:
        missing = sorted(set(range(count)) - set(ranks))
        if len(missing) == 1:
            return f"every rank but {missing[0]}"
    return f"ranks {rank_list(ranks)}"


def rate_text(gbps: float) -> str:
    """``1.9 TB/s``, ``428 GB/s``, ``3.2 GB/s``, ``18 MB/s`` (decimal units)."""
    if gbps >= 1000:
        return f"{gbps / 1000:.2g} TB/s" if gbps < 10000 else f"{gbps / 1000:.0f} TB/s"
    if gbps >= 1:
        return f"{gbps:.3g} GB/s"
    return f"{gbps * 1000:.3g} MB/s"


def flops_text(tflops: float) -> str:
    """``2.8 TFLOP/s``, ``310 GFLOP/s``."""
    return f"{tflops:.3g} TFLOP/s" if tflops >= 1 else f"{tflops * 1000:.3g} GFLOP/s"


def speed_text(t) -> str:
    """How close to the machine, in a few words (``t``: a
    :class:`inductor_lens.perf.roofline.Throughput`): ``1.9 TB/s · 40% of H200 HBM · memory-bound``,
    ``2.8 TFLOP/s · 4% of H200 FP32 · compute-bound``, ``12 GB/s (CPU time)``, ``4 TB/s · 119% of
    H100 SXM HBM, above its peak: part of it hit in L2 · memory-bound``; below a tenth of both
    roofs, ``latency-bound (small kernel)`` or, for a longer launch, ``below a tenth of both roofs,
    not a small kernel``, each with its size, time and shares (:func:`latency_why`); ``""`` when
    not measured or the bytes are unknown."""
    if t.gbps is None:
        return ""
    parts = [flops_text(t.tflops) if (t.side or t.bound) == "compute" and t.tflops is not None else rate_text(t.gbps)]
    roof = t.roof or "HBM"
    if t.clock == "cpu":
        return parts[0] + " (CPU time)"
    if t.bound == "latency" and t.device:  # below a tenth of both roofs: its size and shares say why
        return f"{parts[0]} · latency-bound (small kernel): {latency_why(t)}"
    if t.bound == "neither" and t.device:  # as low, but too long a launch to be a small kernel
        return (
            f"{parts[0]} · below a tenth of both roofs, not a small kernel (memory and compute bandwidth do not limit it): {latency_why(t)}"
        )
    if t.peak_fraction is not None and t.device:
        parts.append(f"{t.peak_fraction * 100:.0f}% of {t.device} {roof}" if t.peak_fraction >= 0.01 else f"<1% of {t.device} {roof}")
        if roof == "HBM" and t.peak_fraction > 1:  # the bytes are the arguments'; part of them came from L2
            parts[-1] += ", above its peak: part of it hit in L2"
    if t.bound:
        parts.append(f"{t.bound}-bound")
    return " · ".join(parts)


def latency_why(t) -> str:
    """Why a kernel is below a tenth of both roofs: ``1.2 MB and 0.3 GFLOP in 8.1 µs a run: 4% of
    H200 HBM, <1% of FP32`` (its size per run, its time, its achieved share of each roof)."""

    def share(f: float | None) -> str:
        return "-" if f is None else (f"{math.floor(f * 1000) / 10:g}%" if f >= 0.01 else "<1%")  # (9.98% is not "10%")

    size = format_bytes(t.bytes or 0) + (f" and {t.flops / 1e9:.2g} GFLOP" if t.flops else "")
    return f"{size} in {format_us(t.us)} a run: {share(t.hbm_fraction)} of {t.device} HBM, {share(t.compute_fraction)} of {t.compute_roof}"


def module_pattern(modules: tuple[str, ...] | list[str]) -> tuple[str, bool]:
    """(the pattern of most of ``modules``, whether some lie outside it): layer indices as ``*``,
    the modules of one parent as ``{a,b,c}``, the parent holding the most modules (the first seen
    of equals): ``bert.encoder.layer.*.attention.self.{query,key,value}`` for the 14 modules of a
    BERT backward's ``mm`` (``bert.pooler.dense``, ``classifier``... outside it)."""
    leaves: dict[str, dict[str, None]] = {}
    counts: dict[str, int] = {}
    for mod in modules:
        parts = ["*" if p.isdigit() else p for p in mod.split(".")]
        parent = ".".join(parts[:-1])
        leaves.setdefault(parent, {})[parts[-1]] = None
        counts[parent] = counts.get(parent, 0) + 1
    parent = max(leaves, key=lambda p: counts[p])  # max keeps the first of equals
    names = list(leaves[parent])
    leaf = names[0] if len(names) == 1 else "{" + ",".join(names) + "}"
    return (f"{parent}.{leaf}" if parent else leaf), len(leaves) > 1


def module_text(ref) -> str | None:
    """A module (``ref``: an :class:`inductor_lens.provenance.modules.ModuleRef`, or ``None``) as a short label, by one rule for every surface (tables, lenses, the Kernels view's twin in
    ``client/src/kernels.ts``): one module by its path (``transformer.h.0.mlp.c_fc``); several
    with a common prefix as the prefix and a count (``stages.* (52 modules)``); two without one
    joined (``conv1 + bn1``); more without one their pattern (:func:`module_pattern`) and a count,
    ``, …`` when some lie outside it (``bert.encoder.layer.*.attention.self.{query,key,value}, …
    (14 modules)``); `` (shared)`` for a tied weight.  ``None`` without a module.  The full list
    is in ``report --json`` (``modules``), ``--all`` and the hover."""
    if ref is None:
        return None
    mods = ref.modules
    if len(mods) <= 1:
        text = ref.path or (mods[0] if mods else "")
    elif ref.path is not None:
        text = f"{ref.path}.* ({len(mods)} modules)"
    elif len(mods) == 2:
        text = " + ".join(mods)
    else:
        pattern, more = module_pattern(mods)
        text = f"{pattern}{', …' if more else ''} ({len(mods)} modules)"
    return text + (" (shared)" if ref.shared else "")
