"""The collectives each rank's compiled graphs issue, in launch order, from the index's launches.

The output code's reader already makes every ``torch.ops._c10d_functional.<op>.<overload>(...)``
statement a fallback kernel's launch, with its provenance (the launch's frames: the model line
that called ``funcol.all_reduce`` first, then PyTorch's own frames).  Here those launches are
taken in order (forward graph before backward, then by line) and each statement's arguments read
by :func:`inductor_lens.readers.output_code.collectives.collective_call` (op, reduce op, group
size).  Python wrappers only: a ``cpp_wrapper`` or AOTInductor graph's C++ shim calls are not read.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..files.trace_paths import code_kind
from ..model import Collective, Frame, Graph, Launch
from ..readers.output_code.collectives import collective_call, is_collective


def _model_line(launch: Launch) -> Frame | None:
    """The user's line of a collective's launch: its first frame in the user's own code (the
    stack traces list the collective's node first, outermost frame first), else its first frame."""
    return next((f for f in launch.frames if code_kind(f.file) == "user"), launch.frames[0] if launch.frames else None)


def graph_collectives(graph: Graph, lines_of) -> list[Collective]:
    """The collectives one graph launches, in the wrapper's order (``lines_of(path)``: a file's
    lines, read once per file by the caller): its fallback kernels named
    ``torch.ops._c10d_functional.<op>.<overload>`` (``torch/_inductor/ir.py``, PyTorch 2.13)."""
    if graph.wrapper_language != "python":
        return []
    found: list[Collective] = []
    for kernel in graph.kernels:
        if kernel.kind != "fallback" or not is_collective(kernel.name):
            continue
        for launch in kernel.launches:
            lines = lines_of(launch.path)
            if not 0 < launch.line <= len(lines):
                continue
            call = collective_call(lines[launch.line - 1])
            if call is not None:
                found.append(call._replace(frame=_model_line(launch), code_line=launch.line))
    return sorted(found, key=lambda c: c.code_line)


def collective_sequences(graphs: Iterable[Graph]) -> dict[tuple[int, str], list[Collective]]:
    """``{(rank, compile id): collectives}`` for every graph of a log with a rank (the graphs of
    one compile id in their order: forward, then backward); a compile id whose graphs launch no
    collective has none.  Materializes the graphs (reads their kernels).  The launches are the
    ``inductor_output_code`` records' (``torch/_inductor/codegen/wrapper.py``), their model lines
    the provenance artifacts' (``INDUCTOR_PROVENANCE=1``; PyTorch 2.13 checked, on
    ``torch.distributed._functional_collectives`` calls and on ``dist.all_reduce`` traced by Dynamo)."""
    cache: dict[str, list[str]] = {}

    def lines_of(path: str) -> list[str]:
        if path not in cache:
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    cache[path] = f.read().split("\n")
            except OSError:
                cache[path] = []
        return cache[path]

    out: dict[tuple[int, str], list[Collective]] = {}
    for graph in sorted((g for g in graphs if g.rank is not None), key=lambda g: g.ordinal):
        if graph.broken:
            continue
        found = graph_collectives(graph, lines_of)
        if found:
            out.setdefault((graph.rank, graph.compile_id), []).extend(found)  # type: ignore[arg-type]
    return out
