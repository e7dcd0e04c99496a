"""``inductor-lens report`` on a job of several ranks: its groups of identical ranks, then what
differs, each difference with the ranks it is on (:mod:`inductor_lens.health.ranks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..files.trace_paths import basename as trace_basename
from ..health.ranks import RankStory, rank_list, rank_story, ranks_words
from ..text import plural

if TYPE_CHECKING:
    from ..index.trace_index import Index

# rich, the tables and the collectives' reader are imported where a job of several ranks needs
# them: a one-rank `report --json` (most reports) never does


def job_story(index: Index) -> RankStory | None:
    """The index's job of several ranks (:func:`inductor_lens.health.ranks.rank_story` with each
    rank's collectives, :func:`inductor_lens.index.collectives.collective_sequences`), ``None``
    for fewer than two ranks.  The one place the report, the JSON and the editor get it from."""
    if len({c.rank for c in index.compiles if c.rank is not None} | {g.rank for g in index.graphs if g.rank is not None}) < 2:
        return None  # (the collectives would read every graph's kernels for nothing)
    from ..index.collectives import collective_sequences

    return rank_story(index.compiles, index.compile_events, index.graphs, collective_sequences(index.graphs))


def print_ranks(index: Index, console) -> dict[int, tuple[int, list[int]]]:
    """A job of several ranks: its groups of identical ranks and what differs, each with its ranks
    (:mod:`inductor_lens.health.ranks`).  Returns, for each rank whose group is shown by another
    rank, ``(that rank, the group's ranks)``."""
    story = job_story(index)
    if story is None:
        return {}
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
    return {r: (g.ranks[0], g.ranks) for g in story.groups if len(g.ranks) > 1 for r in g.ranks[1:]}
