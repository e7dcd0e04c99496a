"""Command line: ``inductor-lens report [PATH...]``, ``inductor-lens serve``, ``inductor-lens mcp`` (:mod:`.mcp`) and
``inductor-lens capture [--profile] [--out DIR] -- COMMAND...`` (see :mod:`inductor_lens.capture`).

Exit codes of ``report``: 0 when anything was readable (damage is listed under warnings),
1 when nothing was, 2 for bad arguments, 3 when the report could not be written (a full disk),
130 when interrupted.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import NoReturn

from . import __version__
from .diff.args import add_diff_parser
from .files.plain_text import make_streams_safe, utf8_file_names
from .mcp.args import add_mcp_parser

EXAMPLE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "example")


def _path_map(text: str) -> tuple[str, str]:
    src, _, dst = text.partition("=")
    if not src or not dst:  # (no "=" leaves dst empty)
        raise argparse.ArgumentTypeError(f"expected FROM=TO, got {text!r}")
    return src, os.path.abspath(dst)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 1-65535, got {port}")
    return port


def build_parser() -> argparse.ArgumentParser:
    """The ``inductor-lens`` argument parser (``report``, ``serve``, ``capture``); bad arguments exit 2."""
    parser = argparse.ArgumentParser(prog="inductor-lens", description="TorchInductor provenance: kernels <-> FX nodes <-> model lines.")
    parser.add_argument("--version", action="version", version=f"inductor-lens {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    _add_report_parser(sub)
    add_diff_parser(sub, _given, _path_map, _percent)
    _add_serve_parser(sub)
    from .capture.defaults import add_capture_parser

    add_capture_parser(sub, _given)
    add_mcp_parser(sub, _given, _path_map)
    return parser


def _add_report_parser(sub) -> None:
    """``inductor-lens report``'s arguments."""
    report = sub.add_parser("report", help="index traces and print kernels with their model lines")
    report.add_argument(
        "paths",
        nargs="*",
        type=_given,
        metavar="PATH",
        help="TORCH_TRACE log(s), folders, tlparse output, debug folder or output_code.py (default: the bundled example)",
    )
    report.add_argument("--json", action="store_true", help="print one JSON document")
    report.add_argument(
        "--all",
        action="store_true",
        dest="all_kernels",
        help="tables of every kernel with its module and model lines (default: a summary per graph)",
    )
    report.add_argument(
        "--cache-dir",
        type=_given,
        metavar="DIR",
        help="where extracted output code and the index cache are written (default: the user cache folder)",
    )
    report.add_argument("--no-cache", action="store_true", help="neither read nor write the on-disk index cache and saved reports")
    report.add_argument(
        "--profile",
        action="append",
        type=_given,
        default=[],
        metavar="FILE",
        help="a torch.profiler Chrome trace (.json/.json.gz) to join (repeat the flag for more); without it, traces beside a log are found",
    )
    report.add_argument(
        "--path-map",
        action="append",
        type=_path_map,
        default=[],
        metavar="FROM=TO",
        help="map trace paths starting with FROM to TO (repeat the flag for more)",
    )
    report.add_argument(
        "--ir",
        action="store_true",
        help="what each Triton kernel compiled to, from the Triton cache: with --json its IR (TTIR, TTGIR, LLIR, PTX, SASS "
        "lines per kernel line), else a table of instructions, registers and spills",
    )
    report.add_argument(
        "--triton-cache",
        action="append",
        type=_given,
        default=[],
        metavar="DIR",
        help="a Triton cache (TRITON_CACHE_DIR) or Inductor cache folder to find kernels' IR in (repeatable; "
        "beside the trace and the output code's kernel paths are looked in without it)",
    )
    report.add_argument(
        "--ncu",
        action="append",
        type=_given,
        default=[],
        metavar="FILE",
        help="an Nsight Compute profile of the run (its source page as CSV: ncu -i R.ncu-rep --page source --csv "
        "--print-source sass; a .ncu-rep when ncu is installed): measured counters per kernel line in --ir (repeatable)",
    )
    report.add_argument(
        "--workers",
        type=_given_address,
        metavar="ADDRESS",
        help="index a folder's rank logs on Dask workers, where they are stored: local, local:N (N worker processes here) "
        "or a Dask scheduler address (tcp://host:8786); needs pip install 'inductor-lens[cluster]' (docs/cluster.md)",
    )


def _add_serve_parser(sub) -> None:
    """``inductor-lens serve``'s arguments."""
    serve = sub.add_parser("serve", help="run the language server (stdio by default)")
    serve.add_argument("--tcp", type=_port, metavar="PORT", help="listen on 127.0.0.1:PORT instead of stdio (debugging)")
    serve.add_argument("--stdio", action="store_true", help="use stdio (the default; accepted because LSP clients pass it)")
    serve.add_argument(
        "--cache-dir",
        type=_given,
        metavar="DIR",
        help="where output code found only inside logs is extracted and the index cache is kept (default: the user cache folder)",
    )


def _nonempty(what: str):
    """argparse type of every path (``what`` = ``"path"``) and the workers' address: an empty one is
    refused, exit 2 (an unset variable: it would name the current folder, or be ignored)."""

    def given(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"an empty {what} was given (an unset variable?)")
        return text

    return given


_given, _given_address = _nonempty("path"), _nonempty("address")


def _percent(text: str) -> float:
    try:
        value = float(text[:-1] if text.endswith("%") else text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):  # nan would make the check never fail, inf never pass
        raise argparse.ArgumentTypeError(f"not a percentage: {text!r}")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {text}")
    return value


def _diff_verdict(args, comparison, opened) -> tuple[int, str | None]:
    """(exit status, the line that says why when it is not 0) of a comparison."""
    for name, path, side in (("A", args.a, opened[0]), ("B", args.b, opened[1])):
        if not side.index.graphs:
            why = "nothing readable" if not side.readable else "no compiled graph"
            return 125, f"cannot compare: {name} ({path}) has {why} (see the warnings); exit 125, as git bisect skips"
    slower = None
    if args.fail_if_slower is not None:
        from .analysis.wall import slower_verdict

        status, slower = slower_verdict(comparison.time, args.fail_if_slower)
        if status:
            return status, slower
    if args.fail_if_changed and comparison.changed:
        return 1, f"--fail-if-changed: {len(comparison.changed)} of {len(comparison.lines)} model lines compute other kernels; exit 1"
    # a check asked for that passed says so too (docs/cli.md: the verdict is one line on stderr)
    passed = []
    if slower is not None:  # (worked out above)
        passed.append(slower.removesuffix("; exit 0"))
    if args.fail_if_changed:
        passed.append(f"--fail-if-changed: no model line computes other kernels ({len(comparison.lines)} compared)")
    return 0, ("; ".join(passed) + "; exit 0") if passed else None


def _diff(args) -> int:
    import gc

    gc.disable()
    from .analysis.comparison import compare
    from .files.cache import Cache
    from .open_traces import TraceRequest, open_traces

    cache = Cache(args.cache_dir)
    opened = [
        open_traces(TraceRequest([path], profiles=profiles, path_maps=args.path_map, disk_cache=not args.no_cache), cache=cache)
        for path, profiles in ((args.a, args.profile_a), (args.b, args.profile_b))
    ]
    comparison = compare(opened[0].index, opened[1].index, [args.a], [args.b], (opened[0].resolver, opened[1].resolver))
    status, why = _diff_verdict(args, comparison, opened)
    global _EXIT_WHEN_READER_LEAVES
    _EXIT_WHEN_READER_LEAVES = status  # `diff ... | head`: the status still tells git bisect
    from .model.base import where_text

    for w in comparison.warnings[:10]:
        sys.stderr.write(f"inductor-lens: warning ({w['run'].upper()}): {where_text(w['file'], w['line'])}: {w['message']}\n")
    if len(comparison.warnings) > 10:
        sys.stderr.write(f"inductor-lens: … {len(comparison.warnings) - 10} more warnings (--json lists them)\n")
    unreadable = status == 125 and why is not None and why.startswith("cannot compare")
    if args.json:
        from . import _json
        from .diff.compare import comparison_json

        doc = comparison_json(comparison)
        doc["exit_status"], doc["verdict"] = status, why
        _json.write_document(doc, sys.stdout)
    elif not unreadable:  # a side with nothing to compare: no table of every line "added"
        from rich.console import Console

        from .diff.table import print_comparison

        console = Console(width=None if sys.stdout.isatty() else _piped_width())
        console.on_broken_pipe = _reader_left  # type: ignore[method-assign]
        print_comparison(comparison, console, all_lines=args.all_lines)
    if why:
        sys.stderr.write(f"inductor-lens: {why}\n")
    return status


def _report(args) -> int:
    memo = _report_memo(args)
    if memo is None:
        return _report_answer(args)
    status = memo.replay(sys.stdout, sys.stderr)  # a re-run on unchanged inputs: the saved answer, nothing imported
    if status is not None:
        return status
    args.memo = memo  # (the run says whether it was cold: a big answer is kept by a re-run only)
    return memo.record(lambda: _report_answer(args))


def _report_memo(args):
    """The saved-answer entry of this report (``files/report_cache.py``), or None where none is kept:
    ``--no-cache``, ``--workers``, a table on a terminal (its width and colours are the terminal's),
    standard streams without bytes under them."""
    if args.no_cache or args.workers:
        return None
    out, err = sys.stdout, sys.stderr
    if out is None or err is None or getattr(out, "buffer", None) is None:
        return None
    try:
        if not args.json and out.isatty():
            return None
    except (OSError, ValueError):
        return None
    from .files.cache import default_cache_dir
    from .files.report_cache import ReportMemo, report_key

    root = os.path.abspath(args.cache_dir or default_cache_dir())
    named = [*args.paths, *args.profile, *args.triton_cache, *args.ncu]
    try:
        key = report_key(getattr(args, "argv", sys.argv[1:]), named, root, None if args.json else _piped_width())
    except OSError:  # no working folder
        return None
    return ReportMemo(root, key, named)


def _report_answer(args) -> int:
    # imports here, and only what the answer asked for needs (the table module only for tables, the
    # profiler reader only when there is a profile): start-up is part of every report's time
    import gc

    gc.disable()  # a one-shot process whose objects live to its end: no cycle collection (0.2-0.5 s on 342 MB)
    from .files.cache import Cache
    from .open_traces import TraceRequest, open_traces

    paths = list(args.paths)
    mappings = list(args.path_map)
    if not args.paths and not args.profile:  # nothing given: the bundled example (a profile alone is said by open_traces)
        paths = [EXAMPLE_DIR]
        mappings.append(("/workspace/proj", EXAMPLE_DIR))
        if args.ir or args.triton_cache or args.ncu or args.workers:  # e.g. `report --triton-cache TRACE`: the flag took the path
            print("inductor-lens: note: no PATH given: this is the bundled example's report", file=sys.stderr)
    errors: tuple[type[Exception], ...] = ()
    if args.workers:
        from .cluster import ClusterError

        errors = (ClusterError,)
    try:
        opened = open_traces(
            TraceRequest(
                paths,
                profiles=args.profile,
                path_maps=mappings,
                disk_cache=not args.no_cache,
                workers=args.workers,
                second_core=not args.workers,
            ),
            cache=Cache(args.cache_dir),
        )
    except errors as exc:  # the engine cannot be used: a line, not a traceback
        sys.stderr.write(f"inductor-lens: {exc}\n")
        return 2
    index, resolver, readable = opened.index, opened.resolver, opened.readable
    if getattr(args, "memo", None) is not None:  # cold unless every log came whole from the index cache
        args.memo.ran_on(index)
    irs = _kernel_irs(args, index)
    if args.json:
        from .report.json_report import write_json

        if args.all_kernels:
            print("inductor-lens: note: --all is for the table; --json always lists every kernel", file=sys.stderr)

        write_json(index, resolver, sys.stdout, ir=irs)
    else:
        from rich.console import Console  # the table only: --json never imports rich

        from .report.table import print_tables, print_warnings

        # piped output: $COLUMNS when set, else wide enough that model lines are not folded mid-code;
        # warnings on stderr
        console = Console(width=None if sys.stdout.isatty() else _piped_width())
        stderr = Console(stderr=True)
        global _WHEN_READER_LEAVES  # `report | head`: the warnings still go to stderr (they come after the tables)
        _WHEN_READER_LEAVES = lambda: print_warnings(index, stderr)  # noqa: E731
        console.on_broken_pipe = _reader_left  # type: ignore[method-assign]
        print_tables(index, resolver, console, stderr, all_kernels=args.all_kernels)
        if irs is not None:
            from .report.ir_table import print_ir_table

            print_ir_table(irs, console)
    return 0 if readable else 1


def _kernel_irs(args, index):
    """The IR of the index's Triton kernels when ``--ir``, ``--triton-cache`` or ``--ncu`` asks (None otherwise)."""
    if not (args.ir or args.triton_cache or args.ncu):
        return None
    from .analysis.ir import open_kernel_irs

    return open_kernel_irs(index, args.triton_cache, args.ncu, sys.stderr, say_warnings=args.json)  # (a table lists them at its end)


def _piped_width() -> int:
    """Columns of a table written to a pipe or file: ``$COLUMNS`` when it is a number (at least
    40), else 200 (model lines are not folded mid-code)."""
    try:
        return max(40, int(os.environ["COLUMNS"]))
    except (KeyError, ValueError):
        return 200


#: the exit status when the reader of stdout leaves (``diff`` sets it before it prints)
_EXIT_WHEN_READER_LEAVES = 0


#: what to do before exiting when the reader of stdout left (the table's warnings, for stderr)
_WHEN_READER_LEAVES = None


def _reader_left() -> NoReturn:
    """``report | head``: the reader left: exit 0, quietly (rich would exit 1; ``diff``: its status),
    after :data:`_WHEN_READER_LEAVES` (once)."""
    global _WHEN_READER_LEAVES
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    then, _WHEN_READER_LEAVES = _WHEN_READER_LEAVES, None
    if then is not None:
        try:
            then()
        except OSError:  # stderr gone too
            pass
    raise SystemExit(_EXIT_WHEN_READER_LEAVES)


def main(argv=None) -> int:
    """Entry point of the ``inductor-lens`` command; returns the exit code.  With no ``argv`` (the
    process is the command), what is left is frozen before the interpreter exits: its last collections
    would walk every object the answer made, none garbage (0.07-0.09 s of every cold report)."""
    if argv is None:  # a C locale's ASCII file names: Python's UTF-8 mode (files/plain_text.py)
        utf8_file_names()
    status = _command(argv)
    if argv is None:
        __import__("gc").freeze()
    return status


def _command(argv) -> int:
    make_streams_safe()  # a C locale, PYTHONIOENCODING=ascii: what the stream cannot write is written plainly, never a traceback
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):  # `inductor-lens` alone: what it can do, not "command is required"
        parser.print_help(sys.stderr)
        return 2
    args, extra = parser.parse_known_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # (the report's saved answer is keyed by it)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    if extra:  # `report --bogus`: the subcommand's own usage, not the top-level one
        sub.choices[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "capture":  # `capture -- "$UNSET"`: not a command that could not be run
        command = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
        if command and not command[0].strip():
            sub.choices["capture"].error("an empty command was given (an unset variable?)")
    if args.command in ("report", "diff"):
        if sys.stdout is None:  # `report >&-`: nowhere to write the answer (Python then has no sys.stdout)
            print("inductor-lens: cannot write the report: standard output is closed", file=sys.stderr)  # (None: nothing)
            return 3
        from .files.terminate import on_sigterm

        on_sigterm()  # SIGTERM: temporary files removed, a line said (below)
        try:
            return _report(args) if args.command == "report" else _diff(args)
        except BrokenPipeError:  # `report --json | head`: the reader left; nothing wrong with the trace
            _reader_left()
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: a line, not a traceback (nothing half-written: caches are replaced atomically)
            sys.stderr.write(f"inductor-lens: {str(exc) or 'interrupted'}\n")
            return getattr(exc, "status", 130)
        except OSError as exc:  # the output cannot be written (a full disk, a closed terminal)
            import errno

            if exc.filename is not None or exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF):
                raise
            sys.stderr.write(f"inductor-lens: cannot write the report: {exc.strerror or exc}\n")
            return 3
    if args.command == "capture":
        from .capture.command import capture

        return capture(args)
    if args.command == "mcp":
        from .mcp.args import run_mcp

        return run_mcp(args)
    if args.command == "serve":
        from .lsp.app import serve

        return serve(tcp_port=args.tcp, cache_dir=args.cache_dir)
    parser.error("unknown command")
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
