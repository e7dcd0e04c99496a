"""Plain-text tables for ``inductor-lens report`` (no third-party renderer: a 16,000-kernel report
prints in a fraction of a second).

The look is the familiar heavy-head box (``┏━┳┓`` header, ``│`` rows, ``└─┴┘``): each column as
wide as its widest cell line, folded (hard-wrapped) when the table is wider than the console.
Widths are terminal cells (East Asian wide characters count two).  Bold and yellow are ANSI
escapes, written only to a terminal.
"""

from __future__ import annotations

import sys
import unicodedata
from dataclasses import dataclass


def cell_width(text: str) -> int:
    """Terminal cells ``text`` takes (wide characters two, combining marks none)."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _fold(text: str, width: int) -> list[str]:
    """``text`` cut into pieces of at most ``width`` cells."""
    if cell_width(text) <= width:
        return [text]
    out: list[str] = []
    piece: list[str] = []
    used = 0
    for c in text:
        w = cell_width(c)
        if used + w > width and piece:
            out.append("".join(piece))
            piece, used = [], 0
        piece.append(c)
        used += w
    out.append("".join(piece))
    return out


@dataclass(slots=True)
class Column:
    """A column: ``header``, ``justify`` (``left``/``right``) and whether its cells may ``fold``."""

    header: str
    justify: str = "left"
    fold: bool = False


class Console:
    """Where the report prints: ``stream`` (stdout by default), at most ``width`` cells wide
    (``None``: the terminal's width, or 200 when not a terminal), colours only on a terminal."""

    _STYLES = {"bold": "\x1b[1m", "yellow": "\x1b[33m"}

    def __init__(self, stream=None, width: int | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.color = bool(getattr(self.stream, "isatty", lambda: False)())
        if width is None:
            import shutil

            width = shutil.get_terminal_size((200, 24)).columns if self.color else 200
        self.width = max(width, 20)

    def print(self, text: str = "", style: str | None = None) -> None:
        """One line of text (``style``: ``bold`` or ``yellow``)."""
        if style and self.color:
            text = f"{self._STYLES[style]}{text}\x1b[0m"
        self.stream.write(text + "\n")

    def table(self, title: str, columns: list[Column], rows: list[list[str]]) -> None:
        """A titled table; a cell may hold several lines (``\\n``)."""
        cells = [[c.split("\n") for c in row] for row in rows]
        widths = [cell_width(col.header) for col in columns]
        for row in cells:
            for n, lines in enumerate(row):
                for line in lines:
                    w = cell_width(line)
                    if w > widths[n]:
                        widths[n] = w
        self._fit(widths, columns)
        out = [title]
        out.append("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
        out.append("┃" + "┃".join(" " + self._pad(c.header, w, c.justify) + " " for c, w in zip(columns, widths, strict=True)) + "┃")
        out.append("┡" + "╇".join("━" * (w + 2) for w in widths) + "┩")
        for row in cells:
            folded = [[piece for line in lines for piece in (_fold(line, w) if c.fold else [line])]
                      for lines, c, w in zip(row, columns, widths, strict=True)]
            for k in range(max(len(f) for f in folded)):
                out.append("│" + "│".join(" " + self._pad(f[k] if k < len(f) else "", w, c.justify) + " "
                                         for f, c, w in zip(folded, columns, widths, strict=True)) + "│")
        out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
        self.stream.write("\n".join(out) + "\n")

    def _fit(self, widths: list[int], columns: list[Column]) -> None:
        """Narrow the widest folding columns until the table fits the console (if it can)."""
        over = sum(widths) + 3 * len(widths) + 1 - self.width
        while over > 0:
            foldable = [n for n, c in enumerate(columns) if c.fold and widths[n] > 8]
            if not foldable:
                return
            widest = max(foldable, key=widths.__getitem__)
            others = max((widths[n] for n in foldable if n != widest), default=8)
            cut = min(over, max(widths[widest] - others, 1), widths[widest] - 8)
            widths[widest] -= cut
            over -= cut

    @staticmethod
    def _pad(text: str, width: int, justify: str) -> str:
        gap = width - cell_width(text)
        return (" " * gap + text) if justify == "right" else (text + " " * gap)
