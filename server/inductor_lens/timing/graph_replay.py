"""Kernels replayed by CUDA graphs (``mode="reduce-overhead"``) joined to the compiled kernels.

Under CUDA graphs a compiled-graph call (``## Call CompiledFxGraph``) launches no kernel itself: it
calls ``cudaGraphLaunch`` (a ``cuda_runtime`` event), and every kernel the graph replays is a
device event carrying that call's ``correlation`` id (Kineto, PyTorch 2.x; CUPTI gives a replayed
kernel the graph launch's correlation).  Their names are in the profile (Triton kernels by their
own names; cuBLAS, attention and ATen kernels by their device names), and on one stream their
order is the recorded launch order, which is the output code's launch order.  So a replay is
joined like a call: the k-th replayed kernel named after Triton kernel N is the k-th launch of N;
the kernels between two Triton launches go to the extern/fallback launches between them in the
code, in order (a ``splitKreduce`` or memset with the kernel before it); any left over go to the
last of those launches.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from ..model import Graph, Kernel
from ..readers.chrome_trace import ChromeTrace

_GRAPH_LAUNCH = "cudaGraphLaunch"
#: kernels that finish the kernel before them (cuBLAS's split-K reduction)
_FOLLOWERS = ("splitKreduce", "Memset")


class Replays:
    """Where each thread launched CUDA graphs, and the kernel events each launch replayed."""

    def __init__(self, trace: ChromeTrace) -> None:
        by_thread: dict[tuple, list[tuple[float, int]]] = {}
        for call in trace.runtime:
            if call.name.startswith(_GRAPH_LAUNCH) and call.correlation is not None:
                by_thread.setdefault((call.pid, call.tid), []).append((call.ts, call.correlation))
        self.launches = {key: sorted(items) for key, items in by_thread.items()}
        self.starts = {key: [ts for ts, _ in items] for key, items in self.launches.items()}
        wanted = {corr for items in self.launches.values() for _, corr in items}
        events: dict[int, list[int]] = {}
        for i, event in enumerate(trace.kernels):
            if event.correlation in wanted:
                events.setdefault(event.correlation, []).append(i)
        for items in events.values():
            items.sort(key=lambda i: trace.kernels[i].ts)
        self.events = events

    def __bool__(self) -> bool:
        return bool(self.launches)

    def in_call(self, trace: ChromeTrace, call: int) -> list[list[int]]:
        """The replays a call op made (graph launches on its thread within its interval): each the
        indices (in ``trace.kernels``) of its kernel events, in device order."""
        op = trace.ops[call]
        key = (op.pid, op.tid)
        starts = self.starts.get(key)
        if not starts:
            return []
        lo, hi = bisect_left(starts, op.ts), bisect_right(starts, op.ts + op.dur)
        return [self.events.get(corr, []) for _, corr in self.launches[key][lo:hi]]


def replayed_names(trace: ChromeTrace, replays: list[list[int]]) -> set[str]:
    """The device names of the kernels the replays ran."""
    return {trace.kernels[i].name for replay in replays for i in replay}


def claim_replay(trace: ChromeTrace, graph: Graph, replay: list[int]) -> dict[int, tuple[Kernel, int]]:
    """``{kernel event index: (kernel, launch index)}`` for one replay of ``graph`` (see the
    module docstring); events that match nothing are left out."""
    sites = sorted(((loc.line, n, k) for k in graph.kernels for n, loc in enumerate(k.launches)), key=lambda x: x[0])
    order = [(k, n) for _, n, k in sites]
    positions: dict[str, list[int]] = {}
    for p, (kernel, _) in enumerate(order):
        if kernel.kind not in ("extern", "fallback"):
            for name in (kernel.name, *(a[0] for a in kernel.alternatives)):
                positions.setdefault(name, []).append(p)
    used: dict[str, int] = {}
    out: dict[int, tuple[Kernel, int]] = {}
    at = -1  # the code position of the last Triton launch matched
    pending: list[int] = []

    def flush(until: int) -> None:
        externs = [p for p in range(at + 1, until) if order[p][0].kind in ("extern", "fallback")]
        if externs:
            out.update(_spread(trace, pending, [order[p] for p in externs]))
        pending.clear()

    for i in replay:
        name = trace.kernels[i].name
        spots = positions.get(name)
        n = used.get(name, 0)
        if spots is not None and n < len(spots):
            used[name] = n + 1
            flush(spots[n])
            at = spots[n]
            out[i] = order[at]
        else:
            pending.append(i)
    flush(len(order))
    return out


def _spread(trace: ChromeTrace, events: list[int], launches: list[tuple[Kernel, int]]) -> dict[int, tuple[Kernel, int]]:
    """The kernel events between two Triton launches to the extern launches between them, in order:
    a follower with the kernel before it; left-overs to the last launch."""
    out: dict[int, tuple[Kernel, int]] = {}
    j = -1
    for i in events:
        follower = any(f in trace.kernels[i].name for f in _FOLLOWERS)
        if j < 0 or (not follower and j < len(launches) - 1):
            j += 1
        out[i] = launches[j]
    return out
