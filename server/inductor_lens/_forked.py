"""A function run in a forked child whose pickled answer comes back through a pipe (:class:`Forked`),
and the pieces such children share (:func:`die_with`, :func:`write_all`).

Only for a process with one thread (``report``): a fork beside threads can deadlock the child
(the language server starts its processes from a fork server instead: readers/torch_trace/split.py).
The child never outlives its parent: the kernel kills it when the parent dies (Linux
``PR_SET_PDEATHSIG``), and :meth:`Forked.kill` stops and reaps it.  Ctrl-C is the parent's: the
child ignores it (the terminal sends it to the whole process group)."""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable
from typing import Any


def die_with(parent: int) -> None:
    """Have the kernel kill this child when its parent dies (Linux ``PR_SET_PDEATHSIG``: a parent
    killed by a signal has no ``finally`` to reap it with); exit now if it is already gone."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(0)


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` (a pipe takes it in pieces)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


class ChildFailed(RuntimeError):
    """A forked child gave no answer (it raised, died, or was killed)."""


class Forked:
    """``fn(*args)`` running in a forked child from the moment this is made.  :meth:`result` waits
    for its answer (pickled in the child, read back here); it raises :class:`ChildFailed` when the
    child failed or died: whoever wants the answer then computes it itself."""

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        read_fd, write_fd = os.pipe()
        parent = os.getpid()
        mask = hasattr(signal, "pthread_sigmask")
        if mask:  # (a Ctrl-C in the middle of the fork would reach the child before it ignores it)
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pid = os.fork()
            if pid == 0:  # the child: never returns
                code = 1
                try:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
                    if mask:
                        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
                    os.close(read_fd)
                    die_with(parent)
                    write_all(write_fd, pickle.dumps(fn(*args), protocol=pickle.HIGHEST_PROTOCOL))
                    code = 0
                finally:
                    os._exit(code)
        finally:
            if mask:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        os.close(write_fd)
        self.pid, self._fd = pid, read_fd

    def cancel(self) -> bool:
        """A forked child cannot be taken back (``False``, as for a running future)."""
        return False

    def result(self) -> Any:
        """The child's answer, waited for (once); raises :class:`ChildFailed` when it has none."""
        if self.pid <= 0:
            raise ChildFailed("the forked process was stopped")
        chunks = []
        try:
            while chunk := os.read(self._fd, 1 << 20):
                chunks.append(chunk)
        finally:
            status = self._reap()
        if status != 0 or not chunks:
            raise ChildFailed(f"the forked process ended with status {status}")
        return pickle.loads(b"".join(chunks))

    def _reap(self) -> int:
        if self.pid <= 0:
            return -1
        try:
            os.close(self._fd)
        except OSError:
            pass
        try:
            _, status = os.waitpid(self.pid, 0)
        except OSError:
            status = -1
        self.pid = -1
        return status

    def kill(self) -> None:
        """Stop the child, whatever it is doing, and reap it; idempotent."""
        if self.pid > 0:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
            self._reap()
