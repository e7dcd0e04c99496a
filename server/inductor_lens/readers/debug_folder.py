"""Reader for a loose output code file and the ``TORCH_COMPILE_DEBUG`` folder around it.

``TORCH_COMPILE_DEBUG=1`` (``torch/_inductor/debug.py`` ``DebugFormatter``, PyTorch 2.7 - 2.14)
writes per graph ``torch_compile_debug/run_*/torchinductor/<model>__<n>_inference_<m>.<k>/`` with
``output_code.py``, ``fx_graph_readable.py``, ``fx_graph_transformed.py`` (the post-grad graph),
``inductor_provenance_tracking_node_mappings.json`` (2.7+) and, in 2.7/2.8,
``inductor_generated_kernel_to_post_grad_nodes.json`` (``inductor_triton_kernel_to_post_grad_nodes.json``
before).  An Inductor cache file (``<hash>.py`` / ``.cpp``) has no siblings.  This reader only
reads the files (texts and JSON values); the loader parses them with the other readers.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .. import _json
from ..model import InputWarning

MAPPING_NAME = "inductor_provenance_tracking_node_mappings.json"
KERNEL_TO_POST_NAMES = ("inductor_generated_kernel_to_post_grad_nodes.json", "inductor_triton_kernel_to_post_grad_nodes.json")
POST_GRAD_NAME = "fx_graph_transformed.py"


@dataclass(slots=True)
class DebugFolderFiles:
    """What lies beside one output code: texts and parsed JSON values (``None`` where absent or
    unreadable, with a warning in ``warnings``); ``folder_name`` hints the graph kind."""

    code_path: str
    code: str
    folder_name: str
    mapping: object = None
    kernel_to_post: object = None
    post_grad_path: str | None = None
    post_grad: str | None = None
    warnings: list[InputWarning] = field(default_factory=list)


def read_text(path: str, warnings: list[InputWarning]) -> str | None:
    """A text file (UTF-8, bad bytes replaced); ``None`` and a warning when unreadable or binary."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        warnings.append(InputWarning(path, 0, f"cannot read: {exc.strerror or exc}"))
        return None
    if b"\x00" in data[:4096]:
        warnings.append(InputWarning(path, 0, "binary file; skipped"))
        return None
    return data.decode("utf-8", errors="replace")


def _read_json(path: str, warnings: list[InputWarning], *, empty_ok: bool = False) -> object:
    raw = read_text(path, warnings)
    if raw is None or (empty_ok and not raw):
        return None
    try:
        return _json.loads(raw)
    except ValueError as exc:
        warnings.append(InputWarning(path, 1, f"invalid JSON: {exc}"))
        return None


def read_debug_folder(code_path: str, code: str) -> DebugFolderFiles:
    """The siblings of output code ``code_path`` (whose text ``code`` the caller already read)."""
    folder = os.path.dirname(code_path)
    files = DebugFolderFiles(code_path=code_path, code=code, folder_name=os.path.basename(folder))
    mapping = os.path.join(folder, MAPPING_NAME)
    if os.path.isfile(mapping):
        files.mapping = _read_json(mapping, files.warnings)
    for name in KERNEL_TO_POST_NAMES:
        extra = os.path.join(folder, name)
        if os.path.isfile(extra):
            files.kernel_to_post = _read_json(extra, files.warnings, empty_ok=True)
    post = os.path.join(folder, POST_GRAD_NAME)
    if os.path.isfile(post):
        files.post_grad = read_text(post, files.warnings)
        files.post_grad_path = post if files.post_grad is not None else None
    return files
