"""``lexical.split_top``: the one bracket- and quote-aware splitter of printed Python, checked
against a character-by-character reference on every line of real traces' logs (wrapper calls,
FX nodes, kernel signatures, guards) and on the odd cases the readers meet."""

from __future__ import annotations

import pytest
from conftest import case_log
from inductor_lens.lexical import split_top


def _reference(text: str, sep: str = ",") -> list[str]:
    """What ``split_top`` answers, one character at a time (its first form)."""
    if not any(c in text for c in "[](){}'\""):
        flat = [p.strip() for p in text.split(sep)]
        if not flat[-1]:
            flat.pop()
        return flat
    parts: list[str] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote and text[i - 1] != "\\":
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


@pytest.mark.parametrize(
    ("text", "sep", "expected"),
    [
        ("f(a, b), [c, d], 'e,f'", ",", ["f(a, b)", "[c, d]", "'e,f'"]),
        (
            "buf1, reinterpret_tensor(primals_2, (768, 3072), (1, 768), 0), 512, stream=stream0",
            ",",
            ["buf1", "reinterpret_tensor(primals_2, (768, 3072), (1, 768), 0)", "512", "stream=stream0"],
        ),
        ('a, "b\\",c", d', ",", ["a", '"b\\",c"', "d"]),  # an escaped quote does not close the literal
        ("x = f(a; b); del y; 'p;q'", ";", ["x = f(a; b)", "del y", "'p;q'"]),
        ("(a, b", ",", ["(a, b"]),  # unbalanced: just nests
        ("a), b, c", ",", ["a), b, c"]),  # a closing bracket first: depth -1, no split after it
        ("'", ",", ["'"]),
        ("a, b,", ",", ["a", "b"]),  # a trailing separator
        ("f(x),", ",", ["f(x)"]),
    ],
)
def test_split_top_cases(text: str, sep: str, expected: list[str]) -> None:
    assert split_top(text, sep) == expected
    assert _reference(text, sep) == expected


@pytest.mark.parametrize("case", ["torch-2.11-cuda/gpt2_train", "torch-2.11-cuda/cpp_wrapper", "torch-2.14-cpu/graph_breaks"])
def test_split_top_matches_reference_on_real_logs(case: str) -> None:
    with open(case_log(case), encoding="utf-8", errors="replace") as fh:
        lines = fh.read().split("\n")
    nested = 0
    for line in lines:
        for sep in (",", ";"):
            assert split_top(line, sep) == _reference(line, sep), (line, sep)
        nested += any(c in line for c in "()[]")
    assert nested > 500  # the corpus has the calls and signatures the fast path skips over
