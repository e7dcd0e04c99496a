"""The language server put together: :func:`create_server` (the server object with every
handler registered) and :func:`serve` (``inductor-lens serve``: stdio, or TCP for debugging)."""

from __future__ import annotations

import os
import signal
import sys

from .handlers import register
from .server import InductorLensServer

#: seconds a thread holds the interpreter before another that waits gets it (sys.setswitchinterval)
SWITCH_INTERVAL = 0.001


def create_server(cache_dir: str | None = None) -> InductorLensServer:
    """A server with every handler registered (handlers are thin: features do the work)."""
    return register(InductorLensServer(cache_dir))


def _interrupted(signum, frame) -> None:
    """Ctrl-C (someone ran the server by hand): a line and exit 130 now.  Python's own handling
    waited for the thread blocked reading stdin (the first Ctrl-C did nothing until stdin
    closed) and a second one ended in a traceback and an abort; nothing the server writes is
    left half-done by an immediate exit (caches are replaced atomically)."""
    sys.stderr.write("inductor-lens: interrupted\n")
    sys.stderr.flush()
    os._exit(130)


def serve(tcp_port: int | None = None, cache_dir: str | None = None) -> int:
    """Run the server on stdio (or ``127.0.0.1:tcp_port``); returns the exit code."""
    import threading

    from ..index.loader import start_scan_processes

    # scan processes of a big log come from a fork server here (a thread always reads stdin): start it
    # while the server starts
    threading.Thread(target=start_scan_processes, name="inductor-lens fork server", daemon=True).start()
    # requests are read, answered and written by other threads than the indexing one, which is
    # busy for seconds on a big log: hand the interpreter over every 1 ms (default 5) so that each
    # of a request's hand-overs waits less
    sys.setswitchinterval(SWITCH_INTERVAL)
    signal.signal(signal.SIGINT, _interrupted)
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
