"""Finding a trace's Triton caches and each Triton kernel's folder in them.

Where Triton's cache is after a run (Triton 3.x, ``triton/runtime/cache.py``): under Inductor
``<inductor cache>/triton/<device>/<hash>/`` (``torch/_inductor/runtime/cache_dir_utils.py``
``triton_cache_dir``), or ``TRITON_CACHE_DIR/<hash>/`` when that is set (the log's
``fx_graph_runnable`` records it as ``os.environ['TRITON_CACHE_DIR'] = '...'``).  Looked for, in
order: folders the user names (``--triton-cache``, the ``inductorLens.tritonCache`` setting; a
Triton cache or an Inductor cache), the Inductor cache a kernel's ``# kernel path:`` names (as is,
or its copy beside the trace: :func:`~inductor_lens.files.resolve.inductor_cache_candidates`), and
``TRITON_CACHE_DIR`` from the log (as is, else the same trailing folders beside the trace), and a
``triton_cache/`` beside the trace (``capture``'s copy of a ``TRITON_CACHE_DIR``).

A kernel's folder is one whose kernel has its name and whose IR names its file (the ``# kernel
path:`` file: other graphs' kernels of the same name compiled other files); of several (autotune
candidates), the one the ``.best_config`` beside the kernel's file names (``triton_cache_hash``).
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from typing import Callable

from ..files.resolve import inductor_cache_candidates
from ..readers.triton_ir import TritonCacheFolder, list_cache_folders
from ..readers.triton_ir.common import same_file
from ..readers.triton_kernel import read_best_config

_TRITON_ENV = re.compile(rb"os\.environ\['TRITON_CACHE_DIR'\] = '([^'\\\n]+)'")
_INDUCTOR_ROOT = re.compile(r"^(.*?[/\\]torchinductor_[^/\\]+)[/\\]")


@dataclass(slots=True)
class FolderMatch:
    """Which folder is a kernel's: ``folder`` (None when none, or several with nothing to choose
    by), ``how`` (``file``: the one folder whose IR names the kernel's file; ``best_config``: the
    one autotuning chose, by its hash or its ``num_warps``/``num_stages``; ``same_function``: a folder
    compiled from another file with the same function; ``config``: of the folders with the chosen
    ``num_warps``/``num_stages``, the one whose TTIR's ``tl.arange`` lengths hold the chosen block
    sizes and the fewest others (a config found by coordinate descent names no folder); ``identical``: the first of folders with the same PTX, the same compile
    cached under two keys), ``candidates`` (every folder whose IR names the kernel's file) and
    ``reason`` (why none was taken)."""

    folder: TritonCacheFolder | None
    how: str | None = None
    candidates: list[TritonCacheFolder] = field(default_factory=list)
    reason: str | None = None
    #: kernel-file line = compiled-file line + ``line_offset`` (``same_function``: a folder compiled
    #: from another file whose ``@triton.jit`` function is the same text)
    line_offset: int = 0


def _expand(root: str) -> list[str]:
    """The folders holding kernel folders that ``root`` stands for: its ``triton/<device>/`` (an
    Inductor cache), its ``<device>/`` (an Inductor cache's ``triton/``), else itself (a ``TRITON_CACHE_DIR``)."""
    out: list[str] = []
    for base in (os.path.join(root, "triton"), root):
        try:
            names = sorted(os.listdir(base))
        except OSError:
            continue
        out.extend(os.path.join(base, n) for n in names if n.isdigit() and os.path.isdir(os.path.join(base, n)))
    return list(dict.fromkeys(out)) or [root]


def triton_env_dirs(log_path: str, limit: int = 64 << 20) -> list[str]:
    """The ``TRITON_CACHE_DIR`` a log's ``fx_graph_runnable`` records (as written; ``[]`` when
    unreadable or not set).  The setting is the process's, so the first ``fx_graph_runnable``
    record tells: the log is read in 1 MiB blocks up to the end of that record's payload (its next
    2 MiB), at most ``limit`` bytes (a 342 MB log is not read through for a hover)."""
    found: dict[str, None] = {}
    try:
        with open(log_path, "rb") as fh:
            tail, read, stop = b"", 0, None
            while read < (stop if stop is not None else limit):
                block = fh.read(1 << 20)
                if not block:
                    break
                read += len(block)
                chunk = tail + block
                for m in _TRITON_ENV.finditer(chunk):
                    found[m.group(1).decode("utf-8", "replace")] = None
                if stop is None and b"fx_graph_runnable" in chunk:
                    stop = read + (2 << 20)
                if found:
                    break
                tail = chunk[-512:]
    except OSError:
        return []
    return list(found)


def local_copies(path: str, trace_path: str) -> list[str]:
    """``path`` when it is a folder here, else the same trailing folders (1 to 3) beside the trace
    (its folder and two parents): a run's ``/workspace/runs/x/triton_cache`` kept as ``x/triton_cache``."""
    if os.path.isdir(path):
        return [path]
    parts = [p for p in re.split(r"[/\\]", path) if p]
    here = os.path.dirname(os.path.abspath(trace_path))
    out = []
    for base in (here, os.path.dirname(here), os.path.dirname(os.path.dirname(here))):
        for k in (1, 2, 3):
            if len(parts) >= k:
                cand = os.path.join(base, *parts[-k:])
                if os.path.isdir(cand) and cand not in out:
                    out.append(cand)
    return out


def _function_text(text: str | None) -> tuple[int, list[str]] | None:
    """(1-based line of ``@triton.jit``, the lines from there on without trailing blanks), or None."""
    if not text:
        return None
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if line.strip() == "@triton.jit"), None)
    if at is None:
        return None
    body = [line.rstrip() for line in lines[at:]]
    while body and not body[-1]:
        body.pop()
    return at + 1, body


_MAKE_RANGE = re.compile(rb"tt\.make_range \{end = (\d+) : i32")


def _range_ends(folder: TritonCacheFolder) -> set[int] | None:
    """The ``tl.arange`` lengths of a folder's TTIR (``tt.make_range {end = N``): its block sizes."""
    try:
        with open(folder.files.get("ttir") or "", "rb") as fh:
            return {int(n) for n in _MAKE_RANGE.findall(fh.read())}
    except OSError:
        return None


_PTX_VERSION = re.compile(rb"^\.version [\d.]+\s*$", re.M)


def _digest(folder: TritonCacheFolder) -> str | None:
    """The MD5 of a folder's PTX (else TTGIR) without its ``.version`` line, None when it has
    neither: two compiles of the same code that differ only in the PTX ISA version they name (one
    process's CUDA toolkit and another's) count as the same."""
    path = folder.files.get("ptx") or folder.files.get("ttgir")
    try:
        with open(path or "", "rb") as fh:
            return hashlib.md5(_PTX_VERSION.sub(b"", fh.read())).hexdigest()
    except OSError:
        return None


class TritonCaches:
    """The Triton caches of one index's traces, listed once: ``given`` folders first (the user's),
    then per trace the ones found for it.  :meth:`match` finds a kernel's folder."""

    def __init__(self, given: list[str] | None = None) -> None:
        self.given = [os.path.abspath(g) for g in given or []]
        self._listed: dict[str, list[TritonCacheFolder]] = {}
        #: per folder path: its PTX digest and its TTIR's tl.arange lengths (read once: several kernels'
        #: matches compare the same candidates)
        self._digests: dict[str, str | None] = {}
        self._ends: dict[str, set[int] | None] = {}
        self._env: dict[str, list[str]] = {}
        #: every root looked at, in the order looked (for the report: where the IR came from)
        self.roots: list[str] = []

    def _digest(self, folder: TritonCacheFolder) -> str | None:
        if folder.path not in self._digests:
            self._digests[folder.path] = _digest(folder)
        return self._digests[folder.path]

    def _range_ends(self, folder: TritonCacheFolder) -> set[int] | None:
        if folder.path not in self._ends:
            self._ends[folder.path] = _range_ends(folder)
        return self._ends[folder.path]

    def check_given(self) -> list[tuple[str, str]]:
        """``(folder, problem)`` for each given folder that is not a folder, or holds no Triton
        kernel folder (itself, its ``triton/<device>/`` or ``<device>/``): a typo must not read
        as "no Triton cache found"."""
        out = []
        for g in self.given:
            if not os.path.isdir(g):
                out.append((g, "no such folder" if not os.path.exists(g) else "not a folder"))
            elif not any(self._folders(r) for r in _expand(g)):
                out.append((g, "holds no Triton kernel folder (<hash>/ with <kernel>.json and its IR), nor triton/<device>/ with them"))
        # not looked in (as the warning says): neither searched nor listed among the roots looked at
        bad = {g for g, _ in out}
        self.given = [g for g in self.given if g not in bad]
        self.roots = [r for r in self.roots if not any(r == b or r.startswith(b + os.sep) for b in bad)]
        return out

    def _folders(self, root: str) -> list[TritonCacheFolder]:
        if root not in self._listed:
            self._listed[root] = list_cache_folders(root)
            self.roots.append(root)
        return self._listed[root]

    def roots_for(self, kernel_file: str | None, trace_path: str) -> list[str]:
        """The roots to look in for a kernel of ``trace_path`` whose file is ``kernel_file``."""
        roots: list[str] = []
        for g in self.given:
            roots.extend(_expand(g))
        if kernel_file:
            m = _INDUCTOR_ROOT.match(kernel_file)
            if m:
                for cand in inductor_cache_candidates(m.group(1) + "/triton", trace_path):
                    if os.path.isdir(cand):
                        roots.extend(_expand(os.path.dirname(cand)))
            else:  # a kernel file outside a torchinductor_<user> folder (TORCHINDUCTOR_CACHE_DIR set elsewhere)
                roots.extend(_expand(os.path.dirname(os.path.dirname(kernel_file))))
        if trace_path not in self._env:
            found = [c for d in triton_env_dirs(trace_path) for c in local_copies(d, trace_path)]
            here = os.path.dirname(os.path.abspath(trace_path))
            for base in (here, os.path.dirname(here)):  # capture's copy of a TRITON_CACHE_DIR
                if os.path.isdir(os.path.join(base, "triton_cache")):
                    found.append(os.path.join(base, "triton_cache"))
            self._env[trace_path] = list(dict.fromkeys(found))
        for d in self._env[trace_path]:
            roots.extend(_expand(d))
        return list(dict.fromkeys(roots))

    def _same_function(self, named: list[TritonCacheFolder], text: str | None, trace_path: str) -> FolderMatch | None:
        """The folder among ``named`` compiled from a file (its local copy) whose ``@triton.jit``
        function is the text of the kernel's, with the line offset between the two files."""
        ours = _function_text(text)
        if ours is None:
            return None
        for folder in named:
            for cand in inductor_cache_candidates(folder.compiled_file or "", trace_path) if folder.compiled_file else []:
                if os.path.isfile(cand):
                    try:
                        with open(cand, encoding="utf-8", errors="replace") as fh:
                            theirs = _function_text(fh.read())
                    except OSError:
                        theirs = None
                    if theirs is not None and theirs[1] == ours[1]:
                        return FolderMatch(folder, "same_function", [folder], line_offset=ours[0] - theirs[0])
                    break
        return None

    def _chosen_beside(self, kernel_file: str, trace_path: str) -> set[str]:
        """The ``triton_cache_hash`` of every ``.best_config`` in the folder of the kernel file's
        local copy (a folder can hold several kernels' files and configs: the hash says whose)."""
        tail = [p for p in re.split(r"[/\\]", kernel_file) if p][-2:]  # <xx>/<hash>.py in a given Inductor cache too
        for cand in [*inductor_cache_candidates(kernel_file, trace_path), *(os.path.join(g, *tail) for g in self.given)]:
            if os.path.isfile(cand):
                folder = os.path.dirname(cand)
                try:
                    names = sorted(os.listdir(folder))
                except OSError:
                    return set()
                found = (read_best_config(os.path.join(folder, n)) for n in names if n.endswith(".best_config"))
                return {str(c["triton_cache_hash"]) for c in found if c and c.get("triton_cache_hash")}
        return set()

    def match(
        self,
        name: str,
        kernel_file: str | None,
        trace_path: str,
        best_config: dict | None,
        kernel_text: Callable[[], str | None] | None = None,
    ) -> FolderMatch:
        """The folder of the kernel ``name`` whose ``# kernel path:`` is ``kernel_file`` (as the
        trace wrote it), in a graph of ``trace_path``; ``best_config``: the ``.best_config`` beside
        its file, when found; ``kernel_text``: the kernel's source (the output code's copy), asked
        for only when no folder compiled its file (then a folder compiled from a file with the same
        ``@triton.jit`` function is taken: Triton's cache keys the function's text, so an identical
        function compiled first for an autotune candidate's file is a cache hit)."""
        roots = self.roots_for(kernel_file, trace_path)
        if not roots:
            return FolderMatch(None, reason="no Triton cache found (beside the trace, in the Inductor cache, or given with --triton-cache)")
        named = [f for r in roots for f in self._folders(r) if f.name == name]
        if kernel_file is None:
            return FolderMatch(None, candidates=named, reason="the output code names no kernel path for this kernel")
        candidates = [f for f in named if f.compiled_file is not None and same_file(f.compiled_file, kernel_file)]
        if not candidates and named and kernel_text is not None:
            found = self._same_function(named, kernel_text(), trace_path)
            if found is not None:
                return found
        if not candidates:
            why = f"no Triton cache folder compiled {os.path.basename(kernel_file)}"
            return FolderMatch(None, reason=why + (f" ({len(named)} of this name compiled other files)" if named else ""))
        chosen = (best_config or {}).get("triton_cache_hash")
        if chosen:
            for f in candidates:
                if f.hash == chosen:
                    return FolderMatch(f, "best_config", candidates)
        if len({f.hash for f in candidates}) == 1:
            return FolderMatch(candidates[0], "file", candidates)
        hashes = self._chosen_beside(kernel_file, trace_path)
        picked = [f for f in candidates if f.hash in hashes]
        if len({f.hash for f in picked}) == 1:  # a .best_config beside the file names one of them: that one
            return FolderMatch(picked[0], "best_config", candidates)
        want = {k: (best_config or {}).get(k) for k in ("num_warps", "num_stages")}
        if all(v is not None for v in want.values()):  # a config found by coordinate descent has no hash
            alike = [f for f in candidates if all(f.metadata.get(k) == v for k, v in want.items())]
            if len({self._digest(f) for f in alike}) == 1:
                return FolderMatch(alike[0], "best_config", candidates)
            blocks = {int(v) for k, v in (best_config or {}).items() if k.endswith("BLOCK") and isinstance(v, int) and v > 1}
            fits = [(len(ends - blocks), f) for f in alike if (ends := self._range_ends(f)) is not None and blocks <= ends]
            best = min((n for n, _ in fits), default=None)
            if best is not None and len({self._digest(f) for n, f in fits if n == best}) == 1:
                return FolderMatch(next(f for n, f in fits if n == best), "config", candidates)
        if len({self._digest(f) for f in candidates}) == 1:  # the same compile twice (another cache key, the same PTX)
            return FolderMatch(candidates[0], "identical", candidates)
        return FolderMatch(
            None,
            candidates=candidates,
            reason=f"{len(candidates)} folders compiled this kernel's file and no .best_config names one",
        )
