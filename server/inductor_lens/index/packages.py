"""AOTInductor packages in the index: each model of a ``.pt2`` (or of its extracted folder) is a graph.

The graph's output code is the model's C++ wrapper (the file itself in an extracted folder; a copy
in the cache folder for a zip, which editors cannot open), its kernel code the ``.kernel.cpp``, and
its provenance ``kernel_information.json`` (see :mod:`inductor_lens.readers.aoti_package`): per
``name:handle`` key the post-grad nodes, pre-grad nodes and stack traces, so kernels get nodes and
model lines without any log (``provenance`` ``kernel_information``).  A fused C++ kernel's ATen ops are
not written in a package (``create_kernel_information_json``, ``torch/_inductor/debug.py``, 2.13-2.15, records
node names, not targets; the wrapper comments only extern calls), but two records of the same fact are:
the log's ``Original ATen`` are the nodes' ``meta["original_aten"]``, and Inductor names a fused kernel
after the same ops (``get_fused_kernel_name``, ``codegen/simd.py``/``cpp.py``, ``descriptive_names =
"original_aten"``, the default: ``cpp_fused_`` + the sorted op names + ``_N``).  A kernel gets
``aten.<op>`` for its nodes, in node order, only when their names (``relu``, ``mul_3``: the op, a
counter) spell its name exactly (:func:`name_confirmed_aten`); otherwise none, never a guess.
A package whose wrapper is the
code of a graph already read from a log (the log of the same ``aoti_compile_and_package`` run) only
adds its files as aliases of that graph.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field

from ..files.cache import Cache
from ..files.trace_paths import basename
from ..model import Graph, InputWarning
from ..provenance.linker import GraphInputs, link_graph
from ..readers.aoti_package import PackageModel, read_package
from ..readers.mapping import NodeMapping
from ..readers.output_code import parse_output_code
from ..readers.stack_traces import parse_stack_traces

#: what AOTInductor appends to a packaged ``.cpp`` after the text it logged
_COMPILE_CMD = "\n// Compile cmd\n"


def _logged_digests(text: str) -> set[str]:
    """MD5s the logged payload of this packaged text may have (the compile command cut off)."""
    logged = text.split(_COMPILE_CMD, 1)[0]
    return {hashlib.md5(t.encode("utf-8")).hexdigest() for t in (logged, logged.rstrip("\n"), logged.rstrip("\n") + "\n")}


@dataclass(slots=True)
class PackageGraphs:
    """What a package adds: new ``graphs``, ``aliases`` (a graph already read from a log, and the
    package's file holding its code) and ``warnings``."""

    graphs: list[Graph] = field(default_factory=list)
    aliases: list[tuple[Graph, str]] = field(default_factory=list)
    warnings: list[InputWarning] = field(default_factory=list)


def read_package_graphs(path: str, cache: Cache, known: list[Graph]) -> PackageGraphs:
    """The graphs of the package at ``path`` (``.pt2``, extracted folder, or one model folder): one
    per model, linked at once; a model whose wrapper is the code of one of the ``known`` graphs
    (its log is loaded) is an alias of it instead.  Never raises: damage becomes ``warnings``."""
    models, warnings = read_package(path)
    out = PackageGraphs(warnings=warnings)
    for ordinal, model in enumerate(models):
        digests = _logged_digests(model.wrapper)
        same = next((g for g in known if g.code_md5 in digests), None)
        if same is not None:  # the log of the same compile is loaded: its graph, with this file too
            if model.on_disk:
                out.aliases.append((same, os.path.abspath(model.wrapper_name)))
            continue
        out.graphs.append(_graph(cache, path, ordinal, model, model.name if len(models) > 1 else "-"))
    return out


def _file_for(cache: Cache, model: PackageModel, name: str, text: str, warnings: list[InputWarning]) -> str:
    """The path editors open for a package member: the file of an extracted package, else a copy
    in the cache folder."""
    if model.on_disk:
        return os.path.abspath(name)
    try:
        return cache.extract(text, basename(name))
    except OSError as exc:
        warnings.append(InputWarning(cache.root, 0, f"cannot write to the cache folder ({exc.strerror or exc})", cache_unwritten=True))
        return cache.extracted_path(text, basename(name))


def _graph(cache: Cache, path: str, ordinal: int, model: PackageModel, compile_id: str) -> Graph:
    """One model's graph; ``compile_id`` is ``-`` (no compile id), or the model's name in a package of several
    (``package_aoti(path, {"mlp": ..., "conv": ...})``: ``data/aotinductor/mlp/``), which tells them apart."""
    warnings: list[InputWarning] = []
    code_path = _file_for(cache, model, model.wrapper_name, model.wrapper, warnings)
    graph = Graph(
        trace=path, rank=None, compile_id=compile_id, kind="inference", ordinal=ordinal, output_code=code_path, wrapper_language="cpp"
    )
    graph.code_md5 = hashlib.md5(model.wrapper.encode("utf-8")).hexdigest()
    inputs = GraphInputs(code=parse_output_code(model.wrapper, "cpp"), code_path=code_path)
    if model.kernel is not None and model.kernel_name is not None:
        graph.kernel_code = inputs.kernel_code_path = _file_for(cache, model, model.kernel_name, model.kernel, warnings)
        inputs.kernel_code = parse_output_code(model.kernel, "cpp")
    info = model.kernel_information
    if info is not None:
        entries = {key: value for key, value in info.items() if isinstance(key, str) and isinstance(value, dict)}
        names = lambda value, field: [n for n in value.get(field) or [] if isinstance(n, str)]
        inputs.mapping = NodeMapping(version="2.0", kernel_to_post={k: names(v, "post_grad_nodes") for k, v in entries.items()})
        inputs.kernel_to_pre = {k: names(v, "pre_grad_nodes") for k, v in entries.items()}
        inputs.stack_traces = parse_stack_traces({k: v.get("stack_traces") or [] for k, v in entries.items()})
        inputs.mapping_source = "kernel_information"
    link_graph(graph, inputs)
    for kernel in graph.kernels:
        if not kernel.aten_ops and kernel.post_grad_nodes:
            kernel.aten_ops = name_confirmed_aten(kernel.name, kernel.post_grad_nodes)
            kernel.launches = [la._replace(aten_ops=kernel.aten_ops) if not la.aten_ops else la for la in kernel.launches]
    graph.warnings.extend(warnings)
    return graph


_FUSED_NAME = re.compile(r"^(?:cpp|triton_[a-z]+|halide)_fused_(.+)_\d+$")


def name_confirmed_aten(kernel_name: str, nodes: list[str]) -> list[str]:
    """``["aten.sigmoid", "aten.mul"]`` for kernel ``cpp_fused_mul_sigmoid_1`` with post-grad nodes
    ``["sigmoid", "mul"]``: each node's op (its name less a ``_N`` counter), in node order, when the
    sorted set of those ops joined by ``_`` is exactly the kernel's name between ``fused_`` and the
    counter (Inductor's ``get_fused_kernel_name`` over ``original_aten``); otherwise ``[]``."""
    m = _FUSED_NAME.match(kernel_name)
    if m is None:
        return []
    ops = list(dict.fromkeys(re.sub(r"_\d+$", "", n) for n in nodes))
    named = f"_{m.group(1)}_"
    ops = [op for op in ops if f"_{op}_" in named]
    return [f"aten.{op}" for op in ops] if ops and "_".join(sorted(ops)) == m.group(1) else []
