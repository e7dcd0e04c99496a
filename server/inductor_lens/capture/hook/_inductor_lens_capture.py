"""What ``inductor-lens capture`` does inside each Python process of the captured command (run by
this folder's ``sitecustomize`` before the user's code; see ``inductor_lens/capture/run.py``).

Environment, set by ``capture``:

* ``INDUCTOR_LENS_CAPTURE``: the capture folder ``<out>``;
* ``INDUCTOR_LENS_PROFILE``: ``"CALLS,SECONDS,WARMUP,STACKS"`` to profile a window of
  compiled-graph calls (``STACKS`` ``1``: with Python stacks); absent without ``--profile``.

In each process:

1. **Per-rank trace folder.**  Where ``RANK`` is set (``torchrun`` and other launchers of
   ``torch.distributed`` set it in each worker), ``TORCH_TRACE`` becomes ``<out>/trace/rank_<RANK>``
   (PyTorch reads it when torch is imported, after this hook).
2. **A record** ``<out>/procs/<pid>.json``, written at exit: ``{pid, ppid, argv, executable,
   python, rank, trace_dir, torch_importable, torch_version`` (of the torch the process imported,
   else null), ``provenance_level`` (``torch._inductor.config.trace.provenance_tracking_level``,
   null before PyTorch 2.9 or when Inductor was not imported), ``dynamo, profile}``.  A process
   that ends without running exit handlers (``os._exit``, a signal) leaves none.  ``capture`` reads
   them to say what the environment could not give.
3. **With a profile window**: when ``torch._inductor.output_code`` (PyTorch 2.6+; before that
   ``torch._inductor.codecache``) is imported, ``CompiledFxGraph.__call__`` (one call of a compiled
   graph, forward or backward) is wrapped.  The first call that *returns* opens the window:
   ``torch.profiler`` starts with CPU activity (and CUDA when available), so one-time work of a
   graph's first call (lazy Triton compiles, autotuning, CUDA graph recording) stays out of it.  The
   window closes after ``CALLS`` more compiled-graph calls, or at the end of the first call that
   ends ``SECONDS`` after it opened, or when the process exits, whichever comes first; the Chrome
   trace goes to ``<TORCH_TRACE>/profile_<rank N|pid N>.json``, beside the process's log, where
   the index's profile join finds it (nothing is written when no call fell in the window).  A program that already runs ``torch.profiler`` when the
   window would open is left alone (recorded as ``skipped``).  The profiler starts and stops only
   outside autograd's backward (a backward graph's call is inside it): what falls due there waits
   for the next call outside, or the optimizer's step hook.

Written for every Python 3 that PyTorch supports; it imports torch only once the program has.
"""

import atexit
import os
import sys
import time

_OUT_ENV = "INDUCTOR_LENS_CAPTURE"
_PROFILE_ENV = "INDUCTOR_LENS_PROFILE"
#: Modules that define ``CompiledFxGraph`` (2.6+ / older releases).
_TARGETS = ("torch._inductor.output_code", "torch._inductor.codecache")


class _QuietProfiler(object):
    """File descriptor 2 goes to a temporary file while the profiler changes state, and is written
    back without the ``USDT:`` lines libkineto prints on every start and stop
    (``SyncActivityProfilerHandler.cpp``, PyTorch 2.12+; ``KINETO_LOG_LEVEL`` does not silence
    them): what the program itself writes meanwhile is kept, in order."""

    def __enter__(self):
        self.saved = None
        try:
            import tempfile

            sys.stderr.flush()
            self.tmp = tempfile.TemporaryFile()
            self.saved = os.dup(2)
            os.dup2(self.tmp.fileno(), 2)
        except (OSError, ValueError, AttributeError):
            self.saved = None
        return self

    def __exit__(self, *exc):
        if self.saved is None:
            return False
        try:
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.tmp.seek(0)
        data = self.tmp.read()
        self.tmp.close()
        kept = b"".join(line for line in data.splitlines(True) if not line.startswith(b"USDT:"))
        if kept:
            os.write(2, kept)
        return False


_record = {}  # type: dict
_record_path = None  # type: str | None


def _write_record() -> None:
    import json  # here, not at start-up: the hook must cost a program that never compiles next to nothing

    if _record_path is None:
        return
    tmp = _record_path + ".tmp"
    try:
        os.makedirs(os.path.dirname(_record_path), exist_ok=True)
        with open(tmp, "w") as fh:
            json.dump(_record, fh)
        os.replace(tmp, _record_path)
    except OSError as exc:
        sys.stderr.write(f"inductor-lens capture: cannot write {_record_path}: {exc}\n")


def _at_exit() -> None:
    torch = sys.modules.get("torch")
    version = getattr(torch, "__version__", None) if torch is not None else None
    _record["torch_version"] = str(version) if version else None
    level = None
    config = sys.modules.get("torch._inductor.config")
    if config is not None:
        try:
            level = int(config.trace.provenance_tracking_level)  # type: ignore[attr-defined]
        except Exception:
            level = None
    _record["provenance_level"] = level
    _record["dynamo"] = "torch._dynamo" in sys.modules
    if _window is not None:
        _window.stop("when the process exited")
        _record["profile"] = _window.status()
    _write_record()


class _Window:
    """The profile window over compiled-graph calls: opened when the first call returns, then
    ``warmup`` calls with the profiler prepared but not recording (its own start-up cost and the
    program's warm-up stay out), then ``calls`` calls recorded; closed early ``seconds`` after
    recording began, or at exit.  Markers are the user's training steps, not calls: once the
    optimizer's step hook (``torch.optim.optimizer.register_optimizer_step_post_hook``) has fired,
    each step between two optimizer steps is a ``ProfilerStep#N`` annotation, and the window closes
    at a step's end once ``calls`` calls are recorded (whole steps only); a program without an
    optimizer (inference) gets the window with no markers.  ``stacks``: Python stacks too
    (``with_stack=True``, ``record_shapes=True``; the tracer slows the host)."""

    def __init__(self, calls: int, seconds: float, warmup: int, path: str, stacks: bool = False) -> None:
        self.calls, self.seconds, self.warmup, self.path, self.stacks = calls, seconds, warmup, path, stacks
        self.prof = None  # type: object
        self.cuda = False
        self.seen = 0  # every compiled-graph call, the first included
        self.steps = 0  # calls since the window opened
        self.count = 0  # calls recorded
        self.marks = 0  # training steps marked (ProfilerStep#N)
        self.marker = None  # type: object  # the open ProfilerStep record_function
        self.training = False  # the optimizer's step hook has fired
        self.hook = None  # type: object
        self.recording_since = None  # type: float | None
        self.state = "waiting for the first compiled-graph call"
        self.closed_by = None  # type: str | None
        self.window_seconds = None  # type: float | None
        import threading

        self.lock = threading.RLock()

    def after_call(self) -> None:
        """After each compiled-graph call.  The profiler is started and stopped only outside
        autograd's backward (:func:`_in_backward`); what falls due inside it waits for the next
        call outside, or the optimizer's step hook."""
        with self.lock:
            self.seen += 1
            safe = not _in_backward()
            if self.prof is None:
                if self.seen == 1 or (self.state == "waiting for the first compiled-graph call" and safe):
                    if safe:
                        self.start()
                return
            was_recording = self.recording_since is not None
            self.steps += 1
            if was_recording:
                self.count += 1
            elif self.steps >= self.warmup and safe:
                self._record()
            if self.training or not was_recording or not safe:
                return  # closed at a training step's end (the optimizer's hook), or at a later call
            if self.count >= self.calls:
                self.stop(f"after {self.calls} compiled-graph calls")
            elif time.monotonic() - self.recording_since >= self.seconds:  # type: ignore[operator]
                self.stop(f"after {self.seconds:g} s")

    def _record(self) -> None:
        with _QuietProfiler():
            self.prof.start_trace()  # type: ignore[attr-defined]
        self.recording_since, self.state = time.monotonic(), "recording"

    def after_optimizer_step(self, *args) -> None:
        """The optimizer's step hook: a training step ends (and the next begins) here."""
        with self.lock:
            if self.prof is None:
                return
            self.training = True
            if self.recording_since is None:
                if self.steps >= self.warmup:  # fell due inside a backward
                    self._record()
                else:
                    return
            import torch  # type: ignore[import-not-found]

            if self.marker is not None:
                self.marker.__exit__(None, None, None)  # type: ignore[attr-defined]
                self.marker = None
                if self.count >= self.calls:
                    self.stop(f"after {self.marks} training steps ({self.count} compiled-graph calls)")
                    return
                if time.monotonic() - self.recording_since >= self.seconds:  # type: ignore[operator]
                    self.stop(f"after {self.marks} training steps ({self.seconds:g} s)")
                    return
            self.marker = torch.profiler.record_function(f"ProfilerStep#{self.marks}")
            self.marker.__enter__()  # type: ignore[attr-defined]
            self.marks += 1

    def start(self) -> None:
        import torch  # type: ignore[import-not-found]  # the program has imported it by now

        if torch.autograd.profiler._is_profiler_enabled:
            self.state, self.closed_by = "skipped", "the program runs torch.profiler itself"
            return
        activities = [torch.profiler.ProfilerActivity.CPU]
        try:
            self.cuda = bool(torch.cuda.is_available())
        except Exception:
            self.cuda = False
        if self.cuda:
            activities.append(torch.profiler.ProfilerActivity.CUDA)
        # what the profiler capture turned on says to the terminal, the program without --profile
        # never does: PyTorch's "UserWarning: CompiledFunctionBackward (Triggered internally at
        # .../profiler/collection.cpp)" on every backward of a compiled graph
        import warnings

        warnings.filterwarnings("ignore", message=r"CompiledFunctionBackward", category=UserWarning)
        prof = torch.profiler.profile(activities=activities, with_stack=self.stacks, record_shapes=self.stacks)
        with _QuietProfiler():
            prof.prepare_trace()
        self.prof, self.state = prof, "warming up"
        try:
            from torch.optim.optimizer import register_optimizer_step_post_hook  # type: ignore[import-not-found]

            self.hook = register_optimizer_step_post_hook(self.after_optimizer_step)
        except Exception:
            self.hook = None  # no training-step markers: the window has none
        if not self.warmup:
            self._record()
        atexit.register(self.stop, "when the process exited")  # runs before torch's own exit handlers

    def _export(self, prof) -> None:
        """Write the Chrome trace, unless no call was recorded."""
        if self.recording_since is not None:
            self.window_seconds = round(time.monotonic() - self.recording_since, 3)
        if self.count == 0:
            self.state = "empty"
            return
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        prof.export_chrome_trace(self.path)
        self.state = "written"

    def stop(self, reason: str) -> None:
        with self.lock:
            prof, self.prof = self.prof, None
            if prof is None:
                return
            self.closed_by = reason
            try:
                if self.hook is not None:
                    self.hook.remove()  # type: ignore[attr-defined]
                if self.marker is not None:  # the process ends inside a training step
                    self.marker.__exit__(None, None, None)  # type: ignore[attr-defined]
                    self.marker = None
                if self.cuda:
                    import torch  # type: ignore[import-not-found]

                    torch.cuda.synchronize()
                with _QuietProfiler():
                    prof.stop_trace()  # type: ignore[attr-defined]
                self._export(prof)
                if self.state in ("warming up", "recording"):
                    self.state = "empty"
            except Exception as exc:
                self.state = f"failed: {exc!r}"
                sys.stderr.write(f"inductor-lens capture: could not write the profile {self.path}: {exc!r}\n")

    def status(self) -> dict:
        return {
            "path": self.path,
            "state": self.state,
            "calls": self.count,
            "seen": self.seen,
            "closed_by": self.closed_by,
            "seconds": self.window_seconds,
            "max_calls": self.calls,
            "max_seconds": self.seconds,
            "warmup": self.warmup,
            "cuda": self.cuda,
            "steps": self.marks,
            "stacks": self.stacks,
        }


_window = None  # type: _Window | None


def _in_backward():
    """Whether autograd's engine is running a backward on this thread (a compiled graph's backward
    is called from it).  The profiler must not start or stop there: the engine restores the
    thread's state when the backward ends, taking a profiler started inside with it (the profile
    is lost and its export crashes the process: PyTorch 2.13 and 2.14, a graph break's second
    graph).  ``torch._C._current_graph_task_id()``: -1 outside a backward."""
    try:
        import torch  # type: ignore[import-not-found]

        return torch._C._current_graph_task_id() != -1
    except Exception:
        return False


def _wrap_compiled_fx_graph(module) -> None:
    """Wrap ``module.CompiledFxGraph.__call__`` so that the window sees every compiled-graph call."""
    cls = getattr(module, "CompiledFxGraph", None)
    if cls is None or "__call__" not in cls.__dict__ or getattr(cls.__dict__["__call__"], "_inductor_lens", False):
        return
    call = cls.__dict__["__call__"]

    def __call__(self, *args, **kwargs):
        try:
            return call(self, *args, **kwargs)
        finally:
            if _window is not None:
                try:
                    _window.after_call()
                except Exception as exc:  # the program goes on unprofiled
                    _window.state, _window.closed_by = f"failed: {exc!r}", "an error"
                    sys.stderr.write(f"inductor-lens capture: profiling failed: {exc!r}\n")

    __call__._inductor_lens = True  # type: ignore[attr-defined]
    cls.__call__ = __call__


class _PostImport:
    """A meta-path finder that lets the real finders find the target modules, then calls
    :func:`_wrap_compiled_fx_graph` on each once it has executed."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _TARGETS:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        spec.loader = _Loader(spec.loader)
        return spec


class _Loader:
    def __init__(self, inner) -> None:
        self._inner = inner

    def create_module(self, spec):
        return self._inner.create_module(spec)

    def exec_module(self, module) -> None:
        self._inner.exec_module(module)
        try:
            _wrap_compiled_fx_graph(module)
        except Exception as exc:
            sys.stderr.write(f"inductor-lens capture: cannot watch compiled-graph calls: {exc!r}\n")

    def __getattr__(self, name):  # get_source, get_filename, ... for tracebacks and inspect
        return getattr(self._inner, name)


def install() -> None:
    """Run by ``sitecustomize`` at start-up when ``INDUCTOR_LENS_CAPTURE`` is set."""
    global _record_path, _window
    import importlib.util

    out = os.environ[_OUT_ENV]
    rank = os.environ.get("RANK", "")
    if rank.isdigit():
        os.environ["TORCH_TRACE"] = os.path.join(out, "trace", "rank_" + rank)
    trace_dir = os.environ.get("TORCH_TRACE") or os.path.join(out, "trace")
    try:
        torch_importable = importlib.util.find_spec("torch") is not None
    except (ImportError, ValueError):
        torch_importable = False
    _record.update(
        pid=os.getpid(),
        ppid=os.getppid(),
        argv=list(getattr(sys, "orig_argv", sys.argv)),
        executable=sys.executable,
        python=".".join(map(str, sys.version_info[:3])),
        rank=int(rank) if rank.isdigit() else None,
        trace_dir=trace_dir,
        torch_importable=torch_importable,
        torch_version=None,
        profile=None,
    )
    _record_path = os.path.join(out, "procs", f"{os.getpid()}.json")
    atexit.register(_at_exit)
    spec = os.environ.get(_PROFILE_ENV)
    if spec and torch_importable:
        parts = spec.split(",")
        calls, seconds = parts[0], parts[1]
        warmup = parts[2] if len(parts) > 2 else "2"
        stacks = parts[3] if len(parts) > 3 else "0"
        tag = f"rank{rank}" if rank.isdigit() else f"pid{os.getpid()}"
        _window = _Window(
            max(1, int(calls)), float(seconds), max(0, int(warmup)), os.path.join(trace_dir, f"profile_{tag}.json"), stacks == "1"
        )
        _record["profile"] = _window.status()
        sys.meta_path.insert(0, _PostImport())
