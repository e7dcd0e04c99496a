"""Every module of the bundled server imports with nothing but ``bundled/libs`` and the standard
library, as the .vsix runs it on a user's machine (a Python with none of our dependencies, or a
PyTorch environment without them: ``capture`` runs there).

Run by tests/e2e/run.sh right after the .vsix is built, with an isolated interpreter
(``python -I -S``: no user or site packages): a runtime dependency missing from
client/bundled-requirements.txt (rich once was: ``capture``'s summary died in the user's PyTorch
environment with ``No module named 'rich'``) fails here, naming the module.  Modules that need an
optional extra (``cluster``: Dask; ``mcp.server``: the MCP SDK) or that are the capture hook inside the user's program (which
imports torch) are skipped, and say so.

Usage: python -I -S tests/e2e/bundled_imports.py BUNDLED_LIBS
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback

#: module prefixes that may need what the bundle does not hold, on purpose
OPTIONAL = {
    "inductor_lens.cluster": "the [cluster] extra (Dask)",
    "inductor_lens.mcp.server": "the [mcp] extra (the MCP SDK; inductor-lens mcp says how to install it)",
    "inductor_lens.capture.hook": "runs inside the user's program (imports torch)",
    "inductor_lens.__main__": "runs the command line",
    "inductor_lens.example.models": "the bundled example trace's model file (imports torch)",
}


def main(libs: str) -> int:
    libs = os.path.abspath(libs)
    sys.path.insert(0, libs)
    root = os.path.join(libs, "inductor_lens")
    names = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(folder, libs).replace(os.sep, ".")
        for f in sorted(files):
            if f.endswith(".py"):
                names.append(rel if f == "__init__.py" else f"{rel}.{f[:-3]}")
    failed, skipped = [], []
    for name in names:
        why = next((w for p, w in OPTIONAL.items() if name == p or name.startswith(p + ".")), None)
        if why:
            skipped.append(f"{name} ({why})")
            continue
        try:
            importlib.import_module(name)
        except BaseException:  # noqa: BLE001 - report every failure, keep going
            failed.append(f"{name}: {traceback.format_exc(limit=1).strip().splitlines()[-1]}")
    outside = sorted(
        {
            getattr(m, "__file__", "") or ""
            for m in list(sys.modules.values())
            if getattr(m, "__file__", None) and "site-packages" in (m.__file__ or "") and not os.path.abspath(m.__file__).startswith(libs)
        }
    )
    print(f"bundled imports: {len(names) - len(skipped)} modules imported from {libs}, {len(skipped)} skipped")
    for s in skipped:
        print(f"  skipped {s}")
    for o in outside:
        failed.append(f"imported from outside the bundle: {o}")
    for f in failed:
        print(f"  FAIL {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
