"""Settings keys nothing reads are said (a new user's trial: ``pathMaps`` for ``pathMappings`` was
ignored without a word, and the model file got no answers), and every key the VS Code extension
sends is known: the top-level keys of ``package.json``'s ``inductorLens.*`` settings and of
``InitializationOptions`` in ``client/src/protocol.ts`` (read from the files: the list cannot
drift from them)."""

from __future__ import annotations

import json
import os
import re

from conftest import REPO
from inductor_lens.lsp.settings import KNOWN_KEYS, unknown_keys


def test_every_key_the_extension_sends_is_known():
    with open(os.path.join(REPO, "package.json"), encoding="utf-8") as fh:
        contributed = json.load(fh)["contributes"]["configuration"]
    sections = contributed if isinstance(contributed, list) else [contributed]
    settings = {key.split(".")[1] for section in sections for key in section["properties"]}
    with open(os.path.join(REPO, "client", "src", "protocol.ts"), encoding="utf-8") as fh:
        block = re.search(r"export interface InitializationOptions \{(.*?)\n\}", fh.read(), re.S)
    assert block is not None
    sent = set(re.findall(r"^\s+(\w+)\??:", block.group(1), re.M))
    assert {"pathMappings", "interpreter", "capture", "trace"} <= settings and {"sitePackages", "trusted"} <= sent
    assert settings | sent <= KNOWN_KEYS


def test_unknown_keys_are_named_with_the_known_key_they_resemble():
    value = {"pathMaps": {"/a": "/b"}, "traces": [], "sitePackage": [], "colour": "red", "discovery": {"enabled": False}}
    assert unknown_keys(value) == ["pathMaps (pathMappings?)", "sitePackage (sitePackages?)", "colour"]
    assert unknown_keys({"traces": []}) == [] and unknown_keys(None) == [] and unknown_keys([1]) == []


def test_known_keys_of_another_type_are_named_and_ignored():
    """A second trial: ``traces`` as a string, ``trusted: "false"`` and non-string path mappings
    were ignored (or turned into paths like ``<folder>/None``) without a word."""
    from inductor_lens.lsp.settings import Settings, wrong_types

    value = {"traces": "/p", "trusted": "false", "pathMappings": [], "workers": None, "discovery": {"enabled": False}, "": 1}
    assert wrong_types(value) == ["traces (a list, not str)", "pathMappings (an object, not list)", "trusted (true or false, not str)"]
    assert unknown_keys(value) == ['""'] and wrong_types({"traces": []}) == [] and wrong_types("x") == []
    settings = Settings()
    settings.update(value)
    assert settings.traces == [] and settings.trusted is True and settings.discovery is False
    settings.update({"pathMappings": {"/a": None, "/b": "/c", "/d": ["/e"]}})
    assert settings.path_mappings == {"/b": "/c"}


def test_path_settings_expand_as_vscode_writes_them(monkeypatch, tmp_path):
    """What ``workspace/configuration`` hands over as the user wrote it (issue 48): the folder,
    a named folder, the home folder, environment variables; unset ones are left as written."""
    from inductor_lens.lsp.settings import Settings, expand

    ws, other = str(tmp_path / "ws"), str(tmp_path / "other")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("RUNS", "/data/runs")
    monkeypatch.delenv("IL_UNSET", raising=False)
    assert expand("${workspaceFolder}/torchinductor/triton", [ws, other]) == f"{ws}/torchinductor/triton"
    assert expand("${workspaceFolder:other}/tc", [ws, other]) == f"{other}/tc"
    assert expand("~/.triton/cache", [ws]) == f"{tmp_path}/home/.triton/cache"
    assert expand("${userHome}/x", [ws]) == f"{tmp_path}/home/x"
    assert expand("${env:RUNS}/tc", [ws]) == expand("$RUNS/tc", [ws]) == "/data/runs/tc"
    assert expand("${env:IL_UNSET}/tc", [ws]) == f"{ws}/${{env:IL_UNSET}}/tc"  # relative: under the folder, as written
    settings = Settings()
    settings.update({"tritonCache": ["${workspaceFolder}/tc", "~/c"], "ncuProfiles": ["${env:RUNS}/r.csv"]})
    assert settings.triton_cache_paths([ws]) == [f"{ws}/tc", f"{tmp_path}/home/c"]
    assert settings.ncu_profile_paths([ws]) == ["/data/runs/r.csv"]
