"""Whether a profile joined to a trace measured that run: a profile of another run (an edited
model, other options) shares compile ids and many kernel names with the trace, so the join gives
its times to the trace's kernels without a word (a new user's trial: 62 of 80 kernels got the other
model's times, and the headline said 100% of the time was on the model's lines).

Two signs, read after the join (:func:`another_run`):

* names: of the generated kernels the profile ran (device kernel events and CPU ops named
  ``triton_*`` / ``cpp_fused_*``, a C++ kernel's op as ``graph_<N>_cpp_fused_*``, as Inductor names them in ``torch/_inductor/codegen``), more than
  a tenth are in none of the trace's graphs, or more than a tenth of the called graphs' generated
  kernels have no launch in it;
* processes: the compiled calls (``## Call CompiledFxGraph`` ops) ran in processes none of whose ids
  the trace's logs name (the profiler and ``TORCH_TRACE`` write the same process id in one run).

Either is said, with how many kernels matched by name.  Measured on the round-45 GPU runs: a run's
own profile, 0 names apart and the same process (tf_plain 23 of 23, llama_regional 14 of 14);
tf_mask's profile on tf_plain: 19 of 23 matched, 5 not in the trace; tf_opts's: every name the same,
another process.
"""

from __future__ import annotations

import os
import re

from ..model import Graph, InputWarning
from ..readers.chrome_trace import ChromeTrace
from ..text import plural

#: the CPU op of one call of a compiled graph (``torch/_inductor/output_code.py``'s record_function)
COMPILED_CALL = re.compile(r"^## Call CompiledFxGraph\b")

#: the share of names apart above which a profile is said to be another run's
SHARE = 0.1

#: ``graph_<id>_`` in front of a C++ kernel's profiler name (``RECORD_FUNCTION("graph_<N>_<kernel>")``
#: of ``TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1``, PyTorch 2.13 ``codegen/cpp.py``)
_GRAPH_PREFIX = re.compile(r"^graph_\d+_")


def op_kernel_name(name: str) -> str:
    """The kernel name a profiler op stands for: ``graph_0_cpp_fused_relu_0`` -> ``cpp_fused_relu_0``;
    other names unchanged."""
    return _GRAPH_PREFIX.sub("", name, count=1)


def _generated(name: str) -> bool:
    return name.startswith(("triton_", "cpp_fused_"))


def _names(graphs: list[Graph]) -> set[str]:
    """The generated kernels' names of ``graphs`` (a multi-kernel's sub-kernels too)."""
    return {n for g in graphs for k in g.kernels if k.kind not in ("extern", "fallback") for n in (k.name, *(a[0] for a in k.alternatives))}


def another_run(trace: ChromeTrace, joined, graphs: list[Graph], pids: dict[str, set[int]]) -> InputWarning | None:
    """The warning that ``trace`` (joined to ``graphs``: ``joined``, a :class:`.join.ProfileJoin`)
    may be a profile of another run, or None.  ``pids``: log path -> the process ids its records
    name (``Index.log_pids``)."""
    ran = {e.name for e in trace.kernels if _generated(e.name)} | {n for op in trace.ops if _generated(n := op_kernel_name(op.name))}
    called = set(joined.calls)
    theirs = _names([g for g in graphs if (g.compile_id, g.kind) in called and g.trace in joined.traces])
    matched, foreign, missing = ran & theirs, ran - _names(graphs), theirs - ran
    said = []
    if len(foreign) > SHARE * len(ran):
        said.append(f"{len(foreign)} of the {len(ran)} generated kernels it ran are in no graph of the trace (such as {min(foreign)})")
    if len(missing) > SHARE * len(theirs):
        said.append(
            f"{plural(len(missing), 'kernel')} of the graphs it called {'has' if len(missing) == 1 else 'have'} no launch in it (such as {min(missing)})"
        )
    logged = set().union(*pids.values()) if pids else set()
    callers = {op.pid for op in trace.ops if COMPILED_CALL.match(op.name)}
    if logged and callers and not callers & logged:
        said.append(
            f"its compiled calls ran in process {', '.join(map(str, sorted(callers, key=str)))}, "
            f"the trace was written by process {', '.join(map(str, sorted(logged)))}"
        )
    if not said:
        return None
    return InputWarning(
        joined.path,
        0,
        f"may be a profile of another run: {len(matched)} of {len(theirs)} kernels of the graphs it called matched by name; "
        + "; ".join(said)
        + f" (the trace: {', '.join(sorted({os.path.basename(t) for t in joined.traces}))})",
    )
