"""Parser for printed FX graphs: pre-grad and post-grad graph text.

The text is ``GraphModule.print_readable(...)`` output (``torch/fx/graph.py`` ``python_code``),
as logged in the ``before_pre_grad_graph``, ``inductor_post_grad_graph`` /
``after_post_grad_graph`` artifacts (PyTorch 2.7 - 2.14) and written to the debug folder's
``fx_graph_readable.py`` / ``fx_graph_transformed.py``.  A node line is
``name: "f32[8, 16][16, 1]cuda:0" = torch.ops.aten.mm.default(a, b);  a = None``; a
``# File: <path>:<line> in <fn>, code: <code>`` comment (one extra leading space up to 2.9,
optional ``Backward of forward node:`` prefix) gives the innermost source frame of the nodes
under it, until the next such comment.  The pre-grad graph ends with `` # graph id: N``.
"""

from __future__ import annotations

import re

from ..model import Frame, FxGraph, FxNode

_NODE = re.compile(r'^(?P<indent>\s+)(?P<name>[A-Za-z_]\w*)(?:\s*:\s*"[^"]*")?\s*=\s*(?P<rhs>.+)$')
_FILE = re.compile(
    r"^\s*#(?P<pre>.*?)\s*(?:Backward of forward node: )?File: (?P<file>.+?):(?P<line>\d+) in (?P<func>.+?), code: (?P<code>.*)$"
)
_NO_STACK = re.compile(r"^\s*#.*No stacktrace found for following nodes\s*$")
_GRAPH_ID = re.compile(r"^\s*# graph id: (\d+)\s*$")
_CALLEE = re.compile(r"^([A-Za-z_][\w.]*)\(")
_KEYWORDS = frozenset({"return", "def", "class", "if", "for", "while", "with", "assert", "raise", "import", "from"})


def frame_from_comment(line: str) -> Frame | None:
    """The frame of a ``# File: <file>:<line> in <fn>, code: <code>`` comment line, else ``None``."""
    match = _FILE.match(line)
    if match is None:
        return None
    return Frame(match["file"], int(match["line"]), match["func"], match["code"].strip())


def parse_fx_graph(text: str, path: str) -> FxGraph:
    """Parse printed FX graph ``text`` (whose file is ``path``) into an :class:`FxGraph`.

    Lines are 1-based positions in ``text``; ``comment_frames`` gets every ``# File:`` comment.  A name defined twice (nested HOP subgraphs) keeps
    its first definition.  Never raises on odd input: lines it does not understand are skipped.
    """
    graph = FxGraph(path, nodes={}, parse=parse_fx_graph, comment_frames={})
    frame: Frame | None = None
    for index, line in enumerate(text.split("\n")):
        stripped = line.lstrip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            found = frame_from_comment(line)
            if found is not None:
                frame = found
                graph.comment_frames[index + 1] = found
            elif _NO_STACK.match(line):
                frame = None
            else:
                gid = _GRAPH_ID.match(line)
                if gid:
                    graph.graph_id = int(gid.group(1))
            continue
        if " = " not in line and "=" not in line:
            continue
        match = _NODE.match(line)
        if match is None:
            continue
        name = match["name"]
        if name in _KEYWORDS or name == "self":
            continue
        rhs = match["rhs"]
        callee = _CALLEE.match(rhs)
        target = callee.group(1) if callee else rhs.split(";", 1)[0].strip()
        if name not in graph.nodes:
            col = len(match["indent"])
            graph.nodes[name] = FxNode(name=name, target=target, line=index + 1, col=col, frame=frame)
    return graph

