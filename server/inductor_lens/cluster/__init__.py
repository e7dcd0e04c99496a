"""A job's rank logs indexed on an existing distributed engine (Dask's ``distributed``), where
they are stored: one task per log on the engine's workers (:func:`inductor_lens.index.parts.index_rank`),
the small per-rank parts merged here in the logs' order by the same code as locally
(:func:`inductor_lens.index.parts.merge_part`), so the answer equals the single-machine one.

:mod:`.engine` (``Engine``: ``local``, ``local:N`` or a scheduler address; the map with its retry
and progress), :mod:`.progress` (ranks done / total on stderr).  Optional: ``pip install
'inductor-lens[cluster]'``; only the front door imports this package, and only when workers are
asked for; ``distributed`` itself is imported when an engine is opened.

May import files, model and the index (never readers, the report, the front door or above).
"""

from .engine import ClusterError, Engine

__all__ = ["ClusterError", "Engine"]
