"""Reader of what a kernel launch moves, as the output code writes it: each kernel's parameters
(pointer or scalar, element size), the sizes its body fixes (``xnumel = 16384``), the index
expressions it loads and stores through each pointer; the wrapper's buffers (allocation, views,
reuse, ``assert_size_stride``) and each launch's arguments.

Formats (``torch/_inductor``, PyTorch 2.6-2.14):

* Triton (``codegen/triton.py`` ``codegen_kernel``): ``def name(in_ptr0, out_ptr0, in_out_ptr0,
  xnumel, r0_numel, XBLOCK : tl.constexpr, ...)``; the decorator's ``triton_meta`` has
  ``'signature': {'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}``; the body fixes
  static sizes (``xnumel = 16384``, ``r0_numel = 1024``) and reads ``tl.load(in_ptr0 + (x0 +
  64*r0_1), ...)``, writes ``tl.store(out_ptr0 + (x2), ...)`` (``tl.atomic_add`` likewise).  A
  launch is ``name.run(buf0, primals_2, 16384, stream=stream0)``: one argument per parameter
  that is not ``tl.constexpr``, in order.  ``in_out_ptr`` parameters are buffers the kernel
  updates in place (``self.args.inplace_buffers``).
* C++ (``codegen/cpp.py``): ``extern "C" void kernel(const float* in_ptr0, float* out_ptr0)``
  in the source of ``name = async_compile.cpp_pybinding([...], '''...''')``; a launch is
  ``name(buf0, arg1_1)``.
* The wrapper (``codegen/wrapper.py``): ``buf0 = empty_strided_cuda((64, 256), (256, 1),
  torch.float32)``, ``buf4 = reinterpret_tensor(buf2, (64, 1024), (1024, 1), 0); del buf2  #
  reuse``, ``buf7 = buf6; del buf6  # reuse``, ``assert_size_stride(primals_1, (256, 64), (64,
  1))`` (inputs and fallback outputs).

Only text is read; nothing is executed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..lexical import split_top

#: bytes per element of a Triton signature type (``*fp32``) and of a C++ pointer's element type
TRITON_BYTES = {
    "fp64": 8, "fp32": 4, "fp16": 2, "bf16": 2, "tf32": 4, "i64": 8, "u64": 8, "i32": 4, "u32": 4, "i16": 2,
    "u16": 2, "i8": 1, "u8": 1, "i1": 1, "fp8e4nv": 1, "fp8e5": 1, "fp8e4b15": 1, "fp8e4b8": 1, "fp8e5b16": 1,
}  # fmt: skip
CPP_BYTES = {
    "double": 8, "float": 4, "at::Half": 2, "c10::Half": 2, "half": 2, "at::BFloat16": 2, "c10::BFloat16": 2,
    "bfloat16": 2, "int64_t": 8, "uint64_t": 8, "long": 8, "int32_t": 4, "uint32_t": 4, "int": 4, "int16_t": 2,
    "int8_t": 1, "uint8_t": 1, "bool": 1, "at::Float8_e4m3fn": 1, "at::Float8_e5m2": 1,
}  # fmt: skip
#: the dtype prefix of an FX annotation (``f32[8, 16][16, 1]cuda:0``) -> bytes per element
FX_BYTES = {
    "f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "u64": 8, "i32": 4, "u32": 4, "i16": 2, "u16": 2,
    "i8": 1, "u8": 1, "b8": 1, "c64": 8, "c128": 16, "f8e4m3fn": 1, "f8e5m2": 1, "f8e4m3fnuz": 1, "f8e5m2fnuz": 1,
}  # fmt: skip

_TRITON_DEF = re.compile(r"^(?P<name>\w+) = async_compile\.triton\(\s*'(?P=name)'")
_CPP_DEF = re.compile(r"^(?P<name>\w+) = async_compile\.cpp(?:_pybinding)?\(")
_KERNEL_END = re.compile(r"^''',|^'''\)|^\s*'''\s*,?\s*device_str=")
_TRITON_SIG_LINE = re.compile(r"^def (?P<name>\w+)\((?P<params>[^)]*)\):")
_SIGNATURE = re.compile(r"'signature':\s*\{(?P<body>[^}]*)\}")
_SIG_ENTRY = re.compile(r"'(?P<name>\w+)':\s*'(?P<type>[^']*)'")
_NUMEL = re.compile(r"^\s+(?P<name>[xyz]numel|r\d_numel|rnumel)\s*=\s*(?P<value>\d+)\s*$")
_NUM_GB = re.compile(r"'kernel_num_gb':\s*(?P<gb>[0-9.e+-]+)")
_ACCESS = re.compile(r"tl\.(?:load|store|atomic_\w+)\(\s*(?P<ptr>\w+)\s*\+\s*\(")
_CPP_SIG = re.compile(r'extern "C"\s+(?:[\w:<>*&]+\s+)*?void\s+(?:kernel|\w+)\((?P<params>[^)]*)\)', re.S)
_ALLOC = re.compile(r"^\s*(?P<name>\w+)\s*=\s*empty_strided(?:_\w+)?\((?P<args>.*)\)\s*(?:#.*)?$")
_VIEW = re.compile(r"^\s*(?P<name>\w+)\s*=\s*reinterpret_tensor\((?P<args>.*?)\)\s*(?:;.*|#.*)?$")
_REUSE = re.compile(r"^\s*(?P<name>\w+)\s*=\s*(?P<src>\w+)\s*;\s*del \w+\s*#\s*reuse")
_ASSERT = re.compile(r"^\s*assert_size_stride\((?P<args>.*)\)\s*$")
_HEURISTIC = re.compile(r"@triton_heuristics\.(\w+)\(")
_MUTATED = re.compile(r"'mutated_arg_names':\s*\[(?P<names>[^\]]*)\]")
_QUOTED_NAME = re.compile(r"'(\w+)'")
_WORD = re.compile(r"\b(\w+)\b")
_CPP_PARAM_SPLIT = re.compile(r"[\s*&]+")
_TORCH_DTYPE = re.compile(r"torch\.(\w+)")
_KEYWORD_ARG = re.compile(r"^\w+\s*=[^=]")
# the wrapper's usual statements' arguments, nothing nested or quoted (split_top splits them the same; others go to it):
# ``(64, 256), (256, 1), torch.float32``; ``buf2, (64, 1024), (1024, 1), 0``; ``primals_1, (256, 64), (64, 1)``
_FLAT = r"[^()\[\]{}'\"]*"
_PLAIN_ALLOC = re.compile(rf"\((?P<sizes>{_FLAT})\), \({_FLAT}\), torch\.(?P<dtype>\w+)")
_PLAIN_VIEW = re.compile(rf"(?P<src>\w+), \((?P<sizes>{_FLAT})\), \({_FLAT}\), [^()\[\]{{}}'\",]*")
_PLAIN_ASSERT = re.compile(rf"(?P<name>\w+), \((?P<sizes>{_FLAT})\), \({_FLAT}\)")


@dataclass(slots=True)
class Param:
    """One kernel parameter: ``pointer`` (a buffer the kernel reads or writes) with ``elem_bytes``
    per element (``None`` when the type is not known), or a scalar (a size, a seed)."""

    name: str
    pointer: bool
    elem_bytes: int | None = None

    @property
    def inplace(self) -> bool:
        """Read and written in place (``in_out_ptrN``): Inductor counts its bytes twice."""
        return self.name.startswith("in_out_ptr")


@dataclass(slots=True)
class KernelArgs:
    """What one kernel's source says about its arguments: ``params`` in launch order (constexpr
    parameters left out), ``numels`` the sizes its body fixes (``{'xnumel': 16384}``), ``indices``
    the distinct index expressions (text) it accesses each pointer with, ``mentioned`` the
    pointers its body uses at all, ``heuristic`` (``pointwise``, ``template``, ...; ``None`` for
    C++), ``language`` ``triton`` or ``cpp``."""

    name: str
    language: str
    params: list[Param] = field(default_factory=list)
    numels: dict[str, int] = field(default_factory=dict)
    indices: dict[str, set[str]] = field(default_factory=dict)
    mentioned: set[str] = field(default_factory=set)
    heuristic: str | None = None
    #: the parameters ``inductor_meta``'s ``mutated_arg_names`` lists (buffers written in place)
    mutated: set[str] = field(default_factory=set)
    #: ``inductor_meta``'s ``kernel_num_gb`` (only under ``TORCHINDUCTOR_BENCHMARK_KERNEL=1``)
    num_gb: float | None = None


def _balanced(text: str, start: int) -> str | None:
    """The text inside the parenthesis opened just before ``start``, or ``None`` when unbalanced."""
    depth = 1
    for i in range(start, len(text)):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[start:i]
    return None


def _triton(name: str, body: list[str]) -> KernelArgs:
    text = "\n".join(body)
    out = KernelArgs(name, "triton")
    m = _HEURISTIC.search(text)
    out.heuristic = m.group(1) if m else None
    mutated = _MUTATED.search(text)
    if mutated is not None:
        out.mutated = set(_QUOTED_NAME.findall(mutated["names"]))
    gb = _NUM_GB.search(text)
    out.num_gb = float(gb["gb"]) if gb is not None else None
    types: dict[str, str] = {}
    sig = _SIGNATURE.search(text)
    if sig is not None:
        types = {e["name"]: e["type"] for e in _SIG_ENTRY.finditer(sig["body"])}
    params: list[str] = []
    def_at = len(body)
    for at, line in enumerate(body):
        d = _TRITON_SIG_LINE.match(line)
        if d is not None:
            params = [p.strip() for p in d["params"].split(",") if p.strip()]
            def_at = at
            break
    for raw in params:
        if "constexpr" in raw:
            continue
        pname = raw.split(":")[0].split("=")[0].strip()
        typ = types.get(pname, "")
        pointer = typ.startswith("*") or (not typ and ("ptr" in pname or pname.startswith("arg_")))
        out.params.append(Param(pname, pointer, TRITON_BYTES.get(typ[1:]) if typ.startswith("*") else None))
    for line in body:
        n = _NUMEL.match(line)
        if n is not None:
            out.numels.setdefault(n["name"], int(n["value"]))
    for m2 in _ACCESS.finditer(text):
        index = _balanced(text, m2.end())
        if index is not None:
            out.indices.setdefault(m2["ptr"], set()).add(" ".join(index.split()))
    pointers = {p.name for p in out.params if p.pointer}
    out.mentioned.update(pointers.intersection(_WORD.findall("\n".join(body[def_at + 1 :]))))
    return out


def _cpp(name: str, body: list[str]) -> KernelArgs:
    text = "\n".join(body)
    out = KernelArgs(name, "cpp")
    m = _CPP_SIG.search(text)
    if m is None:
        return out
    for raw in split_top(m["params"]):
        raw = " ".join(raw.split())
        if not raw:
            continue
        pname = _CPP_PARAM_SPLIT.split(raw)[-1]
        if "*" in raw:
            elem = raw.replace("const ", "").split("*")[0].strip()
            out.params.append(Param(pname, True, CPP_BYTES.get(elem)))
        else:
            out.params.append(Param(pname, False))
    out.mentioned = {p.name for p in out.params if p.pointer}
    return out


def read_kernel_args(lines: list[str]) -> dict[str, KernelArgs]:
    """Every Triton and C++ kernel defined in the output code ``lines``, by name."""
    out: dict[str, KernelArgs] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        if " = async_compile." not in line:  # (what both definitions start with: most lines are not one)
            i += 1
            continue
        t = _TRITON_DEF.match(line)
        c = None if t is not None else _CPP_DEF.match(line)
        if t is None and c is None:
            i += 1
            continue
        name = (t or c)["name"]  # type: ignore[index]
        j = i + 1
        while j < len(lines) and not ("'''" in lines[j] and _KERNEL_END.match(lines[j])):
            j += 1
        body = lines[i + 1 : j]
        if c is not None and "'''" not in line and not any('extern "C"' in b for b in body[:40]):
            i += 1  # a one-line cpp_pybinding (its source elsewhere): nothing to read here
            continue
        out[name] = _triton(name, body) if t is not None else _cpp(name, body)
        i = j + 1
    return out


def _ints(text: str) -> list[int] | None:
    """``(64, 256)`` -> ``[64, 256]``; ``None`` when a size is symbolic (``s0``)."""
    text = text.strip()
    if text.startswith(("(", "[")):
        text = text[1:-1]
    parts = [p.strip() for p in text.split(",") if p.strip()]
    try:
        return [int(p) for p in parts]
    except ValueError:
        return None


def numel_of(sizes: list[int] | None) -> int | None:
    if sizes is None:
        return None
    n = 1
    for s in sizes:
        n *= s
    return n


@dataclass(slots=True)
class BufferShape:
    """A wrapper name's sizes from the statement on ``line`` that defines it (``None`` when
    symbolic), and how: ``alloc``, ``view`` (of ``src``), ``reuse`` (of ``src``) or ``assert``."""

    line: int
    sizes: list[int] | None
    how: str
    src: str = ""
    #: an allocation's dtype (``float32``)
    dtype: str = ""


def read_buffer_shapes(lines: list[str]) -> dict[str, list[BufferShape]]:
    """Each wrapper name's shape statements, in line order (1-based lines)."""
    out: dict[str, list[BufferShape]] = {}
    for n, line in enumerate(lines, 1):
        if "empty_strided" in line:
            m = _ALLOC.match(line)
            if m is not None:
                plain = _PLAIN_ALLOC.fullmatch(m["args"])
                if plain is not None:
                    out.setdefault(m["name"], []).append(BufferShape(n, _ints(f"({plain['sizes']})"), "alloc", dtype=plain["dtype"]))
                    continue
                parts = split_top(m["args"])
                dtype = _TORCH_DTYPE.search(parts[2]) if len(parts) > 2 else None
                out.setdefault(m["name"], []).append(
                    BufferShape(n, _ints(parts[0]) if parts else None, "alloc", dtype=dtype.group(1) if dtype else "")
                )
                continue
        if "reinterpret_tensor(" in line:
            m = _VIEW.match(line)
            if m is not None:
                plain = _PLAIN_VIEW.fullmatch(m["args"])
                if plain is not None:
                    out.setdefault(m["name"], []).append(BufferShape(n, _ints(f"({plain['sizes']})"), "view", plain["src"]))
                    continue
                parts = split_top(m["args"])
                sizes = _ints(parts[1]) if len(parts) > 1 else None
                out.setdefault(m["name"], []).append(BufferShape(n, sizes, "view", parts[0].strip() if parts else ""))
                continue
        if "# reuse" in line:
            m = _REUSE.match(line)
            if m is not None:
                out.setdefault(m["name"], []).append(BufferShape(n, None, "reuse", m["src"]))
                continue
        if "assert_size_stride(" in line:
            m = _ASSERT.match(line)
            if m is not None:
                plain = _PLAIN_ASSERT.fullmatch(m["args"])
                if plain is not None:
                    out.setdefault(plain["name"], []).append(BufferShape(n, _ints(f"({plain['sizes']})"), "assert"))
                    continue
                parts = split_top(m["args"])
                if len(parts) >= 2:
                    out.setdefault(parts[0].strip(), []).append(BufferShape(n, _ints(parts[1]), "assert"))
    return out


def launch_args(line: str, name: str) -> list[str] | None:
    """The positional arguments of the launch of ``name`` on ``line`` (``name.run(...)`` or
    ``name(...)``), keyword arguments (``stream=``) left out; ``None`` when not found."""
    for opener in (f"{name}.run(", f"{name}("):
        at = line.find(opener)
        if at >= 0 and (at == 0 or not (line[at - 1].isalnum() or line[at - 1] == "_")):
            inner = _balanced(line, at + len(opener))
            if inner is None:
                return None
            return [a for a in (p.strip() for p in split_top(inner)) if a and not _KEYWORD_ARG.match(a)]
    return None
