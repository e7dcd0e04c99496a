"""Tensor shapes as a printed FX graph annotates them (``torch/fx/graph.py`` ``print_readable``
with ``include_stride``/``include_device``, PyTorch 2.6-2.14): ``f32[8, 16][16, 1]cuda:0``, a
tuple result ``(f32[8][1]cpu, i64[8][1]cpu)``; symbolic sizes (``s0``) under dynamic shapes."""

from __future__ import annotations

import re
from functools import lru_cache

from ..readers.kernel_args import FX_BYTES, numel_of

ANN = re.compile(r"(?P<dtype>[a-z]\w*?)\[(?P<sizes>[^\]]*)\]")


@lru_cache(maxsize=4096)  # a graph annotates its nodes with a few hundred shapes, asked for by every launch
def parse_ann(ann: str) -> list[tuple[int | None, list[int] | None]]:
    """``f32[8, 16][16, 1]cuda:0`` -> ``[(4, [8, 16])]``; a tuple annotation gives one item per
    tensor; a symbolic size (``s0``) gives ``None`` sizes; an unknown dtype ``None`` bytes.  Kept
    per annotation: the answer is shared, never change it."""
    out = []
    text = ann.strip()
    pos = 0
    while True:
        m = ANN.search(text, pos)
        if m is None:
            break
        dtype = m["dtype"]
        sizes_text = m["sizes"].strip()
        try:
            sizes: list[int] | None = [int(p) for p in sizes_text.split(",") if p.strip()] if sizes_text else []
        except ValueError:
            sizes = None
        out.append((FX_BYTES.get(dtype), sizes))
        # skip the stride bracket and device that follow
        nxt = text.find("[", m.end())
        pos = m.end()
        if nxt == m.end():
            close = text.find("]", nxt)
            pos = close + 1 if close > 0 else m.end()
    return out


def ann_bytes(ann: str) -> int | None:
    """Bytes of every tensor of an annotation; ``None`` when a size is symbolic or a dtype unknown."""
    total = 0
    items = parse_ann(ann)
    if not items:
        return None
    for elem, sizes in items:
        n = numel_of(sizes)
        if elem is None or n is None:
            return None
        total += n * elem
    return total
