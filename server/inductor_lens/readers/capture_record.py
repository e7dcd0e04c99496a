"""``capture.json``: what ``inductor-lens capture`` recorded of a run (``capture/run.py`` writes it
beside the run's ``trace/`` folder; version 1): its command, exit status and messages.  Read only to
say why a capture folder holds no log (the run failed before anything was compiled).
"""

from __future__ import annotations

import json
import os

#: The file ``capture`` writes in its output folder.
CAPTURE_RECORD = "capture.json"


def capture_errors(folder: str) -> list[str]:
    """The error messages of the ``capture.json`` in ``folder`` (``messages`` of level ``error``,
    in order; with none, a non-zero ``exit_status`` as ``the command exited with status N``);
    ``[]`` when there is no such file or it is not a capture record.  Never raises."""
    try:
        with open(os.path.join(folder, CAPTURE_RECORD), encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError):
        return []
    if not isinstance(doc, dict) or doc.get("version") != 1:
        return []
    messages = doc.get("messages")
    errors = (
        [m["text"] for m in messages if isinstance(m, dict) and m.get("level") == "error" and isinstance(m.get("text"), str)]
        if isinstance(messages, list)
        else []
    )
    status = doc.get("exit_status")
    if not errors and isinstance(status, int) and status != 0:
        errors.append(f"the command exited with status {status}")
    return errors
