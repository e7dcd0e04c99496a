"""``report --ir``'s IR of a trace's Triton kernels, opened from what the command line named: the
Triton caches given (checked), the Nsight Compute profiles given (each read once), and what could
not be used, said (:mod:`inductor_lens.ir`)."""

from __future__ import annotations

import os

from ..index.input_files import file_md5
from ..index.trace_index import Index
from ..ir.find import TritonCaches
from ..ir.kernel_ir import KernelIRs
from ..ir.metrics import load_ncu
from ..ir.sass import NO_NVDISASM, nvdisasm_path
from ..model import InputWarning


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
