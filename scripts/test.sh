#!/usr/bin/env bash
# The whole test suite from a fresh clone: sets up .venv, installs the package with its test
# dependencies, then runs the Python tests (unit + language-server end-to-end over stdio).
# Usage: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e '.[test]'
.venv/bin/python -m pytest -q "$@"
