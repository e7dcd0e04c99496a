"""Why a Triton kernel has the shape it has: the heuristic Inductor picked (pointwise, looped or
persistent reduction, template), its size hints, the launch config (block sizes, ``num_warps``,
``num_stages``) and where that config comes from (the only config, autotuning's choice in the
Inductor cache's ``.best_config``, or unknown), the configs tried, the autotune cache state and
compile time (the log's ``triton_kernel_info``), and what ``inductor_meta`` counts (loads,
stores, reductions).  Formats: :mod:`inductor_lens.index.kernel_facts`.

Pure functions over :class:`~inductor_lens.index.kernel_facts.KernelFacts`.
"""

from __future__ import annotations

from ..index.kernel_facts import KernelFacts

_HEURISTIC = {
    "pointwise": "pointwise",
    "reduction": "looped reduction",
    "persistent_reduction": "persistent reduction",
    "template": "template",
    "foreach": "foreach",
    "split_scan": "split scan",
    "user_autotune": "user autotune",
}


def chosen_from(facts: KernelFacts) -> str:
    """``only config`` (one config, no autotuning), ``autotuned`` (``.best_config`` read),
    ``template`` (its own config), or ``unknown`` (configs were tried but the Inductor cache with
    the choice is not at hand)."""
    if facts.compile_info.get("only_config") is not None:
        return "only config"
    if facts.best_config is not None:
        return "autotuned"
    if facts.source is not None and facts.source.heuristic == "template":
        return "template"
    return "unknown"


def shape_json(facts: KernelFacts) -> dict | None:
    """``{heuristic, size_hints, config {XBLOCK, R0_BLOCK, num_warps, num_stages, ...}, config_from,
    configs_tried, autotune_cache, compile_time_us, num_load, num_store, num_reduction,
    reduction_hint}`` of a Triton kernel; ``None`` for other kernels."""
    src = facts.source
    if src is None:
        return None
    info = facts.compile_info
    meta = src.meta
    return {
        "heuristic": src.heuristic,
        "size_hints": dict(src.size_hints),
        "config": facts.chosen() or None,
        "config_from": chosen_from(facts),
        "configs_tried": facts.configs_tried(),
        "autotune_cache": info.get("autotune_cache_state") if isinstance(info.get("autotune_cache_state"), str) else None,
        "compile_time_us": info.get("compile_time_us") if isinstance(info.get("compile_time_us"), (int, float)) else None,
        "num_load": meta.get("num_load"),
        "num_store": meta.get("num_store"),
        "num_reduction": meta.get("num_reduction"),
        "reduction_hint": meta.get("reduction_hint"),
    }


def shape_text(facts: KernelFacts, *, only_config: bool = True) -> str | None:
    """``persistent reduction · XBLOCK=1, R0_BLOCK=1024, num_warps=8 (the only config) · 7 loads,
    6 stores, 2 reductions``; the config's origin said (``chosen by autotuning out of 3 configs``,
    or ``chosen config unknown: the Inductor cache's .best_config is not at hand``);
    ``only_config=False`` leaves out an only config (said elsewhere)."""
    shape = shape_json(facts)
    if shape is None:
        return None
    parts = [_HEURISTIC.get(shape["heuristic"] or "", shape["heuristic"] or "Triton kernel")]
    config = ", ".join(f"{k}={v}" for k, v in (shape["config"] or {}).items())
    tried = shape["configs_tried"]
    origin = {
        "only config": "the only config",
        "autotuned": f"chosen by autotuning out of {tried} configs" if tried else "chosen by autotuning (.best_config)",
        "template": "the template's config",
    }.get(shape["config_from"])
    if origin is None:
        text = f"{tried} configs tried; chosen config unknown" if tried else "chosen config unknown"
        parts.append(text + " (the Inductor cache's .best_config is not at hand: keep the cache, or use capture)")
    elif shape["config_from"] != "only config" or only_config:
        parts.append(f"{config} ({origin})" if config else origin)
    counts = [
        f"{shape[k]} {w}{'' if shape[k] == 1 else 's'}"
        for k, w in (("num_load", "load"), ("num_store", "store"), ("num_reduction", "reduction"))
        if isinstance(shape[k], int)
    ]
    if counts:
        parts.append(", ".join(counts))
    return " · ".join(parts)
