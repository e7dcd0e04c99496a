"""Reader of one generated Triton kernel's source as the output code embeds it, and of the
autotuning result Inductor leaves beside the kernel's file.

Format (``torch/_inductor/codegen/triton.py`` ``codegen_kernel`` and
``runtime/triton_heuristics.py``, PyTorch 2.7-2.14): the wrapper defines a kernel as
``name = async_compile.triton('name', '''<source>''', device_str='cuda')``, preceded by
``# kernel path: /tmp/torchinductor_<user>/<xx>/<hash>.py`` (the kernel's own file in the Inductor
cache).  The source carries a decorator ``@triton_heuristics.<kind>(size_hints={...},
reduction_hint=..., filename=__file__, triton_meta={...}, inductor_meta={...})`` where ``kind``
is ``pointwise``, ``reduction``, ``persistent_reduction``, ``template``, ``foreach`` or
``user_autotune``; ``inductor_meta`` holds ``num_load``, ``num_store``, ``num_reduction``,
``kernel_num_gb`` and ``kernel_flop`` (the last two only under ``TORCHINDUCTOR_BENCHMARK_KERNEL=1``),
and a template's ``triton_meta`` carries its ``num_warps``/``num_stages``.

The config autotuning chose is written to ``<hash>.best_config`` in the kernel's cache folder
(``runtime/autotune_cache.py``): ``{"XBLOCK": 256, "num_warps": 4, "num_stages": 1,
"configs_hash": ..., "found_by_coordesc": false, "time_taken_ms": 72, "triton_cache_hash": ...}``.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field

_DEF = re.compile(r"^(?P<name>\w+) = async_compile\.triton\(\s*'(?P=name)'\s*,\s*'''", re.M)
_HEURISTIC = re.compile(r"@triton_heuristics\.(?P<kind>\w+)\(")
_SIZE_HINTS = re.compile(r"size_hints=\{(?P<body>[^}]*)\}")
_REDUCTION_HINT = re.compile(r"reduction_hint=ReductionHint\.(?P<hint>\w+)")
_HINT = re.compile(r"'(?P<key>\w+)'\s*:\s*(?P<value>\d+)")
#: scalar entries of a meta dict: 'key': 1 / 1.5 / True / 'text'
_SCALAR = re.compile(r"'(?P<key>\w+)'\s*:\s*(?P<value>-?\d+(?:\.\d+)?(?:e-?\d+)?|True|False|None|'[^'\n]*')")
_META_KEYS = (
    "num_load",
    "num_store",
    "num_reduction",
    "kernel_num_gb",
    "kernel_flop",
    "num_warps",
    "num_stages",
    "persistent_reduction",
    "grid_type",
    "autotune_hints",
    "mutated_arg_names",
)


@dataclass
class TritonKernelSource:
    """What a Triton kernel's embedded source says: ``heuristic`` (``pointwise``, ``reduction``,
    ``persistent_reduction``, ``template``, ...), ``size_hints`` (``{'x': 1024, 'r0_': 256}``),
    ``meta`` (the scalar entries of ``inductor_meta`` and ``triton_meta`` listed in
    ``_META_KEYS``; numbers, booleans or strings), and ``source_lines`` (the kernel file's lines
    ``(first, last)`` within the output code, 1-based)."""

    name: str
    heuristic: str | None = None
    size_hints: dict[str, int] = field(default_factory=dict)
    meta: dict[str, object] = field(default_factory=dict)
    source_lines: tuple[int, int] | None = None


def _value(text: str):
    if text in ("True", "False"):
        return text == "True"
    if text == "None":
        return None
    if text.startswith("'"):
        return text[1:-1]
    return float(text) if any(c in text for c in ".e") else int(text)


def read_kernel_source(code_lines: list[str], def_line: int) -> TritonKernelSource | None:
    """The kernel defined on ``def_line`` (1-based) of output code ``code_lines``, or ``None``
    when no ``async_compile.triton`` definition starts there (C++ kernels, extern calls)."""
    if not 1 <= def_line <= len(code_lines):
        return None
    head = code_lines[def_line - 1]
    match = _DEF.match(head.lstrip())
    if match is None:
        return None
    out = TritonKernelSource(match["name"])
    end = def_line
    while end < len(code_lines) and "'''" not in code_lines[end]:
        end += 1
    out.source_lines = (def_line + 1, min(end + 1, len(code_lines)))
    body = "\n".join(code_lines[def_line : end + 1])
    heuristic = _HEURISTIC.search(body)
    if heuristic:
        out.heuristic = heuristic["kind"]
        call = body[heuristic.end() : body.find("\n)", heuristic.end()) if "\n)" in body else len(body)]
        hints = _SIZE_HINTS.search(call)
        if hints:
            out.size_hints = {m["key"]: int(m["value"]) for m in _HINT.finditer(hints["body"])}
        reduction = _REDUCTION_HINT.search(call)
        if reduction:
            out.meta["reduction_hint"] = reduction["hint"]
        for m in _SCALAR.finditer(call):
            if m["key"] in _META_KEYS and m["key"] not in out.meta:
                out.meta[m["key"]] = _value(m["value"])
    return out


def read_best_config(path: str) -> dict | None:
    """A ``.best_config`` file as a dict, or ``None`` when it is missing or not a JSON object."""
    try:
        with open(path, encoding="utf-8") as fh:
            value = json.load(fh)
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def best_config_beside(kernel_file: str) -> dict | None:
    """The ``.best_config`` of the kernel whose cache file is ``kernel_file``: the one in its folder
    when that folder holds this one kernel file and one ``.best_config`` (its name is a hash of the
    configs, not the kernel's); ``None`` otherwise (missing, or which is whose cannot be told)."""
    folder = os.path.dirname(kernel_file)
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return None
    configs = [n for n in names if n.endswith(".best_config")]
    if len(configs) == 1 and sum(n.endswith(".py") for n in names) == 1:
        return read_best_config(os.path.join(folder, configs[0]))
    return None
