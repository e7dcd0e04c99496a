"""String regions of Python wrapper code: which lines are kernel sources, C++ or other strings.

Python wrappers hold Triton/C++ kernel sources in ``async_compile.*(...)`` triple-quoted strings and,
in JIT ``cpp_wrapper`` mode, the C++ wrapper in a ``cpp_wrapper_src`` string
(``torch/_inductor/codegen/cpp_wrapper_cpu.py``); an autotune block holds Python-looking text that
is not code.
"""

from __future__ import annotations


def _triple_quote_spans(lines: list[str]) -> list[str | None]:
    """Per line, the region it is in: ``None`` (code), ``"kernel_src"``, ``"cpp"`` or ``"string"``.

    A line that opens a string is code (its start is); lines strictly inside or closing it are
    in the string's region.  The region of a string is decided by the line that opens it.
    """
    regions: list[str | None] = [None] * len(lines)
    inside: str | None = None  # delimiter
    region: str | None = None
    prev_code = ""
    for idx, line in enumerate(lines):
        if inside is not None:
            regions[idx] = region
        pos = 0
        while True:
            if inside is None:
                a, b = line.find("'''", pos), line.find('"""', pos)
                candidates = [x for x in (a, b) if x >= 0]
                if not candidates:
                    break
                at = min(candidates)
                inside = line[at : at + 3]
                opener = line if line[:at].strip() not in ("", "r") else prev_code
                if "async_compile." in opener or "compile_mps_shader(" in opener:
                    region = "kernel_src"
                elif "cpp_wrapper_src" in opener:
                    region = "cpp"
                else:
                    region = "string"
                pos = at + 3
            else:
                end = line.find(inside, pos)
                if end < 0:
                    break
                inside = None
                pos = end + 3
        if line.strip() and regions[idx] is None:
            prev_code = line
    return regions
