#!/usr/bin/env bash
# The whole test suite from a fresh clone (needs ../shared beside the checkout):
#   1. Python: .venv with the package and its test dependencies; unit tests of the readers,
#      index and features, and end-to-end tests of the language server over stdio (pytest-lsp);
#      .venv-torch, a separate venv with a CPU PyTorch 2.13.0 (`pip install torch==2.13.0` takes
#      the CPU wheel this machine's pip finds; 2.14 would pull gigabytes of CUDA libraries), in
#      which tests/capture/test_capture.py runs `inductor-lens capture` on tiny models it writes (the
#      server itself never imports torch);
#   2. the VS Code extension's unit tests (vitest, mocked vscode) and type check;
#   3. the real editors: the built .vsix in code-server + headless Chromium, and headless Neovim
#      (tests/e2e/run.sh installs Chromium, Neovim and code-server itself; needs root for apt).
# Usage: bash scripts/test.sh            everything
#        SKIP_EDITOR_E2E=1 bash scripts/test.sh   steps 1 and 2 only (a quick local run)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
echo "=== Python tests"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e '.[test,cluster,mcp]'   # cluster: tests/cluster start a Dask LocalCluster; mcp: tests/mcp
if ! .venv-torch/bin/python -c 'import torch' >/dev/null 2>&1; then
  rm -rf .venv-torch
  "$PY" -m venv .venv-torch
  .venv-torch/bin/python -m pip install -q torch==2.13.0
fi
.venv-torch/bin/python -c 'import torch; print("capture tests use PyTorch", torch.__version__)'
.venv/bin/ruff check server tests bench scripts --quiet   # F, E9, B, I (pyproject): undefined names, unused imports, syntax, bug patterns, import order
.venv/bin/ruff format --check --quiet server tests bench scripts   # one formatting (pyproject: 140 columns)
.venv/bin/mypy                                         # server/inductor_lens (pyproject)
.venv/bin/python -m pytest -q -W error::pytest_lsp.LspSpecificationWarning

echo "=== extension unit tests"
INDUCTOR_LENS_REPORT=$(mktemp --suffix=.json)
export INDUCTOR_LENS_REPORT
.venv/bin/inductor-lens report ../shared/traces/torch-2.11-cuda/mlp_infer/trace --json > "$INDUCTOR_LENS_REPORT"
INDUCTOR_LENS_PROFILE_REPORT=$(mktemp --suffix=.json)
export INDUCTOR_LENS_PROFILE_REPORT
.venv/bin/inductor-lens report ../shared/traces/torch-2.11-cuda/profile_cnn --json > "$INDUCTOR_LENS_PROFILE_REPORT"
INDUCTOR_LENS_HEALTH_REPORT=$(mktemp --suffix=.json)
export INDUCTOR_LENS_HEALTH_REPORT
.venv/bin/inductor-lens report ../shared/traces/torch-2.14-cpu/graph_breaks/trace ../shared/traces/torch-2.14-cpu/recompiles_health/trace \
  ../shared/traces/torch-2.11-cuda/graph_break/trace --path-map /workspace/proj=../shared/traces --json > "$INDUCTOR_LENS_HEALTH_REPORT"
npm ci --no-audit --no-fund --loglevel=error
npm run -s typecheck
npm test --silent

if [ "${SKIP_EDITOR_E2E:-0}" != "1" ]; then
  echo "=== real editors (code-server + Chromium, Neovim)"
  bash tests/e2e/run.sh
fi
