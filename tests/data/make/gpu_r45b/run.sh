#!/usr/bin/env bash
# Round-45b GPU runs, one device call (from the repository root; $OUT: where results go):
#   bash tests/data/make/gpu_r45b/run.sh
# train2.py and blocks.py are copied to /workspace/proj (the model files every trace names); each
# run `train2.py KIND /workspace/runs/<run>` has TORCH_TRACE, provenance and its own Inductor
# cache; the run folder keeps copies of both files (the model files beside the trace).
set -u
REPO=$(pwd); HERE=$REPO/tests/data/make/gpu_r45b; PY=${PY:-python3}; LOG=$OUT/log.txt; START=$SECONDS
rm -rf /tmp/ready; mkdir -p /workspace/proj /workspace/runs
cp "$HERE/train2.py" "$HERE/blocks.py" /workspace/proj/
nvidia-smi -L > "$LOG" 2>&1
$PY -c "import torch,triton,transformers,timm;print('torch',torch.__version__,'triton',triton.__version__,'transformers',transformers.__version__,'timm',timm.__version__)" >> "$LOG" 2>&1
run() {  # run NAME KIND
  local d=/workspace/runs/$1; rm -rf "$d" /tmp/torchinductor_$1; mkdir -p "$d"
  cp /workspace/proj/train2.py /workspace/proj/blocks.py "$d/"
  local t0=$SECONDS
  (cd /workspace/proj && env TORCH_TRACE=$d/trace INDUCTOR_PROVENANCE=1 TORCHINDUCTOR_FX_GRAPH_CACHE=0 \
    TORCHINDUCTOR_AUTOGRAD_CACHE=0 TORCHINDUCTOR_CACHE_DIR=/tmp/torchinductor_$1 PYTHONUNBUFFERED=1 \
    PROFILE_LOCK=/tmp/profile.lock READY_DIR=/tmp/ready RUNS=3 timeout 450 $PY train2.py $2 $d > $d/stdout.log 2> $d/stderr.log)
  echo "$1 rc=$? $((SECONDS - t0)) s kind=$2" >> "$LOG"
}
export -f run; export PY LOG
printf "vit_amp vit\ngpt2_scaler gpt2\ntf_accum tf\n" | xargs -P 3 -L 1 bash -c 'run "$@"' _
echo "runs ended at $((SECONDS - START)) s" >> "$LOG"
du -sh /workspace/runs/* >> "$LOG" 2>&1
for r in vit_amp gpt2_scaler tf_accum; do
  tar -C /workspace/runs --exclude='*.so' -cf - $r 2>/dev/null | xz -T8 -6 > "$OUT/$r.tar.xz" &
done
wait
ls -la "$OUT" >> "$LOG"
tail -n 4 /workspace/runs/*/stderr.log >> "$LOG" 2>&1
cat "$LOG"
