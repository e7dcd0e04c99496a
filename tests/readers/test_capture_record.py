"""``readers/capture_record.py``: a capture folder's errors, whatever its capture.json holds."""

from __future__ import annotations

import json

from inductor_lens.readers.capture_record import capture_errors


def test_capture_errors_of_odd_records(tmp_path):
    record = tmp_path / "capture.json"
    assert capture_errors(str(tmp_path)) == []  # none
    for text in ("not json", "[]", json.dumps({"version": 2, "messages": [{"level": "error", "text": "x"}]})):
        record.write_text(text)
        assert capture_errors(str(tmp_path)) == [], text
    record.write_text(json.dumps({"version": 1, "exit_status": 3, "messages": [{"level": "warning", "text": "w"}, "odd"]}))
    assert capture_errors(str(tmp_path)) == ["the command exited with status 3"]
    record.write_text(json.dumps({"version": 1, "exit_status": 0, "messages": [{"level": "error", "text": "e1"}, {"level": "error"}]}))
    assert capture_errors(str(tmp_path)) == ["e1"]
    record.write_text(json.dumps({"version": 1, "exit_status": 0, "messages": None}))
    assert capture_errors(str(tmp_path)) == []
