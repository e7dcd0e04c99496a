"""``inductor-lens report``'s output: :mod:`.json_report` (the ``--json`` document, see
docs/report-json.md), :mod:`.table` (the summary and ``--all`` tables, rich) and
:mod:`.health` (compile health as JSON and as a table).

May import model, files, provenance (module paths), the index, health and timing; never readers.
"""
