"""Lines of two runs paired by their text: which line of A's model file became which line of B's.

Rows of a comparison are keyed by (file name, code text) (:mod:`.lines`), so an edited line is a
row on A's side and another on B's.  Here they are paired again, as the user edited them:

* each run's model file is found as "The whole step" finds it (issue 45): a copy of that name
  beside the trace (the folder that holds ``trace/`` and the profile) first, since the file may
  have changed since the run; then ``--path-map`` and the path the trace names
  (:class:`~inductor_lens.files.resolve.PathResolver`);
* with both files readable, the standard library's ``difflib`` opcodes over their lines
  (whitespace-normalized): ``equal`` lines are the same line; inside a ``replace`` range each A
  line is paired with its most similar B line (``edited``, best pairs first, each B line once,
  :func:`similarity` at least :data:`SIMILAR`), the rest are ``deleted`` (A) or ``inserted`` (B);
* a line whose code is still somewhere in B's file is never ``deleted`` (it moved, or lost its
  kernels);
* without both files, rows are paired by code similarity (:func:`pair_by_code`).
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field

from ..files.resolve import copy_beside

#: the least ``difflib.SequenceMatcher.ratio`` of two lines called the same line edited
SIMILAR = 0.5


def _norm(text: str) -> str:
    return " ".join(text.split())


def similarity(a: str, b: str) -> float:
    """How alike two lines are, 0-1: ``difflib``'s ratio, or the share of the shorter line that
    opens both when larger (an argument added at the end of a call: ``torch.compile(model)`` ->
    ``torch.compile(model, options={...})`` is 0.49 alike by ratio, 0.97 by its opening)."""
    if not a or not b:
        return 0.0
    prefix = len(os.path.commonprefix([a, b])) / min(len(a), len(b))
    return max(prefix, difflib.SequenceMatcher(None, a, b, autojunk=False).ratio())


@dataclass
class TextPairing:
    """How the lines of one file pair (1-based line numbers): ``a_to_b`` (A line -> B line, for
    ``equal`` and ``edited`` lines), ``edited`` (the A lines paired as edited), ``deleted`` (A
    lines gone), ``inserted`` (B lines new), ``b_codes`` (normalized code -> B's first line with
    it: a line still in B is never deleted) and the two files' lines (normalized)."""

    a_to_b: dict[int, int] = field(default_factory=dict)
    edited: set[int] = field(default_factory=set)
    deleted: set[int] = field(default_factory=set)
    inserted: set[int] = field(default_factory=set)
    b_codes: dict[str, int] = field(default_factory=dict)
    a_lines: list[str] = field(default_factory=list)
    b_lines: list[str] = field(default_factory=list)

    @property
    def b_to_a(self) -> dict[int, int]:
        return {b: a for a, b in self.a_to_b.items()}

    def code_a(self, line: int) -> str:
        return self.a_lines[line - 1] if 0 < line <= len(self.a_lines) else ""

    def code_b(self, line: int) -> str:
        return self.b_lines[line - 1] if 0 < line <= len(self.b_lines) else ""


def _pair_replaced(pairing: TextPairing, a_range: range, b_range: range) -> None:
    """Inside one ``replace`` opcode: best-similarity pairs first, each line once."""
    scored = []
    for i in a_range:
        for j in b_range:
            ratio = similarity(pairing.a_lines[i], pairing.b_lines[j])
            if ratio >= SIMILAR:
                scored.append((-ratio, abs((i - a_range.start) - (j - b_range.start)), i, j))
    used_a: set[int] = set()
    used_b: set[int] = set()
    for _, _, i, j in sorted(scored):
        if i in used_a or j in used_b:
            continue
        used_a.add(i)
        used_b.add(j)
        pairing.a_to_b[i + 1] = j + 1
        pairing.edited.add(i + 1)
    pairing.deleted.update(i + 1 for i in a_range if i not in used_a)
    pairing.inserted.update(j + 1 for j in b_range if j not in used_b)


def pair_files(a_text: str, b_text: str) -> TextPairing:
    """The pairing of two versions of one file (see the module docstring)."""
    pairing = TextPairing(a_lines=[_norm(t) for t in a_text.splitlines()], b_lines=[_norm(t) for t in b_text.splitlines()])
    matcher = difflib.SequenceMatcher(None, pairing.a_lines, pairing.b_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pairing.a_to_b.update({i1 + k + 1: j1 + k + 1 for k in range(i2 - i1)})
        elif tag == "replace":
            _pair_replaced(pairing, range(i1, i2), range(j1, j2))
        elif tag == "delete":
            pairing.deleted.update(range(i1 + 1, i2 + 1))
        else:
            pairing.inserted.update(range(j1 + 1, j2 + 1))
    for number, code in enumerate(pairing.b_lines, 1):
        if code:
            pairing.b_codes.setdefault(code, number)
    # a line whose code is still in B (moved, or a repeated line) is not deleted
    for line in sorted(pairing.deleted):
        code = pairing.a_lines[line - 1]
        if code in pairing.b_codes:
            pairing.deleted.discard(line)
            pairing.a_to_b.setdefault(line, pairing.b_codes[code])
    return pairing


def pair_by_code(a_codes: list[str], b_codes: list[str]) -> list[tuple[str, str]]:
    """Without the model files: A-only codes paired with B-only codes of one file by similarity
    (best first, each once, at least :data:`SIMILAR`), as ``(code_a, code_b)``."""
    scored = sorted((-difflib.SequenceMatcher(None, a, b, autojunk=False).ratio(), a, b) for a in a_codes for b in b_codes if a and b)
    used_a: set[str] = set()
    used_b: set[str] = set()
    out = []
    for neg, a, b in scored:
        if -neg < SIMILAR or a in used_a or b in used_b:
            continue
        used_a.add(a)
        used_b.add(b)
        out.append((a, b))
    return out


def read_model_file(file: str, folders: list[str], resolver=None) -> tuple[str | None, str | None]:
    """``(local path, text)`` of the model file the trace names ``file``: a file of its name in one
    of ``folders`` first, then ``resolver.resolve(file)`` (``--path-map``, the path itself);
    ``(None, None)`` when none is readable."""
    beside = copy_beside(file, folders)
    candidates = [beside] if beside else []
    if resolver is not None:
        found = resolver.resolve(file)
        if found:
            candidates.append(found)
    elif os.path.isabs(file):
        candidates.append(file)
    for path in candidates:
        if os.path.isfile(path):
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    return path, fh.read()
            except OSError:
                continue
    return None, None


def pair_rows(rows: list, pairings: dict[str, TextPairing], unchanged: frozenset[str] | set[str] = frozenset()) -> list:
    """``rows`` (:class:`~.run_lines.LineDiff`, keyed by file name and code) with the lines of each
    file paired by text: an A-only row and the B-only row it became are one ``edited`` row (B's
    key, ``code_a`` A's code); a row on one side only is ``inserted``/``deleted`` as the pairing
    says, or has the other side's line number when its text is still there.  ``pairings``: file
    name -> the pairing of its two versions; files without one are paired by code
    (:func:`pair_by_code`), but for ``unchanged`` files (a library at the same path in both runs,
    unreadable here: :func:`library_unchanged`), whose lines are neither inserted, deleted nor edited."""
    from .run_lines import LineDiff, change_of

    for d in rows:
        if d.key[0] in unchanged and d.key[0] not in pairings:
            d.text = None

    only_a = {d.key: d for d in rows if d.a is not None and d.b is None}
    only_b = {d.key: d for d in rows if d.b is not None and d.a is None}
    b_by_line = {(d.key[0], n): d for d in only_b.values() for n in d.b.lines}  # type: ignore[union-attr]
    merged: dict[tuple, LineDiff] = {}  # B key -> the edited row
    gone: set[tuple] = set()
    for key, d in only_a.items():
        pairing = pairings.get(key[0])
        if pairing is None:
            continue
        la = d.a.line  # type: ignore[union-attr]
        lb = pairing.a_to_b.get(la)
        if lb is None:
            d.text = "deleted" if la in pairing.deleted or la > len(pairing.a_lines) else d.text
            continue
        partner = b_by_line.get((key[0], lb)) if la in pairing.edited else None
        if partner is not None and partner.key not in merged:
            row = LineDiff(partner.key, d.a, partner.b, change_of(d.a, partner.b), "edited", measured=d.measured, code_a=key[1])
            merged[partner.key] = row
            gone.update((key, partner.key))
        else:
            d.line_b = lb
            d.text = "edited" if la in pairing.edited else None
            if d.text == "edited":
                d.code_a, d.key = key[1], (key[0], pairing.code_b(lb))
    for key, d in only_b.items():
        pairing = pairings.get(key[0])
        if pairing is None or key in gone:
            continue
        lb = d.b.line  # type: ignore[union-attr]
        la = pairing.b_to_a.get(lb)
        if la is None:
            d.text = "inserted" if lb in pairing.inserted or lb > len(pairing.b_lines) else d.text
            continue
        d.line_a = la
        d.text = "edited" if la in pairing.edited else None
        if d.text == "edited":
            d.code_a = pairing.code_a(la)
    _pair_unread(only_a, only_b, {**pairings, **dict.fromkeys(unchanged)}, merged, gone)
    out = [d for d in rows if d.key not in gone] + list(merged.values())
    return out


def _pair_unread(only_a: dict, only_b: dict, pairings: dict, merged: dict, gone: set) -> None:
    """Files without both versions: A-only and B-only rows paired by code similarity."""
    from .run_lines import LineDiff, change_of

    files = {k[0] for k in only_a} & {k[0] for k in only_b}
    for file in sorted(files - set(pairings)):
        codes_a = [k[1] for k in only_a if k[0] == file]
        codes_b = [k[1] for k in only_b if k[0] == file]
        for code_a, code_b in pair_by_code(codes_a, codes_b):
            da, db = only_a[(file, code_a)], only_b[(file, code_b)]
            merged[db.key] = LineDiff(db.key, da.a, db.b, change_of(da.a, db.b), "edited", measured=da.measured, code_a=code_a)
            gone.update((da.key, db.key))


_LIBRARY = ("site-packages", "dist-packages")


def library_unchanged(files_a: dict[str, str], files_b: dict[str, str], read: dict[str, tuple[str | None, str | None]]) -> set[str]:
    """The file names in a library folder (``site-packages``, ``dist-packages``) whose file no
    run's copy could be read of, at the same path in both runs where both name it: a library the
    user did not edit (transformers' ``modeling_llama.py`` on the machine of the runs).  Its lines
    are not called inserted, deleted or edited when one run's compiled code no longer computes them."""
    out = set()
    for name in set(files_a) | set(files_b):
        pa, pb = files_a.get(name), files_b.get(name)
        if read.get(name, (None, None)) != (None, None) or (pa and pb and pa != pb):
            continue
        path = (pa or pb or "").replace("\\", "/").split("/")
        if any(f in path for f in _LIBRARY):
            out.add(name)
    return out


def model_pairings(
    files_a: dict[str, str], files_b: dict[str, str], folders_a: list[str], folders_b: list[str], resolvers=(None, None)
) -> tuple[dict[str, TextPairing], dict[str, tuple[str | None, str | None]]]:
    """The pairing of every model file both runs name (``files_*``: file name -> the path the
    trace writes), and where each side's file was read (file name -> (A's local path, B's));
    a file unreadable on either side has no pairing."""
    pairings: dict[str, TextPairing] = {}
    read: dict[str, tuple[str | None, str | None]] = {}
    for name in sorted(set(files_a) & set(files_b)):
        path_a, text_a = read_model_file(files_a[name], folders_a, resolvers[0])
        path_b, text_b = read_model_file(files_b[name], folders_b, resolvers[1])
        read[name] = (path_a, path_b)
        if text_a is not None and text_b is not None:
            pairings[name] = pair_files(text_a, text_b)
    return pairings, read
