"""Inductor Lens: index TorchInductor provenance (kernels, FX nodes, model lines) and serve it.

Layers, bottom up (docs/architecture.md is the map; tests/test_layout.py keeps them apart):
leaf helpers (``_json``, ``text``, ``lexical``) -> ``files`` (what is on disk, paths, cache) ->
``model`` -> ``readers`` (one per input format) -> ``provenance`` (linking kernels to FX nodes and
model lines) -> ``index`` (the one index) -> ``health``, ``timing`` -> ``report``, ``diff`` ->
``open_traces`` (the front door) -> ``capture``, ``lsp`` (the language server) -> ``cli``.

Never executes or imports generated code, and never imports torch.
"""

#: the one version source: pyproject.toml reads it (a dynamic version); package.json must say the same
#: (tests/test_bundle.py, scripts/build_vsix.sh)
__version__ = "0.1.0"
