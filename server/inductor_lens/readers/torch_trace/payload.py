"""One record's payload of a ``TORCH_TRACE`` log: its lines with one TAB stripped each, joined by
``\\n``, and checked against the MD5 its envelope names (``has_payload``; written by
``torch/_logging/_internal.py`` ``trace_structured``, PyTorch 2.7 - 2.14).  Used by
:meth:`inductor_lens.readers.torch_trace.TraceLog.payload`.
"""

from __future__ import annotations

import hashlib

from ...model import InputWarning

#: Payloads bigger than this are not read (a damaged offset must not read a whole disk).
MAX_PAYLOAD_BYTES = 1 << 28


def payload_bytes(
    path: str, size: int, start: int, end: int, line: int, md5: str | None, what: str
) -> tuple[bytes | None, InputWarning | None]:
    """The payload at byte offsets ``start:end`` of the log ``path`` (``size`` bytes), whose record
    starts at 1-based ``line`` and is named ``what`` in warnings: its bytes (one TAB stripped per
    line, joined by ``\\n``) when they match ``md5`` (or no MD5 is given), else ``None`` and a
    warning with its line.  Raises ``OSError`` if the file cannot be read."""
    if end - start > MAX_PAYLOAD_BYTES:
        return None, InputWarning(path, line, f"payload of {what} is over {MAX_PAYLOAD_BYTES >> 20} MiB; skipped")
    blob = b""
    if end > start:
        with open(path, "rb") as fh:
            fh.seek(start)
            blob = fh.read(end - start)
    if blob.endswith(b"\n"):
        blob = blob[:-1]
    if blob.startswith(b"\t") and b"\r" not in blob and blob.count(b"\n") == blob.count(b"\n\t"):
        # every line is a TAB payload line (as PyTorch writes them): strip in C, not per line
        data = blob[1:].replace(b"\n\t", b"\n")
        if md5 is not None and hashlib.md5(data).hexdigest() != md5:
            return None, _md5_mismatch(path, line, what, blob.count(b"\n") + 1)
        return data, None
    stripped = []
    raws = blob.split(b"\n") if blob else []
    for offset, raw in enumerate(raws):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        if not raw.startswith(b"\t"):
            if not raw.strip():
                continue  # blank line between records (tlparse drops these too)
            if offset == len(raws) - 1 and end >= size:
                break  # the log ends inside the next record's prefix: reported by the scan (_check_tail)
            return None, InputWarning(path, line + 1 + offset, "line is neither a record nor a TAB payload line; record skipped")
        stripped.append(raw[1:])
    data = b"\n".join(stripped)
    if md5 is not None and hashlib.md5(data).hexdigest() != md5:
        return None, _md5_mismatch(path, line, what, len(raws))
    return data, None


def _md5_mismatch(path: str, line: int, what: str, lines: int) -> InputWarning:
    """The warning for a payload whose MD5 is not the one its envelope names: at the record's
    first line, naming the payload's lines (the MD5 cannot say which of them changed)."""
    where = f"line {line + 1}" if lines <= 1 else f"lines {line + 1}-{line + lines}"
    return InputWarning(path, line, f"payload MD5 mismatch for {what} (its payload, {where}, was truncated or edited); record skipped")
