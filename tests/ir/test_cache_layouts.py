"""Issue 48 item 1: a Triton kernel's folder is found in every layout Triton 3.x and Inductor leave,
built from the real H200 run ``pairs/torch-2.11-cuda/mlp_train`` (its Inductor cache kept with
``triton/0/<hash>/``, kernel files ``/tmp/torchinductor_mlp_train/<xx>/<name>.py``): the same
seven kernel folders rearranged in ``tmp_path`` as each layout lays them out.

Every layout must give each of the 6 Triton kernels the folder that compiled its file (of the two
autotune candidates of ``..._backward_1``, the one the ``.best_config`` names) and, per kernel
line, the PTX lines its ``.loc`` directives give (read here on their own, test_ir's reader)."""

from __future__ import annotations

import io
import json
import os
import shutil

import pytest
from conftest import DATA, TRACES
from inductor_lens.cli import main
from test_ir import _ptx_lines

RUN = os.path.join(DATA, "pairs", "torch-2.11-cuda", "mlp_train")
CACHE = os.path.join(RUN, "inductor_cache")
KERNELS = os.path.join(CACHE, "triton", "0")
#: the autotune candidate the .best_config beside the kernel's file (u6/) names
CHOSEN = "GXHI3B662QAHJD4ZY3U2RXCCXWZOVXAPMEE6WTGPKU7AUK6GFSBA"


def _report(trace: str, tmp_path, *extra: str, env: dict | None = None) -> tuple[dict, str]:
    import contextlib

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["report", trace, "--json", "--ir", "--cache-dir", str(tmp_path / "lens"), *extra]) == 0
    return json.loads(out.getvalue()), err.getvalue()


def _trace(tmp_path, name: str = "run") -> str:
    """The run's trace folder copied to ``tmp_path/<name>/trace`` (no cache beside it)."""
    dst = tmp_path / name / "trace"
    shutil.copytree(os.path.join(RUN, "trace"), dst)
    return str(dst)


def _kernels_into(folder: str) -> None:
    """The run's Triton kernel folders copied into ``folder`` (``folder/<hash>/``)."""
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(KERNELS):
        shutil.copytree(os.path.join(KERNELS, name), os.path.join(folder, name))


def _inductor_files_into(cache: str) -> None:
    """The run's Inductor kernel folders (``u6/`` with its ``.best_config``) copied into ``cache``,
    and a two-character Inductor folder whose name is digits (``75/``, as real caches have)."""
    shutil.copytree(os.path.join(CACHE, "u6"), os.path.join(cache, "u6"))
    os.makedirs(os.path.join(cache, "75"))
    with open(os.path.join(cache, "75", "c75x.py"), "w") as fh:
        fh.write("# an Inductor kernel file of another graph\n")


def _check(doc: dict, root_part: str) -> None:
    kernels = [k for k in doc["kernels"] if "ir" in k]
    assert len({k["name"] for k in kernels}) == 6
    for k in kernels:
        ir = k["ir"]
        assert ir["dir"] is not None, (k["name"], ir)
        assert root_part in ir["dir"], (root_part, ir["dir"])
        assert f'"{ir["kernel_file"]}"' in open(ir["files"]["ptx"]).read()  # the folder compiled the kernel's file
        want = _ptx_lines(ir["files"]["ptx"], ir["kernel_file"])
        assert {int(line): f["ptx"] for line, f in ir["lines"].items() if f["ptx"]} == want, k["name"]
        if k["name"] == "triton_poi_fused_add_addmm_relu_threshold_backward_1":
            assert ir["hash"] == CHOSEN and ir["match"] == "best_config" and len(ir["candidates"]) == 2


def test_inductor_cache_triton_device_hash(tmp_path):
    """``<inductor cache>/triton/<device>/<hash>/``, the cache kept beside the trace as ``inductor_cache``."""
    trace = _trace(tmp_path)
    cache = str(tmp_path / "run" / "inductor_cache")
    _inductor_files_into(cache)
    _kernels_into(os.path.join(cache, "triton", "0"))
    doc, _ = _report(trace, tmp_path)
    _check(doc, os.path.join("inductor_cache", "triton", "0") + os.sep)


def test_inductor_cache_triton_hash_with_a_digit_named_inductor_folder(tmp_path):
    """``<inductor cache>/triton/<hash>/`` (what TORCHINDUCTOR_CACHE_DIR gives): no device folder,
    and the Inductor folder ``75/`` is not taken for one (it was: nothing was found, and
    ``inductor_cache/75`` was the folder "looked in")."""
    trace = _trace(tmp_path)
    cache = str(tmp_path / "run" / "inductor_cache")
    _inductor_files_into(cache)
    _kernels_into(os.path.join(cache, "triton"))
    doc, _ = _report(trace, tmp_path)
    _check(doc, os.path.join("inductor_cache", "triton") + os.sep)
    assert not any(r.endswith(os.sep + "75") for r in doc["ir_roots"]), doc["ir_roots"]


def test_inductor_cache_given_by_hand_in_each_layout(tmp_path):
    """--triton-cache naming an Inductor cache (either layout), its triton/, or a device folder."""
    trace = _trace(tmp_path)
    flat = str(tmp_path / "flat")
    _inductor_files_into(flat)
    _kernels_into(os.path.join(flat, "triton"))
    for given in (flat, os.path.join(flat, "triton")):
        doc, _ = _report(trace, tmp_path, "--triton-cache", given)
        _check(doc, os.path.join("flat", "triton") + os.sep)


def test_triton_home_cache(tmp_path, monkeypatch):
    """``~/.triton/cache/<hash>/``, Triton's default when no TRITON_CACHE_DIR is set: the home of
    the machine reading the trace (``$HOME``, ``$TRITON_HOME``) and a ``.triton/cache`` kept
    beside the trace (the run's isolated home, ``<run>/home/.triton/cache``)."""
    trace = _trace(tmp_path)
    _inductor_files_into(str(tmp_path / "run" / "inductor_cache"))  # the kernel files and their .best_config
    home = tmp_path / "home"
    _kernels_into(str(home / ".triton" / "cache"))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("TRITON_HOME", raising=False)
    monkeypatch.delenv("TRITON_CACHE_DIR", raising=False)
    doc, _ = _report(trace, tmp_path)
    _check(doc, os.path.join("home", ".triton", "cache") + os.sep)
    # the same kept beside the trace, the reader's home empty
    monkeypatch.setenv("HOME", str(tmp_path / "nobody"))
    trace2 = _trace(tmp_path / "b", "run2")
    _kernels_into(str(tmp_path / "b" / "run2" / "home" / ".triton" / "cache"))
    _inductor_files_into(str(tmp_path / "b" / "run2" / "inductor_cache"))
    doc, _ = _report(trace2, tmp_path)
    _check(doc, os.path.join("run2", "home", ".triton", "cache") + os.sep)


def test_triton_cache_dir_as_the_log_records_it(tmp_path):
    """``TRITON_CACHE_DIR`` from the log's ``fx_graph_runnable``: mlp_train_tc ran with
    ``/workspace/runs/mlp_train_tc/triton_cache`` (flat ``<hash>/`` folders) and
    ``TORCHINDUCTOR_CACHE_DIR=/tmp/torchinductor_mlp_train_tc``; found in their copies beside the trace."""
    run = tmp_path / "mlp_train_tc"
    src = os.path.join(DATA, "torch-2.11-cuda", "mlp_train_tc")
    shutil.copytree(os.path.join(src, "trace"), run / "trace")
    shutil.copytree(os.path.join(src, "triton_cache"), run / "triton_cache")
    shutil.copytree(os.path.join(src, "inductor_cache"), run / "inductor_cache")  # the kernel files and .best_config
    doc, _ = _report(str(run / "trace"), tmp_path)
    _check_tc(doc, os.path.join("mlp_train_tc", "triton_cache") + os.sep)
    # the recorded Inductor cache, kept under its own name, with triton/<hash>/ in it
    shutil.rmtree(run / "triton_cache")
    shutil.rmtree(run / "inductor_cache")
    kept = run / "torchinductor_mlp_train_tc"
    shutil.copytree(os.path.join(src, "inductor_cache"), kept)
    shutil.copytree(os.path.join(src, "triton_cache"), kept / "triton")
    doc, _ = _report(str(run / "trace"), tmp_path)
    _check_tc(doc, os.path.join("torchinductor_mlp_train_tc", "triton") + os.sep)


def _check_tc(doc: dict, root_part: str) -> None:
    kernels = [k for k in doc["kernels"] if "ir" in k]
    assert len({k["name"] for k in kernels}) == 6
    for k in kernels:
        ir = k["ir"]
        assert ir["dir"] is not None and root_part in ir["dir"], (k["name"], ir)
        want = _ptx_lines(ir["files"]["ptx"], ir["kernel_file"])
        assert {int(line): f["ptx"] for line, f in ir["lines"].items() if f["ptx"]} == want


def test_nothing_found_says_where_it_looked_and_what_to_set(tmp_path, monkeypatch):
    """No cache anywhere: each kernel's reason, the folders looked in, and the hint; the table says it too."""
    monkeypatch.setenv("HOME", str(tmp_path / "nobody"))
    trace = _trace(tmp_path)
    _inductor_files_into(str(tmp_path / "run" / "inductor_cache"))  # an Inductor cache without triton/
    doc, _ = _report(trace, tmp_path)
    for k in (k for k in doc["kernels"] if "ir" in k):
        ir = k["ir"]
        assert ir["dir"] is None and "no Triton cache" in ir["reason"]
        assert "/tmp/torchinductor_mlp_train/triton" in ir["looked_in"], ir  # the Inductor cache the kernel's path names
        assert os.path.join(str(tmp_path / "nobody"), ".triton", "cache") in ir["looked_in"]
        assert "--triton-cache" in ir["hint"] and "TRITON_CACHE_DIR" in ir["hint"]
    out = io.StringIO()
    import contextlib

    monkeypatch.setenv("COLUMNS", "200")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["report", trace, "--ir", "--cache-dir", str(tmp_path / "lens")]) == 0
    text = out.getvalue()
    # nothing found: the sentence says what is missing and what to set, and sends no one to
    # report --json --ir (which would show no IR lines either)
    flat = " ".join(text.split())
    assert "no compiled IR (TTIR/TTGIR/LLIR/PTX/SASS) found in a Triton cache for any of the 6 kernels" in flat
    assert "--triton-cache DIR" in flat and "TRITON_CACHE_DIR" in flat
    assert "report --json --ir" not in flat and "0 of 6" not in flat


@pytest.mark.parametrize("layout", ["device", "flat"])
def test_kernel_roots_never_take_inductor_folders_for_device_folders(tmp_path, layout):
    from inductor_lens.ir.roots import kernel_roots

    cache = str(tmp_path / "c")
    _inductor_files_into(cache)
    where = os.path.join(cache, "triton", "0") if layout == "device" else os.path.join(cache, "triton")
    _kernels_into(where)
    assert kernel_roots(cache) == [where]
    assert kernel_roots(os.path.join(cache, "triton")) == [where]


def test_nvdisasm_of_tritons_wheel_is_found(tmp_path, monkeypatch):
    """Triton's wheels ship nvdisasm in ``triton/backends/nvidia/bin/``: found in site-packages
    when neither PATH nor the nvidia-cuda-nvdisasm package has one."""
    from inductor_lens.ir import sass

    site = tmp_path / "site-packages"
    tool = site / "triton" / "backends" / "nvidia" / "bin" / "nvdisasm"
    tool.parent.mkdir(parents=True)
    tool.write_text("#!/bin/sh\nexit 1\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.delenv("INDUCTOR_LENS_NVDISASM", raising=False)
    monkeypatch.setattr("sys.path", [str(site)])
    monkeypatch.setattr("site.getsitepackages", lambda: [])
    monkeypatch.setattr(sass, "_FOUND", [])
    assert sass.nvdisasm_path() == str(tool)


def test_without_nvdisasm_sass_is_said_missing_and_how_to_get_it(tmp_path, monkeypatch):
    from inductor_lens.ir import sass

    monkeypatch.setattr(sass, "_FOUND", [None])
    monkeypatch.delenv("INDUCTOR_LENS_NVDISASM", raising=False)
    doc, _ = _report(os.path.join(RUN, "trace"), tmp_path)
    kernels = [k for k in doc["kernels"] if "ir" in k]
    assert kernels and all(k["ir"]["files"]["sass"] is None and k["ir"]["instructions"]["sass"] is None for k in kernels)
    assert all(
        any(n.startswith("no SASS: nvdisasm not found") and "pip install nvidia-cuda-nvdisasm" in n for n in k["ir"]["notes"])
        for k in kernels
    )
    out = io.StringIO()
    import contextlib

    monkeypatch.setenv("COLUMNS", "200")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["report", os.path.join(RUN, "trace"), "--ir", "--cache-dir", str(tmp_path / "lens")]) == 0
    text = " ".join(out.getvalue().split())
    assert "6 of 6 found in a Triton cache" in text and "no SASS: nvdisasm not found" in text and "triton/backends/nvidia/bin/" in text


def test_nvdisasm_of_the_python_that_made_the_trace(tmp_path, monkeypatch):
    """The frames of a trace name the site-packages of the Python that ran the model (the GPU
    gpt2_train: /opt/torch/.venv/lib/python3.12/site-packages); its Triton wheel's nvdisasm is
    used when this Python has none (here: a folder standing for it)."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load
    from inductor_lens.ir import sass
    from inductor_lens.ir.kernel_ir import _trace_site_packages

    index = load([os.path.join(TRACES, "torch-2.11-cuda", "gpt2_train")], Cache(str(tmp_path / "c")))
    assert _trace_site_packages(index) == ["/opt/torch/.venv/lib/python3.12/site-packages"]
    site = tmp_path / "site-packages"
    tool = site / "triton" / "backends" / "nvidia" / "bin" / "nvdisasm"
    tool.parent.mkdir(parents=True)
    tool.write_text("#!/bin/sh\nexit 1\n")
    tool.chmod(0o755)
    monkeypatch.delenv("INDUCTOR_LENS_NVDISASM", raising=False)
    monkeypatch.setattr(sass, "_FOUND", [None])
    sass.look_in_site_packages([str(tmp_path / "absent"), str(site)])
    assert sass.nvdisasm_path() == str(tool)


def _log_naming(tmp_path, cache: str) -> str:
    """mlp_train's log with its Inductor cache (``/tmp/torchinductor_mlp_train``) named ``cache``:
    what ``capture`` reads of it (kernel paths and names), on a machine whose cache is there."""
    [log] = [os.path.join(RUN, "trace", n) for n in os.listdir(os.path.join(RUN, "trace"))]
    text = open(log, encoding="utf-8").read().replace("/tmp/torchinductor_mlp_train", cache)
    path = tmp_path / "run.log"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("layout", ["device", "flat"])
def test_capture_keeps_the_kernel_folders_in_the_layout_the_run_left(tmp_path, layout):
    """``capture`` copies the logged kernels' folders of ``<inductor cache>/triton/<device>/`` and
    of ``<inductor cache>/triton/`` (it copied none of the second: each <hash>/ was taken for a
    device folder), under ``torchinductor/`` in the same layout, where report finds them."""
    from inductor_lens.capture.keep import keep_triton_caches

    cache = str(tmp_path / "ic")
    _inductor_files_into(cache)
    where = os.path.join(cache, "triton", "0") if layout == "device" else os.path.join(cache, "triton")
    _kernels_into(where)
    out = tmp_path / "out"
    assert keep_triton_caches([_log_naming(tmp_path, cache)], str(out), {"HOME": str(tmp_path / "nobody")}) == 7
    kept = out / "torchinductor" / os.path.relpath(where, cache)
    assert sorted(os.listdir(kept)) == sorted(os.listdir(KERNELS))


def test_capture_keeps_the_home_caches_folders_of_the_logged_kernel_files_only(tmp_path):
    """``~/.triton/cache`` (Triton's default) holds other runs' kernels of the same names: only the
    folders whose IR names a logged kernel file are kept (``triton_cache/``)."""
    from inductor_lens.capture.keep import keep_triton_caches

    home = tmp_path / "home"
    _kernels_into(str(home / ".triton" / "cache"))
    other = home / ".triton" / "cache" / ("A" * 52)  # another run's kernel of a logged name
    shutil.copytree(os.path.join(KERNELS, "UE5U2X6UMXKJOG3AKHW5IVYNGDU24BCMRZ5LYAPOGPSKZ6BF5YXA"), other)
    for name in os.listdir(other):
        if name.endswith(".ttir"):
            path = other / name
            path.write_text(path.read_text().replace("/tmp/torchinductor_mlp_train/", "/tmp/another_run/"))
    out = tmp_path / "out"
    # the log names the kernel files as compiled (/tmp/torchinductor_mlp_train, not a folder here)
    [log] = [os.path.join(RUN, "trace", n) for n in os.listdir(os.path.join(RUN, "trace"))]
    assert keep_triton_caches([log], str(out), {"HOME": str(home)}) == 7
    assert sorted(os.listdir(out / "triton_cache")) == sorted(os.listdir(KERNELS))
