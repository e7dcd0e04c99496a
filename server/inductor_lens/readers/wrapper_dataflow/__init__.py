"""Reader for the dataflow of Python wrapper code: which buffers each launcher statement reads and writes.

Format (``torch/_inductor/codegen/wrapper.py`` ``PythonWrapperCodegen``, PyTorch 2.6 - 2.14): the
launcher functions (``def call(args)``, ``Runner.call(self, args)``, graph partitions
``partition_0(args)``, higher-order-op subgraphs ``true_graph_0(args)``) unpack their inputs
(``primals_1, primals_2 = args``), allocate buffers (``buf0 = empty_strided_cuda((8, 16), (16, 1),
torch.float32)``), alias them (``buf4 = reinterpret_tensor(buf2, ...); del buf2  # reuse``,
``buf7 = buf6; del buf6  # reuse``; ``buf3 = reinterpret_tensor(buf5, ...)  # alias`` is a view into
the live ``buf5``, one input's slot of a ``cat``, written by the kernel that gets ``buf3``), launch kernels (``triton_poi_x.run(buf0, primals_3, 1024,
stream=stream0)``, ``cpp_fused_x(buf0, primals_3)``, ``extern_kernels.mm(a, b, out=buf1)``,
``buf5 = torch.ops.aten.x.default(...)``), take tuple items (``buf15 = buf14[0]``) and
``return (buf7, primals_3, reinterpret_tensor(buf3, ...), )``.  Kernel definitions say which
pointer arguments a kernel writes: Triton ``def name(in_ptr0, out_ptr0, in_out_ptr0, xnumel, ...)``
(plus ``mutated_arg_names``), C++ ``extern "C" void kernel(const float* in_ptr0, float* out_ptr0)``,
templates ``arg_A``, ``out_ptr0``.

Only text is read (nothing is executed).  ``del`` lines and ``# reuse`` comments carry no
dataflow of their own: a reused buffer is an alias of the buffer it takes the storage of.

A reader package: it may import the leaf helpers (``lexical``) and its own modules: :mod:`.statements` (the
statements both readers return), :mod:`.cpp` (C++ wrappers: ``cpp_wrapper`` and AOTInductor, read into the same
statements).
"""

from __future__ import annotations

import re

from ...lexical import split_top
from .cpp import read_cpp_dataflow
from .statements import (
    _CALL,
    _NAME,
    DTYPE_ABBREV,
    Arg,
    Stmt,
    WrapperDataflow,
    call_parts,
    cpp_param_roles,
    param_roles,
    read_arg,
    split_args,
)

_FUNC = re.compile(r"^(?P<indent>\s*)def (?P<fn>\w+)\((?:self, )?args\):")
_UNPACK = re.compile(r"^(?P<names>[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*,?\s*=\s*(?P<src>[A-Za-z_]\w*)\s*$")
_ASSIGN = re.compile(r"^(?P<lhs>\(?[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*,?\s*\)?)\s*=\s*(?P<rhs>.+)$")
_GETITEM = re.compile(r"^(?P<src>[A-Za-z_]\w*)\[(?P<idx>\d+)\]$")
#: ``(buf2[0],) = true_graph_0(args)`` / ``(buf2[0], buf2[1]) = ...`` (PyTorch 2.6's subgraph calls)
_SLOT_ASSIGN = re.compile(r"^\((?P<name>[A-Za-z_]\w*)\[0\](?:\s*,\s*(?P=name)\[\d+\])*\s*,?\s*\)\s*=\s*(?P<rhs>.+)$")
_SELF_CALL = re.compile(r"^self\.partitions\[(?P<n>\d+)\]$")
_ALLOC = re.compile(r"^empty_strided(?:_\w+)?$")
_DTYPE = re.compile(r"torch\.(?P<dtype>\w+)")
_PY_KERNEL_DEF = re.compile(r"^(?P<name>[A-Za-z_]\w*) = (?:async_compile\.(?P<how>\w+)|(?P<shader>compile_mps_shader))\(")
#: ``HalideMeta(argtypes=[HalideInputSpec(ctype='float*', name='in_ptr0', ...), ...])`` (``codegen/halide.py``)
_HALIDE_ARG = re.compile(r"HalideInputSpec\(ctype='(?P<ctype>[^']*)', name='(?P<name>\w+)'")
#: ``kernel void generated_kernel_0(device float* out_ptr0, constant float* in_ptr0, uint xindex [[...]])`` (``codegen/mps.py``)
_METAL_SIG = re.compile(r"kernel void (?P<name>\w+)\((?P<params>[^)]*)\)", re.S)
_METAL_PARAM = re.compile(r"(?P<name>\w+)\s*(?:\[\[[^\]]*\]\])?\s*$")
_TRITON_SIG = re.compile(r"^def (?P<name>\w+)\((?P<params>[^)]*)\):", re.M)
_CPP_SIG = re.compile(r'extern "C"\s+(?:[\w:<>*&]+\s+)*?void\s+(?:kernel|\w+)\((?P<params>[^)]*)\)', re.S)
_MUTATED = re.compile(r"'mutated_arg_names': \[(?P<names>[^\]]*)\]")

__all__ = ["DTYPE_ABBREV", "Arg", "Stmt", "WrapperDataflow", "read_cpp_dataflow", "read_wrapper_dataflow", "split_args"]


def _statement(code: str, line: int, fn: str) -> Stmt | None:
    if code.startswith(("del ", "assert", "if ", "else", "with ", "for ", "while ", "pass", "raise ")):
        return None
    slots = _SLOT_ASSIGN.match(code)
    if slots is not None:  # 2.6: `buf2 = [None] * 1` then `(buf2[0],) = true_graph_0(args)`: buf2 holds the result
        code = f"{slots['name']} = {slots['rhs']}"
    if code.startswith("return"):
        rest = code[len("return") :].strip()
        if rest.startswith("(") and rest.endswith(")"):
            rest = rest[1:-1]
        return Stmt(line, fn, "return", args=[read_arg(p) for p in split_args(rest)])
    m = _UNPACK.match(code)
    if m is not None and "," in m["names"] + code.split("=", 1)[0]:
        return Stmt(line, fn, "unpack", targets=[n.strip() for n in m["names"].split(",") if n.strip()], src=m["src"])
    m = _ASSIGN.match(code)
    if m is not None and not m["rhs"].startswith("="):
        targets = [t.strip() for t in m["lhs"].strip("() ").split(",") if t.strip()]
        rhs = m["rhs"].strip()
        if _NAME.match(rhs):
            return Stmt(line, fn, "alias", targets=targets[:1], src=rhs)
        g = _GETITEM.match(rhs)
        if g is not None:
            return Stmt(line, fn, "getitem", targets=targets[:1], src=g["src"], index=int(g["idx"]))
        if rhs.startswith("[") and rhs.endswith("]"):
            return Stmt(line, fn, "list", targets=targets[:1], args=[read_arg(p) for p in split_args(rhs[1:-1])])
        c = _CALL.match(rhs)
        if c is None:
            return None
        callee = c["callee"]
        if callee == "reinterpret_tensor":
            parts = split_args(c["args"])
            if parts and _NAME.match(parts[0]):
                return Stmt(
                    line,
                    fn,
                    "alias",
                    targets=targets[:1],
                    src=parts[0],
                    view=True,
                    shape=parts[1] if len(parts) > 1 else "",
                    stride=parts[2] if len(parts) > 2 else "",
                )
            return None
        if _ALLOC.match(callee):
            parts = split_args(c["args"])
            dtype = _DTYPE.search(parts[2]) if len(parts) > 2 else None
            return Stmt(
                line,
                fn,
                "alloc",
                targets=targets[:1],
                shape=parts[0] if parts else "",
                stride=parts[1] if len(parts) > 1 else "",
                dtype=dtype["dtype"] if dtype else "",
            )
        if callee in ("get_raw_stream", "torch.cuda.set_device"):
            return None
        args, kwargs = call_parts(c["args"])
        return Stmt(line, fn, "call", targets=targets, callee=callee, args=args, kwargs=kwargs)
    c = _CALL.match(code)
    if c is not None:
        callee = c["callee"]
        if callee in ("args.clear", "torch.cuda.set_device") or callee.startswith(("assert_", "torch._check")):
            return None
        args, kwargs = call_parts(c["args"])
        return Stmt(line, fn, "call", callee=callee, args=args, kwargs=kwargs)
    return None


def _kernel_roles(lines: list[str], flow: WrapperDataflow) -> None:
    """Read each ``name = async_compile.<how>(...)`` definition's parameter list."""
    starts = [(i, m["name"], m["how"] or "metal") for i, line in enumerate(lines) if (m := _PY_KERNEL_DEF.match(line))]
    for n, (i, name, how) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else min(len(lines), i + 4000)
        body = "\n".join(lines[i:end])
        if how == "halide":  # its pointer arguments by Inductor's names, scalars by a ctype without '*'
            flow.roles[name] = [
                r if "*" in a["ctype"] else "scalar" for a in _HALIDE_ARG.finditer(body) for r in param_roles([a["name"]], set())
            ]
            continue
        if how == "metal":
            sig = _METAL_SIG.search(body)
            if sig is not None:
                params = [p for p in sig["params"].replace("\n", " ").split(",") if p.strip()]
                names = [m["name"] for p in params if (m := _METAL_PARAM.search(p.strip())) is not None]
                flow.roles[name] = param_roles(names, set())  # (its thread-index parameters come last, after the call's)
            continue
        if how.startswith("cpp"):
            m = _CPP_SIG.search(body)
            if m is not None:
                flow.roles[name] = cpp_param_roles([p.strip() for p in m["params"].split(",") if p.strip()], body)
            continue
        mutated = set()
        mm = _MUTATED.search(body)
        if mm is not None:
            mutated = {x.strip().strip("'\"") for x in mm["names"].split(",") if x.strip()}
        sig = None
        for m in _TRITON_SIG.finditer(body):
            sig = m
            if m["name"] == name or m["name"].startswith("triton_"):
                break
        if sig is not None:
            flow.roles[name] = param_roles([p for p in sig["params"].replace("\n", " ").split(",")], mutated)


def read_wrapper_dataflow(text: str, regions: list[str | None] | None = None) -> WrapperDataflow:
    """The launcher statements and kernel argument roles of Python wrapper ``text``.

    ``regions`` optionally marks, per line, the lines inside string literals (``None`` = code),
    as computed by the output-code reader; without it every line counts as code.  Never raises:
    statements it does not understand are left out.
    """
    lines = text.split("\n")
    flow = WrapperDataflow()
    _kernel_roles(lines, flow)
    fn: str | None = None
    fn_indent = 0
    pending = ""
    pending_line = 0
    for idx, line in enumerate(lines):
        if regions is not None and idx < len(regions) and regions[idx] is not None:
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if fn is not None and not pending and indent <= fn_indent:
            fn = None
        m = _FUNC.match(line)
        if m is not None:
            fn, fn_indent = m["fn"], len(m["indent"])
            flow.functions.setdefault(fn, [])
            continue
        if fn is None:
            continue
        code, _, comment = stripped.partition("  # ") if not pending else (stripped, "", "")
        code = code.strip()
        if pending:
            code = pending + " " + code
        if code.count("(") > code.count(")") or code.count("[") > code.count("]"):
            if not pending:
                pending_line = idx + 1
            pending = code
            continue
        line_no = pending_line if pending else idx + 1
        pending = ""
        for piece in _split_semicolons(code):
            stmt = _statement(piece, line_no, fn)
            if stmt is not None:
                stmt.partial = stmt.kind == "alias" and stmt.view and comment.strip() == "alias"
                flow.functions[fn].append(stmt)
    return flow


def _split_semicolons(code: str) -> list[str]:
    return [part for part in split_top(code, ";") if part] if ";" in code else [code]
