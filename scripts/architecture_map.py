"""docs/architecture.md's tree of the server package, generated from the package itself so that it
cannot drift: one line per folder and per module, in the folder's order (modules, then folders).

    python scripts/architecture_map.py --write    # rewrite the tree in docs/architecture.md
    python scripts/architecture_map.py --check    # exit 1 when the document differs (tests/test_layout.py checks the same)

The one source is the docstrings: a module's line is its docstring's first sentence, a folder's
line its ``__init__.py``'s (a folder without one, such as the bundled example or capture's hook:
the title of its README.md). A first sentence longer than 160 characters is cut at a colon or
semicolon outside brackets (:func:`summary` says which). Sphinx roles are written plainly (``:mod:`.run``` -> ``.run``) and double backquotes
as single ones. To change a line, change the docstring, then ``--write``.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
import textwrap

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(REPO, "server", "inductor_lens")
DOC = os.path.join(REPO, "docs", "architecture.md")
BEGIN = "<!-- The tree below is generated from the package's docstrings by scripts/architecture_map.py --write: edit those. -->"
END = "<!-- end of the generated tree -->"
#: the column where a line's text starts, and the widest a line may be
TEXT_COLUMN, WIDTH = 29, 130
SKIPPED = {"__pycache__"}
#: folders whose line is enough: the bundled example (a trace and the model that made it)
DATA = {"example"}
LONG, SHORT = 160, 40


def _clean(text: str) -> str:
    text = re.sub(r":(?:mod|func|class|meth|attr|data|obj):`~?([^`<]+?)(?:\s*<[^>]+>)?`", r"\1", text)
    return " ".join(text.replace("``", "`").split())


def _stops(text: str, stops: str) -> list[int]:
    """Where ``text`` has one of ``stops`` outside brackets and backquotes, a space (or the end) after it."""
    depth, quoted, out = 0, False, []
    for i, ch in enumerate(text):
        if ch == "`":
            quoted = not quoted
        elif quoted:
            continue
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(depth - 1, 0)
        elif ch in stops and depth == 0 and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(i)
    return out


def summary(doc: str) -> str:
    """A docstring's line in the map: its first sentence; one longer than 160 characters is cut at
    its last colon or semicolon (outside brackets) that leaves 40 to 160 characters, else at the first
    that leaves more than 40."""
    text = _clean(doc.split("\n\n")[0])
    sentence = text[: next(iter(_stops(text, ".")), len(text))]
    if len(sentence) > LONG:
        cuts = [i for i in _stops(sentence, ":;") if i >= SHORT]
        fits = [i for i in cuts if i <= LONG]
        if fits or cuts:
            sentence = sentence[: (fits or cuts)[-1 if fits else 0]]
    return sentence.rstrip(" .;:")


def _docstring(path: str) -> str:
    with open(path, encoding="utf-8") as fh:
        doc = ast.get_docstring(ast.parse(fh.read()))
    if not doc:
        raise SystemExit(
            f"architecture_map: {os.path.relpath(path, REPO)} has no docstring: write one (its first sentence is its line in the map)"
        )
    return doc


def _folder_doc(folder: str) -> str:
    init = os.path.join(folder, "__init__.py")
    if os.path.isfile(init):
        return summary(_docstring(init))
    readme = os.path.join(folder, "README.md")
    if os.path.isfile(readme):
        with open(readme, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("# "):
                    return line[2:].strip()
    raise SystemExit(f"architecture_map: {os.path.relpath(folder, REPO)} has no __init__.py docstring and no README.md title")


def _line(depth: int, name: str, text: str) -> list[str]:
    head = "  " * depth + name
    indent = " " * max(TEXT_COLUMN, len(head) + 1)
    return textwrap.wrap(text, WIDTH, initial_indent=head.ljust(len(indent)), subsequent_indent=indent, break_on_hyphens=False)


def tree() -> list[str]:
    """The map's lines, first ``server/inductor_lens/``."""
    lines = ["server/inductor_lens/"]

    def walk(folder: str, depth: int) -> None:
        names = sorted(os.listdir(folder))
        files = [n for n in names if n.endswith(".py") and n != "__init__.py"]
        if depth == 1 and os.path.isfile(os.path.join(folder, "__init__.py")):
            files.insert(0, "__init__.py")  # the package's own line: its version and layers
        folders = [n for n in names if os.path.isdir(os.path.join(folder, n)) and n not in SKIPPED]
        for name in files:
            lines.extend(_line(depth, name, summary(_docstring(os.path.join(folder, name)))))
        for name in folders:
            path = os.path.join(folder, name)
            lines.extend(_line(depth, name + "/", _folder_doc(path)))
            if name not in DATA:
                walk(path, depth + 1)

    walk(PACKAGE, 1)
    return lines


def document(text: str) -> str:
    """``text`` (docs/architecture.md) with its generated tree made again."""
    if BEGIN not in text or END not in text:
        raise SystemExit(f"architecture_map: docs/architecture.md lacks the markers {BEGIN!r} ... {END!r}")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + BEGIN + "\n\n```\n" + "\n".join(tree()) + "\n```\n\n" + END + tail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="rewrite the tree in docs/architecture.md")
    mode.add_argument("--check", action="store_true", help="exit 1 when docs/architecture.md's tree differs from the package")
    args = parser.parse_args(argv)
    with open(DOC, encoding="utf-8") as fh:
        text = fh.read()
    made = document(text)
    if args.write:
        if made != text:
            with open(DOC, "w", encoding="utf-8") as fh:
                fh.write(made)
        return 0
    if made != text:
        print(
            "docs/architecture.md's tree differs from the package's docstrings: run python scripts/architecture_map.py --write",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
