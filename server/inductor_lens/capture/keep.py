"""What ``capture`` copies beside the trace so that the trace still has it on another machine:
the kernels' Inductor cache files with the ``.best_config`` autotuning wrote, and the Triton cache
folders of the logged kernels (their TTIR, TTGIR, LLIR, PTX and cubin: ``report --ir``).

Layout left in the capture folder (where :mod:`inductor_lens.files.resolve` and
:mod:`inductor_lens.ir.find` look): ``torchinductor/<xx>/<kernel>.py`` and its ``.best_config``;
``torchinductor/triton/<device>/<hash>/`` (or ``torchinductor/triton/<hash>/``, as the run laid
it out) for Triton's cache under the Inductor cache (``torch/_inductor/runtime/cache_dir_utils.py``);
``triton_cache/<hash>/`` for a ``TRITON_CACHE_DIR`` the command set, and for the folders of
``~/.triton/cache`` that compiled a logged kernel file.  Only copies: nothing of the user's caches is changed.
"""

from __future__ import annotations

import os
import re
import shutil

from ..ir.find import kernel_roots, triton_env_dirs
from ..readers.triton_ir import list_cache_folders

_KERNEL_PATH = re.compile(rb"# kernel path: (?P<path>\S+)")
_KERNEL_NAME = re.compile(rb"(\w+) = async_compile\.triton\(\s*'(\w+)'")
_CACHE_REST = re.compile(r"[/\\]torchinductor_[^/\\]+[/\\](?P<rest>.+)$")


def _read(log: str) -> bytes:
    try:
        with open(log, "rb") as fh:
            return fh.read()
    except OSError:
        return b""


def keep_kernel_configs(logs: list[str], out: str) -> int:
    """Copy, for every Triton kernel the logs' output code names by ``# kernel path:``, its file
    and the ``.best_config`` beside it (the config autotuning chose: the log records only how many
    were tried; ``torch/_inductor/runtime/autotune_cache.py``) from the Inductor cache into
    ``<out>/torchinductor/<xx>/``, where the index looks for them.  Only folders with a
    ``.best_config``; nothing of the user's cache is changed.  Returns the folders copied."""
    copied = 0
    seen: set[str] = set()
    for log in logs:
        for m in _KERNEL_PATH.finditer(_read(log)):
            path = m["path"].decode("utf-8", "replace")
            rest = _CACHE_REST.search(path)
            folder = os.path.dirname(path)
            if rest is None or folder in seen or not os.path.isdir(folder):
                continue
            seen.add(folder)
            try:
                names = [n for n in os.listdir(folder) if n.endswith((".best_config", ".py"))]
            except OSError:
                continue
            if not any(n.endswith(".best_config") for n in names):
                continue
            dest = os.path.join(out, "torchinductor", os.path.dirname(rest["rest"]))
            try:
                os.makedirs(dest, exist_ok=True)
                for n in names:
                    shutil.copy2(os.path.join(folder, n), os.path.join(dest, n))
                copied += 1
            except OSError:
                continue
    return copied


def _copy_tree(src: str, dest: str) -> bool:
    try:
        if not os.path.isdir(dest):
            shutil.copytree(src, dest)
        return True
    except OSError:
        return False


def keep_triton_caches(logs: list[str], out: str, env: dict[str, str]) -> int:
    """Copy the Triton cache folders of the kernels the logs name (a folder whose IR names a
    logged ``# kernel path:`` file, or whose kernel has a logged kernel's name: autotune
    candidates and cache hits from an identical function) into ``<out>/torchinductor/triton/<device>/``
    (Triton's cache under the Inductor cache) or ``<out>/triton_cache/`` (``TRITON_CACHE_DIR``,
    from ``env`` or as the log's ``fx_graph_runnable`` records it), with the kernel files those
    folders compiled.  Returns the kernel folders copied (0 on a CPU run: no Triton kernels)."""
    paths: set[str] = set()
    names: set[str] = set()
    triton_dirs: list[str] = [env["TRITON_CACHE_DIR"]] if env.get("TRITON_CACHE_DIR") else []
    for log in logs:
        data = _read(log)
        paths.update(m["path"].decode("utf-8", "replace") for m in _KERNEL_PATH.finditer(data))
        names.update(m.group(2).decode() for m in _KERNEL_NAME.finditer(data))
        triton_dirs.extend(triton_env_dirs(log))
    if not names:
        return 0
    roots: dict[str, str] = {}  # root here -> its folder in out
    for inductor_root in dict.fromkeys(os.path.dirname(os.path.dirname(p)) for p in paths):
        if not os.path.isdir(os.path.join(inductor_root, "triton")):
            continue
        for root in kernel_roots(inductor_root):  # triton/<device>/ or triton/ itself, as the run laid it out
            if root != inductor_root:
                roots.setdefault(root, os.path.join(out, "torchinductor", os.path.relpath(root, inductor_root)))
    for d in dict.fromkeys(triton_dirs):
        if os.path.isdir(d):
            roots.setdefault(d, os.path.join(out, "triton_cache"))
    # Triton's default (~/.triton/cache): only folders that compiled a logged kernel file (it holds other runs')
    home = os.path.join(env.get("TRITON_HOME") or env.get("HOME") or os.path.expanduser("~"), ".triton", "cache")
    only_compiled = {home} if os.path.isdir(home) and home not in roots else set()
    for root in only_compiled:
        roots[root] = os.path.join(out, "triton_cache")
    copied = 0
    compiled: set[str] = set()
    for root, dest in roots.items():
        for folder in list_cache_folders(root):
            if (folder.name in names and root not in only_compiled) or (folder.compiled_file or "") in paths:
                if _copy_tree(folder.path, os.path.join(dest, folder.hash)):
                    copied += 1
                    if folder.compiled_file:
                        compiled.add(folder.compiled_file)
    for path in compiled - paths:  # an identical function compiled first from another file: keep that file too
        rest = _CACHE_REST.search(path)
        if rest is not None and os.path.isfile(path):
            dest = os.path.join(out, "torchinductor", rest["rest"])
            try:
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                shutil.copy2(path, dest)
            except OSError:
                pass
    return copied
