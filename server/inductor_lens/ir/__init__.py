"""What a Triton kernel compiled to: its Triton cache folder found and matched, and per line of the
kernel's own file the TTIR, TTGIR, LLIR, PTX and SASS lines it became (issue 30).

* :mod:`.find`: where a trace's Triton caches are (beside it, the Inductor cache its output code
  names, ``TRITON_CACHE_DIR`` as the log's ``fx_graph_runnable`` records it, folders the user
  gives) and which folder is each kernel's (the file its IR names, the chosen config);
* :mod:`.kernel_ir`: a kernel's IR files, line maps (the readers' :class:`~inductor_lens.readers.triton_ir.LineMap`),
  instruction counts, registers, shared and local memory; SASS from the cubin with ``nvdisasm``.

Reads only what the cache holds; nothing is compiled.  May import model, files, readers and the
index (a kernel's ``# kernel path:`` and chosen config: :mod:`inductor_lens.index.kernel_facts`).
"""
