"""The four answers of ``inductor-lens mcp``, from the documents ``report --json`` and ``diff --json``
write (:func:`inductor_lens.report.json_report.index_json`,
:func:`inductor_lens.diff.compare.comparison_json`), trimmed to what was asked: objects are
selected from the document, never rebuilt, so a field the report gains is in the answer too.

Runs are opened through the front door (:func:`inductor_lens.open_traces.open_traces`, the
on-disk index cache on) as ``report PATH`` / ``diff A B`` open them.  A document is kept with the
state of every path its run met (:class:`inductor_lens.files.run_inputs.Recorder`, as
``files/report_cache.py`` keeps ``report``'s saved answers), in this process and, up to
:data:`SAVED_LIMIT` bytes, in the cache folder (``derived/mcp/``, :meth:`inductor_lens.files.cache.Cache.save_derived`:
a new server's first question): a later question on the same run is answered from it while every
one of those paths still holds (a trace rewritten, a profile added beside it: opened again).

Bad input raises :class:`BadInput`, whose message is one sentence naming the path or the argument
and the problem; nothing else is raised for what a user names.
"""

from __future__ import annotations

import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import _json
from ..analysis.comparison import compare
from ..diff.compare import comparison_json
from ..files.cache import Cache
from ..files.run_inputs import Recorder, sha1, unchanged
from ..model.base import where_text
from ..open_traces import OpenedTraces, TraceRequest, open_traces
from ..report.json_report import index_json, line_ranking

#: ``progress(percent 0-100, message)``, called while a run is opened
Progress = Callable[[int, str], None]
#: documents kept at once (gpt2_l12_train's is ~3 MB as JSON)
KEPT = 8
#: warnings quoted in an error's sentence
QUOTED = 3
#: a document saved in the cache folder is at most this big as JSON (the 342 MB log's is 170 MB)
SAVED_LIMIT = 32 << 20


class BadInput(ValueError):
    """What was named cannot be answered: the message names the path or argument and says why."""


@dataclass
class Run:
    """One opened run: its ``report --json`` document, the ranking of its ``lines`` (``(file,
    line)`` as ``report`` ranks them), whether anything was readable, how many graphs were read,
    and the opened traces (for the IR of a line's kernels; None when the document was saved by
    an earlier server: opened again when asked)."""

    doc: dict
    ranking: list[tuple[str, int]]
    readable: bool
    graphs: int
    opened: OpenedTraces | _Later | None = None

    def encode(self) -> bytes:
        return _json.dumps_bytes({"doc": self.doc, "ranking": self.ranking, "readable": self.readable, "graphs": self.graphs})

    @staticmethod
    def decode(data: bytes) -> Run:
        saved = _json.loads(data)
        return Run(saved["doc"], [tuple(p) for p in saved["ranking"]], saved["readable"], saved["graphs"])


def _quote(warnings: list[dict]) -> str:
    said = [f"{where_text(w['file'], w.get('line') or 0)}: {w['message']}" for w in warnings[:QUOTED]]
    more = f" (and {len(warnings) - QUOTED} more)" if len(warnings) > QUOTED else ""
    return "; ".join(said) + more


def _given(path: Any, name: str = "path") -> str:
    """``path`` checked: a non-empty string naming something that exists (else :class:`BadInput`)."""
    if not isinstance(path, str) or not path.strip():
        raise BadInput(f"{name}: expected the path of a trace, folder, profile or .pt2 file, got {path!r}")
    if not os.path.exists(path):
        raise BadInput(f"{name} {path}: no such file or folder")
    return path


class Answers:
    """The answers of one server: ``cache_dir`` the cache folder (as ``--cache-dir``; default the
    user cache folder), ``path_maps`` ``(from, to)`` prefixes of trace paths (``--path-map``),
    ``disk_cache`` whether the on-disk index cache is read and written (``--no-cache``: False).
    Thread-safe: runs are opened one at a time."""

    def __init__(self, cache_dir: str | None = None, path_maps: Sequence[tuple[str, str]] = (), disk_cache: bool = True) -> None:
        self.cache = Cache(cache_dir)
        self.path_maps = list(path_maps)
        self.disk_cache = disk_cache
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple, tuple[list, Any]] = OrderedDict()

    # ------------------------------------------------------------------ opening, kept
    def _kept_or(self, key: tuple, named: list[str], make: Callable[[], Any], encode=None, decode=None) -> Any:
        """``make()``'s value, kept under ``key`` while every path its run met holds: in this
        process, and (``encode``/``decode``: the value as bytes and back) in the cache folder."""
        with self._lock:
            hit = self._kept.get(key)
            if hit is not None and unchanged(hit[0]):
                self._kept.move_to_end(key)
                return hit[1]
            digest = sha1()
            env = sorted((k, v) for k, v in os.environ.items() if k.startswith("INDUCTOR_LENS_"))  # (as report's saved answers)
            digest.update(repr((key, self.path_maps, env, sys.version)).encode("utf-8", "surrogateescape"))
            name = digest.hexdigest()
            saved = self.cache.load_derived("mcp", name) if self.disk_cache and decode is not None else None
            if saved is not None and unchanged(saved[0]):
                value = decode(saved[1])  # type: ignore[misc]
                self._keep(key, saved[0], value)
                return value
            recorder = Recorder(self.cache.root)
            recorder.start(named)
            try:
                value = make()
            finally:
                recorder.stop()
            paths = recorder.paths()
            if paths is not None:  # (None: an input moved under the run; answered, not kept)
                self._keep(key, paths, value)
                data = encode(value) if self.disk_cache and encode is not None else None
                if data is not None and len(data) <= SAVED_LIMIT:
                    self.cache.save_derived("mcp", name, (paths, data))
            return value

    def _keep(self, key: tuple, paths: list, value: Any) -> None:
        self._kept[key] = (paths, value)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)

    def _open(self, path: str, progress: Progress | None) -> OpenedTraces:
        return open_traces(TraceRequest([path], path_maps=self.path_maps, disk_cache=self.disk_cache), cache=self.cache, progress=progress)

    def run(self, path: Any, progress: Progress | None = None, graphs: bool = True) -> Run:
        """The run at ``path`` (as ``report PATH``), opened or kept.  Raises :class:`BadInput`
        when nothing there can be read, or (``graphs``) when no compiled graph was read."""
        path = _given(path)

        def make() -> Run:
            opened = self._open(path, progress)
            doc = index_json(opened.index, opened.resolver)
            return Run(doc, line_ranking(opened.analysis), opened.readable, len(opened.index.graphs), opened)

        found = self._kept_or(("report", os.path.abspath(path)), [path], make, Run.encode, Run.decode)
        if found.opened is None:
            found.opened = _Later(lambda: self._open(path, None))
        warnings = found.doc["warnings"]
        if not found.readable:
            raise BadInput(f"path {path}: nothing readable: {_quote(warnings) or 'no trace found'}")
        if graphs and not found.graphs:
            why = _quote(warnings) or "no compiled graph in it (report shows its compile problems; try health)"
            raise BadInput(f"path {path}: no compiled graph could be read: {why}")
        return found

    # ------------------------------------------------------------------ the four answers
    def hot_lines(self, path: Any, top: int = 10, progress: Progress | None = None) -> dict:
        """``{lines, measured, profiles, warnings}``: the first ``top`` of ``report --json``'s
        ``lines`` in the order ``report`` ranks them, with the document's ``measured`` (total and
        placed device time, µs), ``profiles`` (the joined profiles) and ``warnings``."""
        if not isinstance(top, int) or isinstance(top, bool) or top < 1:
            raise BadInput(f"top: expected a whole number of lines, 1 or more, got {top!r}")
        run = self.run(path, progress)
        return {
            "lines": ranked_lines(run)[:top],
            "measured": run.doc["measured"],
            "profiles": run.doc["profiles"],
            "warnings": run.doc["warnings"],
        }

    def explain(self, path: Any, file: Any, line: Any, progress: Progress | None = None) -> dict:
        """``{line, rank, kernels, problems, open, devices, warnings}`` of one model line (see
        :func:`explain_line`); ``file`` is a base name, a path suffix or a local path."""
        if not isinstance(file, str) or not file.strip():
            raise BadInput(f"file: expected a file name or path suffix such as 'model.py', got {file!r}")
        if not isinstance(line, int) or isinstance(line, bool) or line < 1:
            raise BadInput(f"line: expected a line number, 1 or more, got {line!r}")
        run = self.run(path, progress, graphs=False)
        return explain_line(run, file, line, path)

    def health(self, path: Any, progress: Progress | None = None) -> dict:
        """``{graph_breaks, recompiles, failures, compiles, warnings}``: ``report --json``'s
        ``compile_events`` by kind (a recompile's ``reasons`` are the guards that failed) and every
        one of its ``compiles`` (each with its function's file and line, time and failure; the
        events name theirs by ``trace`` and ``compile_id``).  A clean run's one compile is listed
        too: only the problems' compiles were, so a clean run said ``compiles: []``."""
        run = self.run(path, progress, graphs=False)
        doc = run.doc
        events = doc["compile_events"]
        if not doc["compiles"] and not events and not run.graphs and doc["warnings"]:
            raise BadInput(f"path {path}: no compile could be read: {_quote(doc['warnings'])}")
        return {
            "graph_breaks": [e for e in events if e["kind"] == "graph_break"],
            "recompiles": [e for e in events if e["kind"] == "recompile"],
            "failures": [e for e in events if e["kind"] not in ("graph_break", "recompile")],
            "compiles": doc["compiles"],
            "warnings": doc["warnings"],
        }

    def diff(self, a: Any, b: Any, progress: Progress | None = None) -> dict:
        """``{headline, time, causes, lines, summary, notes, warnings}`` of ``diff --json A B``
        (null where the document has none)."""
        a, b = _given(a, "a"), _given(b, "b")
        say = progress or (lambda percent, message: None)

        def make() -> dict:
            opened = [
                self._open(p, lambda pc, msg, k=k: say(k * 50 + pc // 2, f"{'AB'[k]}: {msg}"))  # type: ignore[misc]
                for k, p in enumerate((a, b))
            ]
            for name, p, side in (("a", a, opened[0]), ("b", b, opened[1])):
                if not side.index.graphs:
                    why = _quote([w.to_json() for w in side.index.warnings]) or "no compiled graph in it"
                    raise BadInput(f"{name} {p}: cannot compare: {'nothing readable' if not side.readable else 'no compiled graph'}: {why}")
            indexes, resolvers = (opened[0].index, opened[1].index), (opened[0].resolver, opened[1].resolver)
            return comparison_json(compare(*indexes, [a], [b], resolvers))

        doc = self._kept_or(("diff", os.path.abspath(a), os.path.abspath(b)), [a, b], make, _json.dumps_bytes, _json.loads)
        return {
            "headline": doc.get("headline"),
            "time": doc.get("time"),
            "causes": doc.get("causes"),
            "lines": doc["lines"],
            "summary": doc["summary"],
            "notes": doc.get("notes"),
            "warnings": doc["warnings"],
        }


def ranked_lines(run: Run) -> list[dict]:
    """``run``'s ``lines`` objects in the order ``report`` ranks them (those the ranking does not
    name after, in the document's order)."""
    by_place = {(row["file"], row["line"]): row for row in run.doc["lines"]}
    out = [by_place.pop(place) for place in run.ranking if place in by_place]
    return out + list(by_place.values())


def match_file(given: str, files: list[tuple[str, str | None]]) -> list[str]:
    """The trace's file names (``(as written, resolved local path or None)``) that ``given``
    names: the same path, the same resolved file, or the most trailing path components in common
    (``model.py``, ``proj/model.py``, a local path of the same file)."""
    want = given.replace("\\", "/").strip().rstrip("/")
    local = os.path.abspath(want) if os.path.isabs(want) else None
    exact = [f for f, resolved in files if f == want or (local is not None and resolved == local)]
    if exact:
        return list(dict.fromkeys(exact))
    parts = [p for p in want.split("/") if p]

    def common(name: str) -> int:
        theirs = [p for p in name.replace("\\", "/").split("/") if p]
        n = 0
        while n < min(len(parts), len(theirs)) and parts[-1 - n] == theirs[-1 - n]:
            n += 1
        return n if n == len(parts) or local is not None else 0  # a suffix given must match whole

    scored = {f: common(f) for f, _ in files}
    best = max(scored.values(), default=0)
    return [f for f, n in scored.items() if n == best] if best else []


def _at(frame: dict | None, file: str, line: int) -> bool:
    return frame is not None and frame.get("file") == file and frame.get("line") == line


def explain_line(run: Run, given: str, line: int, path: str) -> dict:
    """One model line of ``run`` (``given``: how the user named its file): ``line`` its
    ``report --json`` ``lines`` object (null when no kernel names it), ``call`` its ``calls``
    object when the line calls compiled code (its kernels, device time, ``host_us`` and
    ``host_us_per_step`` inside the compiled calls; null otherwise), ``rank`` its place in
    ``report``'s ranking (1 = the hottest), ``kernels`` the ``report --json`` ``kernels`` objects
    it names, ``problems`` the ``compile_events`` at it (location or a frame of their stack),
    ``open`` the output-code and IR places to open (``{what, kernel, path, line}``), ``devices``
    the profiled devices' peaks.  Raises :class:`BadInput` when the file or the line is not in
    the run."""
    doc = run.doc
    frames = [(r["file"], r.get("resolved")) for r in doc["lines"]]
    frames += [(e["location"]["file"], e["location"].get("resolved")) for e in doc["compile_events"] if e.get("location")]
    frames += [(c["file"], c.get("resolved")) for c in doc.get("calls") or []]
    files = match_file(given, list(dict.fromkeys(frames)))
    if not files:
        known = sorted({os.path.basename(f) for f, _ in frames})
        raise BadInput(f"file {given}: no model line of {path} is in it (its files: {', '.join(known[:12]) or 'none'})")
    if len(files) > 1:
        raise BadInput(f"file {given}: names {len(files)} files of {path} ({', '.join(files[:6])}): give more of its path")
    file = files[0]
    row = next((r for r in doc["lines"] if r["file"] == file and r["line"] == line), None)
    problems = [
        e for e in doc["compile_events"] if _at(e.get("location"), file, line) or any(_at(f, file, line) for f in e.get("stack") or [])
    ]
    call = next((c for c in doc.get("calls") or [] if c["file"] == file and c["line"] == line), None)
    if row is None and not problems and call is None:
        lines = sorted({r["line"] for r in doc["lines"] if r["file"] == file})
        raise BadInput(
            f"line {line}: no kernel or compile problem of {path} is at {file}:{line} "
            f"(its lines with kernels: {', '.join(map(str, lines[:30])) or 'none'})"
        )
    refs = {(k["trace"], k["compile_id"], k["graph"], k["key"]) for k in (row["kernels"] if row else [])}
    kernels = [k for k in doc["kernels"] if (k["trace"], k["compile_id"], k["graph"], k["key"]) in refs]
    ranking = run.ranking
    return {
        "line": row,
        "call": call,
        "rank": ranking.index((file, line)) + 1 if (file, line) in ranking else None,
        "kernels": kernels,
        "problems": problems,
        "open": _places(run, kernels, file, line),
        "devices": doc["devices"],
        "warnings": doc["warnings"],
    }


def _places(run: Run, kernels: list[dict], file: str, line: int) -> list[dict]:
    """Where to look at what ``file:line`` became: each kernel's definition in the output code,
    its launches from this line, and its IR files when a Triton cache holds them."""
    out: list[dict] = []
    for k in kernels:
        if k.get("definition"):
            out.append({"what": "definition", "kernel": k["key"], **k["definition"]})
        for launch in k.get("launches") or []:
            if any(_at(m, file, line) for m in launch.get("model_lines") or []):
                out.append({"what": "launch", "kernel": k["key"], "path": launch["path"], "line": launch["line"]})
    for key, ir in _kernel_irs(run, kernels).items():
        for form, where in (ir.get("files") or {}).items():
            if where:
                out.append({"what": form, "kernel": key, "path": where, "line": None})
    return out


def _kernel_irs(run: Run, kernels: list[dict]) -> dict[str, dict]:
    """``report --ir --json``'s ``ir`` of the Triton ``kernels`` (by key), from the Triton caches
    found beside the trace and the output code's kernel paths; empty when none is found."""
    if not any(k.get("kind") not in ("extern", "cpp", None) for k in kernels):
        return {}
    from ..analysis.ir import kernel_ir_json

    opened = run.opened.get() if isinstance(run.opened, _Later) else run.opened
    return kernel_ir_json(opened.index, kernels) if opened is not None else {}


class _Later:
    """A run's opened traces, opened when first asked for (a document an earlier server saved)."""

    def __init__(self, make: Callable[[], OpenedTraces]) -> None:
        self._make = make
        self._value: OpenedTraces | None = None

    def get(self) -> OpenedTraces:
        if self._value is None:
            self._value = self._make()
        return self._value
