"""Finding a trace's Triton caches and each Triton kernel's folder in them.

Where Triton's cache is after a run: :mod:`inductor_lens.ir.roots` (``<TRITON_CACHE_DIR>/<hash>/``,
``<inductor cache>/triton/<device>/<hash>/``, ``<inductor cache>/triton/<hash>/``,
``~/.triton/cache/<hash>/``).  Looked for, in order: folders the user names (``--triton-cache``,
the ``inductorLens.tritonCache`` setting; a Triton cache or an Inductor cache), the Inductor cache
a kernel's ``# kernel path:`` names (as is, or its copy beside the trace), ``TRITON_CACHE_DIR`` and
``TORCHINDUCTOR_CACHE_DIR`` as the log's ``fx_graph_runnable`` records them (as is, else the same
trailing folders beside the trace), a ``triton_cache/`` beside the trace (``capture``'s copy of a
``TRITON_CACHE_DIR``); then, for a kernel none of these holds, Triton's default ``~/.triton/cache``
(here, or a ``.triton/cache`` kept beside the trace).

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
from .roots import INDUCTOR_COPIES, home_caches, inductor_cache_of, kernel_roots, local_copies, log_env


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
    #: the folders looked in for it (when none was found: said with :data:`SET_HINT`)
    looked: list[str] = field(default_factory=list)

    @property
    def hint(self) -> str:
        """What to set when no folder was found (:data:`SET_HINT`)."""
        return SET_HINT


#: what to set when a kernel's folder is not found (``report --ir`` and the editor's hover)
SET_HINT = (
    "give the run's Triton cache with --triton-cache DIR (in the editor: the inductorLens.tritonCache setting): "
    "its TRITON_CACHE_DIR, its Inductor cache (TORCHINDUCTOR_CACHE_DIR, by default /tmp/torchinductor_<user>, "
    "whose triton/ it holds) or ~/.triton/cache; inductor-lens capture keeps it beside the trace"
)


def triton_env_dirs(log_path: str) -> list[str]:
    """The ``TRITON_CACHE_DIR`` a log's ``fx_graph_runnable`` records (as written; ``[]`` when
    unreadable or not set): :func:`inductor_lens.ir.roots.log_env`."""
    return log_env(log_path)["TRITON_CACHE_DIR"]


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
        self.given = [os.path.abspath(os.path.expanduser(os.path.expandvars(g))) for g in given or []]
        self._listed: dict[str, list[TritonCacheFolder]] = {}
        #: per folder path: its PTX digest and its TTIR's tl.arange lengths (read once: several kernels'
        #: matches compare the same candidates)
        self._digests: dict[str, str | None] = {}
        self._ends: dict[str, set[int] | None] = {}
        self._env: dict[str, tuple[list[str], list[str]]] = {}
        self._expanded: dict[str, list[str]] = {}
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

    def _expand(self, root: str) -> list[str]:
        """:func:`~inductor_lens.ir.roots.kernel_roots` of ``root``, worked out once."""
        if root not in self._expanded:
            self._expanded[root] = kernel_roots(root)
        return self._expanded[root]

    def check_given(self) -> list[tuple[str, str]]:
        """``(folder, problem)`` for each given folder that is not a folder, or holds no Triton
        kernel folder (itself, its ``triton/``, ``triton/<device>/`` or ``<device>/``): a typo must
        not read as "no Triton cache found"."""
        out = []
        for g in self.given:
            if not os.path.isdir(g):
                out.append((g, "no such folder" if not os.path.exists(g) else "not a folder"))
            elif not any(self._folders(r) for r in self._expand(g)):
                out.append((g, "holds no Triton kernel folder (<hash>/ with <kernel>.json and its IR), nor triton/ or <device>/ with them"))
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

    def _trace_roots(self, trace_path: str) -> tuple[list[str], list[str]]:
        """(the caches a trace's log names, beside it: ``TRITON_CACHE_DIR`` and the Inductor cache
        its ``fx_graph_runnable`` records, ``triton_cache/``; Triton's default ``~/.triton/cache``
        and its copies beside the trace), worked out once per trace."""
        if trace_path not in self._env:
            env = log_env(trace_path)
            found = [c for d in env["TRITON_CACHE_DIR"] for c in local_copies(d, trace_path)]
            found += [c for d in env["TORCHINDUCTOR_CACHE_DIR"] for c in local_copies(d, trace_path, INDUCTOR_COPIES, keep=True)]
            here = os.path.dirname(os.path.abspath(trace_path))
            for base in (here, os.path.dirname(here)):  # capture's copy of a TRITON_CACHE_DIR
                if os.path.isdir(os.path.join(base, "triton_cache")):
                    found.append(os.path.join(base, "triton_cache"))
            self._env[trace_path] = (list(dict.fromkeys(found)), home_caches(trace_path))
        return self._env[trace_path]

    def roots_for(self, kernel_file: str | None, trace_path: str, fallback: bool = False) -> list[str]:
        """The roots to look in for a kernel of ``trace_path`` whose file is ``kernel_file``: the
        given folders, the Inductor cache of the kernel's file, the caches the log names; with
        ``fallback``, Triton's default cache (``~/.triton/cache``, looked in only when the others
        hold no folder that compiled the kernel's file)."""
        if fallback:
            return list(dict.fromkeys(r for d in self._trace_roots(trace_path)[1] for r in self._expand(d)))
        roots: list[str] = []
        for g in self.given:
            roots.extend(self._expand(g))
        if kernel_file:
            for cache in inductor_cache_of(kernel_file, trace_path):
                roots.extend(self._expand(cache))
        for d in self._trace_roots(trace_path)[0]:
            roots.extend(self._expand(d))
        return list(dict.fromkeys(roots))

    def _looked_for_nothing(self, kernel_file: str | None, trace_path: str) -> list[str]:
        """Where a kernel's cache was looked for when no folder is there (as the trace names them):
        the Inductor cache of its file (``<cache>/triton``), the log's ``TRITON_CACHE_DIR`` and
        ``TORCHINDUCTOR_CACHE_DIR``, copies beside the trace, Triton's default ``~/.triton/cache``."""
        out = list(self.given)
        if kernel_file:
            out.append(os.path.join(os.path.dirname(os.path.dirname(kernel_file)), "triton"))
        env = log_env(trace_path)
        out += env["TRITON_CACHE_DIR"] + [os.path.join(d, "triton") for d in env["TORCHINDUCTOR_CACHE_DIR"]]
        out.append(os.path.join(os.path.dirname(os.path.abspath(trace_path)), "{torchinductor,inductor_cache,triton_cache}"))
        out.append(os.path.join(os.environ.get("TRITON_HOME") or os.path.expanduser("~"), ".triton", "cache"))
        return list(dict.fromkeys(out))

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
        # a given Triton cache may be an Inductor cache's triton/ or triton/<device>/: its Inductor cache is above
        given = [d for g in self.given for d in (g, os.path.dirname(g), os.path.dirname(os.path.dirname(g)))]
        caches = list(dict.fromkeys([*given, *inductor_cache_of(kernel_file, trace_path)]))
        for cand in [*inductor_cache_candidates(kernel_file, trace_path), *(os.path.join(g, *tail) for g in caches)]:
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
        named = [f for r in roots for f in self._folders(r) if f.name == name]
        compiled = [f for f in named if kernel_file and f.compiled_file is not None and same_file(f.compiled_file, kernel_file)]
        if not compiled:  # Triton's default cache: a run whose Triton compiled outside Inductor's TRITON_CACHE_DIR
            more = [r for r in self.roots_for(kernel_file, trace_path, fallback=True) if r not in roots]
            roots += more
            named += [f for r in more for f in self._folders(r) if f.name == name]
        if not roots:
            return FolderMatch(
                None,
                reason="no Triton cache found (beside the trace, in the Inductor cache, or given with --triton-cache)",
                looked=self._looked_for_nothing(kernel_file, trace_path),
            )
        if kernel_file is None:
            return FolderMatch(None, candidates=named, reason="the output code names no kernel path for this kernel", looked=roots)
        candidates = [f for f in named if f.compiled_file is not None and same_file(f.compiled_file, kernel_file)]
        if not candidates and named and kernel_text is not None:
            found = self._same_function(named, kernel_text(), trace_path)
            if found is not None:
                return found
        if not candidates:
            why = f"no Triton cache folder compiled {os.path.basename(kernel_file)}"
            looked = list(dict.fromkeys(roots + self._looked_for_nothing(kernel_file, trace_path)))
            return FolderMatch(None, reason=why + (f" ({len(named)} of this name compiled other files)" if named else ""), looked=looked)
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
