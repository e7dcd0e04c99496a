"""Printed FX graphs (pre-grad and post-grad) as the index holds them: nodes by key, frames."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from .base import Frame


@dataclass(slots=True)
class FxNode:
    """A node of a printed FX graph (``GraphModule.print_readable``).

    ``target`` is the callee text (``torch.ops.aten.mm.default``, ``torch._C._nn.linear``, ...)
    or ``""`` for plain assignments; ``line``/``col`` locate the node name in the graph text;
    ``frame`` is the ``# File: ...`` comment above it, if any.  ``scope`` is the dotted path of
    the higher-order-op subgraph class it is printed in (``true_graph_0``; ``""`` for the outer
    graph), ``args`` the keys of the nodes and placeholders it reads (in the order written) and
    ``ann`` its value annotation (``f32[8, 16][16, 1]cuda:0``; ``""`` when not printed).
    """

    name: str
    target: str
    line: int
    col: int
    frame: Frame | None = None
    scope: str = ""
    args: tuple[str, ...] = ()
    ann: str = ""

    @property
    def key(self) -> str:
        """The node's key in :attr:`FxGraph.nodes`: ``name``, or ``scope.name`` inside a subgraph."""
        return f"{self.scope}.{self.name}" if self.scope else self.name


#: Parses a printed FX graph's text (and its file path) into its nodes by name and the
#: ``# File:`` comment frames by line; the reader gives it (``readers.fx_graph.parse_fx_graph``).
FxParser = Callable[[str, str], "FxGraph"]


class FxGraph:
    """A printed FX graph: its text file on disk and its nodes by key (first definition wins).

    A node's key is its name in the outer graph and ``scope.name`` inside a higher-order-op
    subgraph class (``true_graph_0.sum_1``), so equal names of different (sub)graphs never meet.
    ``placeholders`` maps each input's key to its annotation; ``inputs`` and ``outputs`` give,
    per scope (``""`` = the outer graph), the input keys in signature order and the keys its
    ``return`` names (``None`` for what is not a node name).  All of it is kept in memory while
    the index is built; the on-disk index cache stores only the path and the ``parse`` function
    that made it (pickled by name), and a re-opened graph parses its file again when its nodes are
    first asked for.  ``comment_frames`` maps the 1-based line of each ``# File: ...`` comment to
    its frame.
    """

    def __init__(
        self,
        path: str,
        nodes: dict[str, FxNode] | None = None,
        graph_id: int | None = None,
        *,
        parse: FxParser | None = None,
        comment_frames: dict[int, Frame] | None = None,
    ) -> None:
        self.path = path
        self.graph_id = graph_id
        self.parse = parse
        self._nodes = nodes if nodes is not None else {}
        self._comment_frames = comment_frames if comment_frames is not None else {}
        self._parsed = nodes is not None
        self._placeholders: dict[str, str] = {}
        self._inputs: dict[str, list[str]] = {}
        self._outputs: dict[str, list[str | None]] = {}
        self._users: dict[str, list[FxNode]] | None = None

    def _ensure_parsed(self) -> None:
        if self._parsed:
            return
        self._parsed = True
        if self.parse is None:
            return
        try:
            with open(self.path, encoding="utf-8", errors="replace") as fh:
                again = self.parse(fh.read(), self.path)
        except OSError:
            return
        self._nodes, self._comment_frames, self._users = again._nodes, again._comment_frames, None
        self._placeholders, self._inputs, self._outputs = again._placeholders, again._inputs, again._outputs

    @property
    def nodes(self) -> dict[str, FxNode]:
        """Nodes by name, in graph order (parsed again from :attr:`path` after unpickling)."""
        self._ensure_parsed()
        return self._nodes

    @property
    def comment_frames(self) -> dict[int, Frame]:
        """``{1-based line: frame}`` of the graph text's ``# File:`` comments."""
        self._ensure_parsed()
        return self._comment_frames

    @property
    def placeholders(self) -> dict[str, str]:
        """``{input key: annotation}`` of every scope's ``forward`` parameters."""
        self._ensure_parsed()
        return self._placeholders

    @property
    def inputs(self) -> dict[str, list[str]]:
        """``{scope: [input key, ...]}`` in signature order."""
        self._ensure_parsed()
        return self._inputs

    @property
    def outputs(self) -> dict[str, list[str | None]]:
        """``{scope: [returned key or None, ...]}`` in ``return`` order."""
        self._ensure_parsed()
        return self._outputs

    def users(self, key: str) -> list[FxNode]:
        """The nodes that read node or placeholder ``key`` (it is among their ``args``), in graph
        order, each once; the index is built on the first call, in one pass over the nodes."""
        if self._users is None:
            users: dict[str, list[FxNode]] = {}
            for node in self.nodes.values():
                for arg in dict.fromkeys(node.args):
                    users.setdefault(arg, []).append(node)
            self._users = users
        return self._users.get(key, [])

    @property
    def scopes(self) -> list[str]:
        """Every scope that has a ``forward``: ``""`` first, then the subgraphs in text order."""
        return list(self.inputs)

    def resolve(self, name: str, scope: str = "") -> str | None:
        """The key of node ``name`` as seen from ``scope``: its own subgraph first, then each
        enclosing one out to the outer graph; ``None`` when none of them has it (never a
        same-named node of a sibling subgraph)."""
        nodes = self.nodes
        while True:
            key = f"{scope}.{name}" if scope else name
            if key in nodes:
                return key
            if not scope:
                return None
            scope = scope.rpartition(".")[0]

    def __getstate__(self):
        return {"path": self.path, "graph_id": self.graph_id, "parse": self.parse}

    def __setstate__(self, state):
        self.path, self.graph_id, self.parse = state["path"], state["graph_id"], state.get("parse")
        self._nodes, self._comment_frames, self._parsed = {}, {}, False
        self._placeholders, self._inputs, self._outputs = {}, {}, {}
        self._users = None

    def node_at_line(self, line: int) -> FxNode | None:
        """The node defined on ``line`` (1-based), if any."""
        for node in self.nodes.values():
            if node.line == line:
                return node
        return None


@lru_cache(maxsize=8192)  # a graph's nodes repeat a few hundred targets; every bytes, FLOPs and line-time rule asks
def aten_op_of(target: str) -> str | None:
    """``torch.ops.aten.mm.default`` -> ``aten.mm``; ``None`` for targets that are not ATen/prims ops."""
    if not target.startswith("torch.ops."):
        return None
    parts = target[len("torch.ops.") :].split(".")
    if len(parts) >= 2:
        return f"{parts[0]}.{parts[1]}"
    return None
