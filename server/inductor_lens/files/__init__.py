"""What the user has on disk, before anything is read: which files are traces and profiles
(:mod:`.discovery`), paths written on any OS (:mod:`.trace_paths`: Windows drives, UNC, case),
trace paths resolved to local files (:mod:`.resolve`: path mappings, site-packages, the
workspace by path suffix), the extraction folder and on-disk index cache (:mod:`.cache`), what a
run met on disk (:mod:`.run_inputs`) and report's saved answers (:mod:`.report_cache`).

The bottom layer beside the leaf helpers: imports only the standard library and its own
modules (the model may import :mod:`.trace_paths`).
"""
