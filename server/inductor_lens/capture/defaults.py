"""``inductor-lens capture``'s arguments: its profile window's defaults, usage line and parser,
apart from :mod:`inductor_lens.capture` so that building the command line (``report`` too) does
not import the capture machinery."""

import argparse
import math

#: The profile window's default bound: compiled-graph calls after the first, and seconds.
PROFILE_CALLS = 20
PROFILE_SECONDS = 30.0
#: Compiled-graph calls after the first with the profiler prepared but not recording.
PROFILE_WARMUP = 2
#: The usage line of ``inductor-lens capture`` (argparse's and the "no command" message's).
CAPTURE_USAGE = (
    "inductor-lens capture [--profile [--stacks]] [--out DIR] [--profile-calls N] [--profile-seconds S] [--cache-dir DIR] -- COMMAND..."
)


def _positive(kind):
    """An argparse type: ``kind`` of the text, which must be positive."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value):  # nan compares false with everything: a bound that never applies
            raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive, got {text}")
        return value

    return parse


def add_capture_parser(sub, path) -> None:
    """Add ``capture`` and its arguments to the command line's subparsers ``sub`` (argparse);
    ``path``: the argparse type of its folder arguments."""
    capture = sub.add_parser(
        "capture", help="run a command with provenance on into a fresh trace folder, then summarize the trace", usage=CAPTURE_USAGE
    )
    capture.add_argument(
        "--out",
        type=path,
        metavar="DIR",
        help="the capture folder (default: ./inductor-lens-captures/<date-time>); the trace goes to DIR/trace",
    )
    capture.add_argument(
        "--profile",
        action="store_true",
        help="also record a torch.profiler Chrome trace of a window of compiled-graph calls, each training step marked "
        "(the optimizer's step; no markers without an optimizer)",
    )
    capture.add_argument(
        "--profile-calls",
        type=_positive(int),
        default=PROFILE_CALLS,
        metavar="N",
        help=f"the window closes after N compiled-graph calls after the first (default {PROFILE_CALLS})",
    )
    capture.add_argument(
        "--profile-seconds",
        type=_positive(float),
        default=PROFILE_SECONDS,
        metavar="S",
        help=f"... or at the end of the first call S seconds after it opened (default {PROFILE_SECONDS:g})",
    )
    capture.add_argument(
        "--stacks",
        action="store_true",
        help="with --profile: record Python stacks too (with_stack=True), so the time of eager work (loss, optimizer) reaches "
        "its line; the tracer slows the host, so profile once without to measure host time",
    )
    capture.add_argument("--cache-dir", type=path, metavar="DIR", help="the index cache folder (as for report)")
    capture.add_argument("cmd", nargs=argparse.REMAINDER, metavar="COMMAND", help="the command to run, after --")
