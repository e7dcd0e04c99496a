"""The one view of the analysis every presenter reads (issue 47): :mod:`.core` (:class:`Analysis`,
built once per opened request by the front door, its answers computed on first request and kept),
:mod:`.snapshot` (the editor's :class:`Snapshot`: an analysis with the local files' lines tabled,
one per indexing generation), :mod:`.comparison` (two runs compared at the model line: each run's
lines in :mod:`.run_lines`, its facts in :mod:`.run_facts`, kernels matched in
:mod:`.kernel_pairs`, lines paired by their text in :mod:`.pairing`, the steps by the wall clock
in :mod:`.wall`, why B is slower in :mod:`.causes`) and :mod:`.ir` (``report --ir``'s Triton IR opened from the flags).
Modelled on rust-analyzer's ``ide::Analysis`` and pyright's ``AnalyzerService``: the CLI, the
language server and the agent interface ask the same questions of the same object.

Sits between the domain queries and the presenters: may import files, model, provenance, the
index, health, timing, perf, ir and the leaf helpers; never readers, never the front door, never
a presenter.  The presenters (``report/``, ``diff/``, ``lsp/``, ``capture/``, ``mcp/``) import
this and the leaf helpers instead of the domain (``tests/test_layout.py`` lists the few
exceptions, each with its reason); JSON is written by the presenters' serializers, not here.

Adding a per-line fact (eager time, host time, the step...): compute it here once, as a field
of the answer it belongs to (a model line, a call site, a step), filled where the analysis
builds that answer; every presenter then shows it by reading the field (the report's serializer
writes it into ``lines[i]``, the editor's hover and lenses word it), and no presenter computes it.
"""
