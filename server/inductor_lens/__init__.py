"""Inductor Lens: index TorchInductor provenance (kernels, FX nodes, model lines) and serve it.

Layers (keep them apart):

* ``inductor_lens.readers``: one module per input format (TORCH_TRACE logs, output code,
  FX graph text, node mappings, stack traces, debug folders, tlparse folders).
* ``inductor_lens.index``: links what the readers return into one :class:`~inductor_lens.index.Index`
  (compiles, graphs, kernels, FX nodes, source frames) with reverse maps.
* ``inductor_lens.features``: pure functions (index, document, position) -> LSP results.
* ``inductor_lens.server``: thin pygls handlers.  ``inductor_lens.cli``: ``inductor-lens report|serve``.

Never executes or imports generated code, and never imports torch.
"""

__version__ = "0.1.0"
