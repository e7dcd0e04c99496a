"""The second core: the dataflow alignment of a log's big graphs, computed in a forked child while
this process reads, parses and links.

The alignment (:func:`inductor_lens.provenance.infer.infer_graph_launches`) is the one step of
materializing a graph that is large, self-contained and a pure function of the graph's payloads:
a GPU backward graph, whose provenance mapping PyTorch 2.11 leaves empty, spends half of its
materializing there.  So :func:`start_inference_worker` forks one child after the scan (every
graph still cold, so the child has the same index).  The child takes the big graphs from the last
one backwards and, for each, reads and parses only the output code and the post-grad graph, as
materializing does (the same calls on the same bytes: the same answer), aligns them, sends the
alignment back through a pipe and goes on to the next; this process takes them from the first one on.  A
graph's state lives in one byte of shared memory: a graph the child has not started when this
process reaches it is taken here (the child then skips it), one it has started is waited for.
Where both start the same graph at once, both compute it and this process keeps its own.

Only in a process with one thread (``report``: a fork beside threads can deadlock the child) on a
machine with more than one core, and only for graphs whose output code is at least
:data:`MIN_CODE_BYTES` (below, the fork costs more than it saves).  The child never outlives the
opening: :meth:`InferenceWorker.close` kills it and reaps it, and where the parent is killed
instead (no ``finally`` runs), the kernel kills the child with it (Linux; elsewhere the child
stops after the graph it is on).  Anything that goes wrong in the
child (an exception, its death) only means the graph is computed here, as without a worker.
"""

from __future__ import annotations

import mmap
import os
import pickle
import signal
import struct
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._forked import die_with, write_all

if TYPE_CHECKING:
    from ..model import Graph

#: the least output-code payload (bytes) whose alignment is worth a second process
MIN_CODE_BYTES = 256 * 1024

_FREE, _CHILD, _HERE = 0, 1, 2
_HEADER = struct.Struct("<iI")  # (graph position, pickled size)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class InferenceWorker:
    """This process's side of the child (see the module text): ``positions`` maps ``id(graph)`` to
    the graph's place in the shared state."""

    def __init__(self, pid: int, read_fd: int, state: mmap.mmap, positions: dict[int, int]) -> None:
        self.pid, self._fd, self._state, self.positions = pid, read_fd, state, positions
        self._results: dict[int, Any] = {}
        self._eof = False

    def take(self, graph: "Graph") -> Callable[[], Any] | None:
        """Called as this process starts materializing ``graph``: the linker's ``inferred_elsewhere``
        when the child has started the graph's alignment (wait for it), else ``None`` (the graph is
        this process's now: the child skips it)."""
        pos = self.positions.get(id(graph))
        if pos is None:
            return None
        if self._state[pos] == _FREE:
            self._state[pos] = _HERE
            if self._state[pos] == _HERE:
                return None
        return lambda: self._result(pos)

    def _result(self, pos: int) -> Any:
        """The child's alignment of graph ``pos``, waited for; ``None`` (compute it here) when the
        child cannot give it."""
        while not self._eof and pos not in self._results:
            self._read_one()
        return self._results.pop(pos, None)

    def _read_exact(self, n: int) -> bytes | None:
        chunks = []
        while n:
            try:
                chunk = os.read(self._fd, min(n, 1 << 20))
            except OSError:
                chunk = b""
            if not chunk:
                self._eof = True
                return None
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def _read_one(self) -> None:
        head = self._read_exact(_HEADER.size)
        if head is None:
            return
        pos, size = _HEADER.unpack(head)
        body = self._read_exact(size)
        if body is None:
            return
        try:
            self._results[pos] = pickle.loads(body)
        except Exception:  # pragma: no cover - a damaged message: computed here
            self._results[pos] = None

    def close(self) -> None:
        """Stop the child (whatever it is doing) and reap it; idempotent."""
        if self.pid <= 0:
            return
        for pos in range(len(self._state)):
            self._state[pos] = _HERE
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self._fd)
        self._state.close()
        self.pid = -1


def start_inference_worker(work: "list[tuple[Graph, Any]]") -> InferenceWorker | None:
    """Fork the child for ``work``: cold graphs, each with its ``LogGraphLoader`` (whose ``log`` and
    ``group`` the child reads the graph from), in the index's order; ``None`` where it would not
    pay (one core, threads in this process, nothing to do, no ``fork``)."""
    if not work or not hasattr(os, "fork") or threading.active_count() > 1 or _cores() < 2:
        return None
    # imported before the fork: the child needs them, and so will this process
    from ..provenance import infer
    from ..readers import fx_graph, output_code, wrapper_dataflow

    del infer, fx_graph, output_code, wrapper_dataflow
    state = mmap.mmap(-1, len(work))
    read_fd, write_fd = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        code = 0
        try:
            die_with(parent)
            _child(work, state, write_fd)
        except BaseException:  # pragma: no cover - the parent computes what it does not get
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    return InferenceWorker(pid, read_fd, state, {id(graph): pos for pos, (graph, _) in enumerate(work)})


def _child(work: "list[tuple[Graph, Any]]", state: mmap.mmap, write_fd: int) -> None:
    """Align the graphs from the last one backwards, each the parent has not taken."""
    parent = os.getppid()
    for pos in range(len(work) - 1, -1, -1):
        if os.getppid() != parent:  # the parent is gone (killed): nobody to answer
            return
        if state[pos] != _FREE:
            continue
        state[pos] = _CHILD
        try:
            result = _align(*work[pos])
        except Exception:  # pragma: no cover - odd input: "not here", the parent computes it
            result = None
        body = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
        write_all(write_fd, _HEADER.pack(pos, len(body)) + body)


def _align(graph: "Graph", loader: Any) -> Any:
    """The alignment of one cold graph from its output code and post-grad graph alone, read and
    parsed as :func:`inductor_lens.index.materialize.materialize_log_graph` reads and parses them
    for the linker (the same calls on the same bytes: the same answer); ``None`` when a payload
    is not intact (the parent's reading then decides what the graph is)."""
    from ..provenance.infer import infer_graph_launches
    from ..readers.fx_graph import parse_fx_graph
    from ..readers.output_code import parse_output_code

    warnings: list = []
    text = loader.log.payload(loader.group.code, warnings)
    post_text = loader.log.payload(loader.group.post_grad, warnings)
    if warnings or text is None or post_text is None:
        return None
    return infer_graph_launches(parse_output_code(text, graph._wrapper_language), text, parse_fx_graph(post_text, ""))
