"""A Triton kernel's IR: its cache folder's files, per kernel-file line the lines of each IR form
it became, instruction counts, registers, shared and local memory.

Kernel-file lines are those of the ``# kernel path:`` file Triton compiled; the output code embeds
the same text (``name = async_compile.triton('name', '''<source>''')``: the kernel file's line
``L`` is the output code's ``definition line + L - 1``, :meth:`KernelIR.code_line`).  Line maps
come from each form's own line info (:mod:`inductor_lens.readers.triton_ir`): an instruction
belongs to the kernel-file line of its own location; instructions whose own location is in
Triton's library (``tl.sum`` and the like) are kept apart as ``inlined`` into the kernel line
their call chain reaches (PTX: LLVM's ``@[ ... ]`` comment; TTIR/TTGIR: ``callsite``; LLIR:
``inlinedAt``); SASS has no chain (``nvdisasm -g``): those go to no line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import partial

from ..index.kernel_facts import KernelFactsReader
from ..index.trace_index import Index
from ..model import Kernel
from ..readers.triton_ir import FORMS, LineMap, cubin_resources, llir_line_map, mlir_line_map, ptx_line_map, sass_line_map
from ..readers.triton_ir.folder import TritonCacheFolder
from .find import SET_HINT, FolderMatch, TritonCaches
from .metrics import kernel_metrics
from .sass import disassemble, look_in_site_packages, nvdisasm_path


@dataclass
class KernelIR:
    """One Triton kernel's IR (or why there is none: ``match.reason``).

    ``maps``: {form: :class:`LineMap`} for the forms present (``ttir ttgir llir ptx`` and ``sass``
    when ``nvdisasm`` ran); ``files``: {form: path or None} (``ttir ttgir llir ptx cubin sass``);
    ``resources``: ``registers`` (per thread) and ``local_bytes`` (per thread) from the cubin,
    ``spills`` (SASS local-memory loads and stores), ``shared_bytes``, ``num_warps``, ``num_stages``
    from the metadata; ``notes``: what could not be read."""

    name: str
    kernel_file: str | None
    match: FolderMatch
    definition_line: int | None = None
    files: dict[str, str | None] = field(default_factory=dict)
    maps: dict[str, LineMap] = field(default_factory=dict)
    resources: dict[str, int | None] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: measured counters per kernel line from an Nsight Compute profile (:mod:`.metrics`); None
    #: when no profile was given, or it profiled no launch of this kernel
    metrics: dict | None = None
    #: whether a profile was given (then ``metrics`` is in the JSON, null when it has no launch of this kernel)
    measured: bool = False
    #: why the folder's cubin has no SASS here (nvdisasm not found, and how to get it), else None
    sass_missing: str | None = None

    @property
    def folder(self) -> TritonCacheFolder | None:
        return self.match.folder

    def code_line(self, kernel_line: int) -> int | None:
        """The output-code line of kernel-file line ``kernel_line`` (None without a definition)."""
        return None if self.definition_line is None else self.definition_line + kernel_line - 1

    def kernel_line(self, code_line: int) -> int | None:
        """The kernel-file line of output-code line ``code_line`` (None outside the kernel's text)."""
        if self.definition_line is None or code_line < self.definition_line:
            return None
        return code_line - self.definition_line + 1

    def total(self, form: str) -> int | None:
        """Instructions (ops) of ``form`` in the kernel, or None when the form is missing."""
        found = self.maps.get(form)
        return found.instructions if found is not None else None

    def to_json(self) -> dict:
        """``{dir, hash, match, candidates, files, lines, inlined, instructions, unattributed,
        resources, notes}`` (docs/report-json.md): ``lines``/``inlined`` map a kernel-file line
        (a string, JSON's keys) to ``{form: [IR line, ...] or null}``."""
        folder = self.folder
        if folder is None:
            return {
                "dir": None,
                "reason": self.match.reason,
                "candidates": [f.path for f in self.match.candidates],
                "looked_in": list(self.match.looked),
                "hint": SET_HINT,
            }
        per_line: dict[int, dict[str, list[int] | None]] = {}
        inlined: dict[int, dict[str, list[int] | None]] = {}
        for table, attr in ((per_line, "lines"), (inlined, "inlined")):
            keys = sorted({k for m in self.maps.values() for k in getattr(m, attr)})
            for k in keys:
                table[k] = {f: (getattr(self.maps[f], attr).get(k, []) if f in self.maps else None) for f in FORMS}
        return {
            "dir": folder.path,
            "hash": folder.hash,
            "match": self.match.how,
            "candidates": [f.path for f in self.match.candidates] if len(self.match.candidates) > 1 else [],
            "kernel_file": self.kernel_file,
            "files": {f: self.files.get(f) for f in ("ttir", "ttgir", "llir", "ptx", "cubin", "sass")},
            "lines": {str(k): v for k, v in per_line.items()},
            "inlined": {str(k): v for k, v in inlined.items()},
            "instructions": {f: self.total(f) for f in FORMS},
            "unattributed": {f: (len(self.maps[f].unattributed) if f in self.maps else None) for f in FORMS},
            "resources": dict(self.resources),
            "notes": list(self.notes),
            **({"metrics": self.metrics} if self.measured else {}),
        }


def _count(meta: dict, key: str, notes: list[str]) -> int | None:
    """A non-negative integer of the metadata, else None (and a note when it is there but not one)."""
    value = meta.get(key)
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    notes.append(f"{key} in the compile metadata is not a count: {value!r}")
    return None


def _shifted(found: LineMap, offset: int) -> LineMap:
    """``found`` with its kernel-file lines moved by ``offset`` (lines of another file with the same function)."""
    if offset:
        found.lines = {k + offset: v for k, v in found.lines.items()}
        found.inlined = {k + offset: v for k, v in found.inlined.items()}
    return found


def _read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError:
        return None


def _trace_site_packages(index: Index, limit: int = 4096) -> list[str]:
    """The site-packages folders the traces' frames name (``/opt/torch/.venv/lib/python3.12/site-packages``:
    the Python that ran the model, whose Triton wheel ships ``nvdisasm``), from at most ``limit`` frames."""
    out: dict[str, None] = {}
    seen = 0
    for kernel in index.kernels:
        for frame in kernel.frames:
            seen += 1
            at = frame.file.find("site-packages")
            if at > 0:
                out[frame.file[: at + len("site-packages")]] = None
        if seen >= limit:
            break
    return list(out)


class KernelIRs:
    """The IR of an index's Triton kernels, each worked out once (kernels of copied graphs share it).

    ``caches``: where to look (:class:`~inductor_lens.ir.find.TritonCaches`); ``sass``: run
    ``nvdisasm`` on cubins when it is installed."""

    def __init__(self, index: Index, caches: TritonCaches | None = None, *, sass: bool = True, ncu: tuple[str, list] | None = None) -> None:
        self.index = index
        self.caches = caches or TritonCaches()
        self.sass = sass
        #: (where it came from, :class:`~inductor_lens.readers.ncu_source.NcuLaunch` list) of the
        #: Nsight Compute profiles given (``report --ncu``), or None
        self.ncu = ncu
        self.facts = KernelFactsReader(index)
        self._memo: dict[tuple, KernelIR | None] = {}
        self._matches: dict[tuple, FolderMatch] = {}
        if sass:
            look_in_site_packages(_trace_site_packages(index))

    def _key_and_match(self, kernel: Kernel) -> tuple[tuple, FolderMatch, str | None] | None:
        """(memo key, the kernel's :class:`FolderMatch`, its kernel file) for a Triton kernel, None
        for other kernels; the match is made once per definition (``of`` and the SASS prefetch share it)."""
        if kernel.definition is None or kernel.kind in ("extern", "fallback", "cpp", "multi_kernel"):
            return None
        facts = self.facts.facts(kernel)
        if facts.source is None:
            return None
        definition = kernel.definition
        trace = kernel.graph.trace if kernel.graph is not None else ""
        key = (kernel.name, facts.kernel_file, trace, definition.path, definition.line)
        match = self._matches.get(key)
        if match is None:
            text = partial(self.kernel_text, definition.path, definition.line)
            match = self.caches.match(kernel.name, facts.kernel_file, trace, facts.best_config, text)
            if match.folder is None and len(match.candidates) > 1 and facts.best_config is None and facts.configs_tried() == 1:
                # several folders compiled the file and no .best_config says which (a multi-kernel's
                # sub-kernel): the log's only config picks by warps, stages and block sizes
                match = self.caches.match(kernel.name, facts.kernel_file, trace, facts.chosen(), text)
            self._matches[key] = match
        return key, match, facts.kernel_file

    def of(self, kernel: Kernel) -> KernelIR | None:
        """The :class:`KernelIR` of a Triton kernel (found or not), None for other kernels."""
        found = self._key_and_match(kernel)
        if found is None:
            return None
        key, match, kernel_file = found
        if key not in self._memo:
            self._memo[key] = self._build(kernel, kernel_file, match)
        return self._memo[key]

    def _build(self, kernel: Kernel, kernel_file: str | None, match: FolderMatch) -> KernelIR:
        assert kernel.definition is not None
        out = KernelIR(kernel.name, kernel_file, match, kernel.definition.line, measured=self.ncu is not None)
        folder = match.folder
        if folder is None:
            return out
        compiled = folder.compiled_file or kernel_file or ""
        readers = {"ttir": lambda t: mlir_line_map(t, compiled, "ttir"), "ttgir": lambda t: mlir_line_map(t, compiled, "ttgir")}
        readers.update({"llir": lambda t: llir_line_map(t, compiled), "ptx": lambda t: ptx_line_map(t, compiled)})
        for form in ("ttir", "ttgir", "llir", "ptx", "cubin"):
            out.files[form] = folder.files.get(form)
        for form, read in readers.items():
            path = folder.files.get(form)
            text = _read_text(path) if path else None
            if text is None:
                out.notes.append(f"no {form} in {folder.path}")
                continue
            out.maps[form] = _shifted(read(text), match.line_offset)
        for form, found in out.maps.items():
            if found.instructions and not found.lines and not found.inlined:
                out.notes.append(f"no {form} instruction has a line of the kernel's file: its line info is missing or cut")
        meta = folder.metadata
        out.notes.extend(folder.notes)
        out.resources = {
            "num_warps": _count(meta, "num_warps", out.notes),
            "num_stages": _count(meta, "num_stages", out.notes),
            "shared_bytes": _count(meta, "shared", out.notes),
            "registers": None,
            "local_bytes": None,
            "spills": None,
        }
        cubin = folder.files.get("cubin")
        if cubin:
            try:
                with open(cubin, "rb") as fh:
                    out.resources.update(cubin_resources(fh.read(), folder.name))
            except OSError as exc:
                out.notes.append(f"cannot read {cubin}: {exc.strerror or exc}")
            if self.sass:
                path, why = disassemble(cubin, folder.name, self.index.cache)
                out.files["sass"] = path
                text = _read_text(path) if path else None
                if text is not None:
                    sass, out.resources["spills"] = sass_line_map(text, compiled)
                    out.maps["sass"] = _shifted(sass, match.line_offset)
                    if self.ncu is not None:
                        out.metrics = kernel_metrics(folder.name, text, out.maps["sass"].kernel_line_of(), self.ncu[1], self.ncu[0])
                    if sass.instructions and not sass.lines:
                        out.notes.append("no sass instruction has a line of the kernel's file: the cubin has no line info")
                elif why:
                    out.notes.append(f"no SASS: {why}")
                    out.sass_missing = why
        else:
            out.files["sass"] = None
        return out

    def kernel_text(self, path: str, line: int) -> str | None:
        """The kernel's source as the output code embeds it (from the definition line's ``'''``
        to the closing one)."""
        lines = self.facts._code_lines(path)
        if not 0 < line <= len(lines) or "'''" not in lines[line - 1]:
            return None
        body = [lines[line - 1].split("'''", 1)[1]]
        for raw in lines[line:]:
            if "'''" in raw:
                body.append(raw.split("'''", 1)[0])
                break
            body.append(raw)
        return "\n".join(body)

    def _prefetch_sass(self, kernels: list[Kernel]) -> None:
        """Disassemble the cubins of ``kernels``' folders on every core at once (``nvdisasm`` takes
        ~0.3 s a cubin and one file per run): each is then read from the cache folder."""
        if not self.sass or nvdisasm_path() is None:
            return
        todo: dict[str, str] = {}
        for kernel in kernels:
            found = self._key_and_match(kernel)
            folder = found[1].folder if found is not None else None
            if folder is not None and folder.files.get("cubin"):
                todo.setdefault(folder.files["cubin"], folder.name)
        if len(todo) < 2:
            return
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            list(pool.map(lambda item: disassemble(item[0], item[1], self.index.cache), todo.items()))

    def sub_kernels(self, kernel: Kernel) -> list[Kernel]:
        """The sub-kernels of a ``multi_kernel`` (Inductor's ``MultiKernel``, which picks one of
        them at run time: ``torch/_inductor/codegen/multi_kernel.py``), each a Triton kernel of its
        own compiled into its own cache folder, as kernels without launches; ``[]`` for other kernels."""
        return [
            Kernel(name, name, kind, None, span, [], graph=kernel.graph)
            for name, kind, span in kernel.alternatives
            if span is not None and kernel.kind == "multi_kernel"
        ]

    def with_sub_kernels(self, kernels: list[Kernel]) -> list[Kernel]:
        """``kernels`` with each multi-kernel's sub-kernels after it (each definition once)."""
        out: list[Kernel] = []
        seen: set[tuple] = set()
        for kernel in kernels:
            for k in (kernel, *self.sub_kernels(kernel)):
                at = (k.name, k.definition.path, k.definition.line) if k.definition is not None else (k.key, id(k), 0)
                if at not in seen or k is kernel:
                    seen.add(at)
                    out.append(k)
        return out

    def triton_kernels(self) -> list[tuple[Kernel, KernelIR]]:
        """Every Triton kernel of the index with its IR (found or not), the sub-kernels of
        multi-kernels among them (:meth:`sub_kernels`)."""
        out = []
        kernels = self.with_sub_kernels(self.index.kernels)
        self._prefetch_sass(kernels)
        for kernel in kernels:
            found = self.of(kernel)
            if found is not None:
                out.append((kernel, found))
        return out


def ir_documents(irs: list[KernelIR]) -> dict[str, tuple[KernelIR, str]]:
    """{absolute path of an IR file: (its kernel's IR, the form)} for the IR files of ``irs``."""
    out: dict[str, tuple[KernelIR, str]] = {}
    for ir in irs:
        for form in FORMS:
            path = ir.files.get(form)
            if path and form in ir.maps:
                out.setdefault(os.path.abspath(path), (ir, form))
    return out
