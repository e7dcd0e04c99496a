"""How a kernel is linked to FX nodes and model lines: :mod:`.linker` (one graph's parsed
pieces -> kernels and launches, the provenance rules), :mod:`.infer` (nodes of launches the code
says nothing about, from the wrapper's dataflow aligned with the post-grad graph),
:mod:`.generated_frames` (frames in ``<eval_with_key>`` code followed to the lines behind them),
:mod:`.pass_frames` (the line PyTorch gives nodes its passes make), :mod:`.modules` (the module
of a kernel or launch from the pre-grad graph's parameter names).

May import model, readers and the leaf helpers; never the index or anything above it.
"""
