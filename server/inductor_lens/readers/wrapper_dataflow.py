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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..lexical import split_top

_FUNC = re.compile(r"^(?P<indent>\s*)def (?P<fn>\w+)\((?:self, )?args\):")
_UNPACK = re.compile(r"^(?P<names>[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*,?\s*=\s*(?P<src>[A-Za-z_]\w*)\s*$")
_ASSIGN = re.compile(r"^(?P<lhs>\(?[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*,?\s*\)?)\s*=\s*(?P<rhs>.+)$")
_GETITEM = re.compile(r"^(?P<src>[A-Za-z_]\w*)\[(?P<idx>\d+)\]$")
_NAME = re.compile(r"^[A-Za-z_]\w*$")
#: ``(buf2[0],) = true_graph_0(args)`` / ``(buf2[0], buf2[1]) = ...`` (PyTorch 2.6's subgraph calls)
_SLOT_ASSIGN = re.compile(r"^\((?P<name>[A-Za-z_]\w*)\[0\](?:\s*,\s*(?P=name)\[\d+\])*\s*,?\s*\)\s*=\s*(?P<rhs>.+)$")
_CALL = re.compile(r"^(?P<callee>[A-Za-z_][\w.]*(?:\[\d+\])?)\((?P<args>.*)\)$", re.S)
_SELF_CALL = re.compile(r"^self\.partitions\[(?P<n>\d+)\]$")
_ALLOC = re.compile(r"^empty_strided(?:_\w+)?$")
_DTYPE = re.compile(r"torch\.(?P<dtype>\w+)")
_PY_KERNEL_DEF = re.compile(r"^(?P<name>[A-Za-z_]\w*) = async_compile\.(?P<how>\w+)\(")
_TRITON_SIG = re.compile(r"^def (?P<name>\w+)\((?P<params>[^)]*)\):", re.M)
_CPP_SIG = re.compile(r'extern "C"\s+(?:[\w:<>*&]+\s+)*?void\s+(?:kernel|\w+)\((?P<params>[^)]*)\)', re.S)
_MUTATED = re.compile(r"'mutated_arg_names': \[(?P<names>[^\]]*)\]")
#: ``auto out_ptr0 = in_out_ptr1;`` in a C++ kernel (``torch/_inductor/codegen/cpp.py``, the kernel
#: args' ``aliases()``): a buffer the kernel itself writes first, then updates in place.
_CPP_ALIAS = re.compile(r"^\s*auto\s+out_ptr\d+\s*=\s*(?P<inout>in_out_ptr\d+)\s*;", re.M)

#: ``torch.float32`` -> the dtype prefix FX annotations use (``f32[8, 16][16, 1]cuda:0``).
DTYPE_ABBREV = {
    "float32": "f32",
    "float": "f32",
    "float16": "f16",
    "half": "f16",
    "bfloat16": "bf16",
    "float64": "f64",
    "double": "f64",
    "int64": "i64",
    "long": "i64",
    "int32": "i32",
    "int": "i32",
    "int16": "i16",
    "int8": "i8",
    "uint8": "u8",
    "bool": "b8",
    "complex64": "c64",
    "complex128": "c128",
    "float8_e4m3fn": "f8e4m3fn",
    "float8_e5m2": "f8e5m2",
}


@dataclass(slots=True)
class Arg:
    """One argument of a wrapper statement.

    ``kind``: ``ref`` (a variable ``name``; ``view`` when wrapped in ``reinterpret_tensor``),
    ``list`` (``items``), ``const`` (anything else; ``text``).
    """

    kind: str
    name: str = ""
    view: bool = False
    items: list["Arg"] = field(default_factory=list)
    text: str = ""

    def refs(self) -> list[str]:
        """Every variable name this argument reads (in lists too)."""
        if self.kind == "ref":
            return [self.name]
        return [n for item in self.items for n in item.refs()]


@dataclass(slots=True)
class Stmt:
    """One launcher statement, on 1-based ``line`` of function ``fn``.

    ``kind``: ``unpack`` (``targets`` from the list variable ``src``), ``alloc`` (``targets[0]``
    gets a fresh buffer; ``shape``/``stride``/``dtype``), ``alias`` (``targets[0]`` is ``src``,
    ``view`` when through ``reinterpret_tensor``), ``getitem`` (``targets[0] = src[index]``),
    ``list`` (``targets[0] = [args]``), ``call`` (``callee(args, kwargs)``, result in
    ``targets``), ``return`` (``args``).
    """

    line: int
    fn: str
    kind: str
    targets: list[str] = field(default_factory=list)
    src: str = ""
    callee: str = ""
    args: list[Arg] = field(default_factory=list)
    kwargs: dict[str, Arg] = field(default_factory=dict)
    index: int = 0
    view: bool = False
    shape: str = ""
    stride: str = ""
    dtype: str = ""
    #: an ``alias`` marked ``# alias`` (not ``# reuse``): a view into a buffer that stays live
    #: (``NonOwningLayout``, e.g. one input's slot in a ``cat`` output): writing it writes ``src``
    partial: bool = False


@dataclass(slots=True)
class WrapperDataflow:
    """The statements of every launcher function, by function name, in text order, and the
    pointer-argument roles of every kernel defined in the code: ``{kernel: [role per
    parameter]}`` with roles ``in``, ``out``, ``inout`` and ``scalar``."""

    functions: dict[str, list[Stmt]] = field(default_factory=dict)
    roles: dict[str, list[str]] = field(default_factory=dict)


def split_args(text: str) -> list[str]:
    """Split an argument list at top-level commas (brackets and quotes respected)."""
    return split_top(text)


def _arg(text: str) -> Arg:
    text = text.strip()
    if _NAME.match(text) and text not in ("None", "True", "False"):
        return Arg("ref", name=text)
    if (text.startswith("[") and text.endswith("]")) or (text.startswith("(") and text.endswith(")")):
        return Arg("list", items=[_arg(p) for p in split_args(text[1:-1])])
    m = _CALL.match(text)
    if m is not None and m["callee"] == "reinterpret_tensor":
        parts = split_args(m["args"])
        if parts and _NAME.match(parts[0]):
            return Arg("ref", name=parts[0], view=True)
    return Arg("const", text=text)


def _call_parts(text: str) -> tuple[list[Arg], dict[str, Arg]]:
    args: list[Arg] = []
    kwargs: dict[str, Arg] = {}
    for part in split_args(text):
        key, sep, value = part.partition("=")
        if sep and _NAME.match(key.strip()) and not value.startswith("="):
            kwargs[key.strip()] = _arg(value)
        else:
            args.append(_arg(part))
    return args, kwargs


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
        return Stmt(line, fn, "return", args=[_arg(p) for p in split_args(rest)])
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
            return Stmt(line, fn, "list", targets=targets[:1], args=[_arg(p) for p in split_args(rhs[1:-1])])
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
        args, kwargs = _call_parts(c["args"])
        return Stmt(line, fn, "call", targets=targets, callee=callee, args=args, kwargs=kwargs)
    c = _CALL.match(code)
    if c is not None:
        callee = c["callee"]
        if callee in ("args.clear", "torch.cuda.set_device") or callee.startswith(("assert_", "torch._check")):
            return None
        args, kwargs = _call_parts(c["args"])
        return Stmt(line, fn, "call", callee=callee, args=args, kwargs=kwargs)
    return None


def _param_roles(params: list[str], mutated: set[str]) -> list[str]:
    roles = []
    for raw in params:
        name = raw.split(":")[0].split("=")[0].strip().lstrip("*")
        if not name:
            continue
        if name.startswith("in_out_ptr"):
            roles.append("inout")
        elif name.startswith("out_ptr"):
            roles.append("inout" if name in mutated else "out")
        elif name in mutated:
            roles.append("inout")
        elif name.startswith(("in_ptr", "arg_")) or "ptr" in name:
            roles.append("in")
        else:
            roles.append("scalar")
    return roles


def _kernel_roles(lines: list[str], flow: WrapperDataflow) -> None:
    """Read each ``name = async_compile.<how>(...)`` definition's parameter list."""
    starts = [(i, m["name"], m["how"]) for i, line in enumerate(lines) if (m := _PY_KERNEL_DEF.match(line))]
    for n, (i, name, how) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else min(len(lines), i + 4000)
        body = "\n".join(lines[i:end])
        if how.startswith("cpp"):
            m = _CPP_SIG.search(body)
            if m is None:
                continue
            params = [p.strip() for p in m["params"].split(",") if p.strip()]
            written_first = set(_CPP_ALIAS.findall(body))  # its old value is never read
            roles = []
            for p in params:
                decl, _, pname = p.rpartition(" ")
                pname = pname.lstrip("*&")
                if "*" not in decl and "*" not in p.split()[-1]:
                    roles.append("scalar")
                elif pname.startswith("in_out_ptr"):
                    roles.append("out" if pname in written_first else "inout")
                elif pname.startswith("out_ptr") or "const" not in decl:
                    roles.append("out" if pname.startswith("out_ptr") else "inout")
                else:
                    roles.append("in")
            flow.roles[name] = roles
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
            flow.roles[name] = _param_roles([p for p in sig["params"].replace("\n", " ").split(",")], mutated)


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
