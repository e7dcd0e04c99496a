"""The language server put together: :func:`create_server` (the server object with every
handler registered) and :func:`serve` (``inductor-lens serve``: stdio, or TCP for debugging)."""

from __future__ import annotations

import os
import signal
import sys
import threading

from .handlers import register
from .server import InductorLensServer

#: seconds a thread holds the interpreter before another that waits gets it (sys.setswitchinterval)
SWITCH_INTERVAL = 0.001


def create_server(cache_dir: str | None = None) -> InductorLensServer:
    """A server with every handler registered (handlers are thin: features do the work)."""
    return register(InductorLensServer(cache_dir))


def _interrupted(signum=None, frame=None) -> None:
    """Ctrl-C (someone ran the server by hand): a line and exit 130 now.  Python's own handling
    waited for the thread blocked reading stdin (the first Ctrl-C did nothing until stdin
    closed) and a second one ended in a traceback and an abort; nothing the server writes is
    left half-done by an immediate exit (caches are replaced atomically)."""
    if _ENDING.acquire(blocking=False):  # (the handler and the watcher may both get it: one line)
        sys.stderr.write("inductor-lens: interrupted\n")
        sys.stderr.flush()
        os._exit(130)


_ENDING = threading.Lock()


def _watch_for_ctrl_c() -> None:
    """Ctrl-C ends the server even when the signal reaches a thread other than the main one (the
    system may deliver it to any thread; the Python handler then runs only when the main thread,
    blocked in the event loop's wait, next runs Python: a test saw 10 s and more, 1 run in 10).
    The signal's number is written to a pipe (``signal.set_wakeup_fd``) that a thread waits on."""
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    try:
        signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    except (ValueError, OSError):  # pragma: no cover - not the main thread: the handler alone
        return

    def watch() -> None:
        while True:
            got = os.read(read_fd, 64)
            if not got or signal.SIGINT in got:
                if got:
                    _interrupted()
                return

    threading.Thread(target=watch, name="inductor-lens ctrl-c", daemon=True).start()


def serve(tcp_port: int | None = None, cache_dir: str | None = None) -> int:
    """Run the server on stdio (or ``127.0.0.1:tcp_port``); returns the exit code."""
    from ..open_traces import start_scan_processes

    # scan processes of a big log come from a fork server here (a thread always reads stdin): start it
    # while the server starts
    threading.Thread(target=start_scan_processes, name="inductor-lens fork server", daemon=True).start()
    # requests are read, answered and written by other threads than the indexing one, which is
    # busy for seconds on a big log: hand the interpreter over every 1 ms (default 5) so that each
    # of a request's hand-overs waits less
    sys.setswitchinterval(SWITCH_INTERVAL)
    signal.signal(signal.SIGINT, _interrupted)
    _watch_for_ctrl_c()
    server = create_server(cache_dir)
    if tcp_port is None:
        server.start_io()
        return 0
    import socket

    probe = socket.socket()
    try:  # a clear message instead of a traceback when the port is taken
        probe.bind(("127.0.0.1", tcp_port))
    except OSError as exc:
        sys.stderr.write(f"inductor-lens: cannot listen on 127.0.0.1:{tcp_port}: {exc.strerror or exc}\n")
        return 1
    finally:
        probe.close()
    sys.stderr.write(f"inductor-lens: listening on 127.0.0.1:{tcp_port} (one client; the server ends when it disconnects)\n")
    server.start_tcp("127.0.0.1", tcp_port)
    return 0
