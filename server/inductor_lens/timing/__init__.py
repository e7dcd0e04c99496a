"""Measured time: :mod:`.join` (a ``torch.profiler`` Chrome trace joined to the index's
graphs, per launch) and :mod:`.line_time` (each launch's time split across its model lines so
that lines add up to what was measured).

Sits above the index (the index never imports it); may import files, model, readers
(the Chrome trace reader) and the index.
"""
