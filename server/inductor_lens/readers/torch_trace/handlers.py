"""What the scan of a ``TORCH_TRACE`` log does with each record the index uses: one handler per
kind of record, in one table (:data:`RECORD_HANDLERS`), as tlparse's ``default_parsers()`` lists
its parsers; which records are used at all is :mod:`.wanted`'s table.

Format: see :mod:`inductor_lens.readers.torch_trace` (envelopes written by
``torch/_logging/_internal.py`` ``trace_structured``, PyTorch 2.7 - 2.14; ``str`` records by its
``_log_str_table``/intern table, compile ids as ``torch/_guards.py`` prints them).
"""

from __future__ import annotations

import re

from ...model import InputWarning
from ...model.compile_id import compile_id_of
from .records import UNREADABLE, Record, TraceLog
from .wanted import TRIMMED_KEYS

#: compile-id fields of an envelope whose JSON is broken
_ID_FIELD = re.compile(rb'"(frame_id|frame_compile_id|attempt|compiled_autograd_id)": (\d+)')
#: (kind, name) of output-code records: one whose envelope is unreadable is kept as a placeholder
CODE_KINDS = frozenset({("inductor_output_code", None), ("graph_dump", "inductor_aot_wrapper_code"), ("graph_dump", "inductor_aot_code")})

# The table of what the scan does with the envelope of each record the index uses (which records:
# :mod:`.wanted`), as tlparse's ``default_parsers()`` lists its parsers: one handler per kind, every
# kind not named becoming a :class:`Record`.  ``at`` is (line, kind, name, payload start, payload end,
# pid) of the record.
_At = tuple[int, str, str | None, int, int, int]


def _record(log: TraceLog, at: _At, envelope: dict) -> Record:
    line, kind, name, payload_start, payload_end, pid = at
    return Record(line, kind, name, envelope, compile_id_of(envelope), payload_start, payload_end, pid)


def keep_record(log: TraceLog, at: _At, envelope: dict) -> None:
    """Any record the index uses: kept with its envelope (the rank, when the log's name has none)."""
    if log.rank is None and isinstance(envelope.get("rank"), int):
        log.rank = envelope["rank"]
    log.records.append(_record(log, at, envelope))
    if at[5] not in log.pids:
        log.pids.append(at[5])


def _keep_trimmed(log: TraceLog, at: _At, envelope: dict) -> None:
    """``compilation_metrics``: kept without the keys :data:`.wanted.TRIMMED_KEYS` names (configuration dumps)."""
    kind, trim = at[1], TRIMMED_KEYS[at[1]]
    if isinstance(envelope.get(kind), dict):
        envelope[kind] = {k: v for k, v in envelope[kind].items() if not k.endswith(trim)}
    keep_record(log, at, envelope)


def _string_entry(log: TraceLog, at: _At, envelope: dict) -> None:
    """``str``: one entry of the log's table of file names (``[name, index]``), not a record."""
    value = envelope.get("str")
    if isinstance(value, list) and len(value) == 2 and isinstance(value[1], int):
        log.strings[value[1]] = str(value[0])
    else:
        message = '"str" record is not [file name, index]; skipped (stack frames naming that index show no file)'
        log.warnings.append(InputWarning(log.path, at[0], message))


RECORD_HANDLERS = {"str": _string_entry, **dict.fromkeys(TRIMMED_KEYS, _keep_trimmed)}


def unreadable_code(log: TraceLog, at: _At, env: bytes) -> None:
    """An output-code record whose envelope cannot be read: still a place in the log (what follows
    pairs with it, not with the next code), kept as a placeholder with the compile id its fields say."""
    ids = {k.decode(): int(v) for k, v in _ID_FIELD.findall(env)}
    line, kind, name, payload_start, payload_end, pid = at
    log.records.append(Record(line, kind, name, {UNREADABLE: True}, compile_id_of(ids), payload_start, payload_end, pid))
