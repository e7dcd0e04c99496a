"""Compile health as the user asks about it: how often a function compiled, what broke its
graph, what made it recompile, what failed (:mod:`.queries`).

Holds pure queries over the index's ``compiles`` and ``compile_events``; may import
:mod:`inductor_lens.model` (and :func:`inductor_lens.files.discovery.natural_key`, the one sort
of names with numbers in them) only: never readers, the index, or the editor layer.
"""
