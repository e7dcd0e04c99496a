"""Turn a TORCH_TRACE log made with ``TORCHINDUCTOR_BENCHMARK_KERNEL=1`` into the log the same run
writes without the flag: from every Triton kernel source the output code embeds, the
``'kernel_num_gb': X`` and ``'kernel_flop': Y`` entries of ``inductor_meta`` and the benchmark
harness after the kernel (``def get_args():``, ``def call(args):``, ``def benchmark_all_configs``,
the ``if __name__ == '__main__':`` block with its ``num_gb``) are removed, and each changed
payload's MD5 recomputed.  What the flag adds is written by ``torch/_inductor/codegen/triton.py``
(``inductor_meta_common`` / ``codegen_kernel_benchmark``, PyTorch 2.7-2.14).

    python scripts/strip_benchmark_kernel.py IN.log OUT.log

The tests derive bytes per launch from the stripped log and compare them with Inductor's own
figure in the original (tests/perf/test_figures.py).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys

ENVELOPE = re.compile(rb"^([VIWEC]\d{4} [^\]]*\] )(\{.*\})\s*$")
_META = re.compile(rb"(?P<before>, )?'kernel_(?:num_gb|flop)': [-0-9.e+]+(?P<after>, )?")
_HARNESS_START = b"def get_args():"
#: the imports the harness needs, after ``triton_helpers.set_driver_to_gpu()`` and a blank line
_HARNESS_IMPORTS = (
    b"from torch._dynamo.testing import rand_strided",
    b"from torch._C import _cuda_getCurrentRawStream as get_raw_stream",
    b"import torch",
)
_KERNEL_END = b"''', device_str="


def _md5(payload: list[bytes]) -> str:
    return hashlib.md5(b"\n".join(line[1:] for line in payload)).hexdigest()


def strip_payload(payload: list[bytes]) -> list[bytes]:
    """The payload lines (each starting with a tab) without the flag's additions."""
    out: list[bytes] = []
    skipping = False
    skip_imports = 0
    inside = False  # within a Triton kernel's source
    for line in payload:
        body = line[1:]
        if skipping:
            if body.startswith(_KERNEL_END):
                skipping = inside = False
                while out and out[-1] == b"\t":  # the blank lines before the harness
                    out.pop()
                out.append(line)
            continue
        if b"= async_compile.triton(" in body:
            inside = True
        elif body.startswith(_KERNEL_END):
            inside = False
        if inside and body.startswith(_HARNESS_START):  # (the module's own get_args() is no harness)
            skipping = True
            continue
        if inside and body == _HARNESS_IMPORTS[0] and out and out[-1] == b"\t":
            skip_imports = len(_HARNESS_IMPORTS) + 1  # and the blank line after them
        if skip_imports:
            skip_imports -= 1
            continue
        while True:  # one entry at a time: two adjacent ones share the ", " between them
            new = _META.sub(lambda m: b", " if m["before"] and m["after"] else b"", body, count=1)
            if new == body:
                break
            body = new
        out.append(b"\t" + body)
    return out


def strip(data: bytes) -> tuple[bytes, int]:
    """``data`` with every payload stripped; returns (new data, payloads changed)."""
    lines = data.split(b"\n")
    out: list[bytes] = []
    changed = 0
    i = 0
    while i < len(lines):
        head = lines[i]
        j = i + 1
        while j < len(lines) and lines[j].startswith(b"\t"):
            j += 1
        payload = lines[i + 1 : j]
        new = strip_payload(payload)
        m = ENVELOPE.match(head)
        if m and payload and new != payload:
            env = json.loads(m.group(2))
            if env.get("has_payload") == _md5(payload):
                env["has_payload"] = _md5(new)
                head = m.group(1) + json.dumps(env).encode()
            changed += 1
        out.append(head)
        out.extend(new)
        i = j
    return b"\n".join(out), changed


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    data, changed = strip(open(argv[0], "rb").read())
    with open(argv[1], "wb") as fh:
        fh.write(data)
    print(f"{argv[1]}: {changed} payload(s) stripped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
