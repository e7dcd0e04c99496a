"""The ``diff`` subcommand's arguments (its run is ``cli._diff``; what it compares: :mod:`.compare`)."""

from __future__ import annotations


def add_diff_parser(sub, path, path_map, percent) -> None:
    """Add the ``diff`` subcommand to ``sub`` (argparse's subparsers of :mod:`inductor_lens.cli`);
    ``path``, ``path_map`` and ``percent`` are the command's argument types (an empty path, a map
    without ``=``, a bad percentage: exit 2)."""
    diff = sub.add_parser(
        "diff",
        help="compare two runs per model line: kernels, fusion, configs, time (exit status usable by git bisect run)",
        description="Compare run A with run B per model line. A and B are anything report takes (a log, a folder, a capture); "
        "profiles beside each are found as report finds them. Exit: 0, or 1 when --fail-if-slower/--fail-if-changed "
        "trips, 125 when it cannot tell (a side unreadable, or unmeasured with --fail-if-slower: git bisect skips), "
        "2 bad arguments, 3 output not written, 130 interrupted.",
    )
    diff.add_argument("a", type=path, metavar="A", help="the first run (a trace, a folder, a capture folder)")
    diff.add_argument("b", type=path, metavar="B", help="the second run")
    diff.add_argument("--json", action="store_true", help="print one JSON document")
    diff.add_argument("--all", action="store_true", dest="all_lines", help="every changed and moved line (default: the first 40)")
    diff.add_argument(
        "--profile-a", action="append", type=path, default=[], metavar="FILE", help="a torch.profiler trace of run A (repeatable)"
    )
    diff.add_argument(
        "--profile-b", action="append", type=path, default=[], metavar="FILE", help="a torch.profiler trace of run B (repeatable)"
    )
    diff.add_argument("--path-map", action="append", type=path_map, default=[], metavar="FROM=TO", help="map trace paths (both runs)")
    diff.add_argument("--cache-dir", type=path, metavar="DIR", help="the index cache folder (as for report)")
    diff.add_argument("--no-cache", action="store_true", help="neither read nor write the on-disk index cache")
    diff.add_argument(
        "--fail-if-slower",
        type=percent,
        metavar="PCT",
        help="exit 1 when B's wall time per step is more than PCT%% above A's and not within noise (125 without a profile of each)",
    )
    diff.add_argument("--fail-if-changed", action="store_true", help="exit 1 when any model line computes other kernels")
