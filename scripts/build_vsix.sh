#!/usr/bin/env bash
# Builds inductor-lens-<version>.vsix at the repository root (`npm run package`).
#
# 1. bundled/libs/: the server package (server/inductor_lens) plus its pure-Python dependencies,
#    pinned and hash-checked in client/bundled-requirements.txt, so the extension needs nothing
#    but a Python >= 3.10 on the user's machine. Compiled packages (orjson) are not bundled.
# 2. dist/extension.js: the TypeScript client bundled by esbuild (vsce runs vscode:prepublish).
# 3. vsce package. Dependencies are already inside the bundle, hence --no-dependencies.
#
# Environment: PYTHON (default python3) runs pip. Needs `npm ci` to have been run.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$REPO"
PYTHON=${PYTHON:-python3}
LIBS=bundled/libs

if [ ! -f server/inductor_lens/__init__.py ]; then
  echo "build_vsix: server/inductor_lens is missing; cannot bundle the server" >&2
  exit 1
fi

rm -rf "$LIBS"
mkdir -p "$LIBS"
"$PYTHON" -m pip install --quiet --disable-pip-version-check --no-deps --no-compile \
  --only-binary=:all: --implementation py --require-hashes \
  --target "$LIBS" -r client/bundled-requirements.txt
rm -rf "$LIBS/bin"
# The server package itself, without caches or build metadata.
tar -C server --exclude='__pycache__' --exclude='*.pyc' -cf - inductor_lens | tar -C "$LIBS" -xf -

# One version source: server/inductor_lens/__init__.py (pyproject.toml reads it too); package.json
# must say the same, or the .vsix would carry a server of another version.
VERSION=$(node -p "require('./package.json').version")
PY_VERSION=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' server/inductor_lens/__init__.py)
if [ "$VERSION" != "$PY_VERSION" ]; then
  echo "build_vsix: package.json's version $VERSION is not the server's $PY_VERSION (server/inductor_lens/__init__.py, the one source): set package.json's to it" >&2
  exit 1
fi
OUT="inductor-lens-$VERSION.vsix"
# The Marketplace page is README.md without its picture: vsce needs an absolute image URL, and
# package.json names no repository to make one from (the picture's line is the one starting `![`).
# vsce takes the page's path relative to the repository (build/ is ignored by git and not packed).
PAGE=build/vsix-page
rm -rf "$PAGE" && mkdir -p "$PAGE"
grep -v '^!\[' README.md >"$PAGE/README.md"
npx --no-install vsce package --no-dependencies --skip-license --allow-missing-repository --readme-path "$PAGE/README.md" -o "$OUT"
echo "build_vsix: built $REPO/$OUT"
