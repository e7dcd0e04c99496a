"""The server's settings: what the client sends (``initializationOptions``, then the
``inductorLens`` section of ``workspace/configuration``), and the paths they name.

Keys (camelCase, as in ``package.json``): ``traces``, ``pathMappings``, ``sitePackages``,
``profiles``, ``discovery: {enabled, globs}``, ``trusted``, ``workers`` (Dask workers a job's rank
logs are indexed on: :mod:`inductor_lens.cluster`; ``""``: here).  Bad values are ignored, never raised.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ..files.discovery import DEFAULT_GLOBS, find_traces
from ..files.resolve import PathResolver

#: Every key a client may send: the server's, and those of the VS Code extension's settings that
#: only the extension reads (``package.json``: interpreter, importStrategy, trace.server,
#: compareWith, capture.*).
KNOWN_KEYS = frozenset(
    {"traces", "pathMappings", "sitePackages", "profiles", "tritonCache", "ncuProfiles", "workers", "trusted", "discovery"}
    | {"interpreter", "importStrategy", "trace", "compareWith", "capture"}
)


#: the type each key the server reads must have (a value of another type is ignored)
_TYPES: dict[str, tuple[type, str]] = {
    **dict.fromkeys(("traces", "sitePackages", "profiles", "tritonCache", "ncuProfiles"), (list, "a list")),
    "pathMappings": (dict, "an object"),
    "discovery": (dict, "an object"),
    "workers": (str, "a string"),
    "trusted": (bool, "true or false"),
}


def wrong_types(value) -> list[str]:
    """The keys of a settings object the server reads whose value has another type than it reads
    (ignored, as every bad value is): ``traces (a list, not str)``."""
    if not isinstance(value, dict):
        return []
    return [
        f"{key} ({wanted}, not {type(value[key]).__name__})"
        for key, (kind, wanted) in _TYPES.items()
        if key in value and value[key] is not None and not isinstance(value[key], kind)
    ]


def unknown_keys(value) -> list[str]:
    """The keys of a settings object that nothing reads (a misspelt ``pathMaps`` is ignored, as
    every bad value is), each as ``key`` or ``key (pathMappings?)`` when it resembles a known one."""
    if not isinstance(value, dict):
        return []
    import difflib

    out = []
    for key in value:
        if key not in KNOWN_KEYS:
            near = difflib.get_close_matches(str(key), sorted(KNOWN_KEYS), n=1, cutoff=0.6)
            name = str(key) or '""'
            out.append(f"{name} ({near[0]}?)" if near else name)
    return out


@dataclass
class Settings:
    """What the client tells us.  ``trusted`` is False in an untrusted workspace (VS Code's
    Restricted Mode): then nothing is discovered, only files the user opens are indexed."""

    traces: list[str] = field(default_factory=list)
    path_mappings: dict[str, str] = field(default_factory=dict)
    site_packages: list[str] = field(default_factory=list)
    profiles: list[str] = field(default_factory=list)
    #: Triton caches (``TRITON_CACHE_DIR`` or Inductor cache folders) to find kernels' IR in
    triton_cache: list[str] = field(default_factory=list)
    #: Nsight Compute profiles (source page CSV exports, or .ncu-rep where ncu is) for per-line metrics
    ncu_profiles: list[str] = field(default_factory=list)
    globs: list[str] = field(default_factory=lambda: list(DEFAULT_GLOBS))
    discovery: bool = True
    trusted: bool = True
    workers: str = ""

    @property
    def engine(self) -> str | None:
        """The workers to index on (``TraceRequest.workers``): ``None`` when unset, and in an
        untrusted workspace (the engine's answers are unpickled: only a trusted one may name it)."""
        return self.workers if self.workers and self.trusted else None

    def update(self, value) -> None:
        """Merge a settings object (camelCase keys, as in package.json); ignores bad values."""
        if not isinstance(value, dict):
            return
        if isinstance(value.get("traces"), list):
            self.traces = [str(p) for p in value["traces"] if isinstance(p, str)]
        if isinstance(value.get("pathMappings"), dict):
            self.path_mappings = {k: v for k, v in value["pathMappings"].items() if isinstance(k, str) and isinstance(v, str)}
        if isinstance(value.get("profiles"), list):
            self.profiles = [str(p) for p in value["profiles"] if isinstance(p, str)]
        if isinstance(value.get("ncuProfiles"), list):
            self.ncu_profiles = [str(p) for p in value["ncuProfiles"] if isinstance(p, str)]
        if isinstance(value.get("tritonCache"), list):
            self.triton_cache = [str(p) for p in value["tritonCache"] if isinstance(p, str)]
        if isinstance(value.get("sitePackages"), list):
            self.site_packages = [str(p) for p in value["sitePackages"] if isinstance(p, str)]
        if isinstance(value.get("workers"), str):
            self.workers = value["workers"].strip()
        if isinstance(value.get("trusted"), bool):
            self.trusted = value["trusted"]
        disc = value.get("discovery")
        if isinstance(disc, dict):
            if isinstance(disc.get("globs"), list) and disc["globs"]:
                self.globs = [str(g) for g in disc["globs"]]
            if isinstance(disc.get("enabled"), bool):
                self.discovery = disc["enabled"]

    def trace_paths(self, folders: list[str], extra: list[str]) -> list[str]:
        """Every path to index: the ``traces`` setting, ``extra`` (opened by command), then what
        discovery finds in ``folders``; deduplicated, and paths inside a listed folder dropped."""
        paths = [expand(p, folders) for p in self.traces] + list(extra)
        if self.discovery and self.trusted:
            paths.extend(find_traces(folders, self.globs))
        out: list[str] = []
        for path in paths:
            if path not in out and not any(path.startswith(p.rstrip("/") + "/") for p in out if os.path.isdir(p)):
                out.append(path)
        return out

    def profile_paths(self, folders: list[str]) -> list[str]:
        """The ``profiles`` setting as absolute paths."""
        return [expand(p, folders) for p in self.profiles]

    def triton_cache_paths(self, folders: list[str]) -> list[str]:
        """The ``tritonCache`` setting as absolute paths (variables, ``~`` expanded: :func:`expand`)."""
        return [expand(p, folders) for p in self.triton_cache]

    def ncu_profile_paths(self, folders: list[str]) -> list[str]:
        """The ``ncuProfiles`` setting as absolute paths."""
        return [expand(p, folders) for p in self.ncu_profiles]

    def resolver(self, folders: list[str]) -> PathResolver:
        """A resolver from the path mappings, the workspace ``folders`` and ``sitePackages``."""
        mappings = [(src, expand(dst, folders)) for src, dst in self.path_mappings.items()]
        return PathResolver(mappings, roots=folders, site_packages=[expand(p, folders) for p in self.site_packages])


_NAMED_FOLDER = re.compile(r"\$\{workspaceFolder:([^}]+)\}")
_ENV_VAR = re.compile(r"\$\{env:([^}]+)\}")


def expand(value: str, folders: list[str]) -> str:
    """A path setting as a path here: ``${workspaceFolder}`` (the first folder),
    ``${workspaceFolder:NAME}`` (the folder of that name), ``${userHome}``, ``${env:NAME}``,
    ``$NAME``/``${NAME}`` (environment variables; unset ones are left as written) and a leading
    ``~`` expanded, as VS Code expands them in its own settings (the extension sends values
    expanded; ``workspace/configuration`` gives them as the user wrote them); a relative path made
    relative to the first folder."""
    first = folders[0] if folders else os.getcwd()
    value = value.replace("${workspaceFolder}", first).replace("${userHome}", os.path.expanduser("~"))
    value = _NAMED_FOLDER.sub(lambda m: next((f for f in folders if os.path.basename(f.rstrip("/\\")) == m.group(1)), m.group(0)), value)
    value = _ENV_VAR.sub(lambda m: os.environ.get(m.group(1), m.group(0)), value)
    value = os.path.expanduser(os.path.expandvars(value))
    if not os.path.isabs(value):
        value = os.path.join(first, value)
    return os.path.normpath(value)
