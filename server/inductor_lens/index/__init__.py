"""The one index of everything opened: compiles, graphs, kernels, FX nodes, source frames.

:mod:`.trace_index` (``Index``: add files and folders, reverse maps, queries), :mod:`.loader`
(log scans, the on-disk index cache, graphs materialized on first access), :mod:`.materialize`
(one graph's payloads read by the readers and linked by provenance), :mod:`.packages`
(AOTInductor packages), :mod:`.ranks` (another rank's identical graph taken without a parse),
:mod:`.collectives` (the collectives each rank's graphs launch, in order).

May import files, model, readers and provenance; never the front door, timing, report or lsp.
"""
