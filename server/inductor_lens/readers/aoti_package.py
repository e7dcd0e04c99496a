"""Reader for AOTInductor packages: a ``.pt2`` file (a zip) or the folder it was extracted to.

Written by ``torch._inductor.aoti_compile_and_package`` (``torch/_inductor/package/package.py``,
``torch/export/pt2_archive/``; PyTorch 2.6 - 2.14).  Layout, one folder per model::

    <archive>/data/aotinductor/<model>/<hash>.wrapper.cpp     the C++ wrapper (output code)
    <archive>/data/aotinductor/<model>/<hash>.kernel.cpp      the C++ kernels (CPU)
    <archive>/data/aotinductor/<model>/kernel_information.json  provenance (2.9+, with provenance on)
    <archive>/data/aotinductor/<model>/*.so, *.cubin, *_metadata.json, ...   (binaries: never read)
    <archive>/archive_format, <archive>/data/weights/..., <archive>/extra/...

``kernel_information.json`` (``torch/_inductor/debug.py`` ``create_kernel_information_json``,
pytorch#160540, #183952) is ``{"name:handle": {"stack_traces": [str], "post_grad_nodes": [str],
"pre_grad_nodes": [str], "extern_semantic_key": str | null, ...}}`` with the keys of the wrapper's
``[Provenance debug handles]`` comments.  The package's ``.cpp`` files end with the compile
command (``// Compile cmd``) appended to the logged text.

Members are read with :mod:`zipfile` into memory (text files only, size-capped); nothing is
extracted here.  Older packages without ``.wrapper.cpp`` names: the ``.cpp`` holding
``AOTInductorModel::run_impl`` is the wrapper.
"""

from __future__ import annotations

import json
import os
import zipfile
from dataclasses import dataclass

from ..model import InputWarning

#: Members larger than this are not read (real wrappers are well under 1 MB).
MAX_MEMBER_BYTES = 64 << 20
_AOTI_DIR = ("data", "aotinductor")


@dataclass(slots=True)
class PackageModel:
    """One model of a package: its wrapper (and kernel) code and parsed ``kernel_information.json``.

    ``*_name`` are member paths inside the zip, or file paths for an extracted folder
    (``on_disk``); ``kernel_information`` is ``None`` when the package has none (provenance off).
    """

    name: str
    wrapper_name: str
    wrapper: str
    kernel_name: str | None = None
    kernel: str | None = None
    kernel_information: dict | None = None
    info_name: str | None = None
    on_disk: bool = False


def is_package(path: str) -> bool:
    """A ``.pt2`` file, a zip holding ``data/aotinductor/``, or a folder holding one extracted."""
    if os.path.isdir(path):
        return bool(_model_dirs(path))
    if path.endswith(".pt2"):
        return True
    try:
        with zipfile.ZipFile(path) as zf:
            return any(_aoti_model_of(n) for n in zf.namelist())
    except (OSError, zipfile.BadZipFile):
        return False


def _aoti_model_of(member: str) -> str | None:
    """``<archive>/data/aotinductor/<model>/<file>`` -> ``<archive>/data/aotinductor/<model>``."""
    parts = member.split("/")
    i = len(parts) - 4  # the file sits right inside the model folder
    if i >= 0 and tuple(parts[i : i + 2]) == _AOTI_DIR and parts[-1]:
        return "/".join(parts[: i + 3])
    return None


def _model_dirs(folder: str) -> list[str]:
    """Model folders of an extracted package under ``folder`` (``.../data/aotinductor/<model>``),
    or ``folder`` itself when it is one."""
    found: list[str] = []
    if os.path.basename(os.path.dirname(folder)) == "aotinductor" and os.path.isdir(folder):
        return [folder]
    for dirpath, dirnames, _ in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        if tuple(dirpath.replace(os.sep, "/").split("/")[-2:]) == _AOTI_DIR:
            found.extend(os.path.join(dirpath, d) for d in dirnames)
            dirnames[:] = []
    return found


def _pick(names: list[str], texts) -> tuple[str | None, str | None]:
    """(wrapper member, kernel member) among the ``.cpp`` names of one model."""
    wrapper = next((n for n in names if n.endswith(".wrapper.cpp")), None)
    kernel = next((n for n in names if n.endswith(".kernel.cpp")), None)
    if wrapper is None:
        for name in names:
            text = texts(name)
            if text is not None and "AOTInductorModel::run_impl" in text:
                wrapper = name
            elif kernel is None and text is not None and 'extern "C"' in text:
                kernel = name
    return wrapper, kernel


def read_package(path: str) -> tuple[list[PackageModel], list[InputWarning]]:
    """Every model of the package at ``path`` (a ``.pt2`` zip or an extracted folder).

    Never raises: an unreadable zip, a missing wrapper or invalid ``kernel_information.json``
    become warnings naming the file (``<pkg>!<member>`` inside a zip).
    """
    warnings: list[InputWarning] = []
    if os.path.isdir(path):
        return _read_folder(path, warnings), warnings
    try:
        zf = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as exc:
        return [], [InputWarning(path, 0, f"not a readable AOTInductor package (zip): {exc}")]
    with zf:
        by_model: dict[str, list[zipfile.ZipInfo]] = {}
        for info in zf.infolist():
            model = _aoti_model_of(info.filename)
            if model is not None:
                by_model.setdefault(model, []).append(info)
        if not by_model:
            return [], [InputWarning(path, 0, "no data/aotinductor/<model>/ folder in this package; skipped")]

        def text(member: str) -> str | None:
            info = zf.getinfo(member)
            if info.file_size > MAX_MEMBER_BYTES:
                warnings.append(InputWarning(f"{path}!{member}", 0, f"over {MAX_MEMBER_BYTES >> 20} MiB; skipped"))
                return None
            data = zf.read(member)
            if b"\x00" in data[:4096]:
                return None
            return data.decode("utf-8", errors="replace")

        models = []
        for model, infos in sorted(by_model.items()):
            names = sorted(i.filename for i in infos)
            cpp = [n for n in names if n.endswith(".cpp")]
            info_name = next((n for n in names if n.endswith("/kernel_information.json")), None)
            models.extend(_model(path, model, cpp, info_name, text, warnings, on_disk=False))
        return models, warnings


def _read_folder(folder: str, warnings: list[InputWarning]) -> list[PackageModel]:
    def text(name: str) -> str | None:
        try:
            if os.path.getsize(name) > MAX_MEMBER_BYTES:
                warnings.append(InputWarning(name, 0, f"over {MAX_MEMBER_BYTES >> 20} MiB; skipped"))
                return None
            with open(name, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            warnings.append(InputWarning(name, 0, f"cannot read: {exc.strerror or exc}"))
            return None
        return None if b"\x00" in data[:4096] else data.decode("utf-8", errors="replace")

    models = []
    for model_dir in _model_dirs(folder):
        names = sorted(os.path.join(model_dir, n) for n in os.listdir(model_dir))
        cpp = [n for n in names if n.endswith(".cpp")]
        info = os.path.join(model_dir, "kernel_information.json")
        models.extend(_model(folder, model_dir, cpp, info if os.path.isfile(info) else None, text, warnings, on_disk=True))
    return models


def _model(path, model, cpp, info_name, text, warnings, *, on_disk: bool) -> list[PackageModel]:
    where = (lambda n: n) if on_disk else (lambda n: f"{path}!{n}")
    wrapper_name, kernel_name = _pick(cpp, text)
    wrapper = text(wrapper_name) if wrapper_name else None
    if wrapper_name is None or wrapper is None:
        warnings.append(InputWarning(where(model), 0, "no AOTInductor wrapper code (.wrapper.cpp) in this model folder; skipped"))
        return []
    found = PackageModel(os.path.basename(model), wrapper_name, wrapper, on_disk=on_disk)
    if kernel_name is not None:
        found.kernel_name, found.kernel = kernel_name, text(kernel_name)
    if info_name is not None:
        raw = text(info_name)
        try:
            value = json.loads(raw) if raw is not None else None
        except ValueError as exc:
            warnings.append(InputWarning(where(info_name), 1, f"invalid JSON: {exc}"))
            value = None
        if value is not None and not isinstance(value, dict):
            warnings.append(InputWarning(where(info_name), 1, "kernel_information.json is not a JSON object; ignored"))
            value = None
        found.kernel_information, found.info_name = value, info_name
    return [found]
