"""What the trace says about how a kernel was compiled (its shape): for a Triton kernel, the
heuristic and size hints and ``inductor_meta`` of its source in the output code
(:mod:`inductor_lens.readers.triton_kernel`), the log's ``triton_kernel_info`` (configs tried, the
only config, autotune cache state, compile time; ``torch/_inductor/runtime/triton_heuristics.py``
logs it per graph, PyTorch 2.6+), and the config autotuning chose, read from the Inductor cache's
``.best_config`` beside the kernel's file when that cache is at hand (the ``# kernel path:`` file,
or its copy beside the trace: :func:`inductor_lens.files.resolve.inductor_cache_candidates`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ..files.resolve import inductor_cache_candidates
from ..model import Kernel
from ..readers.triton_kernel import TritonKernelSource, best_config_beside, read_kernel_source
from .trace_index import Index

_KERNEL_PATH = re.compile(r"^\s*# kernel path: (?P<path>\S+)\s*$")


@dataclass
class KernelFacts:
    """A kernel's compile facts: ``source`` (None for C++ and extern kernels), ``compile_info``
    (its ``triton_kernel_info`` entry, ``{}`` when the log has none), ``kernel_file`` (the
    ``# kernel path:`` as written), ``best_config`` (the chosen config, None when unknown) and
    ``best_config_known`` (whether the Inductor cache was found to look in)."""

    source: TritonKernelSource | None = None
    compile_info: dict = field(default_factory=dict)
    kernel_file: str | None = None
    best_config: dict | None = None
    best_config_known: bool = False

    def configs_tried(self) -> int | None:
        """How many autotune configs the kernel had (1 for an only config), or None."""
        if self.compile_info.get("only_config") is not None:
            return 1
        n = self.compile_info.get("num_configs")
        return n if isinstance(n, int) and not isinstance(n, bool) else None

    def chosen(self) -> dict[str, object]:
        """The launch config: the only config, else the one autotuning chose (``XBLOCK``,
        ``R0_BLOCK``, ``num_warps``, ``num_stages``...), else a template's own; ``{}`` when unknown."""
        only = self.compile_info.get("only_config")
        if isinstance(only, list):
            return {str(k): v for k, v in (pair for pair in only if isinstance(pair, list) and len(pair) == 2)}
        if self.best_config is not None:
            return {k: v for k, v in self.best_config.items() if k.isupper() or k in ("num_warps", "num_stages")}
        if self.source is not None:
            return {k: v for k, v in self.source.meta.items() if k in ("num_warps", "num_stages")}
        return {}


class KernelFactsReader:
    """Reads :class:`KernelFacts` for kernels of one index, each output code read once."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self._lines: dict[str, list[str]] = {}
        #: (definition path, line, trace) -> (source, kernel file, best config known, best config): what a
        #: definition says, read once (graphs copied from one another share their definitions)
        self._read: dict[tuple, tuple] = {}

    def _code_lines(self, path: str) -> list[str]:
        if path not in self._lines:
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    self._lines[path] = fh.read().split("\n")
            except OSError:
                self._lines[path] = []
        return self._lines[path]

    def compile_info(self, kernel: Kernel) -> dict:
        """``kernel``'s ``triton_kernel_info`` entry of its compile (``{}`` when the log has none)."""
        graph = kernel.graph
        if graph is None:
            return {}
        info = self.compile_infos(graph).get(kernel.name)
        return info if isinstance(info, dict) else {}

    def compile_infos(self, graph) -> dict:
        """The ``triton_kernel_info`` of ``graph``'s compile, by kernel name (``{}`` when the log has
        none; an entry that is not a dict counts as ``{}``, as :meth:`compile_info` says)."""
        return self.index.kernel_compile_info.get((graph.trace, graph.compile_id, graph.ordinal), {})

    def facts(self, kernel: Kernel) -> KernelFacts:
        """The facts of ``kernel`` (empty ones for a kernel without a definition)."""
        out = KernelFacts()
        graph = kernel.graph
        out.compile_info = self.compile_info(kernel)
        if kernel.definition is None:
            return out
        needs_best = out.compile_info.get("only_config") is None
        key = (kernel.definition.path, kernel.definition.line, graph.trace if graph is not None else None, needs_best)
        found = self._read.get(key)
        if found is None:
            found = self._read[key] = self._from_definition(kernel, graph, needs_best)
        out.source, out.kernel_file, out.best_config_known, out.best_config = found
        return out

    def _from_definition(self, kernel: Kernel, graph, needs_best: bool) -> tuple:
        assert kernel.definition is not None
        lines = self._code_lines(kernel.definition.path)
        source = read_kernel_source(lines, kernel.definition.line)
        kernel_file = None
        known, best = False, None
        n = kernel.definition.line - 2  # up through the kernel's header comments (its graph fragment can be long)
        while 0 <= n < len(lines) and (lines[n].lstrip().startswith("#") or not lines[n].strip()):
            m = _KERNEL_PATH.match(lines[n])
            if m:
                kernel_file = m["path"]
                break
            n -= 1
        if kernel_file and graph is not None and needs_best:
            for candidate in inductor_cache_candidates(kernel_file, graph.trace):
                if os.path.isfile(candidate):
                    known, best = True, best_config_beside(candidate)
                    break
        return source, kernel_file, known, best
