"""What a file is to a graph: its role.  A str-valued enum, so roles compare equal to the names
PyTorch's artifacts use (``post_grad``...) and pickle as plain strings."""

from __future__ import annotations

from enum import Enum


class DocRole(str, Enum):
    """The role of a document of a :class:`~inductor_lens.model.graph.Graph`: its output code
    (``code``), an AOTInductor kernel ``.cpp`` (``kernel_code``), or one of its printed FX graphs
    (``post_grad``, ``pre_grad``)."""

    CODE = "code"
    KERNEL_CODE = "kernel_code"
    POST_GRAD = "post_grad"
    PRE_GRAD = "pre_grad"

    @property
    def is_fx(self) -> bool:
        """Whether the document is a printed FX graph (its lines are FX nodes)."""
        return self in FX_ROLES

    @property
    def is_code(self) -> bool:
        """Whether the document is generated code (its lines are kernels and launches)."""
        return self in (DocRole.CODE, DocRole.KERNEL_CODE)

    @property
    def label(self) -> str:
        """How the UI names it: ``post-grad``, ``pre-grad``, ``output code``, ``kernel code``."""
        return {"code": "output code", "kernel_code": "kernel code", "post_grad": "post-grad", "pre_grad": "pre-grad"}[self.value]


#: the roles of a graph's printed FX graphs, post-grad first
FX_ROLES = (DocRole.POST_GRAD, DocRole.PRE_GRAD)
