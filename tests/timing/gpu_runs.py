"""The round-45 GPU training runs kept in tests/data/torch-2.11-cuda/<run>/ (compressed: the
TORCH_TRACE log and both profiles are ``.xz``), unpacked as the run left them: ``trace/``,
``profile_trace.json`` (with Python stacks), ``nostack/profile_trace.json`` and ``train.py``."""

from __future__ import annotations

import glob
import lzma
import os
import shutil

from conftest import case_dir

RUNS = ("tf_plain", "tf_item", "tf_ro", "llama_regional")


def unpack(run: str, into: str) -> str:
    """Copy run ``run`` into folder ``into``, decompressed; returns ``into``."""
    src = case_dir(f"torch-2.11-cuda/{run}")
    for path in glob.glob(os.path.join(src, "**", "*"), recursive=True):
        if os.path.isdir(path):
            continue
        rel = os.path.relpath(path, src)
        dst = os.path.join(into, rel[: -len(".xz")] if rel.endswith(".xz") else rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if path.endswith(".xz"):
            with lzma.open(path, "rb") as fin, open(dst, "wb") as fout:
                shutil.copyfileobj(fin, fout)
        else:
            shutil.copyfile(path, dst)
    return into
