"""Materializing one graph of a log: its payloads read (MD5-verified), parsed by the readers and
linked (:mod:`inductor_lens.provenance.linker`); and a graph from a loose output code.

Apart from :mod:`inductor_lens.index.loader` so that a warm re-open (graphs from the index cache) does
not import the readers, the linker and the dataflow alignment at all.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..files import trace_paths
from ..files.cache import Cache
from ..model import Graph, InputWarning
from ..provenance.linker import GraphInputs, link_graph
from ..readers.fx_graph import node_names, parse_fx_graph
from ..readers.mapping import mapping_shape_problem, parse_kernel_to_post, parse_node_mappings, parse_post_to_pre_nodes
from ..readers.output_code import parse_output_code
from ..readers.stack_traces import parse_stack_traces
from ..readers.torch_trace import TraceLog
from ..readers.torch_trace.graphs import GraphRecords
from ..readers.torch_trace.records import Record

if TYPE_CHECKING:
    from ..readers.debug_folder import DebugFolderFiles


def same_text(path: str, text: str) -> bool:
    """Whether the file at ``path`` holds ``text`` (an Inductor cache file holding logged output code)."""
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as fh:
            disk = fh.read()
    except OSError:
        return False
    # an on-disk file may carry more after the logged text (AOTInductor appends compile commands)
    logged = text.rstrip("\n")
    return disk.rstrip("\n") == logged or disk.startswith(logged + "\n")


def _same_md5_on_disk(paths: list[str], md5: str | None) -> str | None:
    """The text of the first of ``paths`` whose MD5 is ``md5`` (the envelope's ``has_payload``:
    the payload is the file's text, without its last newline), or ``None``."""
    if not md5:
        return None
    for path in paths:
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError:
            continue
        for candidate in (data, data[:-1] if data.endswith(b"\n") else None):
            if candidate is not None and hashlib.md5(candidate).hexdigest() == md5:
                return candidate.decode("utf-8", errors="replace")
    return None


def materialize_log_graph(
    graph: Graph,
    log: TraceLog,
    group: GraphRecords,
    base: str,
    on_disk: list[str],
    cache: Cache,
    shared: dict[tuple, Any],
    *,
    inferred_elsewhere: "Callable[[], Any] | None" = None,
) -> None:
    """Read (MD5-verified) and parse one graph's own payloads, write extracted copies, link its
    kernels.  ``inferred_elsewhere``: the dataflow alignment computed on another
    core (:class:`inductor_lens.provenance.linker.GraphInputs`, :mod:`inductor_lens.index.parallel`)."""
    code_rec = group.code
    warns = graph.warnings
    extract = functools.partial(_extract, cache, log, warns)
    text = _output_code_text(graph, log, code_rec, on_disk)
    if text is None:
        return
    aliases = [p for p in dict.fromkeys(os.path.abspath(p) for p in on_disk) if same_text(p, text)]  # each once
    if graph.output_code in aliases:
        aliases.remove(graph.output_code)
    else:  # no on-disk copy with this text: extract one (and say where editors find it now)
        graph.output_code = extract(text, base, code_rec)
    graph.output_code_aliases = aliases
    parsed = parse_output_code(text, graph.wrapper_language)
    graph.wrapper_language = parsed.language
    if not parsed.defs and not parsed.launches and parsed.aot_id is None and "call" not in text:
        warns.append(
            InputWarning(
                log.path,
                code_rec.line,
                f"the output code of compile {graph.compile_id} ({graph.kind}) is not "
                "TorchInductor output code (no kernels, launches or call function): "
                "that graph has no kernels",
            )
        )
    inputs = GraphInputs(
        code=parsed,
        code_path=graph.output_code,
        code_text=text,
        pass_frame=getattr(graph, "pass_frame", None),
        inferred_elsewhere=inferred_elsewhere,
    )
    if group.kernel_code is not None:
        ktext = log.payload(group.kernel_code, warns)
        if ktext is not None:
            kmeta = group.kernel_code.envelope.get("graph_dump") or {}
            kname = trace_paths.basename(str(kmeta.get("filename") or "kernel.cpp"))
            graph.kernel_code = extract(ktext, kname, group.kernel_code)
            inputs.kernel_code = parse_output_code(ktext, "cpp")
            inputs.kernel_code_path = graph.kernel_code
    _read_fx_graphs(graph, log, group, shared, inputs, extract)
    _read_artifacts(graph, log, group, inputs)
    link_graph(graph, inputs)


def _extract(cache: Cache, log: TraceLog, warns: list[InputWarning], text: str, name: str, rec: Record | None) -> str:
    """The extracted copy of ``text`` (a payload of record ``rec``) in the cache folder, named by its
    text's MD5: the envelope's when the payload matched it, else worked out (a payload changed
    after PyTorch wrote it must not share the unchanged copy's file).  A cache folder that cannot
    be written is said once, and the path the copy would have is returned."""
    md5 = rec.md5 if rec is not None and log.read_intact(rec) else None
    try:
        return cache.extract(text, name, md5)
    except OSError as exc:  # one warning per cache folder, not one per file
        warns.append(
            InputWarning(
                cache.root,
                0,
                f"cannot write to the cache folder ({exc.strerror or exc}): output code that "
                "exists only inside a log cannot be opened in an editor; give --cache-dir a "
                "writable folder",
                cache_unwritten=True,
            )
        )
        return cache.extracted_path(text, name, md5)


def _output_code_text(graph: Graph, log: TraceLog, code_rec: Record, on_disk: list[str]) -> str | None:
    """The graph's output code: its payload, or the Inductor cache file with the MD5 the log names
    when the payload was edited after PyTorch wrote it or cannot be read (said); None (the graph
    broken, said) when neither can be had."""
    warns = graph.warnings
    before = len(warns)
    text = log.payload(code_rec, warns)
    changed = [w for w in warns[before:] if w.changed]
    if changed:  # edited after PyTorch wrote it: the Inductor cache file with the MD5 is what ran
        disk = _same_md5_on_disk(on_disk, code_rec.md5)
        if disk is not None:
            text = None
            for w in changed:
                w.changed = False
    if text is not None:
        return text
    text = _same_md5_on_disk(on_disk, code_rec.md5)
    what = f"the output code of compile {graph.compile_id} ({graph.kind})"
    if text is None:
        graph.broken = True
        message = f"{what} could not be read from the log and no identical Inductor cache file was found: that graph is not shown"
        warns.append(InputWarning(log.path, code_rec.line, message))
        return None
    message = f"{what} was read from the Inductor cache file with the MD5 the log names, not from the damaged log"
    warns.append(InputWarning(log.path, code_rec.line, message))
    return text


def _read_fx_graphs(graph: Graph, log: TraceLog, group: GraphRecords, shared: dict[tuple, Any], inputs: GraphInputs, extract) -> None:
    """The graph's post-grad and pre-grad FX graphs, read, extracted and parsed; a record another
    graph of the log read already (a compile's forward and backward share their pre-grad graph)
    is read, verified and parsed once (``shared``)."""
    warns = graph.warnings
    for role in ("post_grad", "pre_grad"):
        rec = getattr(group, role)
        if rec is None:
            continue
        fx_key = ("fx", log.path, rec.line, rec.md5, graph.graph_files.get(role))
        fx = shared.get(fx_key)
        if fx is None:
            read = shared.pop(("text", log.path, rec.line), None)  # (read already, with what its reading found)
            if read is not None:
                warns.extend(read[1])
            gtext = read[0] if read is not None else log.payload(rec, warns)
            if gtext is None:
                continue
            gpath = extract(gtext, os.path.basename(graph.graph_files.get(role) or f"{role}_graph.py"), rec)
            fx = shared[fx_key] = parse_fx_graph(gtext, gpath)
            if not fx.nodes and not fx.placeholders and gtext.strip():  # (a graph of placeholders alone is fine)
                warns.append(
                    InputWarning(
                        log.path,
                        rec.line,
                        f"the {role.replace('_', '-')} graph of compile {graph.compile_id} has no "
                        "FX node lines that can be read: its nodes are not shown",
                    )
                )
        setattr(graph, role, fx)
        setattr(inputs, role, fx)


def _read_artifacts(graph: Graph, log: TraceLog, group: GraphRecords, inputs: GraphInputs) -> None:
    """The graph's provenance artifacts (node mappings, kernel stack traces, kernel -> post-grad and
    post-grad -> pre-grad maps) parsed into ``inputs``; the graphs a kernel's frames or launch
    comments may need (compiled autograd's, the AOT and joint graphs) read only when asked for."""
    warns = graph.warnings
    if group.mapping is not None:
        value = log.payload_json(group.mapping, warns)
        mapping = parse_node_mappings(value)
        shape = mapping_shape_problem(value)
        if shape is not None:
            warns.append(
                InputWarning(log.path, group.mapping.line, f"the provenance mapping of compile {graph.compile_id} {shape}; ignored")
            )
        inputs.mapping = mapping
        graph.mapping_version = mapping.version if mapping is not None else None
    if group.stack_traces is not None:
        value = log.payload_json(group.stack_traces, warns)
        inputs.stack_traces = parse_stack_traces(value) if value is not None else None
    if group.kernel_to_post is not None:
        inputs.kernel_to_post = parse_kernel_to_post(log.payload_json(group.kernel_to_post, warns))
    if group.post_to_pre is not None:
        gid = graph.pre_grad.graph_id if graph.pre_grad else None
        inputs.post_to_pre = parse_post_to_pre_nodes(log.payload_json(group.post_to_pre, warns), gid)
    frame_records = [rec for rec in (group.dynamo_graph, group.ca_graph) if rec is not None]
    if frame_records:  # read only if a kernel's frame is in generated code (compiled autograd)
        inputs.frame_graphs = lambda: [parse_fx_graph(t, log.path) for rec in frame_records if (t := log.payload(rec, warns)) is not None]
    if group.aot_graph is not None:
        aot = group.aot_graph
        inputs.aot_graph = lambda: parse_fx_graph(log.payload(aot, warns) or "", graph.trace)
    # graphs whose node names a launch comment may use (the joint graph, the graph before the
    # post-grad passes, the compile's AOT graph: compiled autograd's comments name its copies)
    named = [*group.name_graphs, *([group.aot_graph] if group.aot_graph is not None else [])]
    if named:
        inputs.other_names = lambda: {n for rec in named for n in node_names(log.payload(rec, warns) or "")}


def graph_from_loose_code(files: "DebugFolderFiles") -> Graph | None:
    """A graph (compile id ``-``) from a loose output code and its debug-folder siblings, linked
    at once (the files are small); ``None`` and a warning in ``files.warnings`` when the text is
    not TorchInductor output code."""
    path = files.code_path
    parsed = parse_output_code(files.code, "cpp" if path.endswith(".cpp") else None)
    if not parsed.defs and not parsed.launches and parsed.aot_id is None:
        files.warnings.append(InputWarning(path, 0, "not TorchInductor output code (no kernel definitions, launches or AOT ID); skipped"))
        return None
    kind = parsed.graph_kind or next((k for k in ("forward", "backward", "inference") if k in files.folder_name), "inference")
    graph = Graph(trace=path, rank=None, compile_id="-", kind=kind, ordinal=0, output_code=path, wrapper_language=parsed.language)
    inputs = GraphInputs(code=parsed, code_path=path, code_text=files.code)
    if files.mapping is not None:
        inputs.mapping = parse_node_mappings(files.mapping)
        graph.mapping_version = inputs.mapping.version if inputs.mapping else None
    if files.kernel_to_post is not None:
        inputs.kernel_to_post = parse_kernel_to_post(files.kernel_to_post)
    if files.post_grad is not None and files.post_grad_path is not None:
        graph.post_grad = inputs.post_grad = parse_fx_graph(files.post_grad, files.post_grad_path)
    link_graph(graph, inputs)
    return graph
