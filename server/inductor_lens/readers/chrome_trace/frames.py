"""The ``python_function`` events of a profile (``with_stack=True``), kept column by column.

A profile with Python stacks holds several times more frames than every other kind of event
together (51,355 of 74,386 events on a 21 MB Llama training profile, PyTorch 2.11): one object
per frame (with its two floats) was most of the reader's memory, so :class:`Frames` keeps names
in a list and times, threads and parents in arrays (about 30 bytes a frame, not 160), and hands
out a :class:`PyFrame` only for the frame asked for.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(slots=True)
class PyFrame:
    """A ``python_function`` event (``with_stack=True``): ``name`` is ``"file.py(40): fn"`` (the
    function's first line), ``"nn.Module: Linear_0"`` or ``"<built-in method ...>"``; ``[ts, ts +
    dur]`` µs on ``(pid, tid)``; ``parent`` is the index (in ``ChromeTrace.frames``) of the frame
    that called it, or ``None``."""

    name: str
    pid: object
    tid: object
    ts: float
    dur: float
    parent: int | None = None


class Frames:
    """The frames of a profile, indexed as read: ``frames[i]`` is a :class:`PyFrame` (made on
    demand); the columns are ``names`` (interned), ``thread`` (an index into ``threads``, the
    ``(pid, tid)`` pairs), ``ts``/``dur`` (µs) and ``parent`` (``-1``: none), set by :meth:`nest`;
    ``by_thread`` maps each ``(pid, tid)`` to its frames' indices ordered by start (an enclosing
    frame before the frames it holds), also set by :meth:`nest`."""

    __slots__ = ("names", "thread", "threads", "ts", "dur", "parent", "by_thread", "_thread_of")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.thread = array("i")
        self.threads: list[tuple] = []
        self.ts = array("d")
        self.dur = array("d")
        self.parent = array("i")
        self.by_thread: dict[tuple, array] = {}
        self._thread_of: dict[tuple, int] = {}

    def append(self, name: str, pid: object, tid: object, ts: float, dur: float) -> None:
        key = (pid, tid)
        n = self._thread_of.get(key)
        if n is None:
            n = self._thread_of[key] = len(self.threads)
            self.threads.append(key)
        self.names.append(sys.intern(name))
        self.thread.append(n)
        self.ts.append(ts)
        self.dur.append(dur)
        self.parent.append(-1)

    def __len__(self) -> int:
        return len(self.names)

    def __bool__(self) -> bool:
        return bool(self.names)

    def __getitem__(self, i: int) -> PyFrame:
        pid, tid = self.threads[self.thread[i]]
        parent = self.parent[i]
        return PyFrame(self.names[i], pid, tid, self.ts[i], self.dur[i], None if parent < 0 else parent)

    def __iter__(self) -> Iterator[PyFrame]:
        return (self[i] for i in range(len(self.names)))

    def key(self, i: int) -> tuple:
        """Frame ``i``'s ``(pid, tid)``."""
        return self.threads[self.thread[i]]

    def nest(self) -> None:
        """Set each frame's parent: the innermost frame on its thread that was open when it
        started; fill :attr:`by_thread`.

        A frame that outlives that parent lost its exit: PyTorch's Python tracer (2.11) then ends
        it where the trace ends (seen on ``<built-in method apply of FunctionMeta>`` and
        ``__exit__`` frames of compiled training steps, round 45b: they would hold every later
        frame, the user's own among them).  Such a frame is kept as an instant at its start
        (``dur`` 0), so the frames it seemed to hold nest where they ran."""
        groups: list[array] = [array("i") for _ in self.threads]
        for i, n in enumerate(self.thread):
            groups[n].append(i)
        ts, dur, parent = self.ts, self.dur, self.parent
        for key, group in zip(self.threads, groups, strict=True):
            order = sorted(group, key=lambda i: -dur[i])  # longest first among equal starts ...
            order.sort(key=ts.__getitem__)  # ... then by start (a stable sort)
            stack: list[int] = []
            for i in order:
                start = ts[i]
                while stack and ts[stack[-1]] + dur[stack[-1]] <= start:  # ended before it started
                    stack.pop()
                top = stack[-1] if stack else -1
                if top >= 0 and start + dur[i] > ts[top] + dur[top] + 1e-3:
                    dur[i] = 0.0  # outlives the frame that called it: its exit was lost
                parent[i] = top
                stack.append(i)
            self.by_thread[key] = array("i", order)
