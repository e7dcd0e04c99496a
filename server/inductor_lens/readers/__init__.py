"""Readers: one small module (or package) per input format.  Each returns plain data and never
raises on bad content (damage becomes warnings naming file and line); only ``OSError`` on
unreadable files.  ``torch_trace/`` (the TORCH_TRACE log, and its records paired into graphs),
``output_code/`` (wrapper code), :mod:`.fx_graph`, :mod:`.mapping`, :mod:`.stack_traces`,
:mod:`.debug_folder`, :mod:`.aoti_package`, :mod:`.chrome_trace`, :mod:`.compile_health`,
:mod:`.wrapper_dataflow`, ``triton_ir/`` (a Triton cache folder's IR and its line info),
:mod:`.ncu_source` (Nsight Compute's source page exported as CSV).

May import model, files and the leaf helpers only; readers never import each other (a reader
package imports its own modules).
"""
