"""Pure editor features: ``(snapshot, path, position) -> LSP result`` over the analysis's
:class:`inductor_lens.analysis.snapshot.Snapshot`: :mod:`.hover`, :mod:`.navigation`
(definition, references, linked ranges), :mod:`.lenses`, :mod:`.symbols` (outline, workspace
symbols, links, diagnostics of warnings), :mod:`.health` (compile-health diagnostics and lenses) and
:mod:`.ranks` (what differs between ranks with no compile record of its own: collectives).

May import lsprotocol, the analysis, model, files and report (the domain only where
tests/test_layout.py allows it); never pygls (handlers are the only pygls code) and never readers.
"""
