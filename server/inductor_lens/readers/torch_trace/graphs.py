"""Pairing a ``TORCH_TRACE`` log's records into graphs (one output code and what belongs to it).

PyTorch logs a graph's pieces as separate records (``torch/_inductor/compile_fx.py``,
``graph.py``, ``debug.py``; 2.7 - 2.14): the pre-grad graph, then per AOT graph (forward,
backward) the post-grad graph, the output code, then the provenance mapping, kernel stack
traces and (AOTInductor) kernel code; PyTorch ~2.7 logged the mapping before the code.  Records
are paired by log order within a compile id of one process (a forked child writes into its
parent's file, pytorch#176610), never "last file wins" (tlparse #104).  Works on the records
:func:`readers.torch_trace.scan` found.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...model import InputWarning

if TYPE_CHECKING:  # the scanner's types only
    from .records import Record, TraceLog

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
    ("dynamo_output_graph", None): "dynamo_graph",
    ("aot_joint_graph", None): "names",
    ("artifact", "before_post_grad_graph"): "names",
}
_AFTER_CODE = ("kernel_code", "mapping", "stack_traces", "kernel_to_post")
#: Roles whose records PyTorch ~2.7 logged before the output code (graph.py, before the AOTInductor
#: wrapper was written); from 2.8 on they follow it.  The order is read off each compile (see pair_graphs).
_EITHER_SIDE = ("mapping", "stack_traces", "kernel_to_post")


def role_of(record: "Record") -> str | None:
    """The graph role of a record (``code``, ``post_grad``, ``mapping``, ...) or ``None``."""
    return _ROLES.get((record.kind, record.name if record.kind in ("artifact", "graph_dump") else None))


@dataclass(slots=True)
class GraphRecords:
    """The records that make one graph, paired by log order within one compile id of one process.

    ``kind_hint`` comes from the compile id's ``aot_*_graph`` records (n-th graph, n-th record);
    the ``# AOT ID`` line of the code, when present, overrides it.  ``dynamo_graph`` is the
    compile's ``dynamo_output_graph``; ``ca_graph`` the ``compiled_autograd_graph`` of a compiled
    autograd compile (``!N/...``): graphs whose ``# File:`` lines follow generated-code frames.
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
    dynamo_graph: "Record | None" = None
    ca_graph: "Record | None" = None
    #: the AOT forward/backward/inference graph of this graph (before the post-grad passes)
    aot_graph: "Record | None" = None
    #: other graphs of the compile (AOT joint graph, post-grad graph before passes): only their
    #: node names are read, to tell a launch comment's unknown name from a stale one
    name_graphs: "list[Record]" = field(default_factory=list)

    @property
    def pid(self) -> int | None:
        """The process that wrote the graph's output code."""
        return self.code.pid

    def signature(self) -> tuple:
        """Identifies this graph's inputs: equal signatures mean an identical graph."""
        parts = [self.compile_id, self.ordinal, self.kind_hint, self.pid]
        for role in GRAPH_ROLES:
            rec = getattr(self, role)
            parts.append(None if rec is None else (rec.line, rec.md5))
        parts.append(tuple((rec.line, rec.md5) for rec in self.name_graphs))
        return tuple(parts)

    def without(self, record: "Record") -> "GraphRecords":
        """A copy without ``record`` (an incomplete last record of a log)."""
        kept = {role: (None if getattr(self, role) is record else getattr(self, role)) for role in GRAPH_ROLES if role != "code"}
        names = [r for r in self.name_graphs if r is not record]
        return GraphRecords(self.compile_id, self.ordinal, self.code, self.kind_hint, **kept, name_graphs=names)


#: Every record a graph can have (``code`` first).
GRAPH_ROLES = (
    "code",
    "kernel_code",
    "post_grad",
    "pre_grad",
    "post_to_pre",
    "mapping",
    "stack_traces",
    "kernel_to_post",
    "dynamo_graph",
    "ca_graph",
    "aot_graph",
)


def content_key(group: GraphRecords, kind: str) -> tuple | None:
    """The MD5s of every payload a graph of ``kind`` reads (``None`` when one has no MD5 to trust):
    equal for two graphs whose payloads are the same bytes (a repeated compile, another rank)."""
    parts: list = [kind]
    for role in GRAPH_ROLES:
        rec = getattr(group, role)
        if rec is not None and not rec.md5:
            return None
        parts.append(rec.md5 if rec is not None else None)
    if any(not rec.md5 for rec in group.name_graphs):
        return None
    parts.append(tuple(rec.md5 for rec in group.name_graphs))
    return tuple(parts)


@dataclass
class _CompileState:
    pre_grad: "Record | None" = None
    pre_grad_after: "Record | None" = None
    post_grad: "Record | None" = None
    post_to_pre: "Record | None" = None
    dynamo_graph: "Record | None" = None
    names: "list[Record]" = field(default_factory=list)
    aot_kinds: list[str] = field(default_factory=list)
    aot_records: "list[Record]" = field(default_factory=list)
    graphs: list[GraphRecords] = field(default_factory=list)
    #: records of roles logged before their output code, waiting for it
    waiting: dict[str, "Record"] = field(default_factory=dict)


def _logged_before_code(records: "list[Record]") -> set[tuple[int | None, str, str]]:
    """``(pid, compile id, role)`` whose first record comes before the first output code of its
    compile (PyTorch ~2.7 order) and is followed by one."""
    first_code: dict[tuple[int | None, str], int] = {}
    first_role: dict[tuple[int | None, str, str], int] = {}
    for n, record in enumerate(records):
        role = role_of(record)
        if role == "code":
            first_code.setdefault((record.pid, record.compile_id), n)
        elif role in _EITHER_SIDE:
            first_role.setdefault((record.pid, record.compile_id, role), n)
    return {key for key, n in first_role.items() if n < first_code.get(key[:2], -1)}


def pair_graphs(log: "TraceLog") -> list[GraphRecords]:
    """Group ``log.records`` into graphs, per process (pid) and compile id, in log order.

    Each output code gets the post-grad graph (and 2.8 ``post_to_pre``) logged before it and the
    mapping, stack traces and AOT kernel code logged after it (a lazily compiled backward can
    come after other compile ids' records).  Where a compile's mapping, stack traces or 2.7
    kernel -> post-grad artifact come before its first output code (PyTorch ~2.7, AOTInductor),
    each of them waits for the next output code of its compile instead.  Records of different
    processes (a forked child writes into its parent's file) are never paired together.  Never
    "last file wins".  Out-of-place records are warned about.
    """
    states: dict[tuple[int | None, str], _CompileState] = {}
    ca_graphs: dict[tuple[int | None, str], "Record"] = {}
    before = _logged_before_code(log.records)
    out: list[GraphRecords] = []
    for record in log.records:
        if record.kind == "compiled_autograd_graph":
            ca_graphs[(record.pid, record.compile_id)] = record
            continue
        role = role_of(record)
        if role is None:
            continue
        state = states.setdefault((record.pid, record.compile_id), _CompileState())
        if role.startswith("aot:"):
            state.aot_kinds.append(role[4:])
            state.aot_records.append(record)
        elif role == "names":
            state.names.append(record)
        elif role in ("pre_grad", "pre_grad_after", "post_grad", "post_to_pre", "dynamo_graph"):
            setattr(state, role, record)
        elif role == "code" and record.envelope.get("__unreadable__"):
            # an output code whose envelope could not be read (warned by the scan): no graph, but
            # the records after it belong to it, not to the next output code of its compile
            state.graphs.append(GraphRecords(compile_id=record.compile_id, ordinal=len(state.graphs), code=record))
            state.waiting, state.post_grad, state.post_to_pre = {}, None, None
        elif role == "code":
            out.append(_code_graph(state, record, ca_graphs))
        elif role in _AFTER_CODE:
            _after_code(log, state, record, role, (record.pid, record.compile_id, role) in before)
    for (_, compile_id), state in states.items():
        for waiting in state.waiting.values():
            log.warnings.append(
                InputWarning(
                    log.path, waiting.line, f"{waiting.name or waiting.kind} of compile {compile_id} has no output code after it; ignored"
                )
            )
    return out


def _code_graph(state: _CompileState, record: "Record", ca_graphs: dict[tuple[int | None, str], "Record"]) -> GraphRecords:
    """An output code of a compile: a new graph with the records logged before it (its post-grad
    graph, the pre-grad graph, the AOT graph of its ordinal, the graphs naming nodes, what waited
    for it), appended to the compile's graphs."""
    ordinal = len(state.graphs)
    graph = GraphRecords(
        compile_id=record.compile_id,
        ordinal=ordinal,
        code=record,
        kind_hint=state.aot_kinds[ordinal] if ordinal < len(state.aot_kinds) else None,
        post_grad=state.post_grad,
        pre_grad=state.pre_grad or state.pre_grad_after or state.dynamo_graph,
        post_to_pre=state.post_to_pre,
        dynamo_graph=state.dynamo_graph,
        ca_graph=ca_graphs.get((record.pid, record.compile_id.split("/", 1)[0])) if record.compile_id.startswith("!") else None,
        aot_graph=state.aot_records[ordinal] if ordinal < len(state.aot_records) else None,
        name_graphs=list(state.names),
    )
    state.names = [r for r in state.names if r.kind == "aot_joint_graph"]  # the joint graph serves the backward too
    for waiting_role, waiting in state.waiting.items():
        setattr(graph, waiting_role, waiting)
    state.waiting = {}
    state.post_grad = None
    state.post_to_pre = None
    state.graphs.append(graph)
    return graph


def _after_code(log: "TraceLog", state: _CompileState, record: "Record", role: str, waits: bool) -> None:
    """A record that belongs to an output code logged before it (mapping, stack traces, AOT kernel
    code) attached to the compile's last graph; ``waits``: its compile logs it before its first
    output code, so it waits for the next one.  A second one, or one with no graph, is said."""
    what = f"{record.name or record.kind}"
    if waits:
        if role in state.waiting:
            message = f"second {what} before one output code of compile {record.compile_id}; ignored"
            log.warnings.append(InputWarning(log.path, record.line, message))
        else:
            state.waiting[role] = record
        return
    if not state.graphs:
        log.warnings.append(InputWarning(log.path, record.line, f"{what} before any output code of compile {record.compile_id}; ignored"))
        return
    graph = state.graphs[-1]
    if getattr(graph, role) is not None:
        log.warnings.append(InputWarning(log.path, record.line, f"second {what} for one graph of compile {record.compile_id}; ignored"))
        return
    setattr(graph, role, record)
