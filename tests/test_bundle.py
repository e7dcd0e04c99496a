"""The .vsix bundle holds every runtime dependency: the server and ``capture`` run from
``bundled/libs`` in an interpreter that has none of ours (a plain Python, or the user's PyTorch
environment).  rich was once left out of client/bundled-requirements.txt and ``capture``'s summary
died there with ``No module named 'rich'``; this walks the declared dependencies and theirs, as
installed in this venv, so no dependency of a dependency can be missed either.
(tests/e2e/run.sh also imports every module from the built bundle alone.)"""

from __future__ import annotations

import os
import re
from importlib import metadata

import tomllib
from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: compiled on purpose, with a standard-library fallback (client/bundled-requirements.txt says why)
NOT_BUNDLED = {"orjson"}


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _bundled() -> dict[str, str]:
    pins: dict[str, str] = {}
    with open(os.path.join(ROOT, "client", "bundled-requirements.txt")) as fh:
        for line in fh:
            m = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)", line)
            if m:
                pins[_canonical(m[1])] = m[2]
    return pins


def _runtime_closure() -> set[str]:
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        declared = tomllib.load(fh)["project"]["dependencies"]
    env = {**default_environment(), "extra": ""}
    todo = [Requirement(r) for r in declared]
    seen: set[str] = set()
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        name = _canonical(req.name)
        if name in seen or name in NOT_BUNDLED:
            continue
        seen.add(name)
        todo += [Requirement(r) for r in metadata.requires(req.name) or []]
    return seen


def test_every_runtime_dependency_and_theirs_is_bundled():
    closure = _runtime_closure()
    assert {"rich", "pygments", "markdown-it-py", "mdurl", "pygls", "lsprotocol"} <= closure
    missing = sorted(closure - set(_bundled()))
    assert not missing, f"in the server's runtime dependencies but not in client/bundled-requirements.txt: {missing}"


def test_one_version_source():
    """The version is written once, in ``server/inductor_lens/__init__.py``: pyproject.toml reads it
    (a dynamic version), and package.json (with its lock) says the same, as scripts/build_vsix.sh
    checks before it packs the server into the .vsix."""
    import ast
    import json

    import inductor_lens

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        pyproject = tomllib.load(fh)
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "inductor_lens.__version__"}
    init = os.path.join(ROOT, "server", "inductor_lens", "__init__.py")
    tree = ast.parse(open(init, encoding="utf-8").read())
    written = [n.value.value for n in tree.body if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "__version__"]
    assert written == [inductor_lens.__version__] and re.fullmatch(r"\d+\.\d+\.\d+", written[0]), written
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as fh:
        assert json.load(fh)["version"] == written[0], "package.json's version differs from server/inductor_lens/__init__.py's"
    with open(os.path.join(ROOT, "package-lock.json"), encoding="utf-8") as fh:
        lock = json.load(fh)
    assert lock["version"] == lock["packages"][""]["version"] == written[0], "package-lock.json: run npm install after changing the version"
    with open(os.path.join(ROOT, "scripts", "build_vsix.sh"), encoding="utf-8") as fh:
        assert "server/inductor_lens/__init__.py" in fh.read()
