"""SASS from a cubin with CUDA's ``nvdisasm`` (``nvdisasm -g -c``: code sections with line info),
when it is installed: ``INDUCTOR_LENS_NVDISASM``, ``nvdisasm`` on ``PATH``, the
``nvidia-cuda-nvdisasm`` package (``nvidia/*/bin/nvdisasm`` in this interpreter's site-packages), or
the one Triton's wheels ship (``triton/backends/nvidia/bin/nvdisasm`` there).
The text is written to the lens's cache folder (never beside the user's cubin), named by the
cubin's MD5 so it is disassembled once."""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import site
import subprocess
import sys

from ..files.cache import Cache

_FOUND: list[str | None] = []

#: why there is no SASS and how to get it
NO_NVDISASM = (
    "nvdisasm not found (looked on PATH, in the nvidia-cuda-nvdisasm package and in Triton's "
    "triton/backends/nvidia/bin/): pip install nvidia-cuda-nvdisasm, or set INDUCTOR_LENS_NVDISASM to one "
    "(a CUDA toolkit's bin/nvdisasm, or <site-packages>/triton/backends/nvidia/bin/nvdisasm of the run's Python)"
)


def _in_site_packages(roots: list[str]) -> str | None:
    """The first ``nvdisasm`` of the ``nvidia-cuda-nvdisasm`` package or of Triton's wheel
    (``triton/backends/nvidia/bin/``) in the site-packages folders ``roots``."""
    for root in dict.fromkeys(roots):
        hits = sorted(glob.glob(os.path.join(root, "nvidia", "*", "bin", "nvdisasm")))
        hits += [os.path.join(root, "triton", "backends", "nvidia", "bin", "nvdisasm")]  # Triton's wheels ship one
        hits = [h for h in hits if os.path.isfile(h) and os.access(h, os.X_OK)]
        if hits:
            return hits[0]
    return None


def nvdisasm_path() -> str | None:
    """The ``nvdisasm`` to run, or None when there is none (looked up once per process, then in
    the site-packages :func:`look_in_site_packages` adds)."""
    if not _FOUND:
        given = os.environ.get("INDUCTOR_LENS_NVDISASM")
        found = given if given and os.access(given, os.X_OK) else shutil.which("nvdisasm")
        if found is None:
            found = _in_site_packages(
                [p for p in sys.path if p.endswith("site-packages")] + list(getattr(site, "getsitepackages", lambda: [])())
            )
        _FOUND.append(found)
    return _FOUND[0]


def look_in_site_packages(roots: list[str]) -> None:
    """Also look for ``nvdisasm`` in the site-packages folders ``roots`` (those of the Python that
    made a trace, when they are on this machine: its Triton wheel's), unless one is found already."""
    if nvdisasm_path() is None and not os.environ.get("INDUCTOR_LENS_NVDISASM"):
        found = _in_site_packages([r for r in roots if os.path.isdir(r)])
        if found is not None:
            _FOUND[0] = found


def disassemble(cubin: str, name: str, cache: Cache) -> tuple[str | None, str | None]:
    """(path of ``<name>.sass`` in ``cache``, None) or (None, why not: no nvdisasm, unreadable
    cubin, nvdisasm failed).  Runs ``nvdisasm -g -c`` at most once per cubin content (30 s limit)."""
    tool = nvdisasm_path()
    if tool is None:
        given = os.environ.get("INDUCTOR_LENS_NVDISASM")
        if given:
            return None, f"INDUCTOR_LENS_NVDISASM={given} is not an executable file"
        return None, NO_NVDISASM
    try:
        with open(cubin, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        return None, f"cannot read {cubin}: {exc.strerror or exc}"
    md5 = hashlib.md5(data).hexdigest()
    path = cache.path_for(md5, f"{name}.sass")
    if os.path.isfile(path) and os.path.getsize(path) > 0:
        return path, None
    try:
        done = subprocess.run([tool, "-g", "-c", cubin], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"nvdisasm failed: {exc}"
    if done.returncode != 0 or not done.stdout:
        return None, f"nvdisasm failed: {done.stderr.decode('utf-8', 'replace').strip()[:200] or done.returncode}"
    try:
        return cache.extract(done.stdout.decode("utf-8", "replace"), f"{name}.sass", md5), None
    except OSError as exc:
        return None, f"cannot write the SASS: {exc}"
