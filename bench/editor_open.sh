#!/usr/bin/env bash
# Benchmark: opening a workspace in a real VS Code (code-server 4.100.3 in headless Chromium,
# driven by playwright-core: bench/editor_open.cjs), with a model file already open (passed in the
# URL: ?folder=WS&payload=[["openFile","vscode-remote://HOST/FILE:LINE"],["gotoLineMode","true"]];
# with the LSP trace on, also ["logLevel","inductor-lens.inductor-lens:trace"]: the output channel
# at trace level, which vscode-languageclient needs before it traces anything).
# Measured from page navigation (the driver's Date.now() right before page.goto) until
#   (a) the Inductor Lens status bar item first reads "starting…",
#   (b) it reads "indexing…",
#   (c) it reads "N kernels",
#   (d) the first Inductor Lens code lens ("… kernel …") is drawn in the open model file;
# and, from the logs of the same run, where the time goes: code-server's remote agent and
# extension host logs (extension host launched, Inductor Lens activated and by which activation
# event), the Inductor Lens output channel (interpreter, "Starting:", the LSP message trace:
# initialize sent / answered, the server's "indexed ... in Xs"), and a wrapper around the
# interpreter that stamps each process the extension starts (the version check, the server).
#
# Workspaces (copies of the shared traces, as tests/e2e/run.sh makes them):
#   gpt2prof: torch-2.11-cuda/profile (GPT-2, torch.profiler trace beside the log) + models.py +
#             the transformers files its kernels' frames name, rebuilt from the trace's own frames
#             under site/transformers/ (found by path suffix; models.py itself gets no lens: every
#             kernel frame of this trace is in transformers); opens modeling_gpt2.py at its first
#             lens line;
#   mlp:      torch-2.11-cuda/mlp_infer + models.py; opens models.py at its first lens line.
#
# Each run: a fresh user-data-dir, a fresh server cache (XDG_CACHE_HOME), a fresh browser profile,
# a fresh code-server (killed after the run); the installed extension (bench dir ext/) is kept.
# Needs what tests/e2e/run.sh installs (.editor-e2e/cs, chromium, node_modules/playwright-core).
#
# Usage: bench/editor_open.sh [N]   (N runs per workspace, default 3)
# Environment: PORT (8790), E2E_PYTHON (/usr/bin/python3), BENCH_CASES ("gpt2prof mlp"),
#   BENCH_REOPEN (1: runs 2..N start with run 1's extension storage, as a re-opened window does),
#   BENCH_TRACE (messages: inductorLens.trace.server; "off" for no LSP trace),
#   BENCH_PYC (keep: inherit PYTHONDONTWRITEBYTECODE as it is; "write": unset it for the server,
#   so the bundled libs get __pycache__ in the extension folder after the first run;
#   "prefix": PYTHONPYCACHEPREFIX=<bench>/pycache, also unset PYTHONDONTWRITEBYTECODE).
# Output: a table on stdout, bench/results/editor_open.json (BENCH_OUT: another file), logs and
#   screenshots in .editor-e2e/bench-open/runs/<case>-<i>/.
set -euo pipefail
REPO=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)
SHARED=$(cd "$REPO/../shared" && pwd)
CACHE=$REPO/.editor-e2e
B=$CACHE/bench-open
N=${1:-${N:-3}}
PORT=${PORT:-8790}
E2E_PYTHON=${E2E_PYTHON:-/usr/bin/python3}
BENCH_CASES=${BENCH_CASES:-gpt2prof mlp}
BENCH_TRACE=${BENCH_TRACE:-messages}
BENCH_PYC=${BENCH_PYC:-keep}
CS=$CACHE/cs/node_modules/.bin/code-server
[ -x "$CS" ] || { echo "no code-server at $CS: run tests/e2e/run.sh once"; exit 1; }
[ -d "$REPO/node_modules/playwright-core" ] || { echo "no playwright-core: npm ci"; exit 1; }
# Same as run.sh: keep code-server and Chromium out of ~/.config, ~/.cache, /tmp.
export XDG_CONFIG_HOME=$CACHE/xdg/config XDG_DATA_HOME=$CACHE/xdg/data XDG_STATE_HOME=$CACHE/xdg/state
export TMPDIR=$CACHE/tmp
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$TMPDIR" "$B" "$REPO/bench/results"

# ------------------------------------------------------------------ the .vsix, installed once
VSIX=$REPO/inductor-lens-$(node -p "require('$REPO/package.json').version").vsix
if [ ! -f "$VSIX" ]; then (cd "$REPO" && npm run -s package >"$B/package.log" 2>&1) || { tail -30 "$B/package.log"; exit 1; }; fi
SUM=$(sha256sum "$VSIX" | cut -c1-16)
mkdir -p "$B/ext"
if [ "$(cat "$B/ext/.bench-vsix" 2>/dev/null)" != "$SUM" ]; then
  rm -rf "$B/ext" && mkdir -p "$B/ext" "$B/install-udd"
  "$CS" --config /dev/null --user-data-dir "$B/install-udd" --extensions-dir "$B/ext" --install-extension "$VSIX" --force >"$B/install.log" 2>&1 ||
    { cat "$B/install.log"; exit 1; }
  echo "$SUM" >"$B/ext/.bench-vsix"
fi
EXTDIR=$(ls -d "$B"/ext/inductor-lens.inductor-lens-* | head -1)
echo "vsix $VSIX ($SUM), installed at $EXTDIR"

# ------------------------------------------------------------------ the interpreter, stamped
# Every process the extension starts with the interpreter (version check, server) logs its start
# time (epoch seconds) and arguments, then becomes the interpreter.
WRAP=$B/python-stamped
cat >"$WRAP" <<EOF
#!/bin/sh
echo "\$(date +%s.%N) \$\$ \$*" >>"\${BENCH_STAMPS:-/dev/null}"
$( case $BENCH_PYC in
    write) echo 'unset PYTHONDONTWRITEBYTECODE' ;;
    prefix) echo "unset PYTHONDONTWRITEBYTECODE; export PYTHONPYCACHEPREFIX=$B/pycache" ;;
  esac )
exec "$E2E_PYTHON" "\$@"
EOF
chmod +x "$WRAP"
# the extension as installed (no byte code: the .vsix ships none), whatever an earlier run left
find "$EXTDIR" -name __pycache__ -prune -exec rm -rf {} +
rm -rf "$B/pycache"

# ------------------------------------------------------------------ workspaces
make_ws() { # case dir -> fills $2
  local case=$1 ws=$2
  rm -rf "$ws" && mkdir -p "$ws/torch_trace" "$ws/.vscode"
  case $case in
    gpt2prof)
      cp "$SHARED"/traces/torch-2.11-cuda/profile/trace/*.log "$ws/torch_trace/"
      cp "$SHARED/traces/torch-2.11-cuda/profile/profile_trace.json" "$ws/"
      cp "$SHARED/traces/models.py" "$ws/models.py"
      # the transformers files the frames name, rebuilt from the trace (as bench_first_answer.py)
      "$E2E_PYTHON" - "$ws"/torch_trace/*.log "$ws/site" <<'PY'
import os, re, sys
log, out = sys.argv[1], sys.argv[2]
text = open(log, encoding="utf-8", errors="replace").read().replace("\\n", "\n")
files = {}
for m in re.finditer(r'File \\?"[^"\\]+/site-packages/(transformers/[^"\\]+)\\?", line (\d+), in \S+\n +([^\n]*)', text):
    files.setdefault(m.group(1), {})[int(m.group(2))] = m.group(3).strip().replace('\\"', '"')
for rel, lines in files.items():
    target = os.path.join(out, rel)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as fh:
        fh.write("\n".join(lines.get(n, "") for n in range(1, max(lines) + 1)) + "\n")
PY
      ;;
    mlp)
      cp "$SHARED"/traces/torch-2.11-cuda/mlp_infer/trace/*.log "$ws/torch_trace/"
      cp "$SHARED/traces/models.py" "$ws/models.py"
      ;;
  esac
  chmod -R u+w "$ws"
  cat >"$ws/.vscode/settings.json" <<EOF
{
  "inductorLens.pathMappings": { "/workspace/proj": "\${workspaceFolder}" },
  "inductorLens.interpreter": ["$WRAP"],
  "inductorLens.trace.server": "$BENCH_TRACE"
}
EOF
}
model_file() { case $1 in gpt2prof) echo site/transformers/models/gpt2/modeling_gpt2.py ;; mlp) echo models.py ;; esac; }

# The first line of the model file that gets a lens, from the server's own report (own cache).
first_lens_line() { # ws file
  PYTHONPATH=$EXTDIR/bundled/libs "$E2E_PYTHON" -m inductor_lens report "$1/torch_trace" --path-map "/workspace/proj=$1" \
    --cache-dir "$B/report-cache" --json 2>/dev/null | "$E2E_PYTHON" -c '
import json, sys
d = json.load(sys.stdin); f = sys.argv[1].split("site/", 1)[-1]
print(min(l["line"] for l in d["lines"] if (l.get("resolved") or l["file"]).endswith("/" + f)))' "$2"
}

# ------------------------------------------------------------------ the runs
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" >"$B/config.yaml"
CS_PGID=
stop_cs() {
  if [ -n "$CS_PGID" ]; then
    kill -- "-$CS_PGID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 -- "-$CS_PGID" 2>/dev/null || break; sleep 0.1; done
    kill -9 -- "-$CS_PGID" 2>/dev/null || true
    CS_PGID=
  fi
}
trap stop_cs EXIT
RESULTS=()
for case in $BENCH_CASES; do
  WS=$B/ws-$case
  make_ws "$case" "$WS"
  FILE=$(model_file "$case")
  LINE=$(first_lens_line "$WS" "$FILE")
  echo "=== $case: $WS, opening $FILE:$LINE"
  for i in $(seq 1 "$N"); do
    R=$B/runs/$case-$i
    rm -rf "$R" && mkdir -p "$R/udd/User" "$R/cache"
    if [ "${BENCH_REOPEN:-0}" = 1 ] && [ "$i" -gt 1 ]; then # a re-open: the extension's storage of run 1 (the server's byte code)
      cp -r "$B/runs/$case-1/udd/User/globalStorage" "$R/udd/User/" 2>/dev/null || true
    fi
    make_ws "$case" "$WS" # untouched by the previous run
    cat >"$R/udd/User/settings.json" <<'EOF'
{
  "workbench.startupEditor": "none", "telemetry.telemetryLevel": "off",
  "security.workspace.trust.enabled": false, "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false, "update.mode": "none", "editor.hover.delay": 200,
  "workbench.tips.enabled": false, "git.enabled": false, "window.restoreWindows": "none"
}
EOF
    # fresh server cache; the interpreter wrapper's stamps
    mkdir -p "$R/tmp" # code-server's sockets, the server's multiprocessing folders: gone with the run
    CI=true TMPDIR=$R/tmp XDG_CACHE_HOME=$R/cache BENCH_STAMPS=$R/stamps.log setsid "$CS" --config "$B/config.yaml" \
      --user-data-dir "$R/udd" --extensions-dir "$B/ext" \
      --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
      >"$R/code-server.log" 2>&1 </dev/null &
    CS_PGID=$!
    echo "$(date +%s.%N) code-server spawned" >"$R/cs-start.txt"
    for _ in $(seq 1 240); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.25; done
    echo "$(date +%s.%N) healthz ok" >>"$R/cs-start.txt"
    PAYLOAD=$(node -e 'const [p,f,l]=process.argv.slice(1);process.stdout.write(encodeURIComponent(JSON.stringify([["openFile",`vscode-remote://127.0.0.1:${p}${f}:${l}`],["gotoLineMode","true"],...(process.argv[4]==="off"?[]:[["logLevel","inductor-lens.inductor-lens:trace"]])])))' "$PORT" "$WS/$FILE" "$LINE" "$BENCH_TRACE")
    URL="http://127.0.0.1:$PORT/?folder=$WS&payload=$PAYLOAD"
    node "$REPO/bench/editor_open.cjs" run "$URL" "$R" "$case" "$i" "$FILE" || echo "run $case-$i failed (see $R)"
    stop_cs
    [ -f "$R/result.json" ] && RESULTS+=("$R/result.json")
  done
done
trap - EXIT
node "$REPO/bench/editor_open.cjs" summarize "${BENCH_OUT:-$REPO/bench/results/editor_open.json}" \
  "{\"runs\":$N,\"port\":$PORT,\"python\":\"$E2E_PYTHON\",\"trace\":\"$BENCH_TRACE\",\"pyc\":\"$BENCH_PYC\",\"PYTHONDONTWRITEBYTECODE\":\"${PYTHONDONTWRITEBYTECODE:-}\",\"vsix\":\"$VSIX\",\"vsixSha256\":\"$SUM\",\"nproc\":$(nproc)}" \
  "${RESULTS[@]}"
