"""SIGTERM (what ``timeout``, a CI cancel and ``kill`` send) as an exception, so that a terminated
``report`` or ``diff`` removes what it was writing and exits with a line on stderr.

Without a handler, SIGTERM ends the process where it stands: the ``.tmp-<pid>-...`` file of an
atomic write (a saved answer, an index cache pickle: 100+ MB on a 342 MB log) stays behind and
the user is told nothing.  :func:`on_sigterm` makes the signal raise :class:`Terminated` in the main
thread; every writer in :mod:`.cache` and :mod:`.report_cache` removes its temporary file on any
``BaseException``, and ``cli.py`` turns it into ``inductor-lens: terminated (SIGTERM)`` and status
143 (128 + 15, what a shell reports for a process ended by SIGTERM).  A forked child
(``_forked.py``) inherits the handler: it removes its own temporary file and exits.  What a run
killed harder (SIGKILL, a power cut) leaves is removed by the next run (:func:`.report_cache.sweep_orphans`).
"""

from __future__ import annotations

import signal
import threading

#: the exit status of a run ended by SIGTERM (128 + the signal's number, as shells report it)
STATUS = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """Raised in the main thread by SIGTERM once :func:`on_sigterm` ran.  A ``KeyboardInterrupt``, so
    that every clean-up written for Ctrl-C runs for it too; ``status`` is the exit status to give."""

    status = STATUS

    def __str__(self) -> str:
        return "terminated (SIGTERM)"


def _raise(signum, frame) -> None:
    raise Terminated()


def on_sigterm() -> None:
    """Make SIGTERM raise :class:`Terminated` (only from the main thread, where Python runs handlers;
    elsewhere, or where the platform has no SIGTERM handler to set, nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        return
    try:
        signal.signal(signal.SIGTERM, _raise)
    except (ValueError, OSError):  # pragma: no cover - an embedding without signals
        pass
