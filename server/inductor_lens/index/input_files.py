"""What kind of input a path the user named is, before it is read: a tlparse output folder, a
file inside an AOTInductor package, a file's MD5 (to tell a copy of an output code)."""

from __future__ import annotations

import hashlib
import os


def _is_tlparse_output(folder: str) -> bool:
    """A tlparse output folder (one rank's): ``raw.log`` (the original log) beside tlparse's
    ``compile_directory.json`` or ``index.html``."""
    return os.path.isfile(os.path.join(folder, "raw.log")) and (
        os.path.isfile(os.path.join(folder, "compile_directory.json")) or os.path.isfile(os.path.join(folder, "index.html"))
    )


def _package_of(path: str) -> str | None:
    """The AOTInductor package ``path`` is or belongs to: a ``.pt2`` file, a folder holding an
    extracted one (``data/aotinductor/``), or a model folder of one (``.../data/aotinductor/<model>``,
    or a file in it such as its ``.wrapper.cpp`` or ``kernel_information.json``)."""
    in_aoti = lambda folder: os.path.basename(folder) == "aotinductor" and os.path.basename(os.path.dirname(folder)) == "data"
    if os.path.isfile(path):
        if path.endswith(".pt2"):
            return path
        folder = os.path.dirname(path)
        return folder if in_aoti(os.path.dirname(folder)) or os.path.basename(path) == "kernel_information.json" else None
    if os.path.isdir(os.path.join(path, "data", "aotinductor")) or in_aoti(os.path.dirname(path)):
        return path
    return None


def _file_md5(path: str) -> str | None:
    digest = hashlib.md5()
    try:
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 22), b""):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()
