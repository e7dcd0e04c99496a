"""Reduce a real TORCH_TRACE log for tests/data: leave out whole records the lens does not read
(guards, chromium events, side effects, tensor descriptions, runnable graphs...); every kept
record is unchanged, byte for byte (payload MD5s still hold).

    python scripts/trim_trace.py SRC_LOG DST_LOG [--truth-only]

``--truth-only`` also leaves out the compilation metrics: for the provenance side of a fidelity
pair, whose output code and stack-traces artifact are all a test reads.
"""

import json
import re
import sys

PREFIX = re.compile(r"^[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ [^\]]*\] ")
DROP_KEYS = {
    *(["compilation_metrics", "bwd_compilation_metrics"] if "--truth-only" in sys.argv else []),
    "dynamo_cpp_guards_str",
    "chromium_event",
    "describe_storage",
    "describe_tensor",
    "describe_source",
    "create_symbol",
    "guard_added_fast",
    "symbolic_shape_specialization",
    "propagate_real_tensors_provenance",
    "create_unbacked_symbol",
    "expression_created",
    "missing_fake_kernel",
    "link",
}
DROP_ARTIFACTS = {
    "dynamo_side_effects",
    "fx_graph_runnable",
    "aot_forward_graph_fw_metadata",
    "torch._functorch.config",
    "before_joint_graph",
    "after_joint_graph",
    "runtime_wrapper_orchestration",
    "fx_graph_cache_miss",
    "fx_graph_cache_bypass",
    "aotautograd_cache_miss",
    "aotautograd_cache_bypass",
    "inductor_compile_time_s",
}
src, dst = sys.argv[1], sys.argv[2]
out, keep = [], True
for line in open(src, encoding="utf-8"):
    if not line.startswith("\t"):
        m = PREFIX.match(line)
        if m:
            env = json.loads(line[m.end() :])
            art = (env.get("artifact") or {}).get("name")
            keep = not (DROP_KEYS & set(env)) and art not in DROP_ARTIFACTS
    if keep:
        out.append(line)
open(dst, "w", encoding="utf-8").write("".join(out))
