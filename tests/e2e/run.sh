#!/usr/bin/env bash
# End-to-end test of Inductor Lens in real editors, offline:
#   A) the built .vsix in VS Code (code-server 4.100.3, driven in headless Chromium by
#      playwright-core), tests/e2e/vscode.e2e.cjs, in five workspaces:
#      - mlp_infer: status bar, Kernels view, Go to Kernel…, hover, go to definition, three-panel
#        view, code lens;
#      - profile_cnn with its torch.profiler trace beside the trace folder: measured device time in
#        the status bar, the Kernels view (and its unattributed device kernels), a launch's lens
#        and hover, a model line's lens, Open Profile… (expectations: profile_expected.py, from
#        the server's report of the same workspace);
#      - gpt2_train: Go to Kernel… by module path, the hover and lens of block 1's MLP GEMM and of
#        lm_head's (tied weight) name their modules (expectations: gpt2_expected.py);
#      - compile health (torch-2.14-cpu graph_breaks + recompiles_health with health.py): the
#        status bar's problem count, the Compile health node, the graph-break warnings of health.py
#        and a hover with PyTorch's hint, Gate.forward's lens with its recompile count
#        (expectations: health_expected.py, from the server's report of the same workspace);
#      - compare: the edited CNN run compared with the run before the edit (inductorLens.compareWith):
#        the lens of a new line, the gutter marks, the baseline | this-run hover, the Changed Lines view;
#      - comparebs: tf_bs (batch 32) against tf_plain (16), at a 1400 px window and the default side
#        bar: the headline and the first causes readable in Changed Lines, each line's time moved;
#      - capture: a workspace holding only a tiny model script, with the extension running on a
#        PyTorch interpreter (E2E_TORCH_PYTHON, default .venv-torch/bin/python, which
#        scripts/test.sh makes): Capture Trace… on the open tiny.py runs it in a terminal and ends
#        with a code lens on its lines; the run is listed with its time and runs again;
#   B) `inductor-lens serve` in headless Neovim 0.7.2: hover on a kernel (tests/e2e/nvim_hover.lua),
#      the graph-break warnings of health.py (tests/e2e/nvim_health.lua),
#      and docs/editors.md's own Neovim configuration: a model line's code lens (tests/e2e/nvim_readme.lua).
# Adapted from ../shared/editor-e2e/RECIPE.sh (same pins and tricks). Idempotent: installs what is
# missing (apt, code-server into .editor-e2e/, npm ci), builds the .vsix, makes a fresh workspace
# holding a copy of the real mlp_infer trace and its models.py (and one of profile_cnn with its
# profile), runs both editors, exits non-zero on failure.
# Screenshots and logs: tests/artifacts/e2e/.
#
# Environment: E2E_PYTHON, the interpreter the extension runs the server with (default
# /usr/bin/python3, which has none of the server's dependencies: proves the bundled ones work);
# E2E_TORCH_PYTHON (above); E2E_SCENARIOS, the checks to run (default all: "mlp profile gpt2 hot inferred health compare comparebs capture ir nvim");
# PORT (8765).
set -euo pipefail
REPO=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)
SHARED=$(cd "$REPO/../shared" && pwd)
CACHE=$REPO/.editor-e2e
ART=$REPO/tests/artifacts/e2e
PORT=${PORT:-8765}
CS_VERSION=4.100.3 # the last code-server whose engines.node is 20
E2E_PYTHON=${E2E_PYTHON:-/usr/bin/python3}
E2E_TORCH_PYTHON=${E2E_TORCH_PYTHON:-$REPO/.venv-torch/bin/python}
E2E_SCENARIOS=${E2E_SCENARIOS:-mlp profile gpt2 hot inferred health compare comparebs capture ir nvim}
CASE=$SHARED/traces/torch-2.11-cuda/mlp_infer
PROFILE_CASE=$SHARED/traces/torch-2.11-cuda/profile_cnn
HEALTH_CASES=$SHARED/traces/torch-2.14-cpu
SECONDS=0
stamp() { echo "=== [${SECONDS}s] $*"; }

mkdir -p "$CACHE" "$ART"
rm -rf "${ART:?}"/*
# Keep code-server, Chromium and Neovim out of ~/.config, ~/.cache, /tmp.
export XDG_CONFIG_HOME=$CACHE/xdg/config XDG_DATA_HOME=$CACHE/xdg/data XDG_STATE_HOME=$CACHE/xdg/state
export TMPDIR=$CACHE/tmp
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$TMPDIR"

# ------------------------------------------------------------------ 0. Debian packages
stamp "apt"
if ! { command -v chromium && command -v nvim && command -v rg && dpkg -s libkrb5-dev build-essential pkg-config; } >/dev/null 2>&1; then
  apt-get update -qq
  # libkrb5-dev: code-server's kerberos module; ripgrep: seeds @vscode/ripgrep (see below).
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    chromium neovim libkrb5-dev ripgrep build-essential pkg-config >/dev/null
fi

# ------------------------------------------------------------------ 1. code-server from npm
stamp "code-server $CS_VERSION"
CS=$CACHE/cs/node_modules/.bin/code-server
if [ ! -x "$CS" ] || ! "$CS" --config /dev/null --version 2>/dev/null | grep -q "^$CS_VERSION "; then
  rm -rf "$CACHE/cs"
  # @vscode/ripgrep's postinstall would download rg from GitHub; it finds Debian's rg in its cache.
  mkdir -p "$TMPDIR/vscode-ripgrep-cache-1.15.11" "$CACHE/rgseed" && cp "$(command -v rg)" "$CACHE/rgseed/rg"
  tar czf "$TMPDIR/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$CACHE/rgseed" rg
  mkdir -p "$CACHE/cs"
  # npm_config_yes: node-pty's postinstall runs npx; --unsafe-perm: postinstall.sh refuses root
  # otherwise; npm_config_dangerously_allow_all_scripts: npm 11's allow-scripts policy would skip
  # code-server's postinstall (which installs VS Code's own modules) without a word.
  (cd "$CACHE/cs" && npm init -y >/dev/null &&
    npm_config_yes=true npm_config_dangerously_allow_all_scripts=true \
      npm install --unsafe-perm "code-server@$CS_VERSION" >install.log 2>&1) ||
    { tail -40 "$CACHE/cs/install.log"; exit 1; }
fi
"$CS" --config /dev/null --version

# ------------------------------------------------------------------ 2. the .vsix
stamp "npm ci + npm run package"
cd "$REPO"
if [ ! -x node_modules/.bin/vsce ] || [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund >/dev/null
fi
npm run -s package >"$ART/package.log" 2>&1 || { tail -30 "$ART/package.log"; exit 1; }
VSIX=$REPO/inductor-lens-$(node -p "require('./package.json').version").vsix
# every server module imports from bundled/libs alone (a dependency left out of
# client/bundled-requirements.txt fails here, not in a user's capture)
/usr/bin/python3 -I -S tests/e2e/bundled_imports.py bundled/libs

# ------------------------------------------------------------------ 3. a fresh workspace
stamp "workspace"
RUN=$CACHE/run
rm -rf "$RUN" && mkdir -p "$RUN/ws/torch_trace" "$RUN/ws/.vscode" "$RUN/cache" "$RUN/bin"
WS=$RUN/ws
cp "$CASE"/trace/*.log "$WS/torch_trace/"
cp "$SHARED/traces/models.py" "$WS/models.py"
chmod -R u+w "$WS"
"$E2E_PYTHON" -c 'import sys; assert sys.version_info >= (3, 10), sys.version'
if "$E2E_PYTHON" -c 'import pygls' 2>/dev/null; then
  echo "warning: $E2E_PYTHON can import pygls itself; this run does not prove the bundled libraries suffice"
fi
cat >"$WS/.vscode/settings.json" <<EOF
{
  "inductorLens.pathMappings": { "/workspace/proj": "\${workspaceFolder}" },
  "inductorLens.interpreter": ["$E2E_PYTHON"]
}
EOF
# What the checks expect, read off the shared files (the output code is the cached copy of the
# code the trace carries).
CODE=$(grep -l "^triton_per_fused_addmm_gelu_native_layer_norm_0 = async_compile" "$CASE"/torchinductor/*/*.py | head -1)
line_of() { grep -n -m1 -- "$1" "$CODE" | cut -d: -f1; }
cat >"$RUN/expected.json" <<EOF
{
  "kernel": "triton_per_fused_addmm_gelu_native_layer_norm_0",
  "kernelLabel": "fc1 + norm · per addmm_gelu_n…_layer_norm_0",
  "outputCodeName": null,
  "definitionLine": $(line_of '^triton_per_fused_addmm_gelu_native_layer_norm_0 = async_compile'),
  "launchLine": $(line_of 'triton_per_fused_addmm_gelu_native_layer_norm_0.run('),
  "otherDefinitionLine": $(line_of '^triton_poi_fused_add_addmm_relu_1 = async_compile'),
  "hoverText": "self.fc1(x)",
  "lensKernel": "triton_poi_fused_add_addmm_relu_1",
  "peekModule": "fc2",
  "preGradWords": ["gelu", "layer_norm"],
  "postGradWords": ["erf", "rsqrt"]
}
EOF
cat "$RUN/expected.json"

# The profile scenario: profile_cnn's log in <ws>/torch_trace, its torch.profiler trace in <ws>
# (beside the log folder's parent: found without a setting).
if [ -x "$REPO/.venv/bin/inductor-lens" ]; then
  SERVE=$REPO/.venv/bin/inductor-lens
else # no dev venv: the bundled server under the same plain interpreter
  SERVE=$RUN/bin/inductor-lens
  printf '#!/bin/sh\nPYTHONPATH=%s exec %s -m inductor_lens "$@"\n' "$REPO/bundled/libs" "$E2E_PYTHON" >"$SERVE"
  chmod +x "$SERVE"
fi
# The output code's file name as the server names it (its extracted copy: `inference · compile 0_0 ·
# output code.py`), read off the report of the same case.
"$SERVE" report "$CASE" --cache-dir "$RUN/report-cache" --json >"$RUN/mlp-report.json"
"$E2E_PYTHON" - "$RUN/expected.json" "$RUN/mlp-report.json" <<'PY'
import json, os, sys
expected, report = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
(kernel,) = [k for k in report["kernels"] if k["name"] == expected["kernel"]]
expected["outputCodeName"] = os.path.basename(kernel["definition"]["path"])
json.dump(expected, open(sys.argv[1], "w", encoding="utf-8"), ensure_ascii=False, indent=1)
PY
cat "$RUN/expected.json"
WS2=$RUN/ws-profile
mkdir -p "$WS2/torch_trace" "$WS2/.vscode"
cp "$PROFILE_CASE"/trace/*.log "$WS2/torch_trace/"
cp "$PROFILE_CASE/profile_trace.json" "$WS2/"
cp "$SHARED/traces/models.py" "$WS2/models.py"
chmod -R u+w "$WS2"
cp "$WS/.vscode/settings.json" "$WS2/.vscode/settings.json"
# What the server reports for it (its own cache folder: the editor's starts empty).
"$SERVE" report "$WS2/torch_trace" --profile "$WS2/profile_trace.json" --path-map "/workspace/proj=$WS2" \
  --cache-dir "$RUN/report-cache" --json >"$RUN/profile-report.json"
"$E2E_PYTHON" "$REPO/tests/e2e/profile_expected.py" "$WS2" 42 <"$RUN/profile-report.json" >"$RUN/expected-profile.json"
cat "$RUN/expected-profile.json"

# The compile-health scenario: the graph_breaks and recompiles_health logs of torch-2.14-cpu in
# <ws>/torch_trace, and their model file health.py.
WS3=$RUN/ws-health
mkdir -p "$WS3/torch_trace" "$WS3/.vscode"
cp "$HEALTH_CASES"/graph_breaks/trace/*.log "$HEALTH_CASES"/recompiles_health/trace/*.log "$WS3/torch_trace/"
cp "$SHARED/traces/health.py" "$WS3/health.py"
chmod -R u+w "$WS3"
cp "$WS/.vscode/settings.json" "$WS3/.vscode/settings.json"
"$SERVE" report "$WS3/torch_trace" --path-map "/workspace/proj=$WS3" --cache-dir "$RUN/report-cache" --json >"$RUN/health-report.json"
"$E2E_PYTHON" "$REPO/tests/e2e/health_expected.py" "$WS3" <"$RUN/health-report.json" >"$RUN/expected-health.json"
cat "$RUN/expected-health.json"

# The compare scenario (Compare with Trace…, through the inductorLens.compareWith setting): the
# workspace holds the edited CNN run (tests/data/pairs/torch-2.11-cuda/cnn_train_edit: two lines
# inserted, relu -> gelu) with its models.py; the baseline is the run before the edit.
WS6=$RUN/ws-compare
PAIRS=$REPO/tests/data/pairs/torch-2.11-cuda
mkdir -p "$WS6/torch_trace" "$WS6/.vscode"
cp "$PAIRS"/cnn_train_edit/trace/*.log "$WS6/torch_trace/"
cp "$PAIRS/cnn_train_edit/models.py" "$WS6/models.py"
chmod -R u+w "$WS6"
cat >"$WS6/.vscode/settings.json" <<EOF
{
  "inductorLens.pathMappings": { "/workspace/proj_edit": "\${workspaceFolder}" },
  "inductorLens.compareWith": ["$PAIRS/cnn_train"],
  "inductorLens.interpreter": ["$E2E_PYTHON"]
}
EOF
"$SERVE" diff "$PAIRS/cnn_train" "$WS6/torch_trace" --json --cache-dir "$RUN/report-cache" >"$RUN/compare-diff.json"
"$E2E_PYTHON" -c '
import json, sys
diff = json.load(sys.stdin)
rows = {r["code"]: r for r in diff["lines"]}
gelu = rows["x = F.gelu(self.bn1(self.conv1(x)))"]
pool = rows["x = F.max_pool2d(x, 2)"]
s = diff["summary"]
print(json.dumps({"scenario": "compare", "modelFile": "models.py", "geluLine": gelu["line_b"], "poolLine": pool["line_b"],
                  "geluLens": {"added": "new here", "changed": "changed", "removed": "gone here"}[gelu["change"]] + " · ",
                  "changed": s["changed"] + s["added"]}))
' <"$RUN/compare-diff.json" >"$RUN/expected-compare.json"
cat "$RUN/expected-compare.json"

# The batch-size scenario (issue 50 items 1-2, issue 46 Editor): the round-45 H100 run tf_bs
# (batch 32) compared with tf_plain (batch 16), both with their profiles: the same kernels on every
# line, each line's time up per step. The workspace holds tf_bs's log, profile and train.py.
WS9=$RUN/ws-comparebs
GPU_RUNS=$REPO/tests/data/torch-2.11-cuda
BASE7=$RUN/base-tf_plain
mkdir -p "$WS9/torch_trace" "$WS9/.vscode" "$BASE7/trace"
for log in "$GPU_RUNS"/tf_bs/trace/*.log.xz; do xz -dc "$log" >"$WS9/torch_trace/$(basename "${log%.xz}")"; done
xz -dc "$GPU_RUNS/tf_bs/profile_trace.json.xz" >"$WS9/profile_trace.json"
cp "$GPU_RUNS/tf_bs/train.py" "$WS9/train.py"
for log in "$GPU_RUNS"/tf_plain/trace/*.log.xz; do xz -dc "$log" >"$BASE7/trace/$(basename "${log%.xz}")"; done
xz -dc "$GPU_RUNS/tf_plain/profile_trace.json.xz" >"$BASE7/profile_trace.json"
chmod -R u+w "$WS9"
cat >"$WS9/.vscode/settings.json" <<EOF
{
  "inductorLens.pathMappings": { "/workspace/proj": "\${workspaceFolder}" },
  "inductorLens.compareWith": ["$BASE7"],
  "inductorLens.interpreter": ["$E2E_PYTHON"]
}
EOF
"$SERVE" diff "$BASE7" "$WS9" --json --cache-dir "$RUN/report-cache" >"$RUN/comparebs-diff.json"
"$E2E_PYTHON" -c '
import json, sys
diff = json.load(sys.stdin)
sdpa = next(r for r in diff["lines"] if r["code"].startswith("y = F.scaled_dot_product_attention("))
print(json.dumps({"scenario": "comparebs", "modelFile": "train.py", "line": sdpa["line_b"], "headline": diff["headline"],
                  "causes": len(diff["causes"]), "lines": diff["summary"]["lines"], "viewport": {"width": 1400, "height": 900}}))
' <"$RUN/comparebs-diff.json" >"$RUN/expected-comparebs.json"
cat "$RUN/expected-comparebs.json"

# The GPT-2 scenario: gpt2_train's log (its library frames need no local files).
WS5=$RUN/ws-gpt2
mkdir -p "$WS5/torch_trace" "$WS5/.vscode"
cp "$SHARED"/traces/torch-2.11-cuda/gpt2_train/trace/*.log "$WS5/torch_trace/"
chmod -R u+w "$WS5"
cp "$WS/.vscode/settings.json" "$WS5/.vscode/settings.json"
"$SERVE" report "$WS5/torch_trace" --cache-dir "$RUN/report-cache" --json >"$RUN/gpt2-report.json"
"$E2E_PYTHON" "$REPO/tests/e2e/gpt2_expected.py" "$WS5" <"$RUN/gpt2-report.json" >"$RUN/expected-gpt2.json"
cat "$RUN/expected-gpt2.json"

# The capture scenario: a workspace with tiny.py and nothing else; the extension runs on the
# PyTorch interpreter (with the bundled server packages), and Capture Trace… runs tiny.py with it.
WS4=$RUN/ws-capture
mkdir -p "$WS4/.vscode"
cat >"$WS4/tiny.py" <<'PY'
import torch


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 16)

    def forward(self, x):
        y = self.fc(x)
        y = torch.relu(y) * torch.sigmoid(y)
        return y.sum(dim=1)


model = torch.compile(Tiny())
for _ in range(3):
    print(model(torch.randn(4, 8)))
PY
cat >"$WS4/.vscode/settings.json" <<EOF
{ "inductorLens.interpreter": ["$E2E_TORCH_PYTHON"] }
EOF
cat >"$RUN/expected-capture.json" <<EOF
{ "scenario": "capture", "file": "tiny.py", "workspace": "$WS4",
  "lensLine": $(grep -n -m1 'y = self.fc(x)' "$WS4/tiny.py" | cut -d: -f1), "lensCode": "y = self.fc(x)" }
EOF
cat "$RUN/expected-capture.json"

# The "where the time goes" scenarios (hot_expected.py): SmallCNN with its profile (a local model
# file: heat marks), the profiled Hugging Face BERT run (every kernel's stack in transformers: the
# user's script gets the lens), the timm ConvNeXt run without its profile (ranked by launches).
HOT_NAMES=()
hot_ws() { # NAME TRACE_DIR PROFILE_OR_EMPTY MODEL_FILE
  local ws=$RUN/ws-hot-$1
  mkdir -p "$ws/torch_trace" "$ws/.vscode"
  cp "$2"/*.log "$ws/torch_trace/"
  [ -n "$3" ] && cp "$3" "$ws/"
  cp "$4" "$ws/"
  chmod -R u+w "$ws"
  cp "$WS/.vscode/settings.json" "$ws/.vscode/settings.json"
  "$SERVE" report "$ws/torch_trace" ${3:+--profile "$ws/$(basename "$3")"} --path-map "/workspace/proj=$ws" --cache-dir "$RUN/report-cache" --json >"$RUN/hot-$1-report.json"
  "$E2E_PYTHON" "$REPO/tests/e2e/hot_expected.py" "$ws" "$1" <"$RUN/hot-$1-report.json" >"$RUN/expected-hot-$1.json"
  cat "$RUN/expected-hot-$1.json"
  HOT_NAMES+=("$1")
}
PAIRS=$REPO/tests/data/pairs/torch-2.11-cuda
hot_ws cnn "$SHARED/traces/torch-2.11-cuda/profile_cnn/trace" "$SHARED/traces/torch-2.11-cuda/profile_cnn/profile_trace.json" "$SHARED/traces/models.py"
hot_ws bert "$PAIRS/profile_bert_train/trace" "$PAIRS/profile_bert_train/profile_trace.json.gz" "$REPO/tests/data/make/gpu_r20/models_r20.py"
hot_ws convnext "$PAIRS/profile_convnext_train/trace" "" "$REPO/tests/data/make/gpu_r20/models_r20.py"

# nvdisasm for the editor's server too (it runs under $E2E_PYTHON, which has none): the ir
# scenario's references peek lists the SASS then (the scenario expects it where this finds one)
NVDISASM=$(ls "$REPO"/.venv/lib/python3*/site-packages/nvidia/*/bin/nvdisasm 2>/dev/null | head -1 || true)
if [ -n "$NVDISASM" ]; then export INDUCTOR_LENS_NVDISASM=$NVDISASM; fi

# ------------------------------------------------------------------ 4. code-server + the extension
stamp "code-server: install the .vsix and start"
mkdir -p "$RUN/csdata/user/User" "$RUN/csdata/ext"
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" >"$RUN/csdata/config.yaml"
cat >"$RUN/csdata/user/User/settings.json" <<'EOF'
{
  "workbench.startupEditor": "none", "telemetry.telemetryLevel": "off",
  "security.workspace.trust.enabled": false, "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false, "update.mode": "none", "editor.hover.delay": 200,
  "workbench.tips.enabled": false, "git.enabled": false, "window.restoreWindows": "none"
}
EOF
CSARGS=(--config "$RUN/csdata/config.yaml" --user-data-dir "$RUN/csdata/user" --extensions-dir "$RUN/csdata/ext")
"$CS" "${CSARGS[@]}" --install-extension "$VSIX" --force
# The server's cache (extracted output code and graphs) starts empty every run.
export XDG_CACHE_HOME=$RUN/cache
# setsid: its own process group, so one kill ends code-server, the extension host and the server.
CI=true setsid "$CS" "${CSARGS[@]}" --disable-telemetry --disable-update-check --disable-workspace-trust \
  --disable-getting-started-override "$WS" >"$ART/code-server.log" 2>&1 </dev/null &
CS_PGID=$!
trap 'kill -- -$CS_PGID 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.5; done

# The inferred-links scenario: torch-2.14-cpu mlp_train_noprov (no provenance recorded: every link
# inferred from the code's dataflow) in <ws>/torch_trace, and models.py.
WS7=$RUN/ws-inferred
mkdir -p "$WS7/torch_trace" "$WS7/.vscode"
cp "$SHARED"/traces/torch-2.14-cpu/mlp_train_noprov/trace/*.log "$WS7/torch_trace/"
cp "$SHARED/traces/models.py" "$WS7/models.py"
chmod -R u+w "$WS7"
cp "$WS/.vscode/settings.json" "$WS7/.vscode/settings.json"
"$SERVE" report "$WS7/torch_trace" --path-map "/workspace/proj=$WS7" --cache-dir "$RUN/report-cache" --json >"$RUN/inferred-report.json"
"$E2E_PYTHON" - "$RUN/inferred-report.json" >"$RUN/expected-inferred.json" <<'PY'
import json, os, sys
report = json.load(open(sys.argv[1], encoding="utf-8"))
kernels = report["kernels"]
inferred = [k for k in kernels if k["provenance"] == "inferred"]
assert inferred, "mlp_train_noprov: links inferred"
line = next(r for r in report["lines"] if os.path.basename(r["file"]) == "models.py")
json.dump({"scenario": "inferred", "kernels": len(kernels), "inferred": len(inferred), "kernel": inferred[0]["name"],
           "modelFile": "models.py", "modelLine": line["line"]}, sys.stdout, indent=1)
PY
cat "$RUN/expected-inferred.json"

# The IR scenario (issue 30): the GPU mlp_train run inductor-lens capture left on an H200, with the
# Triton cache beside the trace (torchinductor/triton/0/); the expected PTX lines are read off the
# PTX's own .loc directives, not the report.
WS8=$RUN/ws-ir
mkdir -p "$WS8/.vscode"
cp -r "$REPO/tests/data/torch-2.11-cuda/cap_mlp_train/trace" "$REPO/tests/data/torch-2.11-cuda/cap_mlp_train/torchinductor" "$WS8/"
chmod -R u+w "$WS8"
cp "$WS/.vscode/settings.json" "$WS8/.vscode/settings.json"
"$SERVE" report "$WS8/trace" --cache-dir "$RUN/report-cache" --json --ir >"$RUN/ir-report.json"
"$E2E_PYTHON" - "$RUN/ir-report.json" >"$RUN/expected-ir.json" <<'PY'
import json, os, re, sys
report = json.load(open(sys.argv[1], encoding="utf-8"))
[k] = [k for k in report["kernels"] if k["name"] == "triton_per_fused_sum_threshold_backward_0"]
ir = k["ir"]
lines = open(ir["files"]["ptx"], encoding="utf-8").read().split("\n")
ids = {m.group(1) for t in lines if (m := re.match(r'\s*\.file\s+(\d+)\s+"([^"]+)"', t)) and m.group(2) == ir["kernel_file"]}
want, cur = {}, None
for n, t in enumerate(lines, 1):
    s = t.strip()
    m = re.match(r"\.loc\s+(\d+)\s+(\d+)\s", s + " ")
    if m:
        cur = int(m.group(2)) if m.group(1) in ids and int(m.group(2)) > 0 else None
    elif s.endswith(";") and not s.startswith((".", "//")) and cur is not None:
        want.setdefault(cur, []).append(n)
kline = 34  # tmp0 = tl.load(...): the kernel's first load
# the stages whose files the references peek lists (SASS where nvdisasm is found: INDUCTOR_LENS_NVDISASM)
stages = [s for s in ("TTIR", "TTGIR", "LLIR", "PTX", "SASS") if ir["files"].get(s.lower()) and (s != "SASS" or os.environ.get("INDUCTOR_LENS_NVDISASM"))]
json.dump({"scenario": "ir", "kernel": k["name"], "definitionLine": k["definition"]["line"], "stages": stages,
           "viewport": {"width": 1400, "height": 900},
           "codeLine": k["definition"]["line"] + kline - 1, "ptxName": os.path.basename(ir["files"]["ptx"]),
           "ptxLines": want[kline], "ptxText": lines[want[kline][0] - 1].strip().split()[0],
           "hoverText": f"line {k['definition']['line'] + kline - 1} (kernel line {kline})", "kernelLine": kline,
           "linkedPtxLines": sorted(want[kline] + ir["inlined"].get(str(kline), {}).get("ptx", []))}, sys.stdout, indent=1)
PY
cat "$RUN/expected-ir.json"

stamp "VS Code checks"
VSCODE_RC=0
only() { [[ " $E2E_SCENARIOS " == *" $1 "* ]]; }
if only mlp; then
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS" "$RUN/expected.json" "$ART" || VSCODE_RC=$?
fi
if only profile; then
  stamp "VS Code checks: profile"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS2" "$RUN/expected-profile.json" "$ART" || VSCODE_RC=$?
fi
if only gpt2; then
  stamp "VS Code checks: GPT-2 module paths"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS5" "$RUN/expected-gpt2.json" "$ART" || VSCODE_RC=$?
fi
if only compare; then
  stamp "VS Code checks: compare with trace"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS6" "$RUN/expected-compare.json" "$ART" || VSCODE_RC=$?
fi
if only comparebs; then
  stamp "VS Code checks: compare at the default side bar (batch size)"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS9" "$RUN/expected-comparebs.json" "$ART" || VSCODE_RC=$?
fi
if only hot; then
  for name in "${HOT_NAMES[@]}"; do
    stamp "VS Code checks: where the time goes ($name)"
    node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$RUN/ws-hot-$name" "$RUN/expected-hot-$name.json" "$ART" || VSCODE_RC=$?
  done
fi
if only ir; then
  stamp "VS Code checks: down to the instructions"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS8" "$RUN/expected-ir.json" "$ART" || VSCODE_RC=$?
fi
if only inferred; then
  stamp "VS Code checks: inferred links"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS7" "$RUN/expected-inferred.json" "$ART" || VSCODE_RC=$?
fi
if only health; then
  stamp "VS Code checks: compile health"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS3" "$RUN/expected-health.json" "$ART" || VSCODE_RC=$?
  # its last check edits and saves health.py: the Neovim checks get the traced file back
  cp "$SHARED/traces/health.py" "$WS3/health.py"
fi
if ! only capture; then
  :
elif [ -x "$E2E_TORCH_PYTHON" ]; then
  stamp "VS Code checks: capture"
  node "$REPO/tests/e2e/vscode.e2e.cjs" "http://127.0.0.1:$PORT/?folder=$WS4" "$RUN/expected-capture.json" "$ART" || VSCODE_RC=$?
else
  echo "FAIL capture: no PyTorch interpreter at $E2E_TORCH_PYTHON (scripts/test.sh makes .venv-torch)"
  VSCODE_RC=1
fi
# The extension's own logs (client, server stderr, window/logMessage), one per window, for the
# artifacts: extension-output.log, extension-output-2.log, ...
n=0
while IFS= read -r -d '' f; do
  n=$((n + 1))
  cp "$f" "$ART/extension-output$([ $n = 1 ] || echo "-$n").log"
done < <(find "$RUN/csdata/user/logs" -name '*Inductor Lens*.log' -print0 2>/dev/null | sort -z)
kill -- -$CS_PGID 2>/dev/null || true
trap - EXIT

# ------------------------------------------------------------------ 5. Neovim
NVIM_RC=0
if only nvim; then
  stamp "Neovim checks"
  E2E_SERVE=$SERVE E2E_WORKSPACE=$WS E2E_EXPECTED=$RUN/expected.json \
    timeout 180 nvim --headless -u "$REPO/tests/e2e/nvim_hover.lua" -i NONE -n \
    >"$ART/nvim.log" 2>&1 || NVIM_RC=$?
  cat "$ART/nvim.log"
  E2E_SERVE=$SERVE E2E_WORKSPACE=$WS3 E2E_EXPECTED=$RUN/expected-health.json \
    timeout 180 nvim --headless -u "$REPO/tests/e2e/nvim_health.lua" -i NONE -n \
    >"$ART/nvim-health.log" 2>&1 || NVIM_RC=$?
  cat "$ART/nvim-health.log"
  # docs/editors.md's own Neovim configuration (the ```lua block of its Neovim section), run as written from the workspace
  awk '/^## Neovim/{f=1} f&&/^```lua/{c=1;next} c&&/^```/{exit} c' "$REPO/docs/editors.md" >"$RUN/readme_init.lua"
  (cd "$WS" && PATH="$(dirname "$SERVE"):$PATH" E2E_README_INIT=$RUN/readme_init.lua \
    timeout 180 nvim --headless -u "$REPO/tests/e2e/nvim_readme.lua" -i NONE -n \
    >"$ART/nvim-readme.log" 2>&1) || NVIM_RC=$?
  cat "$ART/nvim-readme.log"
fi

stamp "done: VS Code rc=$VSCODE_RC, Neovim rc=$NVIM_RC (artifacts in $ART)"
[ "$VSCODE_RC" = 0 ] && [ "$NVIM_RC" = 0 ]
