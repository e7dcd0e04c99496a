"""The server's layout holds: no module over 450 lines, no import circles, readers independent."""

from __future__ import annotations

import ast
import os

from conftest import REPO

ROOT = os.path.join(REPO, "server", "inductor_lens")


def _modules() -> dict[str, str]:
    out = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in ("example", "__pycache__")]
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                mod = os.path.relpath(path, os.path.dirname(ROOT))[:-3].replace(os.sep, ".")
                out[mod.removesuffix(".__init__")] = path
    return out


def _imports(mods: dict[str, str]) -> dict[str, set[str]]:
    """Module -> the package modules it imports at run time (``if TYPE_CHECKING:`` blocks aside)."""
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        tree = ast.parse(open(path, encoding="utf-8").read())
        package = mod if path.endswith("__init__.py") else mod.rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
                node.body = []
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rsplit(".", 1)[0]
                target = base + ("." + node.module if node.module else "")
                named = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in mods]
                for t in named or ([target] if target in mods else []):
                    if t != mod:
                        edges[mod].add(t)
    return edges


def test_no_module_over_450_lines():
    long = {m: n for m, p in _modules().items() if (n := sum(1 for _ in open(p, encoding="utf-8"))) > 450}
    assert not long


def test_no_import_circles():
    edges = _imports(_modules())
    state: dict[str, int] = {}
    circles = []

    def visit(mod: str, stack: list[str]) -> None:
        state[mod] = 1
        stack.append(mod)
        for nxt in sorted(edges[mod]):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[mod] = 2

    for mod in sorted(edges):
        if mod not in state:
            visit(mod, [])
    assert not circles


def test_readers_do_not_import_each_other_and_features_not_pygls():
    mods = _modules()
    edges = _imports(mods)
    readers = [m for m in mods if m.startswith("inductor_lens.readers.")]
    for mod in readers:
        family = mod.split(".")[2]  # a reader package may import its own modules
        others = {t for t in edges[mod] if t.startswith("inductor_lens.readers.") and t.split(".")[2] != family}
        assert not others, (mod, others)
    for mod, path in mods.items():
        if mod.startswith("inductor_lens.lsp.features"):
            tree = ast.parse(open(path, encoding="utf-8").read())
            imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
            imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
            assert not any(name.split(".")[0] == "pygls" for name in imported), mod
