"""The on-disk index cache: a re-opened trace is served without scanning or parsing it."""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys

from conftest import case_log
from inductor_lens.files.cache import Cache
from inductor_lens.index import loader as loader_module
from inductor_lens.index import materialize as materialize_module
from inductor_lens.index.trace_index import load


def _kernels(index):
    return [(g.compile_id, g.kind, k.key, [(f.file, f.line) for f in k.frames], k.post_grad_nodes) for g in index.graphs for k in g.kernels]


def test_warm_reopen_reads_nothing(tmp_path, monkeypatch):
    log = tmp_path / "dedicated_log_torch_trace_a.log"
    shutil.copy(case_log("torch-2.11-cuda/gpt2_train"), log)
    cache = Cache(str(tmp_path / "cache"))
    cold = load([str(log)], cache)
    expected = _kernels(cold)
    assert len(expected) == 74 and os.listdir(tmp_path / "cache" / "index")

    def no_scan(*args, **kwargs):
        raise AssertionError("a warm re-open must not scan the log")

    monkeypatch.setattr(loader_module, "scan_log", no_scan)
    monkeypatch.setattr(materialize_module, "parse_output_code", no_scan)
    monkeypatch.setattr(materialize_module, "materialize_log_graph", no_scan)
    warm = load([str(log)], cache)
    assert _kernels(warm) == expected
    assert warm.document(warm.graphs[0].output_code).graph is warm.graphs[0]


def test_changed_log_or_deleted_files_invalidate(tmp_path):
    log = tmp_path / "dedicated_log_torch_trace_b.log"
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), log)
    cache = Cache(str(tmp_path / "cache"))
    first = load([str(log)], cache)
    # rewrite the file with other content of the same size: not the same log any more
    data = bytearray(open(case_log("torch-2.11-cuda/mlp_infer"), "rb").read())
    data[:1] = b"X"  # damages only the first record
    log.write_bytes(bytes(data))
    second = load([str(log)], cache)
    assert any(w.line == 1 for w in second.warnings) and len(second.kernels) == 4
    # deleted extracted copies: the cache entry is stale, the index is rebuilt
    shutil.rmtree(tmp_path / "cache" / "extracted")
    third = load([str(log)], cache)
    assert all(os.path.isfile(g.output_code) for g in third.graphs) and len(third.kernels) == len(first.kernels)


def test_corrupt_cache_file_is_ignored(tmp_path):
    log = tmp_path / "dedicated_log_torch_trace_c.log"
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), log)
    cache = Cache(str(tmp_path / "cache"))
    load([str(log)], cache)
    (index_file,) = [os.path.join(tmp_path, "cache", "index", f) for f in os.listdir(tmp_path / "cache" / "index")]
    with open(index_file, "wb") as fh:
        fh.write(b"not a pickle")
    assert len(load([str(log)], cache).kernels) == 4


def test_cli_no_cache_writes_no_index(tmp_path):
    cache = tmp_path / "cache"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "inductor_lens",
            "report",
            case_log("torch-2.11-cuda/combo"),
            "--json",
            "--no-cache",
            "--cache-dir",
            str(cache),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(proc.stdout)["kernels"] and not (cache / "index").exists()


def _definition(index):
    kernel = next(k for g in index.graphs for k in g.kernels if k.name == "triton_per_fused_gelu_native_layer_norm_0")
    path, line = kernel.definition.path, kernel.definition.line
    with open(path, encoding="utf-8") as fh:
        return path, line, fh.read().split("\n")[line - 1]


def _insert_two_lines(path):
    os.chmod(path, 0o644)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("# edited\n# edited\n" + text)


def test_positions_follow_edits_of_the_files_they_point_into(tmp_path):
    """An output code reformatted after indexing (format-on-save) moved every line the index points
    at, and the index cache kept serving the old positions (a new user's finding).  Now: the index
    cache is stale when a file its graphs point into changed; the Inductor cache file beside the
    log, edited, is no longer the output code (the logged text is extracted instead); an edited
    extracted copy is written again; and extracted copies are read-only."""
    from conftest import case_dir

    folder = tmp_path / "ic"
    shutil.copytree(case_dir("torch-2.11-cuda/mlp_train"), folder)
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            os.chmod(os.path.join(root, name), 0o755 if name in dirs else 0o644)
    cache = Cache(str(tmp_path / "cache"))
    index = load([str(folder)], cache)
    moved, line, code = _definition(index)
    # the definition is in the extracted copy, named by what it is; the Inductor cache file beside
    # the log with the same text is an alias of it
    assert moved.startswith(cache.root) and os.path.basename(moved) == "forward · compile 0_0 · output code.py"
    assert line == 62 and code.startswith("triton_per_fused_gelu_native_layer_norm_0 = ")
    graph = next(g for g in index.graphs if g.output_code == moved)
    (on_disk,) = graph.output_code_aliases
    assert on_disk.startswith(str(folder)) and open(on_disk).read() == open(moved).read()
    assert index.document(on_disk).graph is graph
    _insert_two_lines(on_disk)  # the Inductor cache file beside the log, edited
    for disk_cache in (True, False):
        again_index = load([str(folder)], cache, disk_cache=disk_cache)
        again, _, again_code = _definition(again_index)
        assert again == moved and again_code == code
        assert os.stat(moved).st_mode & 0o222 == 0  # read-only
        assert all(on_disk not in g.output_code_aliases for g in again_index.graphs)  # no longer the same text
    _insert_two_lines(moved)  # the extracted copy, edited
    for disk_cache in (True, False):
        again, again_line, again_code = _definition(load([str(folder)], cache, disk_cache=disk_cache))
        assert (again, again_code) == (moved, code)


def test_an_edit_in_place_of_the_same_size_is_not_taken_for_an_append(tmp_path):
    """A log edited in place, its size kept (one kernel name changed): the index cache must not
    serve the old answer (it took the log for one that grew by nothing, and reused its records
    and their MD5s: 12 kernels and no warning, where --no-cache finds the MD5 mismatch), and a
    repair in place is seen again (a new user's finding)."""
    log = tmp_path / "a.log"
    original = open(case_log("torch-2.11-cuda/mlp_train"), "rb").read()
    log.write_bytes(original)
    cache = Cache(str(tmp_path / "cache"))
    first = load([str(log)], cache)
    assert sum(len(g.kernels) for g in first.graphs) == 12 and not first.warnings
    edited = original.replace(b"triton_per_fused_gelu_native_layer_norm_0.run(", b"triton_per_fused_gelu_native_layer_norm_9.run(", 1)
    assert len(edited) == len(original) and edited != original
    log.write_bytes(edited)
    os.utime(log, ns=(os.stat(log).st_atime_ns, os.stat(log).st_mtime_ns + 1_000_000_000))
    again = load([str(log)], cache)
    assert any("payload MD5 mismatch" in w.message for w in again.warnings)
    assert [(w.line, w.message) for w in again.warnings] == [
        (w.line, w.message) for w in load([str(log)], cache, disk_cache=False).warnings
    ]
    log.write_bytes(original)  # repaired in place
    os.utime(log, ns=(os.stat(log).st_atime_ns, os.stat(log).st_mtime_ns + 2_000_000_000))
    repaired = load([str(log)], cache)
    assert sum(len(g.kernels) for g in repaired.graphs) == 12 and not repaired.warnings


def test_a_write_cut_short_is_never_taken_for_the_extracted_copy(tmp_path):
    """Found by a new user's trial: an interrupt during an extraction left
    ``extracted/<md5>/.tmp-<pid>-0-<name>``, which sorts first: the next run pointed the graph at
    that partial file.  The real report of mlp_train with such a leftover in each of its folders."""
    cache = tmp_path / "cache"
    case = os.path.dirname(os.path.dirname(case_log("torch-2.11-cuda/mlp_train")))
    run = [sys.executable, "-m", "inductor_lens", "report", case, "--json", "--no-cache", "--cache-dir", str(cache)]
    first = subprocess.run(run, capture_output=True, timeout=120, check=True).stdout
    folders = [cache / "extracted" / d for d in os.listdir(cache / "extracted")]
    assert folders
    for folder in folders:
        (folder / ".tmp-99999-0-partial.py").write_text("# cut short\n")
    again = subprocess.run(run, capture_output=True, timeout=120, check=True).stdout
    assert again == first and b".tmp-" not in again
    for folder in folders:
        found = Cache(str(cache)).extracted_path("", "x.py", folder.name)
        assert os.path.dirname(found) == str(folder) and not os.path.basename(found).startswith(".tmp-")


def test_a_stage_named_link_falls_back_to_the_file_itself(tmp_path, monkeypatch):
    """The references peek's stage-named links (issue 50 item 6) on the real cap_mlp_train Triton
    cache: made in the cache folder, made again when they point elsewhere, and where no link can be
    made (Windows without the privilege: os.symlink raises OSError) the real file is named."""
    from conftest import DATA

    [ptx] = glob.glob(os.path.join(DATA, "torch-2.11-cuda", "cap_mlp_train", "torchinductor", "triton", "0", "*", "*.ptx"))[:1]
    cache = Cache(str(tmp_path / "cache"))
    name = f"PTX · {os.path.basename(ptx)}"
    link = cache.named_link(ptx, os.path.dirname(ptx), name)
    assert os.path.dirname(os.path.dirname(link)) == os.path.join(cache.root, "ir") and os.path.basename(link) == name
    assert os.path.realpath(link) == os.path.realpath(ptx) and open(link).read() == open(ptx).read()
    assert cache.named_link(ptx, os.path.dirname(ptx), name) == link  # made once
    other = tmp_path / "other.ptx"
    other.write_text("// another\n")
    assert os.path.realpath(cache.named_link(str(other), os.path.dirname(ptx), name)) == str(other)  # pointed elsewhere: made again
    assert not [n for n in os.listdir(os.path.dirname(link)) if n.startswith(".tmp-")]

    def refused(*args, **kwargs):
        raise OSError(1314, "A required privilege is not held by the client")

    monkeypatch.setattr(os, "symlink", refused)
    assert cache.named_link(ptx, os.path.dirname(ptx), f"TTIR · {os.path.basename(ptx)}") == os.path.abspath(ptx)
