"""What the linker is given for one graph (:class:`GraphInputs`): the graph's texts already parsed
by the readers (output code, FX graphs, provenance artifacts), and what is read only when a launch
needs it.  Made by :mod:`inductor_lens.index.materialize` from a ``TORCH_TRACE`` log's payloads (or
by :mod:`inductor_lens.index.packages` from an AOTInductor package); read by
:mod:`inductor_lens.provenance.linker`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import Frame, FxGraph
from ..readers.mapping import NodeMapping
from ..readers.output_code import ParsedCode


@dataclass(slots=True)
class GraphInputs:
    """Everything known about one graph before linking (texts already parsed).

    ``stack_traces`` is ``{key: frames}`` or ``None`` when the artifact is absent;
    ``frame_graphs`` the graphs generated-code frames are followed through (read only when
    needed); ``kernel_to_post`` the 2.7/2.8 kernel -> post-grad artifact; ``post_to_pre`` the 2.8
    post -> pre artifact, already reduced to names; ``kernel_to_pre`` pre-grad nodes per key
    (AOTInductor ``kernel_information.json``); ``mapping_source`` the ``provenance`` of kernels
    that ``mapping`` names (``mapping``, or ``kernel_information`` for a package's).
    """

    code: ParsedCode
    code_path: str
    kernel_code: ParsedCode | None = None
    kernel_code_path: str | None = None
    post_grad: FxGraph | None = None
    pre_grad: FxGraph | None = None
    mapping: NodeMapping | None = None
    stack_traces: dict[str, list[Frame]] | None = None
    kernel_to_post: dict[str, list[str]] | None = None
    post_to_pre: dict[str, list[str]] | None = None
    kernel_to_pre: dict[str, list[str]] | None = None
    mapping_source: str = "mapping"
    #: graphs whose ``# File:`` lines follow frames in generated code (compiled autograd), parsed on demand
    frame_graphs: Callable[[], list[FxGraph]] | None = None
    #: the wrapper's text (for the dataflow alignment when the code names no nodes)
    code_text: str | None = None
    #: node names of the compile's other graphs (AOT joint graph, ...), read when first asked
    other_names: "Callable[[], set[str]] | None" = None
    #: the AOT graph of this graph (before the post-grad passes), parsed when first asked
    aot_graph: "Callable[[], FxGraph] | None" = None
    #: the model line of post-grad nodes printed under ``No stacktrace found`` (nodes PyTorch's
    #: passes made), when the compile had one (:mod:`inductor_lens.provenance.pass_frames`)
    pass_frame: Frame | None = None
    #: the dataflow alignment computed elsewhere (another core: :mod:`inductor_lens.index.parallel`):
    #: called once, when a launch first needs it; ``None`` from it means "compute it here"
    inferred_elsewhere: "Callable[[], dict[int, list[str]] | None] | None" = None
