"""What a trace's Triton kernels compiled to (:mod:`inductor_lens.ir`), as the report and the editor ask for it.

``report --ir``'s, opened from what the command line named (the Triton caches given, checked;
the Nsight Compute profiles given, each read once; what could not be used, said); and the
editor's snapshot's, from its ``inductorLens.tritonCache`` and ``inductorLens.ncuProfiles``
settings (made once per snapshot).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..index.input_files import file_md5
from ..index.trace_index import Index
from ..ir.find import TritonCaches
from ..ir.kernel_ir import KernelIR, KernelIRs, ir_documents
from ..ir.metrics import load_ncu
from ..ir.sass import NO_NVDISASM, nvdisasm_path
from ..model import InputWarning, Kernel

if TYPE_CHECKING:
    from .snapshot import Snapshot


def open_kernel_irs(index: Index, triton_cache: list[str], ncu_paths: list[str], stderr, say_warnings: bool = True) -> KernelIRs:
    """``report --ir``'s :class:`KernelIRs` of ``index``: ``triton_cache`` folders looked in first
    (those that are no folder or hold no Triton cache become warnings), ``ncu_paths`` Nsight
    Compute profiles read once each (:func:`inductor_lens.ir.metrics.load_ncu`); what cannot be
    used is a warning on the index and, with ``say_warnings`` (``--json``, whose warnings are in
    the document; a table lists the index's warnings at its end), a line on ``stderr``; traces
    without a Triton kernel are said there."""
    caches = TritonCaches(triton_cache)
    problems = caches.check_given()
    index.add_warnings([InputWarning(folder, 0, f"--triton-cache {folder}: {why}; not looked in") for folder, why in problems])
    for folder, why in problems if say_warnings else ():
        print(f"inductor-lens: warning: --triton-cache {folder}: {why}", file=stderr)
    ncu: tuple[str, list] | None = None
    warned: list[InputWarning] = []
    if ncu_paths:
        launches: list = []
        seen: dict[str, str] = {}
        for path in ncu_paths:
            digest = file_md5(path)
            if digest is not None and digest in seen:  # the same profile twice would count every sample twice
                warned.append(InputWarning(os.path.abspath(path), 0, f"the same profile as {seen[digest]}: read once"))
                continue
            if digest is not None:
                seen[digest] = os.path.abspath(path)
            found, more = load_ncu(os.path.abspath(path), index.cache)
            launches.extend(found)
            warned.extend(more)
        if nvdisasm_path() is None:
            warned.append(
                InputWarning(
                    os.path.abspath(ncu_paths[0]),
                    0,
                    "--ncu needs the kernels' SASS to put its counters on lines: " + NO_NVDISASM,
                )
            )
        ncu = (", ".join(seen.values()), launches)
    irs = KernelIRs(index, caches, ncu=ncu)
    found_irs = irs.triton_kernels()
    if ncu is not None and ncu[1] and nvdisasm_path() is not None and not any(ir.metrics and ir.metrics["launches"] for _, ir in found_irs):
        warned.append(
            InputWarning(
                ncu[0].split(", ")[0],
                0,
                "no launch of the Nsight Compute profile is one of this trace's Triton kernels "
                "(a profile of another run, or its kernels' Triton cache is not at hand)",
            )
        )
    if ncu is not None:
        index.add_warnings(warned)
        for w in warned if say_warnings else ():
            print(f"inductor-lens: warning: --ncu {w.file}: {w.message}", file=stderr)
    if not found_irs:
        print(
            "inductor-lens: note: --ir: these traces have no Triton kernels (CPU C++ or extern kernels only): no IR to show",
            file=stderr,
        )
    return irs


def kernel_ir_json(index: Index, kernels: list[dict]) -> dict[str, dict]:
    """``{key: ir}`` of the Triton kernels among ``kernels`` (``report --json`` ``kernels``
    objects, matched by trace, compile id, graph kind and key), ``ir`` as ``report --ir --json``
    gives it (:meth:`inductor_lens.ir.kernel_ir.KernelIR.to_json`), from the Triton caches found
    beside the trace and the output code's kernel paths (none given); kernels without IR left out."""
    wanted = {(k["trace"], k["compile_id"], k["graph"], k["key"]) for k in kernels}
    irs = KernelIRs(index, TritonCaches([]))
    out: dict[str, dict] = {}
    for kernel in index.kernels:
        graph = kernel.graph
        if graph is not None and (graph.trace, graph.compile_id, graph.kind, kernel.key) in wanted:
            found = irs.of(kernel)
            if found is not None:
                out[kernel.key] = found.to_json()
    return out


def _ncu(ctx: Snapshot) -> tuple[str, list] | None:
    """The launches of the Nsight Compute profiles the ``inductorLens.ncuProfiles`` setting names (read once)."""
    paths = list(ctx.ncu_profiles)
    if not paths:
        return None

    def load() -> tuple[str, list]:
        launches: list = []
        for path in paths:
            found, warned = load_ncu(os.path.abspath(path), ctx.index.cache)
            launches.extend(found)
            ctx.index.add_warnings(warned)
        return ", ".join(paths), launches

    return ctx.cached(("ir", "ncu"), load)


def kernel_irs(ctx: Snapshot) -> KernelIRs:
    """The snapshot's :class:`KernelIRs` (made once; folders from the ``inductorLens.tritonCache``
    setting first; measured counters from ``inductorLens.ncuProfiles``)."""
    return ctx.cached(("ir",), lambda: KernelIRs(ctx.index, _caches(ctx), ncu=_ncu(ctx)))


def _caches(ctx: Snapshot) -> TritonCaches:
    """The snapshot's Triton caches (``inductorLens.tritonCache`` first), listed once for every use."""
    return ctx.cached(("ir", "caches"), lambda: TritonCaches(list(ctx.triton_cache)))


def ir_documents_of(ctx: Snapshot) -> dict[str, tuple[KernelIR, str, Kernel]]:
    """``{IR file path: (its kernel's IR, its form, the kernel)}`` of every Triton kernel whose IR the caches hold (made once)."""

    def build() -> dict[str, tuple[KernelIR, str, Kernel]]:
        irs = kernel_irs(ctx)
        out: dict[str, tuple[KernelIR, str, Kernel]] = {}
        for kernel, ir in irs.triton_kernels():
            for path, (found, form) in ir_documents([ir]).items():
                out.setdefault(path, (found, form, kernel))
        return out

    return ctx.cached(("ir", "documents"), build)


def ir_document(ctx: Snapshot, path: str) -> tuple[KernelIR, str, Kernel] | None:
    """``path``'s entry of :func:`ir_documents_of` (an absolute path), also when the editor opened
    the file through a link: :func:`shown_ir_file`'s, or any other (looked up by its real path)."""
    docs = ir_documents_of(ctx)
    found = docs.get(path)
    if found is None:
        real = os.path.realpath(path)
        found = docs.get(real)
        if found is None:
            by_real = ctx.cached(("ir", "documents", "real"), lambda: {os.path.realpath(p): v for p, v in docs.items()})
            found = by_real.get(real)
    return found


#: the stage each IR form is named by in the files an editor lists
STAGES = {"ttir": "TTIR", "ttgir": "TTGIR", "llir": "LLIR", "ptx": "PTX", "sass": "SASS"}


def shown_ir_file(ctx: Snapshot, ir: KernelIR, form: str) -> str | None:
    """Where the editor is sent for ``ir``'s ``form`` file (``ptx``, ``sass``, ``ttgir``, ``ttir``,
    ``llir``): a link named by its stage first, ``<cache>/ir/<sha1 of the Triton cache
    folder>/PTX · <kernel>.ptx`` (:meth:`inductor_lens.files.cache.Cache.named_link`; made once per
    snapshot), because a references peek lists files by name and Triton's long kernel names, cut
    at its width, made the five forms read alike (issue 50 item 6); the file itself where no link
    can be made.  None when the kernel has no such file."""
    path = ir.files.get(form)
    if not path:
        return None
    group = ir.folder.path if ir.folder is not None else os.path.dirname(path)
    name = f"{STAGES.get(form, form.upper())} · {os.path.basename(path)}"
    return ctx.cached(("ir", "shown", path), lambda: ctx.index.cache.named_link(path, group, name))


def light_irs(ctx: Snapshot) -> KernelIRs:
    """The snapshot's IRs without SASS (PTX and its counts only, made once): a model line can have
    dozens of kernels, and its first hover must not wait for nvdisasm on each cubin."""
    return ctx.cached(("ir", "light"), lambda: KernelIRs(ctx.index, _caches(ctx), sass=False))
