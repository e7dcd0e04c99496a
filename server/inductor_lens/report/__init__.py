"""``inductor-lens report``'s output: :mod:`.json_report` (the ``--json`` document, see
docs/report-json.md), :mod:`.table` (the summary and ``--all`` tables, rich) and
:mod:`.health` (compile health as JSON and as a table).

May import the analysis, model, files and the leaf helpers (the domain only where
tests/test_layout.py allows it); never readers.
"""
