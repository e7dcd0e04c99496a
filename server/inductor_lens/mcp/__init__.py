"""``inductor-lens mcp``: the agent interface, a Model Context Protocol server over stdio with four
tools (``hot_lines``, ``explain``, ``diff``, ``health``) answered from ``report --json`` and ``diff
--json``'s documents, trimmed to what was asked.  :mod:`.answers` (the runs opened, their documents
kept while their inputs hold, and the four answers; no SDK), :mod:`.server` (the tools registered
with the official ``mcp`` SDK, imported only by this command) and :mod:`.args` (the subcommand's
arguments, and the line that says how to install the SDK when it is missing).

A presenter: may import the front door, ``analysis/``, the report's and diff's document builders,
``files`` and the leaf helpers; never the domain (readers, provenance, index, health, timing, perf,
ir): ``tests/test_layout.py`` allows it no place.
"""
