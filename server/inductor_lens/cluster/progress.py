"""Progress of a job's ranks indexed on workers, on stderr (stdout carries the report): one line
updated in place on a terminal, else a line every ~10 % of the ranks, and the lines that say a
rank was retried or is missing."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO


class RankProgress:
    """``indexing 1,024 ranks on 4 workers: 512/1024`` for ``total`` ranks on ``workers``
    workers, written to ``stream`` (default: stderr); ``also(done, total)`` is told every step
    (the editor's progress)."""

    def __init__(self, total: int, workers: int, stream: TextIO | None = None, also: Callable[[int, int], None] | None = None) -> None:
        self.total, self.workers = total, workers
        self.stream = stream if stream is not None else sys.stderr
        self.also = also
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._said = -1  # the last tenth said (not on a terminal)
        self._open = False  # a line updated in place is on the terminal, not ended yet

    def _line(self, done: int) -> str:
        ranks = f"{self.total:,} rank{'s' if self.total != 1 else ''}"
        return f"inductor-lens: indexing {ranks} on {self.workers} worker{'s' if self.workers != 1 else ''}: {done}/{self.total}"

    def done(self, done: int) -> None:
        """``done`` ranks of the total have come back (indexed, or failed for good)."""
        if self.also is not None:
            self.also(done, self.total)
        if self.tty:
            self.stream.write("\r" + self._line(done))
            self._open = True
        elif (tenth := done * 10 // max(self.total, 1)) > self._said:  # 0 %, 10 %, ..., 100 %
            self._said = tenth
            self.stream.write(self._line(done) + "\n")
        self.stream.flush()

    def note(self, text: str) -> None:
        """A line of its own (a retry, a rank missing), between progress updates."""
        if self._open:
            self.stream.write("\n")
            self._open = False
        self.stream.write(f"inductor-lens: {text}\n")
        self.stream.flush()

    def finish(self) -> None:
        """End the line updated in place."""
        if self._open:
            self.stream.write("\n")
            self._open = False
            self.stream.flush()
