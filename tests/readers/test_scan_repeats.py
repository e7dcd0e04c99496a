"""Two ways the log scan does less and gives the same scan (``readers/torch_trace``):

* it steps over a payload it has met before (``repeats.Repeats``: a repeated compile's graphs are half of
  a log that repeats its compiles), of a record the index reads or not: it compares the bytes with
  the copy kept instead of searching them for record headers and counting their newlines;
* it steps over an envelope line longer than ``_LONG_ENVELOPE`` (compilation metrics: up to 2 MB)
  at once;
* a run of records of kinds the index does not use (``describe_tensor``, ``chromium_event``: most
  records of a training log) is one step of the scan, not one per record (``_HEADER_OR_RUN``).

The reference is the scan that does none of these (``REPEAT_MIN_BYTES`` above every payload, no run
ever matched, no envelope long), on every real log of ../shared/traces, and on real logs repeated three times with
distinct frame ids (as bench/make_big_traces.py does), in small chunks and split in two; copies
whose bytes differ from the first copy while their envelope names its MD5 (a changed byte, a
record written into the middle of the payload) are scanned byte by byte."""

from __future__ import annotations

import glob
import os
import re
from collections import Counter

import pytest
from conftest import all_cases, case_dir, case_log, repeated_log
from inductor_lens.readers import torch_trace
from inductor_lens.readers.torch_trace import repeats
from inductor_lens.readers.torch_trace.split import scan_split


def _facts(log) -> tuple:
    return (
        [(r.line, r.kind, r.name, r.compile_id, r.payload_start, r.payload_end, r.pid, r.envelope) for r in log.records],
        [(w.line, w.message) for w in log.warnings],
        log.record_count,
        log.tail_line,
        log.tail_offset,
        log.incomplete_tail_line,
        log.strings,
        log.torch_version,
    )


#: the scan's header search with no run ever matched
_NO_RUNS = re.compile(rb"\n(?:(?P<run>(?!))|" + torch_trace._HEADER_KEY.pattern + rb")")


def _reference(path: str, monkeypatch, scanner=None):
    """The scan that searches every byte and takes every header alone."""
    with monkeypatch.context() as m:
        m.setattr(repeats, "REPEAT_MIN_BYTES", 1 << 40)
        m.setattr(torch_trace, "_HEADER_OR_RUN", _NO_RUNS)
        m.setattr(torch_trace, "_LONG_ENVELOPE", 1 << 40)
        return (scanner or torch_trace.scan)(path)


def _scans(path: str, monkeypatch, unread: list | None = None) -> tuple:
    """(the scan, the reference scan, how many payloads the first stepped over, how many runs it
    took at once); ``unread`` gets a True per payload of a record the index does not use it stepped over."""
    stepped, runs = [], []
    step, step_unread, headers = repeats.Repeats.step, repeats.Repeats.step_unread, torch_trace._headers
    unread = [] if unread is None else unread

    def counting(self, buf, envelope, start):
        found = step(self, buf, envelope, start)
        stepped.append(found is not None)
        return found

    def counting_unread(self, buf, line, line_end, start):
        found = step_unread(self, buf, line, line_end, start)
        unread.append(found is not None)
        return found

    def counted(*args):
        for found in headers(*args):
            runs.append(found[2])
            yield found

    with monkeypatch.context() as m:
        m.setattr(repeats.Repeats, "step", counting)
        m.setattr(repeats.Repeats, "step_unread", counting_unread)
        m.setattr(torch_trace, "_headers", counted)
        log = torch_trace.scan(path)
    return log, _reference(path, monkeypatch), sum(stepped), sum(runs)


def _small_logs() -> list[str]:
    return [
        log
        for case in all_cases()
        for log in sorted(glob.glob(os.path.join(case_dir(case), "trace", "*.log")))
        if os.path.getsize(log) < 32 << 20
    ]


@pytest.mark.parametrize("log", _small_logs(), ids=lambda p: os.path.relpath(p, os.path.dirname(os.path.dirname(os.path.dirname(p)))))
def test_every_real_log_scans_as_the_reference(log, monkeypatch):
    scanned, reference, _, _ = _scans(log, monkeypatch)
    assert _facts(scanned) == _facts(reference)


def test_a_training_log_takes_its_unread_records_in_runs(monkeypatch):
    """gpt2_l12_train (PyTorch 2.11, H200): most of its records are tensor descriptions and
    chromium events, in runs: the scan takes far fewer steps than there are records."""
    scanned, reference, _, runs = _scans(case_log("torch-2.11-cuda/gpt2_l12_train"), monkeypatch)
    assert _facts(scanned) == _facts(reference)
    unread = reference.record_count - len(reference.records)
    assert unread > 1000 and 0 < runs < unread / 4


def _output_code_lines(lines: list[bytes], kind: bytes = b'{"inductor_output_code"') -> tuple[int, int]:
    """Where the first output code's (or ``kind``'s) payload lies in a repetition's lines: (first, last) line index."""
    head = next(n for n, line in enumerate(lines) if kind in line)
    end = next(n for n in range(head + 1, len(lines)) if not lines[n].startswith(b"\t"))
    return head + 1, end - 1


@pytest.mark.parametrize("case", ["torch-2.11-cuda/gpt2_train", "torch-2.11-cuda/profile_cnn", "torch-2.14-cpu/mlp_train"])
def test_a_repeated_log_steps_over_its_repeated_payloads_and_scans_the_same(case, tmp_path, monkeypatch):
    path = repeated_log(case, tmp_path / "dedicated_log_torch_trace_rep.log")
    unread: list[bool] = []
    log, reference, stepped, _ = _scans(path, monkeypatch, unread)
    assert _facts(log) == _facts(reference)
    big = [r for r in reference.records if r.payload_end - r.payload_start >= repeats.REPEAT_MIN_BYTES]
    counts = Counter(r.md5 for r in big)
    assert stepped == sum(max(n - 2, 0) for n in counts.values()) > 0  # every copy after the second (the one kept)
    # the records the index does not read: their big payloads' third copies are stepped over too
    # (the reference does not list them: count them in the log's text)
    unread_big = _unread_payloads(path)
    assert sum(unread) > 0 and sum(unread) == sum(max(n - 2, 0) for n in Counter(unread_big).values())
    with monkeypatch.context() as m:  # chunks smaller than a payload: what lies across two is searched
        m.setattr(torch_trace, "CHUNK_BYTES", 1 << 16)
        assert _facts(torch_trace.scan(path)) == _facts(reference)


def _unread_payloads(path: str) -> list[bytes]:
    """The MD5s of the payloads of at least ``REPEAT_MIN_BYTES`` of the log's records the index
    does not use (envelope kinds, or artifact names, not in ``WANTED_BYTES``), read line by line."""
    from inductor_lens.readers.torch_trace.wanted import WANTED_BYTES

    out, unused, md5, size = [], False, None, 0
    for line in open(path, "rb").read().split(b"\n") + [b"V"]:
        if line.startswith(b"\t"):
            size += len(line) + 1
            continue
        if unused and md5 and size >= repeats.REPEAT_MIN_BYTES:
            out.append(md5)
        found = re.match(rb'[VIWEC]\d{4} [^\n]*?\] \{"(\w+)"(?:: \{"name": "(\w+)")?', line)
        names = WANTED_BYTES.get(found.group(1), False) if found else True
        unused = not (names is True or (names and found.group(2) in names))
        has = re.search(rb'"has_payload": "([0-9a-f]{32})"', line)
        md5, size = (has.group(1) if has else None), 0
    return out


def test_envelopes_stepped_over_at_once_scan_as_the_reference(monkeypatch):
    """gpt2_train's logs with every envelope line over 100 bytes stepped over (not searched for a header)."""
    path = case_log("torch-2.11-cuda/gpt2_l12_train")
    monkeypatch.setattr(torch_trace, "_LONG_ENVELOPE", 100)
    assert _facts(torch_trace.scan(path)) == _facts(_reference(path, monkeypatch))


def test_a_split_scan_of_a_repeated_log_is_the_serial_scan(tmp_path, monkeypatch):
    path = repeated_log("torch-2.11-cuda/gpt2_train", tmp_path / "dedicated_log_torch_trace_rep.log", reps=4)
    reference = _reference(path, monkeypatch)
    assert _facts(scan_split(path, processes=2)) == _facts(reference)


def _changed_byte(rep: int, lines: list[bytes]) -> list[bytes]:
    if rep == 1:
        first, last = _output_code_lines(lines)
        middle = (first + last) // 2
        lines[middle] = lines[middle] + b" "  # the envelope still names the first copy's MD5
    return lines


def _record_inside(rep: int, lines: list[bytes]) -> list[bytes]:
    if rep == 2:
        first, last = _output_code_lines(lines)
        header = next(line for line in lines if b'{"describe_tensor"' in line or b'{"dynamo_start"' in line)
        middle = (first + last) // 2
        return lines[:middle] + [header] + lines[middle + 1 :]  # a record written into the payload, a line lost
    return lines


@pytest.mark.parametrize("edit", [_changed_byte, _record_inside])
def test_a_copy_whose_bytes_differ_is_searched_byte_by_byte(edit, tmp_path, monkeypatch):
    path = repeated_log("torch-2.11-cuda/gpt2_train", tmp_path / "dedicated_log_torch_trace_rep.log", edit=edit)
    log, reference, stepped, _ = _scans(path, monkeypatch)
    assert _facts(log) == _facts(reference)
    plain, _, plain_stepped, _ = _scans(repeated_log("torch-2.11-cuda/gpt2_train", tmp_path / "plain.log"), monkeypatch)
    assert stepped == plain_stepped - 1  # the changed copy only is not stepped over
    if edit is _record_inside:  # the record written inside is found (and the payload ends there)
        assert log.record_count == plain.record_count + 1


def _changed_unread(rep: int, lines: list[bytes]) -> list[bytes]:
    if rep == 2:
        # a payload the index's scan does not read (the guards' it does, for their allow_tf32)
        first, last = _output_code_lines(lines, b'{"artifact": {"name": "fx_graph_runnable"')
        lines[(first + last) // 2] += b" "
    return lines


def test_a_changed_copy_of_a_payload_the_index_does_not_read_is_searched(tmp_path, monkeypatch):
    path = repeated_log("torch-2.11-cuda/gpt2_train", tmp_path / "dedicated_log_torch_trace_rep.log", edit=_changed_unread)
    unread: list[bool] = []
    log, reference, _, _ = _scans(path, monkeypatch, unread)
    assert _facts(log) == _facts(reference)
    plain: list[bool] = []
    _scans(repeated_log("torch-2.11-cuda/gpt2_train", tmp_path / "plain.log"), monkeypatch, plain)
    assert sum(unread) == sum(plain) - 1 > 0


def test_a_log_that_grew_after_its_size_was_taken_is_read_to_its_end(monkeypatch):
    """The scan reads into its buffer what the log's size says is left (and a little more) at a
    time, then on until a read comes back short: a log still being written that grew between the
    size and the reads is scanned to its end, as before."""
    path = case_log("torch-2.11-cuda/gpt2_l12_train")
    whole = torch_trace.scan(path)
    real = os.path.getsize
    monkeypatch.setattr(torch_trace.os.path, "getsize", lambda p: real(p) // 3)
    grown = torch_trace.scan(path)
    assert grown.size == real(path) // 3 and grown.bytes_scanned == real(path) > 3 << 20
    assert _facts(grown) == _facts(whole)


def _reads(monkeypatch) -> list:
    """Count the payload reads of :meth:`TraceLog.verify` (its byte comparison and its MD5 check)."""
    from inductor_lens.readers.torch_trace import records

    reads: list = []
    for name in ("same_as_verified", "payload_bytes"):
        real = getattr(records, name)
        monkeypatch.setattr(records, name, lambda *a, real=real, name=name: reads.append(name) or real(*a))
    return reads


def test_a_copy_the_scan_compared_is_intact_when_its_first_copy_was_read_intact(tmp_path, monkeypatch):
    """A payload the scan stepped over (``TraceLog.copies``) is verified without being read again
    once the payload it repeats was read and matched its MD5 in this process; before that, it is
    read as any other."""
    path = repeated_log("torch-2.11-cuda/gpt2_train", tmp_path / "dedicated_log_torch_trace_rep.log")
    log = torch_trace.scan(path)
    by_start = {r.payload_start: r for r in log.records}
    pairs = [(by_start[at], by_start[first]) for at, first in log.copies.items()]
    assert pairs and all(c.md5 == o.md5 and c.line > o.line for c, o in pairs)
    reads = _reads(monkeypatch)
    copy, original = pairs[0]
    assert log.verify(copy) and reads  # its first copy not read yet: read
    again = torch_trace.scan(path)
    assert again.payload(original) is not None
    del reads[:]
    assert all(again.verify(c) for c, _ in pairs if c.md5 == original.md5) and not reads
    import pickle

    assert pickle.loads(pickle.dumps(again))._intact == set() and pickle.loads(pickle.dumps(again)).copies == again.copies


def _damaged_twice(rep: int, lines: list[bytes]) -> list[bytes]:
    if rep in (1, 2):  # the same change in two copies: byte-identical, neither matches the envelope's MD5
        first, last = _output_code_lines(lines)
        lines[(first + last) // 2] += b"  # changed"
    return lines


def test_a_copy_of_a_damaged_payload_is_damaged(tmp_path):
    path = repeated_log("torch-2.11-cuda/gpt2_train", tmp_path / "dedicated_log_torch_trace_rep.log", edit=_damaged_twice)
    log = torch_trace.scan(path)
    by_start = {r.payload_start: r for r in log.records}
    code = [r for r in log.records if r.kind == "inductor_output_code"]
    kept = code[len(code) // 3]  # the second copy's first output code, the one the scan kept
    damaged = [by_start[at] for at, first in log.copies.items() if by_start[first] is kept]
    assert damaged, "the damaged copy was stepped over (same bytes as the damaged copy kept)"
    warnings: list = []
    assert log.payload(kept, warnings) is not None and warnings  # read as it is, with a `changed` warning: not intact
    assert not any(log.verify(c) for c in damaged)
