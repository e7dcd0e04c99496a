"""What changed between two runs, at the model line (``inductor-lens diff A B``), as the user
reads it: :mod:`.compare` (the ``--json`` document), :mod:`.table` (the text) and :mod:`.args`
(the subcommand's arguments).  The comparison itself is an answer of the analysis
(:mod:`inductor_lens.analysis.comparison`).

A presenter: may import the analysis, model, files and the leaf helpers; never the domain (the
readers, provenance, the index, health, timing, perf, ir) and never the front door (the command
opens both runs through it and hands them to the analysis).
"""
