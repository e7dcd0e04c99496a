"""The ``capture`` subcommand: the command line checked, the command run (:mod:`.run`), what it
left indexed and summarized (:mod:`.summary`), ``capture.json`` written, and what happened said.

The folder, the environment and what ``capture.json`` records are :mod:`.run`'s docstring's.
"""

from __future__ import annotations

import json
import os
import sys
import time

from ..text import plural
from .defaults import CAPTURE_USAGE, PROFILE_CALLS, PROFILE_SECONDS, PROFILE_WARMUP
from .keep import keep_kernel_configs, keep_triton_caches
from .run import RunResult, child_env, default_out, environment_messages, find_logs, read_procs, run_command
from .summary import Message, command_arg, summary_lines


def capture(args) -> int:
    """The ``capture`` subcommand (``args`` from :func:`inductor_lens.cli.build_parser`); returns
    the exit status (the command's; 2 for bad arguments)."""
    found = _command_and_folder(args)
    if isinstance(found, int):
        return found
    command, cwd, out, trace_dir, made = found
    say = _printer()
    _say_window(args, say, trace_dir)
    started = time.time()
    env = child_env(dict(os.environ), out, profile=args.profile, calls=args.profile_calls, seconds=args.profile_seconds, stacks=args.stacks)
    result = run_command(command, env)
    if result.exit_status in (126, 127) and result.messages:  # the command could not be started: leave nothing behind
        return _not_started(result, made, out, say)
    procs = read_procs(out)
    logs = find_logs(trace_dir)
    messages = _run_messages(result, procs, logs, out, env, args.profile)
    lines: list[str] = []
    facts: dict = {"kernels": 0}
    if logs:
        lines, facts, more = summary_lines(trace_dir, cwd, cache_dir=args.cache_dir)
        messages += more
    doc = {
        "version": 1,
        "command": command,
        "cwd": cwd,
        "out": out,
        "trace_dir": trace_dir,
        "started": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(started)),
        "seconds": result.seconds,
        "exit_status": result.exit_status,
        "signal": result.signal,
        "profile": bool(args.profile),
        "logs": logs,
        "kernels": facts["kernels"],
        "health": facts.get("health"),
        "torch_versions": sorted({p["torch_version"] for p in procs if p.get("torch_version")}),
        "messages": [{"level": m.level, "text": m.text} for m in messages],
    }
    with open(os.path.join(out, "capture.json"), "w") as fh:
        json.dump(doc, fh, indent=1)
    _say_end(result, lines, messages, logs, trace_dir, command_arg(trace_dir, cwd), say)
    return result.exit_status


def _command_and_folder(args) -> tuple[list[str], str, str, str, list[str]] | int:
    """``(command, cwd, out, trace_dir, the folders made)`` with the trace folder made, or the exit
    status 2 when the command or the folder is wrong (said on stderr)."""
    command = list(args.cmd)
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        print(f"inductor-lens capture: no command given ({CAPTURE_USAGE})", file=sys.stderr)
        return 2
    cwd = os.getcwd()
    out = os.path.abspath(args.out) if args.out else default_out(cwd)
    if os.path.isdir(out) and os.listdir(out):
        print(f"inductor-lens capture: {out} is not empty; give a new folder (each capture records a fresh trace)", file=sys.stderr)
        return 2
    if os.path.exists(out) and not os.path.isdir(out):
        print(f"inductor-lens capture: --out {out} is a file, not a folder; give a new folder", file=sys.stderr)
        return 2
    trace_dir = os.path.join(out, "trace")
    made = [d for d in (os.path.dirname(out), out, trace_dir) if not os.path.exists(d)]  # removed again if the command never ran
    try:
        os.makedirs(trace_dir, exist_ok=True)
    except OSError as exc:
        print(f"inductor-lens capture: cannot make the trace folder {trace_dir}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return command, cwd, out, trace_dir, made


def _say_window(args, say, trace_dir: str) -> None:
    """Where the trace goes and the ``--profile`` window (a note when its bounds are given without it)."""
    if not args.profile and (args.profile_calls != PROFILE_CALLS or args.profile_seconds != PROFILE_SECONDS):
        say("note: --profile-calls and --profile-seconds bound the --profile window; without --profile nothing is profiled")
    window = (
        (
            f"; profiling {args.profile_calls} compiled-graph calls or {args.profile_seconds:g} s, after the first call and "
            f"{PROFILE_WARMUP} warm-up calls"
        )
        if args.profile
        else ""
    )
    say(f"recording into {trace_dir} (provenance on{window})")


def _not_started(result: RunResult, made: list[str], out: str, say) -> int:
    """A command that could not be started: the folders this capture made removed again, why said."""
    for folder in reversed(made):
        try:
            os.rmdir(folder)  # only an empty folder this capture made
        except OSError:
            break
    for m in result.messages:
        say(m.text)
    if made and not os.path.exists(made[0]):
        say(f"nothing was recorded: {out} was removed again")
    return result.exit_status


def _run_messages(result: RunResult, procs: list[dict], logs: list[str], out: str, env: dict, profile: bool) -> list[Message]:
    """What the run left to say: the Triton caches kept beside the trace, how the command ended, and
    what its environment lacked (:func:`environment_messages`)."""
    messages = list(result.messages)
    kept_configs = keep_kernel_configs(logs, out)
    kept_ir = keep_triton_caches(logs, out, env)
    if kept_ir:
        messages.append(
            Message(
                "info",
                f"kept Triton's cache of the traced kernels beside the trace ({plural(kept_ir, 'kernel folder')} of "
                f"TTIR, TTGIR, LLIR, PTX and cubin; {plural(kept_configs, 'folder')} of kernel files with their .best_config): "
                "inductor-lens report --json --ir reads them on any machine",
            )
        )
    kept = "what it traced is summarized here" if logs else "it wrote no trace"
    if result.signal:
        messages.append(Message("warning", f"the command was ended by {result.signal} after {result.seconds:g} s; {kept}"))
    elif result.exit_status != 0 and not result.messages:
        messages.append(Message("warning", f"the command exited with status {result.exit_status}; {kept}"))
    if not result.messages:  # it ran
        messages += environment_messages(procs, logs, profile, stopped=bool(result.signal))
    return messages


def _say_end(result: RunResult, lines: list[str], messages: list[Message], logs: list[str], trace_dir: str, shown: str, say) -> None:
    """How the command ended, the summary, the messages, and where the trace is (``shown``: as a
    command line names it)."""
    end = f"ended by {result.signal}" if result.signal else f"exited with status {result.exit_status}"
    say(f"the command {end} after {result.seconds:g} s")
    for line in lines:
        print(line, file=sys.stderr)
    for m in messages:
        say(f"{m.level}: {m.text}" if m.level != "info" else m.text)
    if logs:
        say(f"trace: {trace_dir}  (open it: inductor-lens report {shown}, or in VS Code: Inductor Lens: Open Trace…)")
    else:
        say(f"no trace was written in {trace_dir}")


def _printer():
    def say(text: str) -> None:
        print(f"inductor-lens: {text}", file=sys.stderr, flush=True)

    return say
