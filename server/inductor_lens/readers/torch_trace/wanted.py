"""Which records of a ``TORCH_TRACE`` log the index keeps (PyTorch 2.6 - 2.14 names).

Envelopes name their record by their first key (``inductor_output_code``, ``artifact``,
``graph_dump``, ``compilation_metrics``, ...; ``torch/_logging/_internal.py`` ``trace_structured``);
artifacts and graph dumps by ``name``.  Everything else (guards, chromium events, cache events)
is skipped by the scan without parsing its envelope.
"""

from __future__ import annotations

#: Envelope metadata keys whose records the index reads.  Sentinels (``{}`` metadata) included.
INTERESTING_KEYS = frozenset(
    {
        "artifact",
        "graph_dump",
        "inductor_output_code",
        "inductor_post_grad_graph",  # 2.7 and cache-hit sentinel (payload = the graph)
        "inductor_pre_grad_graph",  # 2.7 sentinel
        "aot_forward_graph",
        "aot_backward_graph",
        "aot_inference_graph",
        "aot_joint_graph",  # only its node names: launch comments name joint-graph nodes
        "dynamo_start",
        "dynamo_output_graph",  # the pre-grad graph of 2.6 (no before_pre_grad_graph); follows compiled-autograd frames
        "compiled_autograd_graph",
        "str",
        "compilation_metrics",  # compile health (readers/compile_health/)
        "bwd_compilation_metrics",
        "dynamo_cpp_guards_str",  # only the global-state guard's allow_tf32 (readers/compile_health/)
    }
)

#: Artifact names (``{"artifact": {"name": ...}}``) the index reads, PyTorch 2.7 - 2.14 (formats doc §8).
INTERESTING_ARTIFACTS = frozenset(
    {
        "before_pre_grad_graph",
        "after_pre_grad_graph",
        "before_post_grad_graph",
        "inductor_post_grad_graph",
        "after_post_grad_graph",
        "inductor_provenance_tracking_node_mappings",
        "inductor_provenance_tracking_kernel_stack_traces",
        "inductor_generated_kernel_to_post_grad_nodes",
        "inductor_triton_kernel_to_post_grad_nodes",
        "inductor_post_to_pre_grad_nodes",
        "torch_version",
        "dynamo_graph_break_reason",  # compile health (readers/compile_health/)
        "recompile_reasons",
        "triton_kernel_info",
    }
)

#: Keys dropped from these envelopes when kept (configuration dumps, ~30 KB a compile, and the
#: graph's node shapes, ~6 KB for GPT-2: never read).
TRIMMED_KEYS = dict.fromkeys(("compilation_metrics", "bwd_compilation_metrics"), ("_config", "inductor_provenance", "graph_node_shapes"))

#: ``graph_dump`` names the index reads (AOTInductor C++ wrapper and kernel code).
INTERESTING_GRAPH_DUMPS = frozenset({"inductor_aot_wrapper_code", "inductor_aot_kernel_code", "inductor_aot_code"})


def wanted(kind: bytes, name: bytes | None) -> bool:
    """Whether the index keeps a record whose envelope starts with key ``kind`` (and ``name``)."""
    k = kind.decode()
    if k not in INTERESTING_KEYS:
        return False
    if k == "artifact":
        return name is not None and name.decode() in INTERESTING_ARTIFACTS
    if k == "graph_dump":
        return name is not None and name.decode() in INTERESTING_GRAPH_DUMPS
    return True


#: envelope key -> True (every record of it is kept) or the names kept (artifacts, graph dumps),
#: as bytes: the scan's per-record check (``readers/torch_trace/__init__.py``)
WANTED_BYTES: dict[bytes, bool | frozenset[bytes]] = {
    k.encode(): (
        frozenset(n.encode() for n in INTERESTING_ARTIFACTS)
        if k == "artifact"
        else frozenset(n.encode() for n in INTERESTING_GRAPH_DUMPS)
        if k == "graph_dump"
        else True
    )
    for k in INTERESTING_KEYS
}
