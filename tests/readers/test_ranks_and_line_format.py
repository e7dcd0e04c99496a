"""Ranks from every source a log has, duplicate copies, and logs whose line format was changed on the way.

Issue 22: a rank is named by the envelopes' ``rank`` key, or by ``rank_N`` / ``rank-N`` / ``rankN``
anywhere in the log's file name or in a folder between it and the folder opened; a byte-identical
log is a copy (skipped, and said) only when nothing says it is another rank's; ranks sort as numbers.
Issue 24: a log whose lines end in ``\\r\\n`` reads as the LF log it was (PyTorch's MD5s are over the
LF payload), serially and split.  Issue 27: a payload line that lost its TAB does not end the log.
Inputs: ../shared/bugs/22, 24, 27 and logs derived here from the real traces.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil

import pytest
from conftest import SHARED, case_dir, case_log
from corpus import envelope, join, records
from inductor_lens.files.cache import Cache
from inductor_lens.files.discovery import natural_key, rank_in_name, rank_of_path
from inductor_lens.files.resolve import PathResolver
from inductor_lens.index.trace_index import load
from inductor_lens.readers.torch_trace import scan
from inductor_lens.readers.torch_trace.split import scan_split
from inductor_lens.report.json_report import index_json

BUGS = os.path.join(SHARED, "bugs")
INFER = "torch-2.11-cuda/mlp_infer"


def bug(path: str) -> str:
    full = os.path.join(BUGS, path)
    assert os.path.exists(full), full
    return full


def per_trace(index) -> list[tuple[int | None, str, list[tuple[str, list[str]]]]]:
    """(rank, file name, [(compile id, kernel names)]) of every trace, in the index's order."""
    out = []
    for trace in index.traces:
        graphs = [g for g in index.graphs if g.trace == trace.path]
        out.append((trace.rank, os.path.basename(trace.path), [(g.compile_id, [k.name for k in g.kernels]) for g in graphs]))
    return out


def report_text(paths: list[str], cache: str, folder: str) -> str:
    """``report --json`` of ``paths`` as text, ``folder`` (where the inputs lie) written ``<in>``."""
    doc = index_json(load(paths, Cache(cache)), PathResolver([], use_interpreter_site_packages=False))
    return json.dumps(doc, sort_keys=True).replace(json.dumps(folder)[1:-1], "<in>")


# --------------------------------------------------------------------------- 22: ranks


def test_22_messy_input_is_two_ranks(cache_dir):
    """rank_1's log is byte-identical to rank_0's and no record names a rank: the file names do."""
    folder = bug("22/multi_rank_messy_input")
    index = load([folder], Cache(cache_dir))
    alone = load([os.path.join(folder, "dedicated_log_torch_trace_rank_0.log")], Cache(cache_dir))
    (rank0,) = per_trace(alone)
    assert rank0[0] == 0 and rank0[2] == [
        (
            "0/0",
            [
                "aten.randint.low_out",
                "triton_poi_fused_native_dropout_0",
                "triton_poi_fused_baz_gelu_native_dropout_1",
                "torch.ops.test.baz.default",
            ],
        )
    ]
    assert per_trace(index) == [rank0, (1, "dedicated_log_torch_trace_rank_1.log", rank0[2])]
    assert {g.rank for g in index.graphs} == {0, 1}
    assert index.warnings == []  # the two empty files are not logs: nothing from them


def test_22_multi_rank_logs_ranks_0_and_2(cache_dir):
    index = load([bug("22/multi_rank_logs")], Cache(cache_dir))
    assert [(t.rank, os.path.basename(t.path)) for t in index.traces] == [
        (0, "dedicated_log_torch_trace_rank_0.log"),
        (2, "dedicated_log_torch_trace_rank_2.log"),
    ]
    failed = {(c.rank, c.compile_id) for c in index.compiles}
    assert failed == {(0, "0/0"), (2, "0/0")}  # each rank's failed compile, under its own rank


def test_rank_words_in_names():
    names = {
        "dedicated_log_torch_trace_rank_0.log": 0,
        "dedicated_log_torch_trace_rank_1_abc.log": 1,
        "dedicated_log_torch_trace_rank_0_kkjc2y6z.log": 0,
        "dedicated_log_torch_trace_rank-12.log": 12,
        "dedicated_log_torch_trace_rank7.log": 7,
        "Rank_3": 3,
        "dedicated_log_torch_trace_332mjnat.log": None,
        "cranky5": None,
        "ranks_2": None,
        "rank_4x": None,
    }
    assert {name: rank_in_name(name) for name in names} == names
    assert sorted(["rank_10", "rank_2", "rank_1", "rank_0", "rank_11"], key=natural_key) == [
        "rank_0",
        "rank_1",
        "rank_2",
        "rank_10",
        "rank_11",
    ]
    # folders count from the log up to the folder opened; that one (or a lone file's folder) only by its whole name
    assert rank_of_path("/x/rank_3/dedicated_log_torch_trace_abc.log") == 3
    assert rank_of_path("/x/test_one_rank0/dedicated_log_torch_trace_abc.log") is None
    assert rank_of_path("/x/test_one_rank0/logs/dedicated_log_torch_trace_abc.log", "/x/test_one_rank0/logs") is None
    assert rank_of_path("/x/top/job_rank_5/logs/dedicated_log_torch_trace_abc.log", "/x/top") == 5
    assert rank_of_path("/x/top/rank_5/dedicated_log_torch_trace_rank_6_a.log", "/x/top") == 6
    assert rank_of_path("/x/rank_2/attempt_0/dedicated_log_torch_trace_abc.log") == 2
    assert rank_of_path("/x/rank_2/attempt_0/dedicated_log_torch_trace_abc.log", "/x/rank_2/attempt_0") == 2
    assert rank_of_path("/x/logs_rank_2/attempt_0/dedicated_log_torch_trace_abc.log") is None


def test_22_twelve_rank_folders_sort_as_numbers(tmp_path, cache_dir):
    """rank_0/ ... rank_11/, each one copy of a real log: twelve traces, 0..11 in numeric order."""
    src = case_log(INFER)
    for rank in range(12):
        (tmp_path / "job" / f"rank_{rank}").mkdir(parents=True)
        shutil.copy(src, tmp_path / "job" / f"rank_{rank}" / os.path.basename(src))
    index = load([str(tmp_path / "job")], Cache(cache_dir))
    (one,) = per_trace(load([src], Cache(cache_dir)))
    assert one[0] is None and one[2] and all(names for _, names in one[2])
    assert [t.rank for t in index.traces] == list(range(12))
    assert [(rank, graphs) for rank, _, graphs in per_trace(index)] == [(rank, one[2]) for rank in range(12)]
    assert index.warnings == []


def test_22_rank_words_anywhere_and_the_envelope_first(tmp_path, cache_dir):
    """One log's bytes under four rank names; a ddp log whose records say rank 1 in a rank_5/ folder."""
    src = case_log(INFER)
    names = ["dedicated_log_torch_trace_rank_1_abc.log", "dedicated_log_torch_trace_rank-2.log", "dedicated_log_torch_trace_rank3.log"]
    for name in names:
        shutil.copy(src, tmp_path / name)
    (tmp_path / "logs_rank_4").mkdir()
    shutil.copy(src, tmp_path / "logs_rank_4" / "dedicated_log_torch_trace_xyz.log")
    ddp = sorted(os.listdir(os.path.join(case_dir("torch-2.14-cpu/ddp"), "trace")))[1]
    assert rank_in_name(ddp) == 1 and '"rank": 1' in open(os.path.join(case_dir("torch-2.14-cpu/ddp"), "trace", ddp)).read()
    (tmp_path / "rank_5").mkdir()
    shutil.copy(os.path.join(case_dir("torch-2.14-cpu/ddp"), "trace", ddp), tmp_path / "rank_5" / "dedicated_log_torch_trace_q.log")
    index = load([str(tmp_path)], Cache(cache_dir))
    assert sorted((t.rank, os.path.basename(t.path)) for t in index.traces) == [
        (1, "dedicated_log_torch_trace_q.log"),  # its records say rank 1: the folder's 5 does not count
        (1, names[0]),
        (2, names[1]),
        (3, names[2]),
        (4, "dedicated_log_torch_trace_xyz.log"),
    ]
    assert index.warnings == []


def test_22_a_copy_is_skipped_and_said(tmp_path, cache_dir):
    """The same bytes with nothing naming another rank: read once, and a warning names the copy."""
    src = case_log(INFER)
    (tmp_path / "run" / "backup").mkdir(parents=True)
    shutil.copy(src, tmp_path / "run" / "dedicated_log_torch_trace_a.log")
    shutil.copy(src, tmp_path / "run" / "backup" / "dedicated_log_torch_trace_b.log")
    shutil.copy(src, tmp_path / "run" / "dedicated_log_torch_trace_rank_0_c.log")  # rank 0 vs no rank: a copy too
    index = load([str(tmp_path / "run")], Cache(cache_dir))
    kept = os.path.join(str(tmp_path / "run"), "dedicated_log_torch_trace_a.log")
    assert [t.path for t in index.traces] == [kept]
    said = {os.path.basename(w.file): w for w in index.warnings}
    assert set(said) == {"dedicated_log_torch_trace_b.log", "dedicated_log_torch_trace_rank_0_c.log"}
    assert all(w.line == 0 and f"the same bytes as {kept}" in w.message and "skipped" in w.message for w in said.values())
    assert "(rank 0)" in said["dedicated_log_torch_trace_rank_0_c.log"].message


def test_22_a_log_repeating_its_compiles_is_said(tmp_path, cache_dir):
    """A real log concatenated with itself: its graphs twice, and a warning at the second copy's
    first ``dynamo_start`` of a compile that had ended."""
    data = open(case_log("torch-2.11-cuda/mlp_train"), "rb").read()
    path = tmp_path / "dedicated_log_torch_trace_twice.log"
    path.write_bytes(data + data)
    index = load([str(path)], Cache(cache_dir))
    once = load([case_log("torch-2.11-cuda/mlp_train")], Cache(cache_dir))
    assert [k.name for k in index.kernels] == [k.name for k in once.kernels] * 2
    (warning,) = index.warnings
    lines = (data + data).decode().split("\n")
    first_start = next(n for n, line in enumerate(lines, 1) if '{"dynamo_start"' in line)
    assert warning.file == str(path) and warning.line == first_start + data.count(b"\n")
    assert '"frame_id": 0, "frame_compile_id": 0' in lines[warning.line - 1]
    assert "compile 0/0 of process" in warning.message and "logged again" in warning.message
    assert once.warnings == []


# --------------------------------------------------------------------------- 24: CRLF line ends


def _crlf_copy(src: str, folder) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / os.path.basename(src)
    path.write_bytes(open(src, "rb").read().replace(b"\n", b"\r\n"))
    return str(path)


def _lf_copy(src: str, folder) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / os.path.basename(src)
    path.write_bytes(open(src, "rb").read().replace(b"\r\n", b"\n"))
    return str(path)


def test_24_crlf_log_reads_as_its_lf_copy(tmp_path):
    crlf = bug("24/dedicated_log_torch_trace_rank_1.log")
    lf = _lf_copy(crlf, tmp_path / "lf")
    assert open(crlf, "rb").read().count(b"\r\n") == open(lf, "rb").read().count(b"\n") > 25000
    cache = str(tmp_path / "cache")
    assert report_text([crlf], cache, bug("24")) == report_text([lf], cache, str(tmp_path / "lf"))
    index = load([crlf], Cache(cache))
    assert index.warnings == []
    assert [(g.rank, g.compile_id, [k.name for k in g.kernels]) for g in index.graphs] == [
        (1, f"0/{n}", ["cpp_fused_sum_0"]) for n in range(15)
    ]


def test_24_crlf_md5s_are_over_the_lf_payload(tmp_path):
    """The envelopes' MD5s are PyTorch's, over the payload written with LF: every payload of the
    CRLF log is read, verified, and equal to the LF copy's."""
    crlf = bug("24/dedicated_log_torch_trace_rank_1.log")
    lf = _lf_copy(crlf, tmp_path)
    a, b = scan(crlf), scan(lf)
    assert a.warnings == [] and b.warnings == [] and len(a.records) == len(b.records) > 100
    checked = 0
    for ra, rb in zip(a.records, b.records, strict=True):
        assert (ra.line, ra.kind, ra.name, ra.compile_id, ra.md5) == (rb.line, rb.kind, rb.name, rb.compile_id, rb.md5)
        if ra.md5 is None:
            continue
        text = a.payload(ra)
        assert text is not None and text == b.payload(rb) and "\r" not in text
        assert hashlib.md5(text.encode()).hexdigest() == ra.md5
        with open(crlf, "rb") as fh:
            fh.seek(ra.payload_start)
            raw = fh.read(ra.payload_end - ra.payload_start)
        if b"\r\n\t" in raw:  # (several lines) the CR bytes are not in what the MD5 is over
            assert hashlib.md5(raw.rstrip(b"\r\n").replace(b"\r\n\t", b"\r\n")[1:]).hexdigest() != ra.md5
            checked += 1
    assert checked > 100 and a.warnings == []


@pytest.mark.parametrize("processes", [2, 3])
def test_24_crlf_split_scan_equals_serial(tmp_path, processes):
    crlf = _crlf_copy(case_log("torch-2.11-cuda/gpt2_l12_train"), tmp_path)
    for path in (crlf, bug("24/dedicated_log_torch_trace_rank_1.log")):
        serial, split = scan(path), scan_split(path, processes)
        state = lambda log: (
            [(r.line, r.kind, r.name, r.envelope, r.compile_id, r.payload_start, r.payload_end, r.pid) for r in log.records],
            [(w.line, w.message) for w in log.warnings],
            log.strings,
            log.rank,
            log.torch_version,
            log.tail_line,
            log.incomplete_tail_line,
        )
        assert state(split) == state(serial) and serial.warnings == [] and serial.incomplete_tail_line is None


@pytest.mark.parametrize("case", [INFER, "torch-2.11-cuda/mlp_train", "torch-2.14-cpu/recompiles_health"])
def test_24_a_real_log_made_crlf_gives_the_same_report(case, tmp_path):
    src = case_log(case)
    lf = tmp_path / "lf"
    lf.mkdir()
    shutil.copy(src, lf / os.path.basename(src))
    crlf = _crlf_copy(src, tmp_path / "crlf")
    cache = str(tmp_path / "cache")
    want = report_text([str(lf / os.path.basename(src))], cache, str(lf))
    assert json.loads(want)["kernels"]
    assert report_text([crlf], cache, str(tmp_path / "crlf")) == want


def test_24_crlf_log_cut_inside_its_last_record_still_says_so(tmp_path, cache_dir):
    """CRLF is not a licence to miss a real cut: a CRLF log cut inside the output code's payload."""
    data = open(case_log(INFER), "rb").read()
    recs = records(data)
    code = next(i for i, r in enumerate(recs) if "inductor_output_code" in envelope(r)[1])
    cut = join(recs[:code]) + b"\n".join(recs[code][:20]) + b"\n"
    path = tmp_path / "dedicated_log_torch_trace_cut.log"
    path.write_bytes(cut.replace(b"\n", b"\r\n"))
    log = scan(str(path))
    first_code_line = cut.count(b"\n") - 19
    assert [(w.line, w.message) for w in log.warnings] == [
        (first_code_line, "last record's payload is incomplete (log truncated or still being written)")
    ]


# --------------------------------------------------------------------------- 27: a payload line without its TAB


def test_27_blank_line_without_tab_is_not_a_truncation(tmp_path, cache_dir):
    path = bug("27/export.log")
    lines = open(path, "rb").read().split(b"\n")
    assert lines[59].startswith(b"V") and b'"exported_program"' in lines[59] and lines[65] == b""
    index = load([path], Cache(cache_dir))
    (warning,) = index.warnings
    assert (warning.file, warning.line) == (path, 60)
    assert "payload MD5 mismatch for exported_program" in warning.message and "line 66 has lost its TAB" in warning.message
    assert "truncated or still being written" not in warning.message
    log = scan(path)
    assert log.incomplete_tail_line is None and log.record_count == 60
    # everything else as from the log without that record
    before = tmp_path / "export.log"
    before.write_bytes(b"\n".join(lines[:59]) + b"\n")
    doc = lambda p: {k: v for k, v in json.loads(report_text([p], str(tmp_path / "c"), os.path.dirname(p))).items() if k != "warnings"}
    assert doc(str(before)) == doc(path)


def _code_record(case: str) -> tuple[list[list[bytes]], int]:
    recs = records(open(case_log(case), "rb").read())
    return recs, next(i for i, r in enumerate(recs) if "inductor_output_code" in envelope(r)[1])


@pytest.mark.parametrize("last", [False, True], ids=["inside", "last record"])
def test_27_payload_lines_that_lost_their_tab_are_read_by_their_md5(last, tmp_path, cache_dir):
    """A real output code whose empty payload lines and one code line lost their TAB (MD5 kept):
    read as PyTorch wrote it, whether the record is inside the log or its last."""
    recs, code = _code_record(INFER)
    body = recs[code][1:]
    blank = [n for n, line in enumerate(body) if line == b"\t"]
    assert len(blank) > 3
    edited = [line[1:] if line == b"\t" else line for line in body]
    middle = next(n for n in range(len(edited) // 2, len(edited)) if edited[n].startswith(b"\t") and edited[n].strip())
    edited[middle] = edited[middle][1:]
    kept = recs[: code + 1] if last else recs
    new = kept[:code] + [[recs[code][0], *edited]] + kept[code + 1 :]
    path = tmp_path / "dedicated_log_torch_trace_untabbed.log"
    path.write_bytes(join(new))
    original = tmp_path / "orig" / "dedicated_log_torch_trace_untabbed.log"
    original.parent.mkdir()
    original.write_bytes(join(kept))
    index = load([str(path)], Cache(cache_dir))
    want = load([str(original)], Cache(cache_dir))
    assert index.warnings == [] and want.warnings == []
    assert [(k.key, k.frames) for k in index.kernels] == [(k.key, k.frames) for k in want.kernels] and want.kernels


def test_27_untabbed_line_in_an_edited_last_record_is_a_md5_warning(tmp_path, cache_dir):
    """An output code, last in its log, with a blank line without its TAB and another line changed:
    its MD5 fails (said at its line, naming the line without TAB); not taken for a cut log."""
    recs, code = _code_record(INFER)
    body = recs[code][1:]
    at = next(n for n, line in enumerate(body) if line == b"\t")
    edited = list(body)
    edited[at] = b""
    edited[at + 1] = edited[at + 1] + b"  # edited"
    path = tmp_path / "dedicated_log_torch_trace_edited.log"
    path.write_bytes(join(recs[:code] + [[recs[code][0], *edited]]))
    code_line = sum(len(r) for r in recs[:code]) + 1
    assert b"inductor_output_code" in open(path, "rb").read().split(b"\n")[code_line - 1]
    log = scan(str(path))
    assert log.warnings == [] and log.incomplete_tail_line is None
    index = load([str(path)], Cache(cache_dir))
    messages = [(w.line, w.message) for w in index.warnings]
    assert {line for line, _ in messages} == {code_line} and len(messages) == 2
    assert "payload MD5 mismatch for inductor_output_code" in messages[0][1]
    assert f"line {code_line + 1 + at} has lost its TAB" in messages[0][1]
    assert "could not be read from the log" in messages[1][1] and not index.graphs  # as any damaged output code
    assert not any("truncated or still being written" in m for _, m in messages)
