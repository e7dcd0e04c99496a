"""The distributed engine a job's rank logs are indexed on: Dask's ``distributed`` (docs/cluster.md
says why), opened for one command and closed after it.

``local`` / ``local:N`` start a ``distributed.LocalCluster`` of N worker processes (default: one
per core, one thread each) on this machine; any other address is a running scheduler's
(``tcp://host:8786``, started by ``dask scheduler``, workers by ``dask worker``, dask-jobqueue or
dask-mpi).  :meth:`Engine.index_logs` is the index's ``elsewhere`` hook: one task per log
(:func:`~inductor_lens.index.parts.index_rank`, its key ``index_rank-<log number>-<attempt>-<token>``),
collected as they complete; a task that fails (its worker died: ``KilledWorker``; the log cannot be
opened there: ``OSError``) is submitted once more, and a second failure is a warning on that log,
never a rank silently dropped.  Parts are merged in the logs' order, not as they arrive.
"""

from __future__ import annotations

import logging
import os
import sys
import uuid
from collections.abc import Callable
from typing import Any, TextIO

from .. import __version__
from ..index.parts import RankPart, index_rank, merge_part, missing_rank
from ..index.trace_index import Index
from .progress import RankProgress

#: seconds to wait for a scheduler to answer, and for it to have a worker
CONNECT_TIMEOUT_S = 10.0
INSTALL = "pip install 'inductor-lens[cluster]'"


class ClusterError(Exception):
    """The engine cannot be used: Dask's ``distributed`` is not installed, the scheduler does
    not answer or has no worker, a worker runs another inductor-lens, or ``local:N`` is malformed.
    The message says which, naming the address; ``report`` prints it and exits 2."""


def _worker_version() -> str:
    return __version__


def describe(exc: BaseException) -> str:
    """``KilledWorker: Attempted to run task ...`` in one line of at most 200 characters."""
    text = (str(exc).strip().splitlines() or [""])[0]
    text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= 200 else text[:199] + "…"


class Engine:
    """A connection to a Dask cluster for one command (a context manager; :meth:`close` ends a
    local cluster's processes).  ``address``: ``local``, ``local:N`` or a scheduler address;
    ``cache_dir``: the cache folder the workers write extracted texts and the index cache to (the
    client's: on a cluster of several machines it must be shared storage); ``disk_cache``: the
    workers read and write the index cache; ``stream``: where progress goes (stderr);
    ``progress(done, total)``: told as ranks come back.  Raises :class:`ClusterError`."""

    def __init__(
        self,
        address: str,
        cache_dir: str,
        *,
        disk_cache: bool = True,
        stream: TextIO | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.address, self.cache_dir, self.disk_cache = address, cache_dir, disk_cache
        self.stream, self.progress = stream, progress
        try:
            import distributed
        except ImportError:
            raise ClusterError(f"indexing on workers ({address}) needs Dask's distributed: {INSTALL}") from None
        self._cluster: Any = None
        self.client: Any = None
        local = address == "local" or address.startswith("local:")
        self.client = self._start_local(distributed, address) if local else self._connect(distributed, address)
        try:
            versions = self.client.run(_worker_version)
        except Exception as exc:
            self.close()
            raise ClusterError(
                f"the workers of {address} cannot run inductor-lens ({describe(exc)}): install it there ({INSTALL})"
            ) from None
        other = {w: v for w, v in versions.items() if v != __version__}
        if other:
            self.close()
            named = ", ".join(f"{w} has {v}" for w, v in sorted(other.items())[:3])
            raise ClusterError(f"the workers of {address} must run inductor-lens {__version__} as this client does: {named}")

    def _start_local(self, distributed: Any, address: str) -> Any:
        count = address.partition(":")[2]
        if count and not (count.isdigit() and int(count) > 0):
            raise ClusterError(f"--workers {address}: expected local or local:N with N a number of worker processes")
        cores = os.cpu_count() or 1
        n = int(count) if count else cores
        if n > cores:  # more processes than cores on one machine only add start-up time and memory
            print(
                f"inductor-lens: --workers {address}: this machine has {cores} cores; starting {cores} worker processes",
                file=self.stream or sys.stderr,
            )
            n = cores
        self._cluster = distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
        )
        return distributed.Client(self._cluster)

    def _connect(self, distributed: Any, address: str) -> Any:
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT_S)
        except Exception as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {describe(exc)}") from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT_S)
            return client
        except Exception:
            client.close()
            raise ClusterError(f"the Dask scheduler at {address} has no worker (waited {CONNECT_TIMEOUT_S:g} s)") from None

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Disconnect; a local cluster's scheduler and worker processes end here."""
        client, cluster, self.client, self._cluster = self.client, self._cluster, None, None
        for thing in (client, cluster):
            if thing is not None:
                try:
                    thing.close()
                except Exception:  # closing must not hide the answer
                    pass

    @property
    def workers(self) -> int:
        """How many workers the scheduler has now."""
        return len(self.client.nthreads()) if self.client is not None else 0

    def index_logs(self, index: Index, logs: list[str], displays: dict[str, str], root: str) -> None:
        """The index's ``elsewhere`` hook: ``logs`` (a folder's, in the index's order) indexed
        on the workers and merged into ``index`` in that order."""
        from distributed import as_completed

        token = uuid.uuid4().hex[:12]
        which: dict[str, tuple[int, int]] = {}  # task key -> (log number, attempt)

        def submit(numbers: list[int], attempt: int) -> list[Any]:  # one message for them all (not a round trip per rank)
            keys = [f"index_rank-{n}-{attempt}-{token}" for n in numbers]
            futures = self.client.map(
                index_rank,
                [logs[n] for n in numbers],
                [displays.get(logs[n]) for n in numbers],
                [root] * len(numbers),
                [self.cache_dir] * len(numbers),
                [self.disk_cache] * len(numbers),
                key=keys,
                pure=False,
            )
            which.update({key: (n, attempt) for key, n in zip(keys, numbers, strict=True)})
            return futures

        tell = RankProgress(len(logs), self.workers, self.stream, self.progress)
        tell.done(0)
        pending = as_completed(submit(list(range(len(logs))), 0))
        came: dict[int, RankPart | BaseException] = {}  # back, not merged yet (an earlier log is still out)
        merged = back = 0
        for future in pending:
            n, attempt = which.pop(future.key)
            outcome = _outcome(future)
            future.release()
            if isinstance(outcome, BaseException) and attempt == 0:
                tell.note(f"{logs[n]}: {_why(outcome)}; trying it once more")
                pending.update(submit([n], 1))
                continue
            came[n] = outcome
            back += 1
            tell.done(back)
            while merged in came:
                self._merge(index, logs[merged], came.pop(merged), tell)
                merged += 1
        tell.finish()

    def _merge(self, index: Index, log: str, outcome: RankPart | BaseException, tell: RankProgress) -> None:
        if isinstance(outcome, RankPart):
            merge_part(index, outcome)
        elif isinstance(outcome, OSError):  # as the local path says it (a log gone since it was listed)
            tell.note(f"a worker cannot read {log}: {outcome.strerror or outcome} (every worker must see the log folder at this path)")
            missing_rank(index, log, f"cannot read: {outcome.strerror or outcome}")
        else:
            tell.note(f"{log}: not indexed: its worker failed twice ({describe(outcome)})")
            missing_rank(index, log, f"not indexed: its worker failed twice ({describe(outcome)})")


def _outcome(future: Any) -> RankPart | BaseException:
    """The part a task returned, or what it raised (a worker's death: ``KilledWorker``)."""
    try:
        return future.result()
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # anything a worker can raise comes back as a failure of that rank
        return exc


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"a worker cannot read it ({exc.strerror or exc})"
    return f"its worker failed ({describe(exc)})"
