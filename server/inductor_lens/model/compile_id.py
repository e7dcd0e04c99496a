"""Compile ids as PyTorch prints them, the one fact about them every layer uses.

PyTorch (``torch/_guards.py`` ``CompileId.__str__``, 2.4-2.14) writes ``frame/frame_compile``
(``0/0``), a restarted attempt with ``_N`` (``1/0_1``), compiled autograd as ``!ca/frame/compile``
(``!0/7/0``) or ``!ca`` alone; a record with none (AOTInductor) reads ``-``.  The log's
envelopes carry the parts as ``frame_id``, ``frame_compile_id``, ``attempt`` and
``compiled_autograd_id`` (``torch/_logging/structured.py``).
"""

from __future__ import annotations

import re

_ATTEMPT = re.compile(r"_\d+$")


def compile_id_of(envelope: dict) -> str:
    """The compile id of a log record's envelope as PyTorch prints it (``0/0``, ``1/0_1``,
    ``!3/0/0``, ``-``)."""
    ca = envelope.get("compiled_autograd_id")
    frame = envelope.get("frame_id")
    frame_compile = envelope.get("frame_compile_id")
    attempt = envelope.get("attempt")
    if ca is not None:
        text = f"!{ca}" if frame is None else f"!{ca}/{frame}/{frame_compile}"
    elif frame is not None and frame_compile is not None:
        text = f"{frame}/{frame_compile}"
    else:
        return "-"
    if attempt:
        text += f"_{attempt}"
    return text


def base_compile_id(compile_id: str) -> str:
    """The compile id without its attempt (``0/0_1`` -> ``0/0``): one frame compile, restarted."""
    return _ATTEMPT.sub("", compile_id)
