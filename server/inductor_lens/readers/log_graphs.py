"""Pairing a ``TORCH_TRACE`` log's records into graphs (one output code and what belongs to it).

PyTorch logs a graph's pieces as separate records (``torch/_inductor/compile_fx.py``,
``graph.py``, ``debug.py``; 2.7 - 2.14): the pre-grad graph, then per AOT graph (forward,
backward) the post-grad graph, the output code, then the provenance mapping, kernel stack
traces and (AOTInductor) kernel code.  Records are paired by log order within a compile id, never
"last file wins" (tlparse #104).  Works on the records :func:`readers.torch_trace.scan` found.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model import InputWarning

if TYPE_CHECKING:  # the scanner's types only (readers never import each other at run time)
    from .torch_trace import Record, TraceLog

#: The roles of the records one graph reads, in a fixed order (signatures and content keys).
GRAPH_ROLES = ("code", "kernel_code", "post_grad", "pre_grad", "post_to_pre", "mapping", "stack_traces", "kernel_to_post")


#: Role of each record kind/name in a graph.  ``pre`` roles wait for the next output code of
#: their compile id; ``post`` roles attach to the last output code of their compile id.
_ROLES: dict[tuple[str, str | None], str] = {
    ("inductor_output_code", None): "code",
    ("graph_dump", "inductor_aot_wrapper_code"): "code",
    ("graph_dump", "inductor_aot_code"): "code",
    ("graph_dump", "inductor_aot_kernel_code"): "kernel_code",
    ("artifact", "inductor_post_grad_graph"): "post_grad",
    ("artifact", "after_post_grad_graph"): "post_grad",
    ("inductor_post_grad_graph", None): "post_grad",
    ("artifact", "before_pre_grad_graph"): "pre_grad",
    ("inductor_pre_grad_graph", None): "pre_grad",
    ("artifact", "after_pre_grad_graph"): "pre_grad_after",
    ("artifact", "inductor_post_to_pre_grad_nodes"): "post_to_pre",
    ("artifact", "inductor_provenance_tracking_node_mappings"): "mapping",
    ("artifact", "inductor_provenance_tracking_kernel_stack_traces"): "stack_traces",
    ("artifact", "inductor_generated_kernel_to_post_grad_nodes"): "kernel_to_post",
    ("artifact", "inductor_triton_kernel_to_post_grad_nodes"): "kernel_to_post",
    ("aot_forward_graph", None): "aot:forward",
    ("aot_backward_graph", None): "aot:backward",
    ("aot_inference_graph", None): "aot:inference",
}
_AFTER_CODE = ("kernel_code", "mapping", "stack_traces", "kernel_to_post")


def role_of(record: "Record") -> str | None:
    """The graph role of a record (``code``, ``post_grad``, ``mapping``, ...) or ``None``."""
    return _ROLES.get((record.kind, record.name if record.kind in ("artifact", "graph_dump") else None))


@dataclass(slots=True)
class GraphRecords:
    """The records that make one graph, paired by log order within one compile id.

    ``kind_hint`` comes from the compile id's ``aot_*_graph`` records (n-th graph, n-th record);
    the ``# AOT ID`` line of the code, when present, overrides it.
    """

    compile_id: str
    ordinal: int
    code: "Record"
    kind_hint: str | None = None
    kernel_code: "Record | None" = None
    post_grad: "Record | None" = None
    pre_grad: "Record | None" = None
    post_to_pre: "Record | None" = None
    mapping: "Record | None" = None
    stack_traces: "Record | None" = None
    kernel_to_post: "Record | None" = None

    def signature(self) -> tuple:
        """Identifies this graph's inputs: equal signatures mean an identical graph."""
        parts = [self.compile_id, self.ordinal, self.kind_hint]
        for role in GRAPH_ROLES:
            rec = getattr(self, role)
            parts.append(None if rec is None else (rec.line, rec.md5))
        return tuple(parts)


@dataclass
class _CompileState:
    pre_grad: "Record | None" = None
    pre_grad_after: "Record | None" = None
    post_grad: "Record | None" = None
    post_to_pre: "Record | None" = None
    aot_kinds: list[str] = field(default_factory=list)
    graphs: list[GraphRecords] = field(default_factory=list)


def pair_graphs(log: "TraceLog") -> list[GraphRecords]:
    """Group ``log.records`` into graphs: each output code gets the post-grad graph (and 2.8
    ``post_to_pre``) logged before it and the mapping, stack traces and AOT kernel code logged
    after it, within its compile id, in log order (a lazily compiled backward can come after
    other compile ids' records).  Never "last file wins".  Out-of-place records are warned about.
    """
    states: dict[str, _CompileState] = {}
    out: list[GraphRecords] = []
    for record in log.records:
        role = role_of(record)
        if role is None:
            continue
        state = states.setdefault(record.compile_id, _CompileState())
        if role.startswith("aot:"):
            state.aot_kinds.append(role[4:])
        elif role == "pre_grad":
            state.pre_grad = record
        elif role == "pre_grad_after":
            state.pre_grad_after = record
        elif role == "post_grad":
            state.post_grad = record
        elif role == "post_to_pre":
            state.post_to_pre = record
        elif role == "code":
            ordinal = len(state.graphs)
            graph = GraphRecords(
                compile_id=record.compile_id,
                ordinal=ordinal,
                code=record,
                kind_hint=state.aot_kinds[ordinal] if ordinal < len(state.aot_kinds) else None,
                post_grad=state.post_grad,
                pre_grad=state.pre_grad or state.pre_grad_after,
                post_to_pre=state.post_to_pre,
            )
            state.post_grad = None
            state.post_to_pre = None
            state.graphs.append(graph)
            out.append(graph)
        elif role in _AFTER_CODE:
            if not state.graphs:
                log.warnings.append(InputWarning(log.path, record.line, f"{record.name or record.kind} before any output code of compile {record.compile_id}; ignored"))
                continue
            graph = state.graphs[-1]
            if getattr(graph, role) is not None:
                log.warnings.append(InputWarning(log.path, record.line, f"second {record.name or record.kind} for one graph of compile {record.compile_id}; ignored"))
                continue
            setattr(graph, role, record)
    return out
