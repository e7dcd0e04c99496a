"""A payload repeated later in a log (or in another rank's log) is checked by comparing its bytes
with the copy already verified by MD5, not by hashing it again (issue 27); any difference falls
back to the MD5, so damage is still found."""

from __future__ import annotations

import hashlib
import os

from conftest import case_log
from corpus import find, join, records
from inductor_lens.readers.torch_trace import TraceLog, payload, scan


def _two_copies(tmp_path, damage: bool) -> str:
    recs = records(open(case_log("torch-2.11-cuda/mlp_infer"), "rb").read())
    i = find(recs, "inductor_output_code")
    copy = list(recs[i])
    if damage:
        n = next(k for k, line in enumerate(copy) if b"def call(" in line)
        copy[n] = copy[n] + b" "
    path = os.path.join(str(tmp_path), "dedicated_log_torch_trace_twice.log")
    with open(path, "wb") as fh:
        fh.write(join(recs + [copy] + recs[-1:]))
    return path


def _scan_fresh(path: str) -> TraceLog:
    """``path`` scanned with no payload verified before (the memory of verified copies is per process)."""
    payload._VERIFIED.clear()
    payload._held[0] = 0
    return scan(path)


def _code_records(log: TraceLog):
    return [r for r in log.records if r.kind == "inductor_output_code"]


def test_the_second_copy_is_checked_by_its_bytes(tmp_path, monkeypatch):
    path = _two_copies(tmp_path, damage=False)
    log = _scan_fresh(path)
    first, second = _code_records(log)
    assert first.md5 == second.md5
    calls = []
    real = hashlib.md5
    monkeypatch.setattr(payload.hashlib, "md5", lambda data=b"": calls.append(len(data)) or real(data))
    text = log.payload(first)
    assert text is not None and len(calls) == 1
    assert log.verify(second) and len(calls) == 1  # no second hash
    assert log.payload(second) == text


def test_a_changed_copy_is_still_found(tmp_path):
    path = _two_copies(tmp_path, damage=True)
    log = _scan_fresh(path)
    first, second = _code_records(log)
    assert log.payload(first) is not None
    assert not log.verify(second)  # the bytes differ: the MD5 decides, and it fails


def test_a_repeated_crlf_payload_reads_as_the_first_copy(tmp_path):
    """The kind of fault CI found: the second copy of a CRLF payload (checked by its bytes) must be
    read as the first was, with CR removed."""
    path = _two_copies(tmp_path, damage=False)
    data = open(path, "rb").read().replace(b"\n", b"\r\n")
    crlf = os.path.join(str(tmp_path), "dedicated_log_torch_trace_crlf.log")
    with open(crlf, "wb") as fh:
        fh.write(data)
    log = _scan_fresh(crlf)
    first, second = _code_records(log)
    one, two = log.payload(first), log.payload(second)
    assert one is not None and one == two and "\r" not in two


def test_checking_a_copy_builds_no_text(tmp_path, monkeypatch):
    """Checking a copy (the loader's check of a repeated graph) compares the raw bytes only: no
    copy without TABs is made for a text nobody reads (0.2 s of a 342 MB log of 38 repetitions)."""
    path = _two_copies(tmp_path, damage=False)
    log = _scan_fresh(path)
    first, second = _code_records(log)
    assert log.payload(first) is not None
    built: list[int] = []
    real = TraceLog._payload_bytes
    monkeypatch.setattr(TraceLog, "_payload_bytes", lambda self, rec: built.append(rec.line) or real(self, rec))
    assert log.verify(second) and built == []
    assert payload.same_as_verified(path, second.payload_start, second.payload_end, second.md5)
    assert not payload.same_as_verified(path, second.payload_start + 1, second.payload_end, second.md5)
    assert not payload.same_as_verified(path, second.payload_start, second.payload_end, None)
