"""Inference of the FX nodes a launch computes when the trace has no provenance for it:
:mod:`.launches` (the entry point, ``infer_launches``), :mod:`.alignment` (the wrapper's
dataflow aligned with the post-grad graph), :mod:`.origins` (what Inductor counts among a
kernel's origins beyond what it computes: views, cat slots, call inputs, split reductions).

May import model and readers (the wrapper's dataflow), and its own modules.
"""
