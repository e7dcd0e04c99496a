"""How much the confidence mark says: on pairs of runs of one model without and with provenance,
the share of wrong launches among those marked ``ambiguous`` against those marked ``inferred``
(a launch is right when its model lines equal PyTorch's stack traces for the same launch).

    python scripts/confidence_marks.py NOPROV_CASE=PROV_CASE ...   (case folders under ../shared/traces or tests/data)
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(os.path.dirname(HERE), "tests"), os.path.join(os.path.dirname(HERE), "tests", "provenance")]


def measure(pairs: list[tuple[str, str]]) -> dict[str, list[int]]:
    """``{mark: [right, total]}`` over the launches of ``pairs`` whose truth is known."""
    import tempfile

    from conftest import case_dir
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load
    from test_no_provenance import _launches, _truth

    out: dict[str, list[int]] = {"exact": [0, 0], "inferred": [0, 0], "ambiguous": [0, 0]}
    with tempfile.TemporaryDirectory() as cache:
        for noprov, prov in pairs:
            truth = _truth(prov)
            mine = _launches(load([case_dir(noprov)], Cache(cache)))
            names = {k for (_, _, k) in mine}
            for (cid, g, name), wants in truth.items():
                if name not in names:
                    continue
                launches = mine.get((cid, g, name), [])
                for i, want in enumerate(wants):
                    if not want or i >= len(launches):
                        continue
                    la = launches[i]
                    row = out[la.confidence]
                    row[1] += 1
                    row[0] += {(f.file, f.line) for f in la.model_lines} == want
    return out


def main(argv: list[str]) -> int:
    pairs = [tuple(a.split("=", 1)) for a in argv]
    if not pairs:
        from test_no_provenance import PAIRS

        pairs = [(a, b) for a, b, _, _ in PAIRS]
    for mark, (right, total) in measure(pairs).items():  # type: ignore[arg-type]
        wrong = total - right
        share = f"{wrong / total:.1%}" if total else "-"
        print(f"{mark:10s} {total:5d} launches, {wrong:3d} wrong ({share})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
