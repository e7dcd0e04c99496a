"""``inductor-lens capture [--profile] [--out DIR] ... -- COMMAND...``: run any command with provenance
on and a fresh trace folder, then index what it left and print a summary.

The command runs unchanged, in this process's working directory, with its output streamed (it
inherits the terminal) and with this environment added:

* ``TORCH_TRACE=<out>/trace`` (each ``torch.distributed`` rank gets ``<out>/trace/rank_<RANK>``,
  set by the start-up hook), ``INDUCTOR_PROVENANCE=1`` (a level the user set above 1 is kept);
* ``TORCHINDUCTOR_FX_GRAPH_CACHE=0`` and ``TORCHINDUCTOR_AUTOGRAD_CACHE=0`` unless already set: a
  cache hit replays the code and mappings but not the pre-grad graph, so every graph is compiled;
* ``PYTHONPATH`` starts with ``capture/hook/`` (a ``sitecustomize``, see
  ``capture/hook/_inductor_lens_capture.py``) so that every Python process of the command records
  what it ran with in ``<out>/procs/<pid>.json`` and, with ``--profile``, writes a
  ``torch.profiler`` Chrome trace of a bounded window of compiled-graph calls beside its log;
* with ``--profile``: ``TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE=1`` (Inductor then wraps each C++
  kernel in a profiler range, or the profiler cannot see them; their time is CPU time) and
  ``INDUCTOR_LENS_PROFILE=CALLS,SECONDS,WARMUP,STACKS`` (``--stacks``: Python stacks too, so eager
  work reaches its line).

Afterwards ``<out>/trace`` is indexed like ``inductor-lens report`` (profiles beside the logs
joined), a summary goes to stderr (the command's own stdout stays clean) and ``<out>/capture.json``
records the run: ``{version: 1, command, cwd, out, trace_dir, started, seconds, exit_status,
signal, profile, logs, kernels, torch_versions, messages: [{level, text}]}``.  The exit status is
the command's (128 + N when signal N ended it; 127 when it cannot be found, 126 when it cannot
be run).  What the environment could not give (no torch, a PyTorch without provenance, nothing
compiled, a profile window that never opened) is said in ``messages`` and on stderr.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from dataclasses import dataclass, field

from ..text import plural
from .defaults import PROFILE_CALLS, PROFILE_SECONDS, PROFILE_WARMUP
from .summary import Message

HOOK_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hook")
#: Default parent of the capture folders, relative to the working directory.
DEFAULT_ROOT = "inductor-lens-captures"
#: ``INDUCTOR_PROVENANCE`` (and the debug handles the index joins on) came with PyTorch 2.9.
PROVENANCE_SINCE = (2, 9)


@dataclass
class RunResult:
    """The command's end: ``exit_status`` as a shell reports it, ``signal`` name or None."""

    exit_status: int
    signal: str | None = None
    seconds: float = 0.0
    messages: list[Message] = field(default_factory=list)


def default_out(cwd: str, now: float | None = None) -> str:
    """``<cwd>/inductor-lens-captures/<YYYYmmdd-HHMMSS>`` (``-2``, ``-3``, ... if taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = os.path.join(cwd, DEFAULT_ROOT, stamp)
    out, n = base, 1
    while os.path.exists(out):
        n += 1
        out = f"{base}-{n}"
    return out


def _own_python_paths() -> set[str]:
    """The sys.path entry this package is imported from (the VS Code extension's ``bundled/libs``):
    dropped from the command's PYTHONPATH, so the program sees its own packages only."""
    return {os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))}


def child_env(
    base: dict[str, str],
    out: str,
    *,
    profile: bool,
    calls: int = PROFILE_CALLS,
    seconds: float = PROFILE_SECONDS,
    warmup: int = PROFILE_WARMUP,
    stacks: bool = False,
) -> dict[str, str]:
    """The command's environment: ``base`` plus what the module docstring lists."""
    env = dict(base)
    env["INDUCTOR_LENS_CAPTURE"] = out
    env["TORCH_TRACE"] = os.path.join(out, "trace")
    if env.get("INDUCTOR_PROVENANCE", "").strip() in ("", "0"):
        env["INDUCTOR_PROVENANCE"] = "1"
    env.setdefault("TORCHINDUCTOR_FX_GRAPH_CACHE", "0")
    env.setdefault("TORCHINDUCTOR_AUTOGRAD_CACHE", "0")
    own = _own_python_paths()
    kept = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and os.path.abspath(p) not in own]
    env["PYTHONPATH"] = os.pathsep.join([HOOK_DIR, *kept])
    env.pop("INDUCTOR_LENS_PROFILE", None)
    if profile:
        env.setdefault("TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE", "1")
        env["INDUCTOR_LENS_PROFILE"] = f"{calls},{seconds:g},{warmup},{1 if stacks else 0}"
    return env


def run_command(command: list[str], env: dict[str, str]) -> RunResult:
    """Run ``command`` with the terminal inherited; wait for it.  Ctrl-C reaches the command (it is
    in the terminal's process group) and is not sent again from here, so the trace is still indexed
    after it; a SIGINT sent to this process from elsewhere, SIGTERM and SIGHUP are passed on to
    the command."""
    started = time.monotonic()
    try:
        proc = subprocess.Popen(command, env=env)
    except FileNotFoundError:
        return RunResult(127, messages=[Message("error", f"command not found: {command[0]}")])
    except PermissionError as exc:
        return RunResult(126, messages=[Message("error", f"cannot run {command[0]}: {exc.strerror}")])
    except OSError as exc:
        return RunResult(126, messages=[Message("error", f"cannot run {command[0]}: {exc}")])

    def forward(signum, _frame):
        try:
            proc.send_signal(signum)
        except OSError:
            pass

    def interrupt(signum, frame):
        # Ctrl-C in the terminal reaches the command itself (its process group is the terminal's
        # foreground one): sending it again could cut short what the command does on it (saving a
        # checkpoint). A SIGINT from elsewhere (`kill -INT <pid>`, no terminal) is passed on.
        if not _terminal_interrupt():
            forward(signum, frame)

    previous: dict = {}
    handlers: list = [(signal.SIGINT, interrupt), (signal.SIGTERM, forward)]
    if hasattr(signal, "SIGHUP"):
        handlers.append((signal.SIGHUP, forward))
    for signum, handler in handlers:
        try:
            previous[signum] = signal.signal(signum, handler)
        except ValueError:  # not the main thread
            pass
    try:
        rc = proc.wait()
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    seconds = round(time.monotonic() - started, 3)
    if rc < 0:
        name = signal.Signals(-rc).name
        return RunResult(128 - rc, name, seconds)
    return RunResult(rc, None, seconds)


def _terminal_interrupt() -> bool:
    """Whether this process is in the foreground process group of a terminal on stdin (then a
    SIGINT is most likely the terminal's Ctrl-C, which the command got too)."""
    try:
        return os.isatty(0) and os.tcgetpgrp(0) == os.getpgrp()
    except OSError:
        return False


def read_procs(out: str) -> list[dict]:
    """The start-up hook's records, ``<out>/procs/<pid>.json``, in pid order (unreadable ones skipped)."""
    folder = os.path.join(out, "procs")
    records = []
    try:
        names = sorted(os.listdir(folder), key=lambda n: (len(n), n))
    except OSError:
        return []
    for name in names:
        if name.endswith(".json"):
            try:
                with open(os.path.join(folder, name)) as fh:
                    records.append(json.load(fh))
            except (OSError, ValueError):
                continue
    return records


def version_tuple(version: str) -> tuple[int, int]:
    """``"2.8.0+cu128"`` -> ``(2, 8)``; ``(0, 0)`` when unreadable."""
    try:
        major, minor = version.split("+")[0].split(".")[:2]
        return int(major), int("".join(c for c in minor if c.isdigit()) or 0)
    except ValueError:
        return (0, 0)


def find_logs(trace_dir: str) -> list[str]:
    """Every ``dedicated_log_torch_trace_*.log`` under ``trace_dir``."""
    found = []
    for folder, dirs, files in os.walk(trace_dir):
        dirs.sort()
        found += [os.path.join(folder, f) for f in sorted(files) if f.startswith("dedicated_log_torch_trace") and f.endswith(".log")]
    return found


def environment_messages(procs: list[dict], logs: list[str], profile: bool, stopped: bool = False) -> list[Message]:
    """What the environment could not give, read off the hook's records and the logs written
    (``stopped``: a signal ended the command, before its processes could write their records)."""
    msgs: list[Message] = []
    if not procs and stopped:
        msgs.append(
            Message(
                "info",
                "the signal ended the command before its Python processes recorded what they loaded "
                "(the capture hook writes that record when a process exits)",
            )
        )
    elif not procs:
        msgs.append(
            Message(
                "warning",
                "no Python process of the command loaded the capture hook (the command is not Python, "
                "or its interpreter ignores PYTHONPATH: python -I / -E); TORCH_TRACE and INDUCTOR_PROVENANCE "
                "were still set in its environment",
            )
        )
    elif not any(p.get("torch_importable") for p in procs):
        pythons = sorted({f"{p.get('executable')} (Python {p.get('python')})" for p in procs})
        msgs.append(
            Message(
                "error",
                f"no torch in the interpreter: {', '.join(pythons)} cannot import torch, so nothing was "
                "compiled. Run the command with the Python of your PyTorch environment, e.g. "
                "`inductor-lens capture -- /path/to/venv/bin/python train.py`",
            )
        )
    versions = sorted({p["torch_version"] for p in procs if p.get("torch_version")})
    old = [v for v in versions if version_tuple(v) < PROVENANCE_SINCE]
    if old:
        debug = any((2, 7) <= version_tuple(v) for v in old) and not os.environ.get("TORCH_COMPILE_DEBUG")
        msgs.append(
            Message(
                "warning",
                f"PyTorch {', '.join(old)} is too old for provenance tracking (INDUCTOR_PROVENANCE and debug "
                "handles came in 2.9): the trace is recorded, and the links kernel -> FX node -> model line are "
                "rebuilt from the code comments and the graphs' '# File:' lines (provenance: comments)"
                + (
                    "; 2.7 and 2.8 record a coarser mapping under TORCH_COMPILE_DEBUG=1 (slower, writes a debug "
                    "folder): set it for the capture to get it"
                    if debug
                    else ""
                ),
            )
        )
    if procs and any(p.get("torch_importable") for p in procs) and not versions and not logs:
        msgs.append(Message("warning", "the command never imported torch: nothing was compiled, no trace was written"))
    elif versions and not logs:
        why = "the signal ended the command before anything was compiled" if stopped else "did a torch.compile'd function run?"
        msgs.append(
            Message("warning", f"PyTorch {', '.join(versions)} was imported but wrote no TORCH_TRACE log: nothing was compiled ({why})")
        )
    if profile:
        msgs += _profile_messages(procs, stopped)
    return msgs


def _profile_messages(procs: list[dict], stopped: bool = False) -> list[Message]:
    msgs = []
    for p in procs:
        status = p.get("profile")
        if not status or not p.get("torch_version"):
            continue
        who = f"rank {p['rank']}" if p.get("rank") is not None else f"pid {p['pid']}"
        state = status.get("state", "")
        if state == "written":
            msgs.append(
                Message(
                    "info",
                    f"profile window of {who}: {plural(status['calls'], 'compiled-graph call')} in "
                    f"{status['seconds']:g} s, closed {status['closed_by']}",
                )
            )
        elif state == "skipped":
            msgs.append(Message("warning", f"no profile of {who}: {status.get('closed_by')}"))
        elif status.get("seen") and state in ("empty", "warming up", "recording") or state.startswith("waiting") and status.get("seen"):
            msgs.append(
                Message(
                    "warning",
                    f"no profile of {who}: its compiled graphs ran {plural(status['seen'], 'time')}, and the "
                    f"window records only after the first call and {status.get('warmup', 0)} warm-up calls "
                    "(to leave one-time work out): run more steps",
                )
            )
        elif state.startswith("failed"):
            msgs.append(Message("warning", f"no profile of {who}: {state}"))
    if not msgs and any(p.get("torch_version") for p in procs):
        msgs.append(
            Message(
                "warning",
                (
                    "no profile: the signal ended the command before a compiled graph was called"
                    if stopped
                    else "no profile: no graph compiled by torch.compile was called (the window counts calls of "
                    "Inductor's compiled graphs; AOTInductor packages are not profiled)"
                ),
            )
        )
    return msgs
