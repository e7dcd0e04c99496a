"""The shape every IR line map has, and how a file named in line info is compared with the kernel's."""

from __future__ import annotations

from dataclasses import dataclass, field

#: the IR forms in compile order (file extensions in a Triton cache folder); ``sass`` is made from the cubin
FORMS = ("ttir", "ttgir", "llir", "ptx", "sass")


@dataclass(slots=True)
class LineMap:
    """Which lines of one IR file each line of the kernel's own file became.

    ``lines``: {kernel-file line (1-based): [IR file lines (1-based, ascending)]}: the instructions
    (ops) whose own location is that kernel line.  ``inlined``: the same for instructions whose own
    location is in another file (Triton's library: ``tl.sum`` is ``triton/language/standard.py``)
    and whose call chain, as the IR records it, reaches that kernel line.  ``unattributed``: IR
    lines of instructions with no kernel line (no location, ``unknown``, line 0, a library
    location with no chain).  ``instructions``: every instruction (op) line counted."""

    form: str
    lines: dict[int, list[int]] = field(default_factory=dict)
    inlined: dict[int, list[int]] = field(default_factory=dict)
    unattributed: list[int] = field(default_factory=list)
    instructions: int = 0
    _back: dict[int, int] | None = field(default=None, repr=False, compare=False)

    def add(self, kernel_line: int | None, ir_line: int, *, inlined: bool = False) -> None:
        """Count the instruction at ``ir_line`` for ``kernel_line`` (``None``: no kernel line)."""
        self.instructions += 1
        if kernel_line is None or kernel_line <= 0:
            self.unattributed.append(ir_line)
        else:
            (self.inlined if inlined else self.lines).setdefault(kernel_line, []).append(ir_line)

    def kernel_line_of(self) -> dict[int, int]:
        """{IR line: kernel-file line} (own and inlined), for going back from an IR document (made once:
        the lines are final when the map is read)."""
        if self._back is not None:
            return self._back
        out: dict[int, int] = {}
        for table in (self.inlined, self.lines):
            for k, irs in table.items():
                for n in irs:
                    out[n] = k
        self._back = out
        return out


def same_file(named: str, kernel_file: str) -> bool:
    """Whether a file named in line info is the kernel's file: the same path, or (line info that
    keeps only a base name, or a cache folder copied elsewhere) the same last two path parts
    (Inductor's ``<xx>/<hash>.py`` names are content hashes)."""
    if named == kernel_file:
        return True
    a = named.replace("\\", "/").rstrip("/").split("/")
    b = kernel_file.replace("\\", "/").rstrip("/").split("/")
    if len(a) == 1 or len(b) == 1:
        return a[-1] == b[-1]
    return a[-2:] == b[-2:]
