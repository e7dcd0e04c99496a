"""``inductor-lens report`` on a job of several ranks: its groups of identical ranks, then what
differs, each difference with the ranks it is on (:mod:`inductor_lens.health.ranks`)."""

from __future__ import annotations

from ..analysis.core import job_story
from ..files.trace_paths import basename as trace_basename
from ..text import plural, rank_list, ranks_words

# rich and the tables are imported where a job of several ranks needs them: a one-rank
# `report --json` (most reports) never does


def print_ranks(index, console) -> dict[int, tuple[int, list[int]]]:
    """A job of several ranks: its groups of identical ranks and what differs, each with its ranks
    (:mod:`inductor_lens.health.ranks`).  Returns, for each rank whose group is shown by another
    rank, ``(that rank, the group's ranks)``."""
    story = job_story(index)
    if story is None:
        return {}
    if story.runs:  # a rank with several logs: each run apart; every log's own block is printed (ranks are not unique)
        console.print(
            f"[yellow]the logs hold {len(story.runs)} runs (a rank has several logs: rank logs of several jobs in one folder); "
            "each run's ranks are grouped apart[/yellow]",
            highlight=False,
        )
        for n, run in enumerate(story.runs, 1):
            console.print(f"[bold]run {n}[/bold]" + (f" · started {run.started}" if run.started else ""), highlight=False)
            _print_story(run, console)
        return {}
    _print_story(story, console)
    return {r: (g.ranks[0], g.ranks) for g in story.groups if len(g.ranks) > 1 for r in g.ranks[1:]}


def _print_story(story, console) -> None:
    """One run's groups of identical ranks and what differs between them (a :class:`~inductor_lens.health.ranks.RankStory`)."""
    from rich.text import Text

    from .health import indented

    console.print(f"[bold]{story.count} ranks[/bold] · {plural(len(story.groups), 'group')} of identical ranks", highlight=False)
    for group in story.groups:
        console.print(
            indented(
                2,
                Text(
                    f"{'rank' if len(group.ranks) == 1 else 'ranks'} {rank_list(group.ranks)}: "
                    f"{plural(group.compiles, 'compile')}, {plural(group.kernels, 'kernel')}"
                ),
            )
        )
    if story.divergence:
        console.print("what differs between ranks:")
        for d in story.divergence:
            where = f"{trace_basename(d.file)}:{d.line}  " if d.file else ""
            console.print(
                indented(
                    2,
                    Text(f"{ranks_words(d.ranks, story.count)} · {d.kind.replace('_', ' ')} · compile {d.compile_id} · {where}{d.message}"),
                )
            )
    else:
        console.print("  every rank compiled the same")
