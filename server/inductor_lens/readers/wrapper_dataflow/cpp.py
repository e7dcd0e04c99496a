"""The dataflow of C++ wrapper code, read into the statements of the Python wrapper's
(:class:`~.statements.Stmt`), so that the same alignment with the post-grad graph runs on it.

Format (``torch/_inductor/codegen/cpp_wrapper_cpu.py``, ``cpp_wrapper_gpu.py``, PyTorch 2.6 - 2.15): the
launcher ``void inductor_entry_impl(...) { ... } // inductor_entry_impl`` (``cpp_wrapper=True``, inside the
Python module's ``cpp_wrapper_src`` string) or ``void AOTInductorModel::run_impl(...) { ... }`` (AOTInductor):

* inputs ``auto primals_1 = std::move(inputs[0]);``, constants ``[[maybe_unused]] auto& fc1_weight = constants_->at(0);``;
* buffers ``AtenTensorHandle buf0_handle;`` ``AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0,
  int_array_1, cached_torch_dtype_float32, ..., &buf0_handle));`` ``RAIIAtenTensorHandle buf0(buf0_handle);`` with
  ``static constexpr int64_t int_array_0[] = {8L, 32L};``; reuse ``auto buf1 = std::move(buf0);  // reuse``; views
  ``auto var_0 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf7, 1, int_array_11, ...));`` and
  ``aoti_torch_new_tensor_handle(primals_4, &tmp_primals_4_0)``;
* extern calls through C shims: ``aoti_torch_cpu_addmm_out(buf0, bias, x, w, 1L, 1L)`` (the output first),
  fallbacks ``aoti_torch_cpu_<op>(inputs..., &buf3_handle)`` (outputs last, by address);
* kernels ``cpp_fused_relu_0((float*)(buf1.data_ptr()), s77);``, Triton through ``call_<kernel>(buf0, ...)``;
* outputs ``output_handles[0] = buf3.release();``.

C++ kernels' parameters are declared ``extern "C" void cpp_fused_relu_0(float* in_out_ptr0, const int64_t ks0)``
(prototypes above the launcher, or the bodies in the kernel code). Only text is read.
"""

from __future__ import annotations

import re

from .statements import _CALL, _NAME, Arg, Stmt, WrapperDataflow, cpp_param_roles, param_roles, split_args

_START = re.compile(r"(?:::run_impl\(|^\s*void inductor_entry_impl\()")
_END = re.compile(r"^\}\s*(?://.*)?$")
_SIG = re.compile(r'extern "C"\s+(?:[\w:<>*&]+\s+)*?void\s+(?P<name>\w+)\((?P<params>[^)]*)\)', re.S)
#: a Triton kernel's source as AOTInductor keeps it in the wrapper (a comment block per kernel, GPU):
#: ``def triton_poi_fused_0(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):``, ``'mutated_arg_names': [...]`` above it
_TRITON_SIG = re.compile(r"^[ \t/*]*def (?P<name>\w+)\((?P<params>[^)]*)\):", re.M)
_MUTATED = re.compile(r"'mutated_arg_names': \[(?P<names>[^\]]*)\]")
_CHECK = re.compile(r"^AOTI_TORCH_ERROR_CODE_CHECK\((?P<call>.*)\);$", re.S)
_INPUT = re.compile(r"^auto\s+(?P<name>\w+)\s*=\s*std::move\(inputs\[(?P<i>\d+)\]\);$")
_CONSTANT = re.compile(r"^(?:\[\[maybe_unused\]\]\s+)?auto&\s+(?P<name>\w+)\s*=\s*constants_->at\(\d+\);$")
_ARRAY = re.compile(r"^(?:static\s+)?(?:constexpr\s+|const\s+)?int64_t\s+(?P<name>\w+)\[\]\s*=\s*\{(?P<items>[^}]*)\};$")
_MOVE = re.compile(r"^auto\s+(?P<dst>\w+)\s*=\s*std::move\((?P<src>\w+)\);$")
_RAII = re.compile(r"^RAIIAtenTensorHandle\s+(?P<dst>\w+)\((?P<src>\w+)\);$")
_AUTO = re.compile(r"^auto\s+(?P<dst>\w+)\s*=\s*(?P<rhs>.+);$", re.S)
_OUTPUT = re.compile(r"^output_handles\[(?P<i>\d+)\]\s*=\s*(?P<src>\w+)\.release\(\);$")
_CALL_STMT = re.compile(r"^(?P<call>[A-Za-z_]\w*\(.*\));$", re.S)
_SHIM = re.compile(r"^aoti_torch_(?:cpu|cuda|xpu|mps)_(?P<op>\w+)$")
_DATA_PTR = re.compile(r"^(?:\((?:const\s+)?[\w:]+\s*\*\)\s*)?\(?(?P<name>[A-Za-z_]\w*)\.data_ptr\(\)\)?$")
_INT_SUFFIX = re.compile(r"(?<=\d)L\b")
_DTYPE = re.compile(r"cached_torch_dtype_(?P<dtype>\w+)")
#: extern ops Inductor calls as ``extern_kernels.<op>`` in Python wrappers (``torch/_inductor/select_algorithm.py``
#: ``ExternKernelChoice``, ``ir.py`` ``ExternKernelOut``); in C++ the same ops are ``aoti_torch_<device>_<op>_out``
_EXTERN_OPS = frozenset({"mm", "addmm", "bmm", "baddbmm", "convolution", "addmv", "mv", "_int_mm", "_scaled_mm", "_mm_plus_mm"})
#: calls that move no tensor data the alignment follows
_SKIP = ("aoti_torch_proxy_executor_call_function", "steal_from_raw_handles", "assert_size_stride", "assert_alignment")


def _ref(text: str) -> Arg:
    """An argument of a C++ call as the Python reader's :class:`Arg`: a variable, a buffer's ``data_ptr()``,
    a view through ``reinterpret_tensor_wrapper``, a handle's address, else a constant."""
    text = text.strip()
    while True:  # RAII and handle wrappers carry the same tensor
        m = _CALL.match(text)
        if m is None or m["callee"] not in ("wrap_with_raii_handle_if_needed", "RAIIAtenTensorHandle", "convert_arrayref_tensor_to_tensor"):
            break
        text = m["args"].strip()
    if text.startswith("&"):
        text = text[1:]
    if (d := _DATA_PTR.match(text)) is not None:
        return Arg("ref", name=d["name"])
    m = _CALL.match(text)
    if m is not None and m["callee"] == "reinterpret_tensor_wrapper":
        parts = split_args(m["args"])
        if parts and _NAME.match(parts[0].strip()):
            return Arg("ref", name=parts[0].strip(), view=True)
    if _NAME.match(text) and not text.startswith(("cached_torch_", "int_array_")) and text not in ("nullptr", "true", "false"):
        return Arg("ref", name=text)
    return Arg("const", text=text)


class _Reader:
    """The statements of one C++ launcher, in text order."""

    def __init__(self) -> None:
        self.out: list[Stmt] = []
        self.arrays: dict[str, str] = {}
        self.inputs: dict[int, str] = {}
        self.outputs: dict[int, Arg] = {}
        self.input_line = 0

    def statement(self, code: str, line: int, fn: str) -> None:
        if (m := _INPUT.match(code)) is not None:
            self.inputs[int(m["i"])] = m["name"]
            self.input_line = self.input_line or line
            return
        if (m := _CONSTANT.match(code)) is not None:
            self.out.append(Stmt(line, fn, "unpack", targets=[m["name"]], src="constants"))
            return
        if (m := _ARRAY.match(code)) is not None:
            self.arrays[m["name"]] = ", ".join(_INT_SUFFIX.sub("", p.strip()) for p in m["items"].split(",") if p.strip())
            return
        if (m := _OUTPUT.match(code)) is not None:
            self.outputs[int(m["i"])] = Arg("ref", name=m["src"])
            return
        m = _MOVE.match(code) or _RAII.match(code)
        if m is not None:
            self.out.append(Stmt(line, fn, "alias", targets=[m["dst"]], src=m["src"]))
            return
        if (m := _AUTO.match(code)) is not None:
            arg = _ref(m["rhs"])
            if arg.kind == "ref":
                shape = self._view_shape(m["rhs"])
                self.out.append(Stmt(line, fn, "alias", targets=[m["dst"]], src=arg.name, view=arg.view, shape=shape))
            return
        m = _CHECK.match(code) or _CALL_STMT.match(code)
        if m is not None and (c := _CALL.match(m["call"].strip())) is not None:
            self.call(c["callee"], split_args(c["args"]), line, fn)

    def _view_shape(self, rhs: str) -> str:
        inner = rhs[rhs.find("reinterpret_tensor_wrapper(") :]
        c = _CALL.match(inner.rstrip(")").strip() + ")") if inner else None
        parts = split_args(c["args"]) if c is not None else []
        return self.arrays.get(parts[2].strip(), "") if len(parts) > 2 else ""

    def call(self, callee: str, parts: list[str], line: int, fn: str) -> None:
        if callee.startswith(_SKIP) or callee in ("aoti_torch_delete_tensor_object",):
            return
        if callee == "aoti_torch_empty_strided" and parts and parts[-1].strip().startswith("&"):
            dtype = _DTYPE.search(parts[3]) if len(parts) > 3 else None
            self.out.append(
                Stmt(
                    line,
                    fn,
                    "alloc",
                    targets=[parts[-1].strip()[1:]],
                    shape=self.arrays.get(parts[1].strip(), "") if len(parts) > 1 else "",
                    stride=self.arrays.get(parts[2].strip(), "") if len(parts) > 2 else "",
                    dtype=dtype["dtype"] if dtype else "",
                )
            )
            return
        if callee == "aoti_torch_new_tensor_handle" and len(parts) == 2:
            src, dst = _ref(parts[0]), parts[1].strip().lstrip("&")
            if src.kind == "ref":
                self.out.append(Stmt(line, fn, "alias", targets=[dst], src=src.name))
            return
        if (s := _SHIM.match(callee)) is not None:
            self._shim(s["op"], parts, line, fn)
            return
        name = callee[len("call_") :] if callee.startswith("call_") else callee
        self.out.append(Stmt(line, fn, "call", callee=name, args=[_ref(p) for p in parts]))

    def _shim(self, op: str, parts: list[str], line: int, fn: str) -> None:
        args = [_ref(p) for p in parts]
        if op.endswith("_out") and args:  # aoti_torch_cpu_mm_out(out, a, b): the output first
            base = op[: -len("_out")]
            callee = f"extern_kernels.{base}" if base in _EXTERN_OPS else f"torch.ops.aten.{base}.out"
            self.out.append(Stmt(line, fn, "call", callee=callee, args=args[1:], kwargs={"out": args[0]}))
            return
        outs = [a.name for p, a in zip(parts, args, strict=True) if p.strip().startswith("&") and a.kind == "ref"]
        ins = [a for p, a in zip(parts, args, strict=True) if not p.strip().startswith("&")]
        self.out.append(Stmt(line, fn, "call", targets=outs, callee=f"torch.ops.aten.{op}.default", args=ins))

    def finish(self, line: int, fn: str) -> list[Stmt]:
        stmts = list(self.out)
        if self.inputs:
            n = max(self.inputs) + 1
            stmts.insert(0, Stmt(self.input_line, fn, "unpack", targets=[self.inputs.get(i, f"_unused_{i}") for i in range(n)], src="args"))
        if self.outputs:
            n = max(self.outputs) + 1
            stmts.append(Stmt(line, fn, "return", args=[self.outputs.get(i, Arg("const", text="None")) for i in range(n)]))
        return stmts


def _kernel_roles(text: str, flow: WrapperDataflow) -> None:
    """Each ``extern "C"`` kernel's parameter roles (a body, ``{`` after the signature, beats a prototype) and each
    Triton kernel's whose source the wrapper keeps (its pointer parameters by name, ``mutated_arg_names``)."""
    for m in _TRITON_SIG.finditer(text):
        mutated = _MUTATED.findall(text[max(0, m.start() - 3000) : m.start()])
        names = {x.strip().strip("'\"") for x in (mutated[-1] if mutated else "").split(",") if x.strip()}
        flow.roles.setdefault(m["name"], param_roles(m["params"].replace("\n", " ").split(","), names))
    for m in _SIG.finditer(text):
        params = [p.strip() for p in m["params"].replace("\n", " ").split(",") if p.strip()]
        rest = text[m.end() : m.end() + 4000]
        body = rest if rest.lstrip().startswith("{") else ""
        if body or m["name"] not in flow.roles:
            flow.roles[m["name"]] = cpp_param_roles(params, body)


def read_cpp_dataflow(text: str, kernel_text: str | None = None) -> WrapperDataflow:
    """The launcher statements of C++ wrapper ``text`` (``inductor_entry_impl`` or AOTInductor's ``run_impl``) as
    :class:`~.statements.Stmt` s of one function (``inductor_entry_impl`` / ``run_impl``), with the ``extern "C"``
    kernels' parameter roles from ``text`` and ``kernel_text`` (AOTInductor's separate kernel code).

    Lines are 1-based lines of ``text``.  Never raises: statements it does not understand are left out.
    """
    lines = text.split("\n")
    flow = WrapperDataflow()
    _kernel_roles(text, flow)
    if kernel_text:
        _kernel_roles(kernel_text, flow)
    fn: str | None = None
    reader = _Reader()
    pending, pending_line, in_body = "", 0, False
    for idx, line in enumerate(lines):
        stripped = line.strip()
        if fn is None:
            if _START.search(line) and not stripped.startswith("//") and not stripped.endswith(";"):
                fn = "run_impl" if "::run_impl(" in line else "inductor_entry_impl"
                reader, in_body = _Reader(), False
            continue
        if not in_body:  # the signature's parameters, up to the body's opening brace
            in_body = stripped.endswith("{")
            continue
        if _END.match(line) and not pending:
            flow.functions[fn] = reader.finish(idx + 1, fn)
            fn = None
            continue
        code = stripped.split("  //", 1)[0].strip() if not stripped.startswith("//") else ""
        if not code or code.startswith(("if ", "if(", "}", "{", "#", "for ", "for(")):
            continue
        if not pending:
            pending_line = idx + 1
        pending = f"{pending} {code}".strip()
        if not pending.endswith(";"):
            continue
        try:
            reader.statement(pending, pending_line, fn)
        except (ValueError, IndexError):  # pragma: no cover - odd code: the statement is left out
            pass
        pending = ""
    return flow
