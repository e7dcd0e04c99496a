"""Host time in compiled code: the CPU time of the compiled regions a profile recorded, per compiled
graph (guards, the wrapper's Python, launches; what "the GPU waits for the host" is made of).

Read off a ``torch.profiler`` Chrome trace (Kineto, PyTorch 2.x; :mod:`inductor_lens.readers.chrome_trace`):
a compiled region is an op named ``Torch-Compiled Region: <compile id>`` (Dynamo's frame),
``CompiledFunction`` (AOTAutograd's forward) or ``CompiledFunctionBackward`` (its backward, on the
autograd thread), as in :mod:`.step`.  Each outermost region on its thread (one not inside
another) is counted once, whole, and given to the graphs whose ``## Call CompiledFxGraph ##`` ops it
holds (split evenly when it holds several graphs' calls); a region without a joined call (a frame
that breaks before any graph, guards and Dynamo only) is keyed ``("", compile id, "region")`` by
the compile id its name gives (``"?"`` without).  Totals are over the window, in µs.
"""

from __future__ import annotations

import re

from ..model import Graph
from ..readers.chrome_trace import ChromeTrace

_COMPILED = re.compile(r"^(?:Torch-Compiled Region|CompiledFunction|## Call CompiledFxGraph)")
_REGION = re.compile(r"^Torch-Compiled Region: (?P<cid>\d+/\d+)")


def graph_key(graph: Graph) -> tuple[str, str, str]:
    """A graph's identity across a join: (its log, compile id, kind)."""
    return (graph.trace, graph.compile_id, graph.kind)


def compiled_host(trace: ChromeTrace, calls: list[tuple[int, Graph]]) -> dict[tuple[str, str, str], float]:
    """``{graph_key: host µs}``: each outermost compiled region given to the graphs of the joined
    calls it holds (``calls``: ``(op index of the call, its graph)``), see the module docstring."""
    by_region: dict[int, list] = {}
    for i, op in enumerate(trace.ops):
        if _COMPILED.match(op.name) and not any(_COMPILED.match(trace.ops[a].name) for a in trace.ancestors(i)):
            by_region[i] = []
    for call, graph in calls:
        outer = None
        for i in [call, *trace.ancestors(call)]:
            if _COMPILED.match(trace.ops[i].name):
                outer = i
        if outer is not None:
            by_region.setdefault(outer, []).append(graph_key(graph))
    out: dict[tuple[str, str, str], float] = {}
    for region, graphs in by_region.items():
        if not graphs:
            m = _REGION.match(trace.ops[region].name)
            graphs = [("", m["cid"] if m else "?", "region")]
        keys = list(dict.fromkeys(graphs))
        share = trace.ops[region].dur / len(keys)
        for key in keys:
            out[key] = out.get(key, 0.0) + share
    return out
