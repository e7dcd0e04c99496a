#!/usr/bin/env bash
# Round-45 GPU runs, one device call (from the repository root; $OUT: where results go):
#   bash tests/data/make/gpu_r45/run.sh
# Each run copies `variant.py NAME`'s train.py to /workspace/proj/train.py (a private mount per run,
# so runs compile side by side and every trace names the same model file), runs
# `train.py KIND /workspace/runs/<run>` with TORCH_TRACE, provenance and its own Inductor cache, and
# keeps the copy that ran beside the trace.  Profiles are recorded one run at a time (a lock).
set -u
rm -rf /tmp/ready
REPO=$(pwd)
HERE=$REPO/tests/data/make/gpu_r45
PY=${PY:-python3}
LOG=$OUT/log.txt
START=$SECONDS
nvidia-smi -L > "$LOG" 2>&1
$PY -c "import torch,triton,transformers;print('torch',torch.__version__,'triton',triton.__version__,'transformers',transformers.__version__)" >> "$LOG" 2>&1
mkdir -p /workspace/proj /workspace/runs
PRIV=1; unshare -m true 2>/dev/null || PRIV=0
echo "private mounts: $PRIV" >> "$LOG"
run() {  # run NAME VARIANT KIND [ENV...]
  local name=$1 variant=$2 kind=$3; shift 3
  local d=/workspace/runs/$name src=/workspace/src_$name
  rm -rf "$d" "$src" "/tmp/torchinductor_$name"; mkdir -p "$d" "$src"
  $PY "$HERE/variant.py" "$variant" > "$src/train.py"
  cp "$src/train.py" "$d/train.py"
  local t0=$SECONDS
  local cmd="cd $d && env TORCH_TRACE=$d/trace INDUCTOR_PROVENANCE=1 TORCHINDUCTOR_FX_GRAPH_CACHE=0 TORCHINDUCTOR_AUTOGRAD_CACHE=0 PYTHONUNBUFFERED=1 PROFILE_LOCK=/tmp/profile.lock READY_DIR=/tmp/ready RUNS=9 $* timeout 420 $PY /workspace/proj/train.py $kind $d > $d/stdout.log 2> $d/stderr.log"
  if [ $PRIV = 1 ]; then
    unshare -m --propagation private bash -c "mount --bind $src /workspace/proj && $cmd"
  else
    (flock /tmp/proj.lock bash -c "cp $src/train.py /workspace/proj/train.py && $cmd")
  fi
  echo "$name rc=$? $((SECONDS - t0)) s variant=$variant kind=$kind env: $*" >> "$LOG"
}
export -f run; export PY HERE LOG PRIV
C() { echo "TORCHINDUCTOR_CACHE_DIR=/tmp/torchinductor_$1"; }
{
  echo "llama_regional regional llama $(C llama_regional)"
  echo "llama_whole plain llama $(C llama_whole)"
  echo "tf_plain plain tf $(C tf_plain)"
  echo "tf_item item tf $(C tf_item)"
  echo "tf_mask mask tf $(C tf_mask)"
  echo "tf_ro ro tf $(C tf_ro)"
  echo "tf_opts opts tf $(C tf_opts)"
  echo "tf_bs bs tf $(C tf_bs)"
  echo "tf_plain2 plain tf $(C tf_plain2)"
  echo "mk_set mk mk $(C mk_set)"
  echo "mk_default mk mk HOME=/workspace/runs/mk_default/home"
} > /tmp/runs.txt
( xargs -P 11 -L 1 bash -c 'run "$@"' _ < /tmp/runs.txt ) &
XPID=$!
while kill -0 $XPID 2>/dev/null && [ $((SECONDS - START)) -lt ${BUDGET:-500} ]; do sleep 5; done
echo "runs ended or budget reached at $((SECONDS - START)) s" >> "$LOG"
# where Triton put each run's kernels (folders holding a .ptx)
for d in /tmp/torchinductor_* /workspace/runs/mk_default/home/.triton; do
  [ -d "$d" ] && find "$d" -name '*.ptx' -printf '%h\n' | sort -u | head -5 | sed "s|^|ptx: |" >> "$LOG"
done
for name in tf_plain mk_set llama_whole; do
  [ -d /tmp/torchinductor_$name ] && mkdir -p /workspace/runs/$name/inductor_cache && \
    (cd /tmp/torchinductor_$name && tar --exclude='*.so' --exclude='*.o' --exclude=fxgraph --exclude=aotautograd -cf - .) | tar -C /workspace/runs/$name/inductor_cache -xf -
done
[ -d /tmp/torchinductor_root ] && mkdir -p /workspace/runs/mk_default/inductor_cache && \
  (cd /tmp/torchinductor_root && tar --exclude='*.so' --exclude='*.o' --exclude=fxgraph --exclude=aotautograd -cf - .) | tar -C /workspace/runs/mk_default/inductor_cache -xf -
du -sh /workspace/runs/* >> "$LOG" 2>&1
pack() { local out=$1; shift; tar -C /workspace/runs --exclude='*.so' -cf - "$@" 2>/dev/null | xz -T8 -6 > "$OUT/$out.tar.xz"; }
pack tf_a tf_plain tf_plain2 tf_item &
pack tf_b tf_mask tf_opts tf_ro tf_bs &
pack llama llama_whole llama_regional &
pack mk mk_set mk_default &
wait
ls -la "$OUT" >> "$LOG"
tail -3 /workspace/runs/*/stderr.log >> "$LOG" 2>&1
cat "$LOG"
