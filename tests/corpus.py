"""A corpus of broken and hostile inputs, generated from the real traces (never written by hand).

``build(out_dir)`` writes every item and returns a list of :class:`Item` (path, what it is, and
whether a warning must name it).  ``python tests/corpus.py OUT_DIR`` writes them for inspection.
Items are small except the 200 MB single-line log, made only when ``big=True``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import sys
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from conftest import case_log  # noqa: E402

PREFIX = re.compile(rb"^([VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\n]*?\] )(\{.*)$")


@dataclass
class Item:
    """One corpus input: ``path``; ``kind`` says what is wrong; ``warns`` whether the index must
    report it (file and line); ``graphs`` how many graphs must still be indexed from it, if known."""

    path: str
    kind: str
    warns: bool = True
    graphs: int | None = None


def records(data: bytes) -> list[list[bytes]]:
    """The log split into records: [envelope line, payload lines...] (lines without newline)."""
    out: list[list[bytes]] = []
    for line in data.split(b"\n"):
        if PREFIX.match(line) or not out:
            out.append([line])
        else:
            out[-1].append(line)
    if out and out[-1] == [b""]:
        out.pop()
    return out


def join(recs: list[list[bytes]]) -> bytes:
    return b"\n".join(b"\n".join(r) for r in recs) + b"\n"


def envelope(rec: list[bytes]) -> tuple[bytes, dict]:
    m = PREFIX.match(rec[0])
    return m.group(1), json.loads(m.group(2))


def set_payload(rec: list[bytes], lines: list[bytes], fix_md5: bool = True) -> list[bytes]:
    """``rec`` with a new payload; its ``has_payload`` MD5 recomputed (a valid record) or kept."""
    prefix, env = envelope(rec)
    if fix_md5:
        env["has_payload"] = hashlib.md5(b"\n".join(lines)).hexdigest()
    return [prefix + json.dumps(env).encode()] + [b"\t" + l for l in lines]


def find(recs, kind: str, name: str | None = None, nth: int = 0) -> int:
    hits = [
        i
        for i, r in enumerate(recs)
        if envelope(r)[1].get(kind) is not None and (name is None or (envelope(r)[1][kind] or {}).get("name") == name)
    ]
    return hits[nth]


def payload(rec: list[bytes]) -> list[bytes]:
    return [l[1:] for l in rec[1:]]


def build(out: str, big: bool = False) -> list[Item]:
    """Write the corpus under ``out``; returns its items."""
    os.makedirs(out, exist_ok=True)
    items: list[Item] = []
    base = open(case_log("torch-2.11-cuda/mlp_train"), "rb").read()
    recs = records(base)

    def write(name: str, data: bytes, kind: str, **kw) -> None:
        path = os.path.join(out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(data)
        items.append(Item(path, kind, **kw))

    # truncations at many byte offsets: inside envelopes, inside payloads, at record boundaries
    rng = random.Random(7)
    offsets = sorted({rng.randrange(1, len(base)) for _ in range(24)})
    code = find(recs, "inductor_output_code", nth=1)
    start_of = lambda i: len(join(recs[:i]))
    offsets += [start_of(code) + 40, start_of(code) + len(recs[code][0]) + 300, start_of(code + 1)]
    for off in offsets:
        at_boundary = base[off - 1 : off] == b"\n" and base[off : off + 1] == b"V"  # a complete log, shorter
        write(f"truncated/dedicated_log_torch_trace_cut_{off}.log", base[:off], "truncated", warns=not at_boundary)

    # a non-ASCII payload (valid), then cut in the middle of a two-byte UTF-8 sequence
    st = find(recs, "artifact", "inductor_provenance_tracking_kernel_stack_traces")
    text = b"\n".join(payload(recs[st])).replace(b"in forward", "in förward".encode(), 1)
    utf = recs[:st] + [set_payload(recs[st], text.split(b"\n"))] + recs[st + 1 :]
    data = join(utf)
    write("utf8/dedicated_log_torch_trace_nonascii.log", data, "valid non-ASCII payload", warns=False, graphs=2)
    cut = data.index("ö".encode()) + 1
    write("utf8/dedicated_log_torch_trace_cut_mid_utf8.log", data[:cut], "truncated mid UTF-8 sequence")

    # payload MD5 mismatch; invalid JSON payload (MD5 fixed, so only the JSON is wrong)
    mp = find(recs, "artifact", "inductor_provenance_tracking_node_mappings")
    bad = [payload(recs[mp])[0].replace(b'"addmm"', b'"addmX"', 1)]
    write(
        "dedicated_log_torch_trace_md5.log",
        join(recs[:mp] + [set_payload(recs[mp], bad, fix_md5=False)] + recs[mp + 1 :]),
        "MD5 mismatch",
        graphs=2,
    )
    write(
        "dedicated_log_torch_trace_badjson.log",
        join(recs[:mp] + [set_payload(recs[mp], [b"{not json"])] + recs[mp + 1 :]),
        "invalid JSON payload",
        graphs=2,
    )
    # invalid envelope JSON on an interesting record
    broken_env = [recs[mp][0][:-1]] + recs[mp][1:]
    write("dedicated_log_torch_trace_badenvelope.log", join(recs[:mp] + [broken_env] + recs[mp + 1 :]), "invalid JSON envelope", graphs=2)

    # unknown artifact names and envelope keys (not an error: skipped silently, like tlparse's _other)
    prefix, env = envelope(recs[mp])
    unknown = [
        [
            prefix
            + json.dumps(
                {"artifact": {"name": "brand_new_artifact", "encoding": "json"}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}
            ).encode()
        ],
        [prefix + json.dumps({"brand_new_key": {"x": 1}, "frame_id": 0, "frame_compile_id": 0}).encode()],
    ]
    write(
        "dedicated_log_torch_trace_unknown.log",
        join(recs[:mp] + unknown + recs[mp:]),
        "unknown artifact names and keys",
        warns=False,
        graphs=2,
    )

    # missing compile ids on the output code records; the whole log twice (duplicated compile ids)
    def drop_cid(rec):
        prefix, env = envelope(rec)
        if "inductor_output_code" in env:
            for key in ("frame_id", "frame_compile_id", "attempt"):
                env.pop(key, None)
            return [prefix + json.dumps(env).encode()] + rec[1:]
        return rec

    write("dedicated_log_torch_trace_nocid.log", join([drop_cid(r) for r in recs]), "missing compile ids", warns=False, graphs=2)
    write("dedicated_log_torch_trace_twice.log", join(recs + recs), "duplicated compile ids", warns=False, graphs=4)

    # non-UTF-8 bytes in an envelope and in a payload (MD5 fixed)
    env_bytes = [recs[mp][0].replace(b"inductor_provenance", b"inductor_\xff\xfeprovenance", 1)] + recs[mp][1:]
    write(
        "dedicated_log_torch_trace_nonutf8_env.log",
        join(recs[:mp] + [env_bytes] + recs[mp + 1 :]),
        "non-UTF-8 envelope",
        warns=False,
        graphs=2,
    )
    write(
        "dedicated_log_torch_trace_nonutf8_payload.log",
        join(recs[:st] + [set_payload(recs[st], [payload(recs[st])[0] + b"\xff\xfe"])] + recs[st + 1 :]),
        "non-UTF-8 payload",
        graphs=2,
    )
    # bytes that are not UTF-8 inside an output code (a comment line, MD5 fixed): the graph is
    # still read (the bad bytes as U+FFFD), not dropped with three contradicting warnings
    lines = payload(recs[code])
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith(b"#") and i > 5)
    lines = lines[:at] + [lines[at] + b" \xff\xfe"] + lines[at + 1 :]
    write(
        "dedicated_log_torch_trace_nonutf8_output_code.log",
        join(recs[:code] + [set_payload(recs[code], lines)] + recs[code + 1 :]),
        "non-UTF-8 output code",
        graphs=2,
    )

    # a mapping naming kernels absent from the code; a v1 mapping (bare names, no version)
    value = json.loads(b"\n".join(payload(recs[mp])))
    ghost = dict(value, cppCodeToPost={**value["cppCodeToPost"], "triton_ghost_kernel_9:99": ["mul"]})
    write(
        "dedicated_log_torch_trace_ghost.log",
        join(recs[:mp] + [set_payload(recs[mp], [json.dumps(ghost).encode()])] + recs[mp + 1 :]),
        "mapping names kernels absent from the code",
        warns=False,
        graphs=2,
    )
    v1 = {
        k: ({re.sub(r":\d+$", "", kk): vv for kk, vv in v.items()} if k == "cppCodeToPost" else v)
        for k, v in value.items()
        if k != "version"
    }
    write(
        "dedicated_log_torch_trace_v1.log",
        join(recs[:mp] + [set_payload(recs[mp], [json.dumps(v1).encode()])] + recs[mp + 1 :]),
        "v1 mapping on handle code",
        warns=False,
        graphs=2,
    )

    # a binary file named like a log; an empty file
    write("dedicated_log_torch_trace_binary.log", bytes(random.Random(1).randrange(256) for _ in range(50_000)), "binary file")
    write("dedicated_log_torch_trace_empty.log", b"", "empty file")

    # mixed PyTorch versions in one folder; a symlink loop; spaces and non-ASCII in paths
    mixed = os.path.join(out, "mixed")
    os.makedirs(mixed, exist_ok=True)
    for case in ("torch-2.8-cpu/mlp_train", "torch-2.11-cuda/mlp_train", "torch-2.14-cpu/mlp_train"):
        shutil.copy(case_log(case), os.path.join(mixed, f"dedicated_log_torch_trace_{case.split('/')[0]}.log"))
    items.append(Item(mixed, "mixed PyTorch versions", warns=False, graphs=6))
    loop = os.path.join(out, "loop")
    os.makedirs(loop, exist_ok=True)
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), os.path.join(loop, "dedicated_log_torch_trace_a.log"))
    if not os.path.lexists(os.path.join(loop, "again")):
        os.symlink(".", os.path.join(loop, "again"))
    items.append(Item(loop, "symlink loop", warns=False, graphs=1))
    odd = os.path.join(out, "my traces", "ñandú 日本")
    os.makedirs(odd, exist_ok=True)
    shutil.copy(case_log("torch-2.11-cuda/mlp_infer"), os.path.join(odd, "dedicated_log_torch_trace_ünï.log"))
    items.append(Item(odd, "spaces and non-ASCII in paths", warns=False, graphs=1))

    # generated code that would write a file if it were ever imported or executed
    marker = os.path.join(out, "EXECUTED")
    hostile = (
        f"# AOT ID: ['0_inference']\nimport os\nopen({marker!r}, 'w').write('pwned')\n"
        'exec("open(' + repr(marker).replace('"', "'") + ", 'w')\")\n"
        "triton_poi_fused_x_0 = async_compile.triton('triton_poi_fused_x_0', '''\n__import__('os').system('touch "
        + marker
        + "')\n''', device_str='cuda')\n"
        "def call(args):\n    # [Provenance debug handles] triton_poi_fused_x_0:1\n    triton_poi_fused_x_0.run(args[0], stream=stream0)\n"
    )
    write("hostile/output_code.py", hostile.encode(), "code that writes a file if executed", warns=False, graphs=1)
    code_rec = find(recs, "inductor_output_code")
    write(
        "hostile/dedicated_log_torch_trace_hostile.log",
        join(recs[:code_rec] + [set_payload(recs[code_rec], hostile.encode().split(b"\n"))] + recs[code_rec + 1 :]),
        "hostile output code inside a log",
        warns=False,
    )

    if big:  # one 200 MB line between valid records
        path = os.path.join(out, "big", "dedicated_log_torch_trace_200mb_line.log")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(join(recs[:code]))
            chunk = b"x" * (1 << 20)
            fh.write(recs[code][0][:200])  # a record prefix whose envelope never ends
            for _ in range(200):
                fh.write(chunk)
            fh.write(b"\n" + join(recs[code:]))
        items.append(Item(path, "a single 200 MB line", graphs=None))
    return items


def marker_path(out: str) -> str:
    return os.path.join(out, "EXECUTED")


if __name__ == "__main__":
    for item in build(sys.argv[1], big="--big" in sys.argv):
        print(f"{item.kind:45s} {item.path}")
