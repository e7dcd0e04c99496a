"""Rewrite the absolute paths a TORCH_TRACE log names (the machine it was made on) and recompute
the payload MD5s, so a fixture names no folder of any real machine.

    python scripts/rewrite_trace_paths.py LOG [LOG ...] --map FROM=TO [--map FROM=TO ...]

Every occurrence of ``FROM`` (a path prefix, matched as bytes in envelopes and payloads alike) is
replaced by ``TO``, longest ``FROM`` first.  A record's ``has_payload`` MD5 is recomputed only
when its payload changed and the old MD5 matched it (a payload damaged on purpose stays damaged).
The log format is PyTorch's structured trace (``torch/_logging/structured.py`` and
``torch/_logging/_internal.py``: an envelope line, then payload lines each starting with a tab;
the MD5 is over the payload lines without their tab, joined by newlines).  Files are rewritten in
place; prints what changed per file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys

ENVELOPE = re.compile(rb"^([VIWEC]\d{4} [^\]]*\] )(\{.*\})\s*$")


def _md5(payload_lines: list[bytes]) -> str:
    return hashlib.md5(b"\n".join(line[1:] for line in payload_lines)).hexdigest()


def rewrite(data: bytes, mapping: list[tuple[bytes, bytes]]) -> tuple[bytes, int, int]:
    """``data`` with every prefix replaced; returns (new data, lines changed, MD5s recomputed)."""
    lines = data.split(b"\n")
    out: list[bytes] = []
    changed = recomputed = 0
    i = 0
    while i < len(lines):
        head = lines[i]
        j = i + 1
        while j < len(lines) and lines[j].startswith(b"\t"):
            j += 1
        payload = lines[i + 1 : j]
        new_payload = [_sub(line, mapping) for line in payload]
        new_head = _sub(head, mapping)
        changed += sum(a != b for a, b in zip(payload, new_payload, strict=True)) + (new_head != head)
        m = ENVELOPE.match(new_head)
        if m and payload and new_payload != payload:
            env = json.loads(m.group(2))
            if env.get("has_payload") == _md5(payload):
                env["has_payload"] = _md5(new_payload)
                new_head = m.group(1) + json.dumps(env).encode()
                recomputed += 1
        out.append(new_head)
        out.extend(new_payload)
        i = j
    return b"\n".join(out), changed, recomputed


def _sub(line: bytes, mapping: list[tuple[bytes, bytes]]) -> bytes:
    for src, dst in mapping:
        if src in line:
            line = line.replace(src, dst)
    return line


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--map", action="append", default=[], metavar="FROM=TO")
    args = parser.parse_args(argv)
    mapping = sorted(((a.encode(), b.encode()) for a, b in (m.split("=", 1) for m in args.map)), key=lambda m: -len(m[0]))
    for path in args.logs:
        data = open(path, "rb").read()
        new, changed, recomputed = rewrite(data, mapping)
        if new != data:
            with open(path, "wb") as fh:
                fh.write(new)
        print(f"{path}: {changed} lines changed, {recomputed} MD5s recomputed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
