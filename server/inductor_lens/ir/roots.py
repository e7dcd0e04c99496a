"""Where a run's Triton kernel folders may lie: the folders that hold ``<hash>/`` kernel folders.

Triton 3.x (``triton/runtime/cache.py`` ``FileCacheManager``) writes a kernel to
``<cache>/<hash>/`` where ``<cache>`` is ``TRITON_CACHE_DIR``, else ``$TRITON_HOME/.triton/cache``
(``TRITON_HOME`` defaults to the home folder).  Inductor (PyTorch 2.x,
``torch/_inductor/runtime/triton_heuristics.py``) sets ``TRITON_CACHE_DIR`` when it is unset to
``<inductor cache>/triton/<device>`` (``runtime/cache_dir_utils.py`` ``triton_cache_dir``); its
``fresh_cache`` and some callers set it to ``<inductor cache>/triton``.  So a kernel folder is one
of, the hash being Triton's (52 base32 characters; 64 hex characters in Triton 2.x/3.0):

* ``<TRITON_CACHE_DIR>/<hash>/`` (the log's ``fx_graph_runnable`` records the variable as
  ``os.environ['TRITON_CACHE_DIR'] = '...'`` when it was set before the compile);
* ``<inductor cache>/triton/<device>/<hash>/`` and ``<inductor cache>/triton/<hash>/``;
* ``~/.triton/cache/<hash>/``.

An Inductor cache's own two-character folders (``75/``, ``u6/``) hold kernel files, never kernel
folders: a folder is a device folder only when it holds hash-named folders.
"""

from __future__ import annotations

import os
import re

#: a Triton cache key as a folder name: base32 of a SHA-256 (Triton 3.x), or hex (older)
_HASH_NAME = re.compile(r"^(?:[A-Z2-7]{52}|[0-9a-f]{32}|[0-9a-f]{64})$")
_ENV = re.compile(rb"os\.environ\['(TRITON_CACHE_DIR|TORCHINDUCTOR_CACHE_DIR)'\] = '([^'\\\n]+)'")
#: the folder names a copy of an Inductor cache is kept under beside a trace (``capture``, the GPU runs)
INDUCTOR_COPIES = ("torchinductor", "inductor_cache")


def _subdirs(path: str) -> list[str] | None:
    """The folders directly in ``path``, sorted (None when it cannot be listed)."""
    try:
        with os.scandir(path) as it:
            return sorted(e.path for e in it if e.is_dir())
    except OSError:
        return None


def _kernel_folder(path: str) -> bool:
    """Whether ``path`` is named as a Triton cache key and holds a ``.json`` (a kernel's metadata)."""
    if not _HASH_NAME.match(os.path.basename(path)):
        return False
    try:
        return any(n.endswith(".json") for n in os.listdir(path))
    except OSError:
        return False


def holds_kernel_folders(path: str) -> bool:
    """Whether ``path`` directly holds a Triton kernel folder (``<hash>/`` with its metadata)."""
    return any(_kernel_folder(d) for d in _subdirs(path) or [])


def kernel_roots(root: str) -> list[str]:
    """The folders holding kernel folders that ``root`` stands for, among: ``root/triton`` and its
    device folders (an Inductor cache), ``root`` and its device folders (a ``TRITON_CACHE_DIR`` or
    an Inductor cache's ``triton/``).  ``[root]`` when none holds one (listed as looked in)."""
    out: list[str] = []
    inner = os.path.join(root, "triton")
    has_inner = os.path.isdir(inner)
    for base in (inner, root) if has_inner else (root,):
        subs = _subdirs(base)
        if subs is None:
            continue
        if any(_kernel_folder(d) for d in subs):
            out.append(base)
        if base == root and has_inner:
            continue  # an Inductor cache's own folders (u6/, 75/, fxgraph/) hold no device folder
        for sub in subs:
            if not _HASH_NAME.match(os.path.basename(sub)) and holds_kernel_folders(sub):
                out.append(sub)
    return list(dict.fromkeys(out)) or [root]


def log_env(log_path: str, limit: int = 64 << 20) -> dict[str, list[str]]:
    """``{"TRITON_CACHE_DIR": [...], "TORCHINDUCTOR_CACHE_DIR": [...]}``: the values a log's
    ``fx_graph_runnable`` records (as written; empty lists when unreadable or not set).  The
    setting is the process's, so the first ``fx_graph_runnable`` record tells: the log is read in
    1 MiB blocks up to the end of that record's payload (its next 2 MiB), at most ``limit`` bytes."""
    found: dict[str, dict[str, None]] = {"TRITON_CACHE_DIR": {}, "TORCHINDUCTOR_CACHE_DIR": {}}
    try:
        with open(log_path, "rb") as fh:
            tail, read, stop = b"", 0, limit
            while read < stop:
                block = fh.read(1 << 20)
                if not block:
                    break
                read += len(block)
                chunk = tail + block
                for m in _ENV.finditer(chunk):
                    found[m.group(1).decode()][m.group(2).decode("utf-8", "replace")] = None
                if b"fx_graph_runnable" in chunk:
                    stop = min(stop, read + (2 << 20))
                if any(found.values()):  # the record's other lines are in this block or the next
                    stop = min(stop, read + 1)
                tail = chunk[-512:]
    except OSError:
        pass
    return {k: list(v) for k, v in found.items()}


def _parents(trace_path: str) -> list[str]:
    """The trace's folder and its two parents."""
    here = os.path.dirname(os.path.abspath(trace_path))
    return list(dict.fromkeys((here, os.path.dirname(here), os.path.dirname(os.path.dirname(here)))))


def local_copies(path: str, trace_path: str, names: tuple[str, ...] = (), keep: bool = False) -> list[str]:
    """``path`` when it is a folder here, else (and with ``keep`` also) the same trailing folders
    (1 to 3) beside the trace (its folder and two parents): a run's
    ``/workspace/runs/x/triton_cache`` kept as ``x/triton_cache``; and ``names`` beside the trace
    (the names a copy is kept under)."""
    if os.path.isdir(path) and not keep:
        return [path]
    parts = [p for p in re.split(r"[/\\]", path) if p]
    out = [path] if os.path.isdir(path) else []
    for base in _parents(trace_path):
        for cand in [os.path.join(base, *parts[-k:]) for k in (1, 2, 3) if len(parts) >= k] + [os.path.join(base, n) for n in names]:
            if os.path.isdir(cand) and cand not in out:
                out.append(cand)
    return out


def inductor_cache_of(kernel_file: str, trace_path: str) -> list[str]:
    """The Inductor cache a kernel file (``<cache>/<xx>/<name>.py``, as the trace wrote it) lies
    in: the folder itself when it is here, else its copies beside the trace (the same trailing
    folders, ``torchinductor/``, ``inductor_cache/``) that hold the kernel's ``<xx>/`` folder."""
    parts = [p for p in re.split(r"[/\\]", kernel_file) if p]
    if len(parts) < 3:
        return []
    root = kernel_file[: len(kernel_file) - len(parts[-1]) - len(parts[-2]) - 2] or "/"
    found = local_copies(root, trace_path, INDUCTOR_COPIES, keep=True)  # /tmp/torchinductor_<user> here may be another run's
    return [c for c in found if os.path.isdir(os.path.join(c, parts[-2])) or os.path.isdir(os.path.join(c, "triton"))]


def home_caches(trace_path: str) -> list[str]:
    """Triton's default cache: ``$TRITON_HOME/.triton/cache`` or ``~/.triton/cache`` here (and
    this process's ``TRITON_CACHE_DIR``), and copies of a ``.triton/cache`` kept beside the trace
    (``.triton/cache`` or ``<home>/.triton/cache`` in its folder or its two parents)."""
    out = []
    for env in ("TRITON_CACHE_DIR",):
        if os.environ.get(env):
            out.append(os.environ[env])
    out.append(os.path.join(os.environ.get("TRITON_HOME") or os.path.expanduser("~"), ".triton", "cache"))
    for base in _parents(trace_path):
        out.append(os.path.join(base, ".triton", "cache"))
        out.extend(os.path.join(d, ".triton", "cache") for d in _subdirs(base) or [] if os.path.basename(d) != ".triton")
    return [p for p in dict.fromkeys(out) if os.path.isdir(p)]
