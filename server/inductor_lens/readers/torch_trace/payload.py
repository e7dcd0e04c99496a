"""One record's payload of a ``TORCH_TRACE`` log: its lines with one TAB stripped each, joined by
``\\n``, and checked against the MD5 its envelope names (``has_payload``; written by
``torch/_logging/_internal.py`` ``trace_structured``, PyTorch 2.7 - 2.14, over the payload as
written with ``\\n`` line ends).  Used by :meth:`inductor_lens.readers.torch_trace.TraceLog.payload`
and by the scan's check of a log's last record (:func:`last_record_problems`).

Logs that passed through other tools are read as PyTorch wrote them when the MD5 proves it: lines
ending in ``\\r\\n`` (a copy made on Windows), a payload line that lost its leading TAB (an editor
that strips trailing whitespace turns an empty payload line ``\\t`` into an empty line).
"""

from __future__ import annotations

import hashlib
import re

from ... import _json
from ...model import InputWarning

#: Payloads bigger than this are not read (a damaged offset must not read a whole disk).
MAX_PAYLOAD_BYTES = 1 << 28
#: the MD5 an envelope names for its payload
HAS_PAYLOAD = re.compile(rb'"has_payload": "([0-9a-f]{32})"')

#: Raw payloads (as in the log, TABs included) already verified against their MD5, by MD5: a
#: payload repeated later (another repetition of a graph, another rank's log) is checked by
#: comparing its bytes with the verified copy instead of hashing it again; any difference falls
#: back to the MD5, so damage is still found.  Bounded by :data:`VERIFIED_BUDGET` bytes in all.
_VERIFIED: dict[str, bytes] = {}
VERIFIED_BUDGET = 256 << 20
_held = [0]


def _remember(md5: str, blob: bytes) -> None:
    if md5 not in _VERIFIED and _held[0] + len(blob) <= VERIFIED_BUDGET:
        _VERIFIED[md5] = blob
        _held[0] += len(blob)


def _readings(raws: list[bytes]) -> list[bytes]:
    """The payloads that raw payload lines (no ``\\n``) can stand for, most likely first: TAB lines
    only (empty lines between records dropped), then every line kept (a line without its TAB is
    itself), then the same without trailing empty lines; each with ``\\r`` line ends removed first
    (CRLF), then as written."""
    out: list[bytes] = []
    for strip_cr in (True, False) if any(r.endswith(b"\r") for r in raws) else (False,):
        lines = [r[:-1] if strip_cr and r.endswith(b"\r") else r for r in raws]
        if all(line.startswith(b"\t") or not line.strip() for line in lines):
            out.append(b"\n".join(line[1:] for line in lines if line.startswith(b"\t")))
        kept = len(lines)
        out.append(b"\n".join(line[1:] if line.startswith(b"\t") else line for line in lines))
        while kept and not lines[kept - 1].startswith(b"\t") and not lines[kept - 1].strip():
            kept -= 1
        out.append(b"\n".join(line[1:] if line.startswith(b"\t") else line for line in lines[:kept]))
    return list(dict.fromkeys(out))


def _untabbed(raws: list[bytes]) -> int | None:
    """The offset of the first line without its TAB that TAB lines follow (inside the payload), or ``None``."""
    last_tab = max((n for n, raw in enumerate(raws) if raw.startswith(b"\t")), default=-1)
    return next((n for n in range(last_tab) if not raws[n].startswith(b"\t")), None)


def same_as_verified(path: str, start: int, end: int, md5: str | None) -> bool:
    """Whether the raw payload at byte offsets ``start:end`` of the log ``path`` is byte-identical
    to a copy already verified against ``md5`` (a repeated graph, another rank's log): then it is
    intact, and checking it costs a read and a comparison, not an MD5 nor a copy without TABs.
    ``False`` says only "not known so" (:func:`payload_bytes` then decides).  Raises ``OSError``
    if the file cannot be read."""
    known = _VERIFIED.get(md5) if md5 is not None else None
    if known is None or not 0 <= end - start - len(known) <= 1:
        return False
    with open(path, "rb") as fh:
        fh.seek(start)
        blob = fh.read(end - start)
    return (blob[:-1] if blob.endswith(b"\n") else blob) == known


def payload_bytes(
    path: str, size: int, start: int, end: int, line: int, md5: str | None, what: str
) -> tuple[bytes | None, InputWarning | None]:
    """The payload at byte offsets ``start:end`` of the log ``path`` (``size`` bytes), whose record
    starts at 1-based ``line`` and is named ``what`` in warnings: its bytes (one TAB stripped per
    line, joined by ``\\n``) when they match ``md5`` (or no MD5 is given); a whole record inside the
    log whose MD5 does not match is returned as it is now with a ``changed`` warning (it was edited
    after PyTorch wrote it: shown, marked); else ``None`` and a warning with its line (a damaged or
    cut record).  ``\\r\\n`` line ends and payload lines that lost their TAB are read
    as PyTorch wrote them when the MD5 matches that reading.  Raises ``OSError`` if the file
    cannot be read."""
    if end - start > MAX_PAYLOAD_BYTES:
        return None, InputWarning(path, line, f"payload of {what} is over {MAX_PAYLOAD_BYTES >> 20} MiB; skipped")
    blob = b""
    if end > start:
        with open(path, "rb") as fh:
            fh.seek(start)
            blob = fh.read(end - start)
    if blob.endswith(b"\n"):
        blob = blob[:-1]
    crlf = b"\r" in blob
    text = blob.replace(b"\r\n", b"\n").removesuffix(b"\r") if crlf else blob
    if md5 is not None and _VERIFIED.get(md5) == blob:  # the same bytes as a copy verified before
        return text[1:].replace(b"\n\t", b"\n"), None  # (read as that copy was: CR removed)
    data = text[1:].replace(b"\n\t", b"\n") if text.startswith(b"\t") and (not crlf or b"\r" not in text) else None
    if data is not None and len(text) - 1 - len(data) == text.count(b"\n"):
        # every line is a TAB payload line (as PyTorch writes them; each newline's TAB stripped): stripped in C, not per line
        if md5 is None:
            return data, None
        if hashlib.md5(data).hexdigest() == md5:
            _remember(md5, blob)
            return data, None
        if not crlf:
            if end < size:  # a whole record inside the log: changed, not cut
                return data, _md5_mismatch(path, line, what, blob.count(b"\n") + 1, changed=True)
            return None, _md5_mismatch(path, line, what, blob.count(b"\n") + 1)
    raws = blob.split(b"\n") if blob else []
    problem = None
    for offset, raw in enumerate(raws):
        if not raw.startswith(b"\t") and raw.strip():
            if offset == len(raws) - 1 and end >= size:
                raws = raws[:offset]  # the log ends inside the next record's prefix: reported by the scan (_check_tail)
            else:
                problem = InputWarning(path, line + 1 + offset, "line is neither a record nor a TAB payload line; record skipped")
            break
    readings = _readings(raws)
    if md5 is None:
        return (None, problem) if problem is not None else (readings[0], None)
    for data in readings:
        if hashlib.md5(data).hexdigest() == md5:
            return data, None
    if problem is None and readings and end < size:  # a whole record inside the log: changed, not cut
        return readings[0], _md5_mismatch(path, line, what, len(raws), _untabbed(raws), changed=True)
    return None, problem or _md5_mismatch(path, line, what, len(raws), _untabbed(raws))


def last_record_problems(path: str, line: int, record: bytes, what: str, kept: bool) -> tuple[list[InputWarning], bool]:
    """What is wrong with the last record of a log, ``record`` (its bytes as scanned, from the
    start of its line ``line``; ``what`` names it, ``kept``: the index reads it, and so checks its
    payload itself): ``(warnings, incomplete)``, incomplete when the log ends inside it (a
    crashed run, or a log still being written).

    A payload whose MD5 does not match is taken for a cut one, unless a payload line inside it
    lost its TAB (the log was edited, not cut: said here for a record the index does not read)."""
    env_end = record.find(b"\n")
    env = record if env_end < 0 else record[:env_end]
    if not _whole_envelope(env):  # (unread: a log of such records only has nothing readable)
        return [
            InputWarning(path, line, "last record is cut inside its envelope (log truncated or still being written)", unread=True)
        ], True
    warnings = []
    blob = b"" if env_end < 0 else record[env_end + 1 :]
    lines = blob[:-1].split(b"\n") if blob.endswith(b"\n") else blob.split(b"\n")
    last_tab = max((n for n, raw in enumerate(lines) if raw.startswith(b"\t")), default=-1)
    stray = next((n for n in range(last_tab + 1, len(lines)) if lines[n].strip()), None)
    if stray is not None:  # e.g. the log was cut inside the next record's prefix
        warnings.append(InputWarning(path, line + 1 + stray, "text after the last record is not a record (log truncated?)"))
        lines = lines[:stray]
    found = HAS_PAYLOAD.search(env)
    if found is None or any(hashlib.md5(data).hexdigest() == found.group(1).decode() for data in _readings(lines)):
        return warnings, False
    untabbed = _untabbed(lines)
    if untabbed is not None:
        if not kept:
            warnings.append(_md5_mismatch(path, line, what, len(lines), untabbed))
        return warnings, False
    warnings.append(InputWarning(path, line, "last record's payload is incomplete (log truncated or still being written)"))
    return warnings, True


def _whole_envelope(line: bytes) -> bool:
    """Whether a record's first line holds its whole envelope: a JSON object after the glog
    prefix (parsed: ``{"chromium_event": {}`` ends with a brace and is still cut)."""
    start = line.find(b"] {")
    if start < 0 or not line.rstrip().endswith(b"}"):
        return False
    try:
        return isinstance(_json.loads(line[start + 2 :]), dict)
    except ValueError:
        return False


def _md5_mismatch(path: str, line: int, what: str, lines: int, untabbed: int | None = None, changed: bool = False) -> InputWarning:
    """The warning for a payload whose MD5 is not the one its envelope names: at the record's
    first line, naming the payload's lines (the MD5 cannot say which of them changed) and the
    first payload line without its TAB, if one is.  ``changed``: the payload is read as it is now
    and marked (a record inside the log, whole: edited after PyTorch wrote it); else it is skipped
    (the log's last record, which may be cut)."""
    where = f"line {line + 1}" if lines <= 1 else f"lines {line + 1}-{line + lines}"
    lost = "" if untabbed is None else f"; line {line + 1 + untabbed} has lost its TAB"
    if changed:
        return InputWarning(
            path,
            line,
            f"payload MD5 mismatch for {what} (its payload, {where}, was changed after PyTorch wrote it{lost}); "
            "read as it is now and marked as changed",
            changed=True,
        )
    return InputWarning(
        path, line, f"payload MD5 mismatch for {what} (its payload, {where}, was truncated or edited{lost}); record skipped"
    )
