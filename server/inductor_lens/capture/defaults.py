"""Defaults of ``inductor-lens capture``'s profile window, apart from :mod:`inductor_lens.capture`
so that building the command line (``report`` too) does not import the capture machinery."""

#: The profile window's default bound: compiled-graph calls after the first, and seconds.
PROFILE_CALLS = 20
PROFILE_SECONDS = 30.0
#: Compiled-graph calls after the first with the profiler prepared but not recording.
PROFILE_WARMUP = 2
#: The usage line of ``inductor-lens capture`` (argparse's and the "no command" message's).
CAPTURE_USAGE = "inductor-lens capture [--profile] [--out DIR] [--profile-calls N] [--profile-seconds S] [--cache-dir DIR] -- COMMAND..."
