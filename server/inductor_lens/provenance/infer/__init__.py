"""Inference of the FX nodes a launch computes when the trace has no provenance for it:
:mod:`.launches` (the entry point, ``infer_launches``), :mod:`.alignment` (the wrapper's
dataflow aligned with the post-grad graph), :mod:`.origins` (what Inductor counts among a
kernel's origins beyond what it computes: views, cat slots, call inputs, split reductions).

May import model and readers (the wrapper's dataflow), and its own modules.  :func:`infer_graph_launches`
is what the linker calls (imports the rest when first called).
"""

from __future__ import annotations

from ...model import FxGraph
from ...readers.output_code import ParsedCode


def infer_graph_launches(
    code: ParsedCode, code_text: str | None, post: FxGraph | None, kernel_text: str | None = None
) -> dict[int, list[str]]:
    """The post-grad nodes of each launch of a wrapper (Python, ``cpp_wrapper``'s C++ or AOTInductor's),
    by launch line, from the alignment of the wrapper's dataflow with the post-grad graph
    (:mod:`inductor_lens.provenance.infer`); ``kernel_text`` is AOTInductor's separate kernel code (its
    C++ kernels' parameters). The result's ``alternatives`` attribute (when present) holds the other
    fitting nodes per line. ``{}`` without a post-grad graph or wrapper text, or for code the reader
    cannot follow.  A pure function of its arguments (computed on another core as well)."""
    if post is None or not code_text:
        return {}
    from ...readers.wrapper_dataflow import read_cpp_dataflow, read_wrapper_dataflow
    from .launches import infer_launches

    try:
        if code.language == "cpp" or "cpp" in code.regions:  # AOTInductor, or cpp_wrapper's C++ string
            flow = read_cpp_dataflow(code_text, kernel_text)
        else:
            flow = read_wrapper_dataflow(code_text, code.regions)
        for statements in flow.functions.values():  # calls through forwarding functions
            for st in statements:  # (TORCH_COMPILE_DEBUG_EXTEND) call their target
                if st.kind == "call" and st.callee in code.forwarders:
                    st.callee = code.forwarders[st.callee]
        return infer_launches(flow, post, set(code.defs))
    except (RecursionError, ValueError, KeyError, IndexError):  # pragma: no cover - odd code: no inference
        return {}
