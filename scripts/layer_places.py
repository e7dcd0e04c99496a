"""Count the places where a presenter (report/, diff/, lsp/, capture/, mcp/) imports a domain module
(readers, provenance, index, health, timing, perf, ir): one place is one pair (presenter module,
domain module) with an import of any kind between them, inside functions and under
``TYPE_CHECKING`` included (issue 47).  The same count tests/test_layout.py holds.

    python scripts/layer_places.py          # the count, then each place
"""

from __future__ import annotations

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "tests"))
os.environ.setdefault("INDUCTOR_LENS_SHARED", os.path.join(os.path.dirname(REPO), "shared"))


def main() -> int:
    import test_layout

    places = sorted(test_layout.presenter_domain_places())
    print(len(places))
    for presenter, domain in places:
        print(f"  {presenter} -> {domain}: {test_layout.PLACES_ALLOWED.get((presenter, domain), 'NOT ALLOWED')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
