"""What changed between two runs, at the model line (``inductor-lens diff A B``, the editor's
*Compare with Trace...*): :mod:`.lines` (each run's model lines and the row-by-row comparison),
:mod:`.kernels` (kernels matched across runs), :mod:`.runs` (versions, device, options, compile
health per function), :mod:`.compare` (the comparison and its JSON), :mod:`.table` (the text) and :mod:`.args` (the
subcommand's arguments).

Sits at the report's layer: may import model, files, provenance, the index, health and timing;
never readers and never the front door (the command opens both runs through it and hands the
indexes here).
"""
