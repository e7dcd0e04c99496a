"""The server's layout holds (docs/architecture.md is its map): layers import only downwards, no
import circle of any kind (``TYPE_CHECKING`` imports counted), readers independent of each other,
the LSP layer and the report never reach a reader, provenance never the index, nothing below the
front door imports it, at most 8 modules at the top level, no module over 450 lines (the
extension's TypeScript too), and every folder says what it holds."""

from __future__ import annotations

import ast
import os

from conftest import REPO

ROOT = os.path.join(REPO, "server", "inductor_lens")
PKG = "inductor_lens"

#: the layers, bottom first: a module may import its own layer and those below it
LAYERS: list[tuple[str, ...]] = [
    ("_json", "_forked", "text", "lexical", ""),  # leaf helpers (and the package's version)
    ("files",),
    ("model",),
    ("readers",),
    ("provenance",),
    ("index",),
    ("health", "timing", "perf", "ir"),
    ("analysis",),  # the one facade the presenters read: answers as value types
    ("report", "diff"),
    ("cluster",),  # a job's rank logs on a distributed engine's workers: only the front door (and the CLI's error) import it
    ("open_traces",),
    ("capture", "lsp", "mcp"),
    ("cli", "__main__"),
]


def _modules() -> dict[str, str]:
    out = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in ("example", "__pycache__", "hook")]
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                mod = os.path.relpath(path, os.path.dirname(ROOT))[:-3].replace(os.sep, ".")
                out[mod.removesuffix(".__init__")] = path
    return out


def _imports(mods: dict[str, str]) -> dict[str, set[str]]:
    """Module -> the package modules it imports: at run time, inside functions and under
    ``if TYPE_CHECKING:`` alike."""
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        tree = ast.parse(open(path, encoding="utf-8").read())
        package = mod if path.endswith("__init__.py") else mod.rsplit(".", 1)[0]
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rsplit(".", 1)[0]
                target = base + ("." + node.module if node.module else "")
                named = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in mods]
                targets = named or ([target] if target in mods else [])
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PKG + "."):
                targets = [node.module] if node.module in mods else []
            for t in targets:
                if t != mod:
                    edges[mod].add(t)
    return edges


def _layer(mod: str) -> int:
    top = mod.split(".")[1] if "." in mod else ""
    for n, names in enumerate(LAYERS):
        if top in names:
            return n
    raise AssertionError(f"{mod} is in no layer of tests/test_layout.py: give its folder one")


def _under(mod: str, *folders: str) -> bool:
    return any(mod == f"{PKG}.{f}" or mod.startswith(f"{PKG}.{f}.") for f in folders)


def test_no_module_over_450_lines():
    long = {m: n for m, p in _modules().items() if (n := sum(1 for _ in open(p, encoding="utf-8"))) > 450}
    assert not long


def test_no_extension_source_over_450_lines():
    src = os.path.join(REPO, "client", "src")
    long = {}
    for folder, _, files in os.walk(src):
        for name in files:
            if name.endswith(".ts"):
                path = os.path.join(folder, name)
                if (n := sum(1 for _ in open(path, encoding="utf-8"))) > 450:
                    long[os.path.relpath(path, REPO)] = n
    assert not long


def test_at_most_eight_modules_at_the_top_level():
    top = sorted(n for n in os.listdir(ROOT) if n.endswith(".py"))
    assert len(top) <= 8, top


def test_every_folder_says_what_it_holds_and_may_import():
    for folder, dirs, _files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in ("example", "__pycache__", "hook")]
        if folder == ROOT:
            continue
        init = os.path.join(folder, "__init__.py")
        assert os.path.isfile(init), folder
        doc = ast.get_docstring(ast.parse(open(init, encoding="utf-8").read())) or ""
        assert len(doc) > 80 and "import" in doc, (os.path.relpath(folder, ROOT), doc)


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle a depth-first walk of ``edges`` meets (each as its modules, first repeated last)."""
    state: dict[str, int] = {}
    circles = []

    def visit(mod: str, stack: list[str]) -> None:
        state[mod] = 1
        stack.append(mod)
        for nxt in sorted(edges.get(mod, ())):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[mod] = 2

    for mod in sorted(edges):
        if mod not in state:
            visit(mod, [])
    return circles


def test_no_import_circles_of_any_kind():
    assert not _circles(_imports(_modules()))


def _extension_imports() -> dict[str, set[str]]:
    """client/src's TypeScript modules -> the modules of client/src they import: ``import type`` and
    re-exports (``export ... from``) included, as are dynamic ``import('./x')``."""
    import re

    src = os.path.join(REPO, "client", "src")
    edges: dict[str, set[str]] = {}
    for folder, _, files in os.walk(src):
        for name in files:
            if name.endswith(".ts"):
                path = os.path.join(folder, name)
                text = open(path, encoding="utf-8").read()
                specs = re.findall(r"\bfrom\s+['\"](\.{1,2}/[^'\"]+)['\"]", text)
                specs += re.findall(r"\bimport\s*\(?\s*['\"](\.{1,2}/[^'\"]+)['\"]", text)
                mod = os.path.relpath(path, src)[:-3]
                edges[mod] = {os.path.normpath(os.path.join(os.path.dirname(mod), s)).removesuffix(".js") for s in specs}
    return edges


def test_no_import_circle_in_the_extension():
    """No TypeScript import circle in client/src (type-only imports count: healthTree.ts <->
    kernelTreeModel.ts was one), and the check sees the imports it should."""
    edges = _extension_imports()
    assert "kernels" in edges["healthTree"] and "protocol" in edges["kernelTreeModel"]  # `import type` seen
    assert all(t in edges for ts in edges.values() for t in ts), "an import names no module of client/src"
    assert _circles({"a": {"b"}, "b": {"a"}}) == [["a", "b", "a"]]
    assert not _circles(edges)


def test_layers_import_only_downwards():
    edges = _imports(_modules())
    upward = sorted((m, t) for m, ts in edges.items() for t in ts if _layer(t) > _layer(m))
    assert not upward


def test_walls():
    mods = _modules()
    edges = _imports(mods)
    for mod, targets in edges.items():
        readers = {t for t in targets if _under(t, "readers")}
        if _under(mod, "lsp", "report", "analysis"):
            assert not readers, (mod, "the analysis, the LSP layer and the report never import readers", readers)
        if _under(mod, "provenance"):
            assert not {t for t in targets if _under(t, "index")}, (mod, "provenance never imports the index")
        if not _under(mod, "cli", "capture", "lsp", "mcp", "open_traces"):
            assert f"{PKG}.open_traces" not in targets, (mod, "nothing below the front door imports it")
        if _under(mod, "readers"):
            family = mod.split(".")[2] if mod.count(".") >= 2 else ""  # a reader package may import its own modules
            others = {t for t in readers if t.split(".")[2] != family}
            assert not others, (mod, "readers do not import each other", others)


def test_only_the_cluster_package_imports_dask_and_only_the_front_door_reaches_it():
    """The single-machine path never needs the optional engine: only ``cluster/`` imports dask or
    distributed, the index and the readers never reach ``cluster/``, and the front door imports it inside a function."""
    mods = _modules()
    edges = _imports(mods)
    for mod, path in mods.items():
        tree = ast.parse(open(path, encoding="utf-8").read())
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and not n.level}
        if not _under(mod, "cluster"):
            assert not any(name.split(".")[0] in ("dask", "distributed") for name in imported), mod
            if any(_under(t, "cluster") for t in edges[mod]):
                assert mod in (f"{PKG}.open_traces", f"{PKG}.cli"), (mod, "only the front door and the CLI import cluster/")
    front = ast.parse(open(mods[f"{PKG}.open_traces"], encoding="utf-8").read())
    top = [n for n in front.body if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("cluster")]
    assert not top, "the front door imports cluster/ only when workers are asked for"
    assert f"{PKG}.cluster" in edges[f"{PKG}.open_traces"] and f"{PKG}.index.parts" in edges[f"{PKG}.cluster.engine"]


def test_features_do_not_import_pygls():
    for mod, path in _modules().items():
        if _under(mod, "lsp.features"):
            tree = ast.parse(open(path, encoding="utf-8").read())
            imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
            imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
            assert not any(name.split(".")[0] == "pygls" for name in imported), mod


def test_the_layout_test_sees_the_walls():
    """The checks above are not vacuous: the modules they govern exist and import what they should."""
    edges = _imports(_modules())
    assert f"{PKG}.open_traces" in edges[f"{PKG}.cli"] or any(f"{PKG}.open_traces" in edges[m] for m in edges if _under(m, "lsp"))
    assert any(_under(t, "readers") for t in edges[f"{PKG}.index.materialize"])
    assert f"{PKG}.index.trace_index" in edges[f"{PKG}.open_traces"]


def test_the_readme_is_short_and_every_doc_link_resolves():
    """The README is what a newcomer reads in two minutes (at most 150 lines, one picture); details
    live in docs/, and every relative link of the README and docs/ names a file that exists. The
    Neovim configuration tests/e2e/run.sh runs as written is docs/editors.md's first lua block under
    its Neovim heading."""
    import re

    readme = open(os.path.join(REPO, "README.md"), encoding="utf-8").read()
    assert len(readme.splitlines()) <= 150, len(readme.splitlines())
    assert len(re.findall(r"!\[", readme)) == 1
    docs = os.path.join(REPO, "docs")
    pages = [os.path.join(REPO, "README.md")] + [os.path.join(docs, n) for n in sorted(os.listdir(docs)) if n.endswith(".md")]
    broken = []
    for page in pages:
        text = open(page, encoding="utf-8").read()
        for target in re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"^\[[\w-]+\]:\s*(\S+)", text, re.M):
            if not re.match(r"https?:|mailto:|#", target):
                path = os.path.normpath(os.path.join(os.path.dirname(page), target.split("#")[0]))
                if not os.path.exists(path):
                    broken.append((os.path.relpath(page, REPO), target))
    assert not broken
    editors = open(os.path.join(docs, "editors.md"), encoding="utf-8").read()
    neovim = editors[editors.index("\n## Neovim\n") :]
    block = neovim[neovim.index("```lua\n") + 7 : neovim.index("\n```", neovim.index("```lua\n"))]
    assert "vim.lsp.start_client" in block and '"inductor-lens", "serve"' in block


def test_the_architecture_map_is_the_generated_one():
    """docs/architecture.md's tree is made from the package's docstrings (scripts/architecture_map.py),
    so a module added, moved or removed, or a docstring changed, shows as a difference here."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("architecture_map", os.path.join(REPO, "scripts", "architecture_map.py"))
    assert spec and spec.loader
    amap = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(amap)
    text = open(amap.DOC, encoding="utf-8").read()
    tree = "\n".join(amap.tree())
    missing = [m for m in _modules() if m.rsplit(".", 1)[-1] + ".py" not in tree and m.rsplit(".", 1)[-1] + "/" not in tree]
    assert not missing, missing
    assert amap.document(text) == text, (
        "docs/architecture.md's tree differs from the package's docstrings (a module added, moved or removed, or a first "
        "sentence changed): run `python scripts/architecture_map.py --write` and commit docs/architecture.md"
    )


#: the presenters (what the user sees) and the domain (what they must ask ``analysis/`` about)
PRESENTERS = ("report", "diff", "lsp", "capture", "mcp")
DOMAIN = ("readers", "provenance", "index", "health", "timing", "perf", "ir")

#: the places (presenter module, domain module) allowed an import of any kind, each with its reason
#: (issue 47: at most 10; 57 before analysis/)
PLACES_ALLOWED: dict[tuple[str, str], str] = {
    ("capture.keep", "ir.find"): "capture copies a run's Triton caches while it runs, before any trace is opened (no "
    "analysis yet), found by the IR finder's own rule (triton_env_dirs): one rule for both",
    ("capture.keep", "readers.triton_ir"): "and lists a cache's kernel folders as the Triton IR reader reads them",
    ("lsp.features.health", "health.queries"): "health/queries.py is itself the query layer of compile health "
    "(counts, compiled functions, guards) the editor words; the analysis would only re-export it",
    ("report.health", "health.queries"): "the same queries, as the report's table and JSON word them",
}


def presenter_domain_places() -> set[tuple[str, str]]:
    """The pairs (presenter module, domain module), package prefix dropped, with an import of any
    kind between them (inside functions and under ``if TYPE_CHECKING:`` counted)."""
    edges = _imports(_modules())
    n = len(PKG) + 1
    return {(m[n:], t[n:]) for m, ts in edges.items() if _under(m, *PRESENTERS) for t in ts if _under(t, *DOMAIN)}


def test_presenters_ask_the_analysis_not_the_domain():
    """The presenters read ``analysis/`` (one :class:`inductor_lens.analysis.core.Analysis`) and the
    leaf helpers; an import of a domain module is one of the few allowed places, each with its reason."""
    places = presenter_domain_places()
    assert len(PLACES_ALLOWED) <= 10 and all(len(why) > 40 for why in PLACES_ALLOWED.values())
    assert not places - set(PLACES_ALLOWED), sorted(places - set(PLACES_ALLOWED))
    assert not set(PLACES_ALLOWED) - places, ("allowed but no longer there: drop them", sorted(set(PLACES_ALLOWED) - places))


#: functions over 120 lines held until their owners split them (issue 47): path -> who splits it.
#: This only shrinks: a function that no longer needs its place fails the test until it is removed.
OVER_120_HELD: dict[str, str] = {}  # (timing/join.py:join_chrome_trace, 131 lines, left it when step split the join)


def _function_lengths() -> dict[str, int]:
    """``path:Class.function`` (nested functions too) -> its length, from its ``def`` line to its last
    line (methods and nested functions included), for every function of the package but the
    bundled example."""
    out: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str, rel: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}.{child.name}" if prefix else child.name
                if not isinstance(child, ast.ClassDef):
                    out[f"{rel}:{name}"] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, name, rel)
            else:
                visit(child, prefix, rel)

    for path in _modules().values():
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        visit(ast.parse(open(path, encoding="utf-8").read()), "", rel)
    return out


def test_functions_are_split_by_meaning():
    """No function over 120 lines, at most six over 80 (a function's length: its ``def`` line to its
    last line); the functions held over 120 are named above with who splits them."""
    lengths = _function_lengths()
    assert lengths["readers/torch_trace/__init__.py:_Scan.search"] > 0 and len(lengths) > 500  # the walk sees methods
    over_120 = {f: n for f, n in lengths.items() if n > 120}
    assert not {f: n for f, n in over_120.items() if f not in OVER_120_HELD}, "split these functions (none over 120 lines)"
    assert not [f for f in OVER_120_HELD if f not in over_120], "no longer over 120 lines: remove it from OVER_120_HELD"
    over_80 = sorted((n, f) for f, n in lengths.items() if n > 80)
    assert len(over_80) <= 6, over_80
