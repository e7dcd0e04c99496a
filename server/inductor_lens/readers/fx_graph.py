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

from ..lexical import split_top
from ..model import Frame, FxGraph, FxNode

_NODE = re.compile(r'^(?P<indent>\s+)(?P<name>[A-Za-z_]\w*)(?:\s*:\s*"(?P<ann>[^"]*)")?\s*=\s*(?P<rhs>.+)$')
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


_CLASS = re.compile(r"^(?P<indent>\s*)class (?P<cls>[^(\s]+)\(.*\):\s*$")
_DEF = re.compile(r"^\s*def forward\(self(?:, (?P<params>.*))?\):\s*$")
_PARAM = re.compile(r'\*?(?P<name>[A-Za-z_]\w*)(?:\s*:\s*"(?P<ann>[^"]*)")?(?:\s*=\s*[^,]+)?\s*(?:,|$)')
_RETURN = re.compile(r"^\s+return (?P<ret>.+?)\s*$")
_IDENT = re.compile(r"(?<![\w.'\"])[A-Za-z_]\w*(?![\w'\"])")
#: ``arg4_1: "f32[s77, 16][16, 1]cpu";``: an input of a graph exported with a pytree spec (AOTInductor's post-grad
#: graph prints ``def forward(self):``, these declarations, then ``arg4_1, = fx_pytree.tree_flatten_spec(...)``)
_DECLARED = re.compile(r'^\s+(?P<name>[A-Za-z_]\w*): "(?P<ann>[^"]*)";\s*$')
_FREES = re.compile(r";\s+(?:[A-Za-z_]\w*\s*=\s*)+None\s*$")


def _scope_of(stack: list[tuple[int, str]], indent: int) -> str:
    """The scope of a line indented ``indent``: the innermost class header indented less
    (pops the headers it closes)."""
    while stack and stack[-1][0] >= indent:
        stack.pop()
    return stack[-1][1] if stack else ""


def _scope_at(stack: list[tuple[int, str]], indent: int) -> str:
    """:func:`_scope_of` without popping (a line that is not a class header)."""
    for class_indent, scope in reversed(stack):
        if class_indent < indent:
            return scope
    return ""


def parse_fx_graph(text: str, path: str) -> FxGraph:
    """Parse printed FX graph ``text`` (whose file is ``path``) into an :class:`FxGraph`.

    Lines are 1-based positions in ``text``; ``comment_frames`` gets every ``# File:`` comment.
    Nodes of a higher-order-op subgraph class (a class
    printed inside the graph's class, e.g. ``class true_graph_0`` of ``torch.cond``) are keyed
    ``scope.name``; a name defined twice in one scope keeps its first definition.  Never raises
    on odd input: lines it does not understand are skipped.
    """
    graph = FxGraph(path, nodes={}, parse=parse_fx_graph, comment_frames={})
    nodes, placeholders, comment_frames = graph._nodes, graph._placeholders, graph._comment_frames
    frame: Frame | None = None
    classes: list[tuple[int, str]] = []  # (indent of the class line, scope), innermost last
    seen_root = False
    node_match, callee_match, ident_findall = _NODE.match, _CALLEE.match, _IDENT.findall
    for index, line in enumerate(text.split("\n")):
        stripped = line.lstrip()
        if not stripped:
            continue
        first = stripped[0]
        if first == "#":
            found = frame_from_comment(line) if "File: " in line else None
            if found is not None:
                frame = found
                comment_frames[index + 1] = found
            elif "No stacktrace found" in line and _NO_STACK.match(line):
                frame = None
            elif "graph id" in line:
                gid = _GRAPH_ID.match(line)
                if gid:
                    graph.graph_id = int(gid.group(1))
            continue
        indent = len(line) - len(stripped)
        if first == "c" and stripped.startswith("class ") and _open_class(classes, line, indent, seen_root):
            seen_root, frame = True, None
            continue
        if not classes:
            scope = ""
        elif len(classes) == 1:  # the graph's own class: no subgraph
            scope = classes[0][1] if classes[0][0] < indent else ""
        else:
            scope = _scope_at(classes, indent)
        if first == "d" and stripped.startswith("def "):
            if _signature(graph, scope, line):
                frame = None
            continue
        if first == "r" and stripped.startswith("return "):
            _returns(graph, scope, line)
            continue
        if "=" not in line:
            if line.rstrip().endswith(";") and (d := _DECLARED.match(line)) is not None and scope in graph._inputs:
                key = f"{scope}.{d['name']}" if scope else d["name"]  # an exported graph's input, declared
                if key not in placeholders:
                    graph._inputs[scope].append(key)
                    placeholders[key] = d["ann"]
            continue
        match = node_match(line)
        if match is None:
            continue
        name, rhs, ann = match.group("name", "rhs", "ann")
        if name in _KEYWORDS or name == "self":
            continue
        key = f"{scope}.{name}" if scope else name
        if key in nodes:
            continue
        callee = callee_match(rhs)
        target = callee.group(1) if callee else rhs.split(";", 1)[0].strip()
        body = _FREES.sub("", rhs) if ";" in rhs else rhs
        body = body[callee.end() :] if callee else body
        args: list[str] = []
        for ident in ident_findall(body):
            ref = f"{scope}.{ident}" if scope else ident
            if (ref in nodes or ref in placeholders) and ref not in args:
                args.append(ref)
        nodes[key] = FxNode(name, target, index + 1, indent, frame, scope, tuple(args), ann or "")
    return graph


def _open_class(classes: list[tuple[int, str]], line: str, indent: int, seen_root: bool) -> bool:
    """A ``class`` line: the scope it opens pushed on ``classes`` (``""`` for the graph's own
    class; a second top-level class, two graphs in one text, keeps its names apart under its
    name; a subgraph class nests in the scope around it).  False: not a class header."""
    m = _CLASS.match(line)
    if m is None:
        return False
    outer = _scope_of(classes, indent)
    if not classes and not seen_root:
        scope = ""
    elif not classes:  # a second top-level class (two graphs in one text): keep its names apart
        scope = m["cls"]
    else:
        scope = f"{outer}.{m['cls']}" if outer else m["cls"]
    classes.append((indent, scope))
    return True


def _signature(graph: FxGraph, scope: str, line: str) -> bool:
    """A ``def`` line of ``scope``'s first function: its parameters are the scope's inputs (and
    placeholders, with their annotations).  Whether it was that line."""
    m = _DEF.match(line)
    if m is None or scope in graph._inputs:
        return False
    keys = graph._inputs.setdefault(scope, [])
    for p in _PARAM.finditer(m["params"] or ""):
        key = f"{scope}.{p['name']}" if scope else p["name"]
        keys.append(key)
        graph._placeholders.setdefault(key, p["ann"] or "")
    return True


def _returns(graph: FxGraph, scope: str, line: str) -> None:
    """A ``return`` line of ``scope``'s function: the scope's outputs (the first return only)."""
    m = _RETURN.match(line)
    if m is not None and scope in graph._inputs and scope not in graph._outputs:
        graph._outputs[scope] = [_key_in(graph, scope, part.strip()) for part in split_top(m["ret"].strip().strip("()[]"))]


_ANN = re.compile(r'\s*:\s*"(?P<ann>[^"]*)"')


def _key_in(graph: FxGraph, scope: str, name: str) -> str | None:
    """The key of ``name`` if it is a node or input already defined in ``scope``, else ``None``."""
    key = f"{scope}.{name}" if scope else name
    return key if key in graph._nodes or key in graph._placeholders else None


_NAME_LINE = re.compile(r'^\s+([A-Za-z_]\w*)(?:\s*:\s*"[^"]*")?\s*=', re.M)


def node_names(text: str) -> set[str]:
    """Every name a printed FX graph assigns (its nodes, in any subgraph): a cheap scan for
    graphs only consulted by name (the AOT joint graph)."""
    return set(_NAME_LINE.findall(text))
