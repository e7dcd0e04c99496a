"""Which device kernels cuBLAS runs for float32 GEMMs with and without TF32, and for bf16/fp16, at
shapes a training step has (issue 48: are newer cuBLAS's ``nvjet_*`` kernels ever a float32 GEMM on
TF32 tensor cores, whose name the roofline must recognize?).

    python3 gemm_names.py OUT.json

Writes ``{"device", "torch", "rows": [{"dtype", "tf32", "m", "n", "k", "kernels": [...]}]}``: the
kernels ``torch.profiler`` saw for one ``torch.mm``/``F.linear`` of each case (after a warm-up).
"""
import json
import sys

import torch
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile

SHAPES = [(64, 64, 64), (256, 512, 512), (4096, 512, 2048), (8192, 8192, 512), (16, 4096, 4096), (2048, 8192, 512), (4096, 4096, 4096)]


def kernels(fn):
    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    return sorted({e.name for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA})


rows = []
for dtype in (torch.float32, torch.bfloat16, torch.float16):
    for tf32 in ((False, True) if dtype == torch.float32 else (False,)):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        for m, n, k in SHAPES:
            a = torch.randn(m, k, device="cuda", dtype=dtype)
            b = torch.randn(k, n, device="cuda", dtype=dtype)
            w = torch.randn(n, k, device="cuda", dtype=dtype)
            bias = torch.randn(n, device="cuda", dtype=dtype)
            for op, fn in (("mm", lambda: torch.mm(a, b)), ("linear", lambda: F.linear(a, w, bias))):
                rows.append({"dtype": str(dtype), "tf32": tf32, "op": op, "m": m, "n": n, "k": k, "kernels": kernels(fn)})
out = {"device": torch.cuda.get_device_name(), "torch": torch.__version__, "cuda": torch.version.cuda, "rows": rows}
json.dump(out, open(sys.argv[1], "w"), indent=1)
for r in rows:
    print(r["dtype"], r["tf32"], r["op"], r["m"], r["n"], r["k"], [k[:70] for k in r["kernels"]])
