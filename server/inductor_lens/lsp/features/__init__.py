"""Pure editor features: ``(snapshot, path, position) -> LSP result``.  :mod:`.snapshot`
(an index with its resolver and precomputed tables), :mod:`.hover`, :mod:`.navigation`
(definition, references, linked ranges), :mod:`.lenses`, :mod:`.symbols` (outline, workspace
symbols, links, diagnostics of warnings), :mod:`.health` (compile-health diagnostics and lenses) and
:mod:`.ranks` (what differs between ranks with no compile record of its own: collectives).

May import lsprotocol, model, files, provenance, the index, health, timing and report; never
pygls (handlers are the only pygls code) and never readers.
"""
