"""The statements a wrapper's launcher is read into, shared by the Python and C++ dataflow readers
(:mod:`inductor_lens.readers.wrapper_dataflow`, :mod:`.cpp`): arguments, statements, the dataflow of a
wrapper, and the roles of a kernel's parameters by their names (Inductor's ``in_ptr``/``out_ptr``/``in_out_ptr``,
``torch/_inductor/codegen/common.py`` ``KernelArgs``, PyTorch 2.4 - 2.15)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...lexical import split_top

_NAME = re.compile(r"^[A-Za-z_]\w*$")
_CALL = re.compile(r"^(?P<callee>[A-Za-z_][\w.]*(?:\[\d+\])?)\((?P<args>.*)\)$", re.S)
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


def read_arg(text: str) -> Arg:
    text = text.strip()
    if _NAME.match(text) and text not in ("None", "True", "False"):
        return Arg("ref", name=text)
    if (text.startswith("[") and text.endswith("]")) or (text.startswith("(") and text.endswith(")")):
        return Arg("list", items=[read_arg(p) for p in split_args(text[1:-1])])
    m = _CALL.match(text)
    if m is not None and m["callee"] == "reinterpret_tensor":
        parts = split_args(m["args"])
        if parts and _NAME.match(parts[0]):
            return Arg("ref", name=parts[0], view=True)
    return Arg("const", text=text)


def call_parts(text: str) -> tuple[list[Arg], dict[str, Arg]]:
    args: list[Arg] = []
    kwargs: dict[str, Arg] = {}
    for part in split_args(text):
        key, sep, value = part.partition("=")
        if sep and _NAME.match(key.strip()) and not value.startswith("="):
            kwargs[key.strip()] = read_arg(value)
        else:
            args.append(read_arg(part))
    return args, kwargs


def param_roles(params: list[str], mutated: set[str]) -> list[str]:
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


def cpp_param_roles(params: list[str], body: str = "") -> list[str]:
    """Roles of a C++ kernel's parameters (``const float* in_ptr0``, ``float* in_out_ptr0``, ``const int64_t ks0``):
    ``scalar`` for non-pointers, ``in`` for const pointers, ``out``/``inout`` for the others; an ``in_out_ptr``
    that ``body`` aliases to an ``out_ptr`` first (:data:`_CPP_ALIAS`) is only written (``out``)."""
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
    return roles
