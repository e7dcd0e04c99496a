"""Pure editor features: ``(snapshot, path, position) -> LSP result``.  :mod:`.snapshot`
(an index with its resolver and precomputed tables), :mod:`.hover`, :mod:`.navigation`
(definition, references, linked ranges), :mod:`.lenses`, :mod:`.symbols` (outline, workspace
symbols, links, diagnostics of warnings) and :mod:`.health` (compile-health diagnostics and lenses).

May import lsprotocol, model, files, provenance, the index, health, timing and report; never
pygls (handlers are the only pygls code) and never readers.
"""
