"""The provenance model shared by every layer: frames, spans, FX graphs, kernels, graphs.

All line numbers are 1-based, all columns 0-based and counted in characters of the line
(editors convert to UTF-16 at the protocol boundary).  Paths are plain file-system paths.
Modules: :mod:`.base` (InputWarning, Frame, Span, Launch), :mod:`.fx` (FxNode, FxGraph),
:mod:`.graph` (Measured, Kernel, Graph, TraceInfo), :mod:`.health` (Compile, CompileEvent, Collective),
:mod:`.roles` (DocRole), :mod:`.compile_id` (compile ids as PyTorch prints them).

The bottom of the package: imports only :mod:`inductor_lens.files.trace_paths` and the
standard library.
"""

from __future__ import annotations

from .base import Frame, InputWarning, Launch, LineKey, Span, innermost_frames, line_key
from .fx import FxGraph, FxNode, FxParser, aten_op_of
from .graph import Graph, GraphLoader, Kernel, Measured, TraceInfo
from .health import Collective, Compile, CompileEvent
from .roles import FX_ROLES, DocRole

__all__ = [
    "FX_ROLES",
    "Collective",
    "Compile",
    "CompileEvent",
    "DocRole",
    "Frame",
    "FxGraph",
    "FxNode",
    "FxParser",
    "Graph",
    "GraphLoader",
    "InputWarning",
    "Kernel",
    "Launch",
    "Measured",
    "Span",
    "TraceInfo",
    "aten_op_of",
    "innermost_frames",
    "line_key",
    "LineKey",
]
