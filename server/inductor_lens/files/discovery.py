"""Which files and folders are traces: the one home of the discovery globs and skipped folders.

Names written by PyTorch: ``torch/_logging/_internal.py`` names ``TORCH_TRACE`` logs
``dedicated_log_torch_trace_[rank_N_]<random>.log``; ``TORCH_COMPILE_DEBUG=1`` writes
``torch_compile_debug/run_*/torchinductor/<graph>/output_code.py``; tlparse writes ``tl_out/``;
``torch._inductor.aoti_compile_and_package`` writes ``<name>.pt2`` (AOTInductor packages).
The VS Code extension sends no globs by default (``inductorLens.discovery.globs`` is ``[]``),
so these are the defaults everywhere.
"""

from __future__ import annotations

import glob
import os
import re

#: A ``TORCH_TRACE`` log's file name.
LOG_NAME = re.compile(r"^dedicated_log_torch_trace_.*\.log$")
#: Globs (relative to a workspace folder) that find traces to index.
DEFAULT_GLOBS = ("**/dedicated_log_torch_trace_*.log", "**/torch_compile_debug/**/output_code.py", "**/tl_out/", "**/*.pt2")
#: Globs of files whose change means a re-index (LSP ``workspace/didChangeWatchedFiles``).
WATCH_GLOBS = ("**/dedicated_log_torch_trace_*.log", "**/output_code.py", "**/inductor_provenance_tracking_node_mappings.json", "**/*.pt2")
#: Folders never searched for traces or source files.
SKIP_DIRS = frozenset({".git", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache", ".pytest_cache"})


def looks_like_trace(path: str) -> bool:
    """Whether a file the user opened is itself a trace input (a log, an ``output_code.py``, a ``.pt2``)."""
    name = os.path.basename(path)
    return bool(LOG_NAME.match(name)) or name == "output_code.py" or name.endswith(".pt2")


def skipped(path: str) -> bool:
    """Whether ``path`` lies inside a skipped folder (``.git``, ``node_modules``, ...)."""
    return any(part in SKIP_DIRS for part in path.replace("\\", "/").split("/"))


def find_traces(folders: list[str], globs: list[str] | tuple[str, ...] = DEFAULT_GLOBS) -> list[str]:
    """Every path under ``folders`` matching ``globs``, sorted per glob, outside skipped folders."""
    found: list[str] = []
    for folder in folders:
        for pattern in globs:
            for path in sorted(glob.glob(os.path.join(folder, pattern), recursive=True)):
                if not skipped(os.path.relpath(path, folder)):
                    found.append(os.path.normpath(path))
    return found


def profile_candidates_beside(trace_path: str) -> list[str]:
    """Files next to a trace that may be torch.profiler Chrome traces, by name only (``.json`` /
    ``.json.gz`` in its folder and its parent: ``<run>/trace/*.log`` with ``<run>/profile_trace.json``,
    or torch.profiler's ``*.pt.trace.json``); the profiler reader looks inside them."""
    here = os.path.dirname(os.path.abspath(trace_path))
    found: list[str] = []
    for folder in (here, os.path.dirname(here)):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith((".json", ".json.gz")) and path not in found and os.path.isfile(path):
                found.append(path)
    return found
