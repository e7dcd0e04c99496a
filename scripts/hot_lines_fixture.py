"""Write the server's ``inductorLens/hotLines`` answer for one trace case (the client's unit-test
fixture ``client/test/fixtures/<case>.hotlines.json``): the case opened through the front door, its
model files resolved from ``../shared/traces`` (their folder written as ``/workspace/proj``, so the
fixture names no folder of this machine).

    python scripts/hot_lines_fixture.py ../shared/traces/torch-2.11-cuda/profile_cnn OUT.json
"""

import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "server"))

from inductor_lens.analysis.snapshot import Snapshot  # noqa: E402
from inductor_lens.files.resolve import PathResolver  # noqa: E402
from inductor_lens.lsp.features.hot_lines import hot_lines_answer  # noqa: E402
from inductor_lens.open_traces import TraceRequest, open_traces  # noqa: E402


def main(case: str, out: str) -> None:
    shared = os.path.abspath(os.path.join(case, "..", ".."))
    index = open_traces(TraceRequest([case])).index
    answer = hot_lines_answer(Snapshot(index, PathResolver([("/workspace/proj", shared)])))
    text = json.dumps(answer, indent=1, sort_keys=True).replace("file://" + shared, "file:///workspace/proj")
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
