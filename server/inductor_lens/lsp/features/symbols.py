"""Document symbols (kernels by kind), workspace symbols, document links, diagnostics."""

from __future__ import annotations

import os
import re

from lsprotocol import types

from ...analysis.snapshot import Snapshot, uri
from ...files.resolve import inductor_cache_candidates
from ...model import InputWarning
from .hover import KIND_TEXT
from .navigation import lsp_location

_KERNEL_PATH = re.compile(r"^# kernel path: (?P<path>\S.*?)\s*$")
_FILE_LINE = re.compile(r'File "(?P<path>[^"]+)", line (?P<line>\d+)')
_GRAPH_FILE = re.compile(r"# File: (?P<path>.+?):(?P<line>\d+) in ")


def document_symbols(ctx: Snapshot, path: str) -> list[types.DocumentSymbol]:
    """Kernels of an output-code file grouped by kind (Triton pointwise, reduction, extern, ...)."""
    doc = ctx.index.document(path)
    if doc is None or doc.role not in ("code", "kernel_code"):
        return []
    groups: dict[str, list[types.DocumentSymbol]] = {}
    for kernel in doc.graph.kernels:
        loc = kernel.launches[0] if kernel.launches and doc.role == "code" else kernel.definition
        if loc is None:
            continue
        rng = lsp_location(loc).range
        detail = ", ".join(ctx.label(f) for f in kernel.model_lines[:3])
        groups.setdefault(kernel.kind, []).append(
            types.DocumentSymbol(name=kernel.key, kind=types.SymbolKind.Function, range=rng, selection_range=rng, detail=detail or None)
        )
    out = []
    for kind, children in groups.items():
        first, last = children[0].range, children[-1].range
        out.append(
            types.DocumentSymbol(
                name=KIND_TEXT.get(kind, kind) + "s",
                kind=types.SymbolKind.Namespace,
                range=types.Range(first.start, last.end),
                selection_range=first,
                children=children,
            )
        )
    return out


def workspace_symbols(ctx: Snapshot, query: str, limit: int = 500) -> list[types.WorkspaceSymbol]:
    """Kernels across all traces whose name, key or ATen ops contain ``query``, or that came
    from a model line ``file:line`` matching it (case-insensitive)."""
    q = query.strip().lower()
    out: list[types.WorkspaceSymbol] = []
    for kernel in (k for g in ctx.graphs for k in g.kernels):  # (a partial snapshot's graphs only)
        traced = [f"{f.basename}:{f.line}" for f in kernel.model_lines]
        hay = [kernel.key.lower(), *(a.lower() for a in kernel.aten_ops), *(l.lower() for l in traced)]
        # a model line is found by its line in the local file too (moved since the trace)
        if q and not any(q in h for h in hay) and not (":" in q and any(q in ctx.label(f).lower() for f in kernel.model_lines)):
            continue
        lines = [ctx.label(f) for f in kernel.model_lines[:1]]
        loc = kernel.home
        if loc is None:
            continue
        graph = kernel.graph
        container = f"{graph.compile_id} {graph.kind}" + (f" · {lines[0]}" if lines else "") if graph else None
        out.append(
            types.WorkspaceSymbol(name=kernel.key, kind=types.SymbolKind.Function, location=lsp_location(loc), container_name=container)
        )
        if len(out) >= limit:
            break
    return out


def document_links(ctx: Snapshot, path: str, text: str) -> list[types.DocumentLink]:
    """Links on ``# kernel path: <file>``, ``File "<file>", line N`` and graphs' ``# File: <file>:N``."""
    links = []
    for number, line in enumerate(text.split("\n")):
        m = _KERNEL_PATH.match(line)
        if m is not None:
            target = _kernel_path_target(ctx, path, m["path"])
            if target:
                links.append(
                    types.DocumentLink(
                        range=types.Range(types.Position(number, m.start("path")), types.Position(number, m.end("path"))),
                        target=uri(target),
                    )
                )
            continue
        for pattern in (_FILE_LINE, _GRAPH_FILE):
            for m in pattern.finditer(line):
                target = ctx.resolver.resolve(m["path"])
                if target:
                    links.append(
                        types.DocumentLink(
                            range=types.Range(types.Position(number, m.start("path")), types.Position(number, m.end("line"))),
                            target=f"{uri(target)}#L{m['line']}",
                        )
                    )
    return links


def _kernel_path_target(ctx: Snapshot, doc_path: str, kernel_path: str) -> str | None:
    """The ``# kernel path:`` file here: resolved, or relocated beside the trace."""
    local = ctx.resolver.resolve(kernel_path)
    if local:
        return local
    role = ctx.index.document(doc_path)
    if role is None:
        return None
    return next((c for c in inductor_cache_candidates(kernel_path, role.graph.trace) if os.path.isfile(c)), None)


def diagnostics_for(warnings: list[InputWarning], path: str) -> list[types.Diagnostic]:
    """Index warnings about ``path`` as diagnostics (line 0 = whole-file problems)."""
    out = []
    target = os.path.abspath(path)
    for w in warnings:
        if os.path.abspath(w.file) != target:
            continue
        line = max(w.line - 1, 0)
        out.append(
            types.Diagnostic(
                range=types.Range(types.Position(line, 0), types.Position(line, 1 << 16)),
                message=w.message,
                severity=types.DiagnosticSeverity.Warning,
                source="Inductor Lens",
            )
        )
    return out
