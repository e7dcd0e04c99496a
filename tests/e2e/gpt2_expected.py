"""What the real-editor checks of the GPT-2 scenario expect (module paths), computed from the
server's own report of the workspace (no numbers written down by hand):

    inductor-lens report <ws>/torch_trace --json | python3 tests/e2e/gpt2_expected.py <ws> > expected-gpt2.json

The forward GEMM of block 1's MLP (``transformer.h.1.mlp.c_fc``) and lm_head's GEMM, which reads
``transformer.wte``'s tied weight. Only the standard library (it runs under the plain interpreter).
"""

import json
import os
import sys


def gemm(kernels: list, module: str) -> dict:
    (k,) = [k for k in kernels if k["graph"] == "forward" and k["kind"] == "extern" and k["module"] == module]
    (launch,) = k["launches"]
    return {
        "key": k["key"],
        "module": module,
        "shared": k["module_shared"],
        "launchLine": launch["line"],
        "outputCodeName": os.path.basename(launch["path"]),
        "pick": module + (" (shared)" if k["module_shared"] else "") + " · compile",
    }


def main() -> None:
    workspace = sys.argv[1]
    report = json.load(sys.stdin)
    kernels = report["kernels"]
    expected = {
        "scenario": "gpt2",
        "workspace": workspace,
        "kernels": len(kernels),
        "gemms": [gemm(kernels, "transformer.h.1.mlp.c_fc"), gemm(kernels, "transformer.wte")],
    }
    assert expected["gemms"][1]["shared"], "lm_head reads transformer.wte's tied weight"
    json.dump(expected, sys.stdout, indent=2, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
