#!/usr/bin/env bash
# Round-30 GPU runs (issue 30: down to the instructions), one device call:
#   bash tests/data/make/gpu_r30/run_r30.sh      (from the repository root; $OUT: where results go)
# Cases (PyTorch and Triton of /opt/torch/.venv; model code tests/data/pairs/models.py copied to
# /workspace/proj, run folders /workspace/runs/<case>, Inductor cache /tmp/torchinductor_<case>
# copied to <case>/inductor_cache, as tests/data/make/gpu_r20/run_r20.py does):
#   mlp_train_tc        mlp_train with TRITON_CACHE_DIR=<case>/triton_cache (that layout, small)
#   mlp_train_coordesc  mlp_train with TORCHINDUCTOR_COORDINATE_DESCENT_TUNING=1 (configs found by coordinate descent)
#   llama_infer         models.py llama_infer (a model the index's IR tests were not written on)
#   cap_mlp_train       `inductor-lens capture` of mlp_train: the Triton cache kept beside the trace
# Each case is packed as $OUT/<case>.tar.xz; $OUT/log.txt has the versions and exit codes.
set -u
REPO=$(pwd)
PY=${PY:-/opt/torch/.venv/bin/python3}
LOG=$OUT/log.txt
nvidia-smi -L > "$LOG" 2>&1
$PY -c "import torch,triton;print('torch',torch.__version__,'triton',triton.__version__)" >> "$LOG" 2>&1
mkdir -p /workspace/proj /workspace/runs
cp tests/data/pairs/models.py /workspace/proj/models.py
run_case() {
  local name=$1 case=$2; shift 2
  local d=/workspace/runs/$name
  rm -rf "$d" "/tmp/torchinductor_$name"; mkdir -p "$d"
  local t0=$SECONDS
  (cd "$d" && env TORCH_TRACE="$d/trace" INDUCTOR_PROVENANCE=1 TORCHINDUCTOR_CACHE_DIR="/tmp/torchinductor_$name" \
     TORCHINDUCTOR_FX_GRAPH_CACHE=0 TORCHINDUCTOR_AUTOGRAD_CACHE=0 PYTHONUNBUFFERED=1 "$@" \
     $PY /workspace/proj/models.py "$case" cuda "$d" > "$d/stdout.log" 2> "$d/stderr.log")
  echo "$name rc=$? $((SECONDS - t0)) s env: $*" >> "$LOG"
  cp -r "/tmp/torchinductor_$name" "$d/inductor_cache" 2>/dev/null
  cp /workspace/proj/models.py "$d/models.py"
  tar -C /workspace/runs -cJf "$OUT/$name.tar.xz" "$name"
}
run_case mlp_train_tc mlp_train TRITON_CACHE_DIR=/workspace/runs/mlp_train_tc/triton_cache &
run_case mlp_train_coordesc mlp_train TORCHINDUCTOR_COORDINATE_DESCENT_TUNING=1 &
run_case llama_infer llama_infer &
# capture: the user's way; its folder keeps the Triton cache beside the trace
(
  mkdir -p /workspace/runs/cap_work && cd /workspace/runs/cap_work && t0=$SECONDS &&
  PYTHONPATH="$REPO/server" $PY -m inductor_lens capture --out /workspace/runs/cap_mlp_train --cache-dir /tmp/lens-cache -- \
    $PY /workspace/proj/models.py mlp_train cuda /workspace/runs/cap_work > /workspace/runs/cap_stdout.log 2> /workspace/runs/cap_stderr.log
  echo "cap_mlp_train rc=$? $((SECONDS - t0)) s" >> "$LOG"
  cp /workspace/runs/cap_stderr.log /workspace/runs/cap_mlp_train/capture_stderr.log
  PYTHONPATH="$REPO/server" $PY -m inductor_lens report /workspace/runs/cap_mlp_train --json --ir --cache-dir /tmp/lens-cache \
    > /workspace/runs/cap_mlp_train/report_ir.json 2> /workspace/runs/cap_mlp_train/report_ir.stderr
  tar -C /workspace/runs -cJf "$OUT/cap_mlp_train.tar.xz" cap_mlp_train
) &
wait
ls -la "$OUT" >> "$LOG"
cat "$LOG"
