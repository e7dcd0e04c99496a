#!/usr/bin/env bash
# Round-30 device call 2 (issue 30's per-line metrics): mlp_train under Nsight Compute with its
# source counters, the TORCH_TRACE log and the Inductor cache (with Triton's) kept beside it, and
# the report exported as text (ncu's source page, CSV) so it can be read where ncu is not installed.
#   bash tests/data/make/gpu_r30/run_ncu.sh      (from the repository root; $OUT: where results go)
set -u
PY=${PY:-/opt/torch/.venv/bin/python3}
LOG=$OUT/log.txt
D=/workspace/runs/ncu_mlp_train
mkdir -p /workspace/proj "$D"
cp tests/data/pairs/models.py /workspace/proj/models.py
{ nvidia-smi -L; command -v ncu; ncu --version; } > "$LOG" 2>&1
cd "$D"
t0=$SECONDS
env TORCH_TRACE="$D/trace" INDUCTOR_PROVENANCE=1 TORCHINDUCTOR_CACHE_DIR=/tmp/torchinductor_ncu_mlp_train \
  TORCHINDUCTOR_FX_GRAPH_CACHE=0 TORCHINDUCTOR_AUTOGRAD_CACHE=0 PYTHONUNBUFFERED=1 \
  timeout 420 ncu --clock-control none --target-processes all -k regex:triton_ -c 60 \
  --section SourceCounters --section SpeedOfLight --import-source yes -f -o "$D/profile" \
  $PY /workspace/proj/models.py mlp_train cuda "$D" > "$D/ncu_stdout.log" 2> "$D/ncu_stderr.log"
echo "ncu run rc=$? $((SECONDS - t0)) s" >> "$LOG"
cp -r /tmp/torchinductor_ncu_mlp_train "$D/inductor_cache"
cp /workspace/proj/models.py "$D/models.py"
ncu -i "$D/profile.ncu-rep" --page source --csv --print-source sass > "$D/source_sass.csv" 2> "$D/source_sass.err"
echo "source sass rc=$?" >> "$LOG"
ncu -i "$D/profile.ncu-rep" --page details --csv > "$D/details.csv" 2> "$D/details.err"
echo "details rc=$?" >> "$LOG"
ncu -i "$D/profile.ncu-rep" --page raw --csv --metrics launch__registers_per_thread,launch__grid_size,gpu__time_duration.sum > "$D/raw.csv" 2> "$D/raw.err"
echo "raw rc=$?" >> "$LOG"
for f in source_sass.csv details.csv raw.csv ncu_stderr.log; do echo "== $f $(wc -lc < "$D/$f")"; head -c 1500 "$D/$f"; echo; done >> "$LOG"
tail -5 "$D/ncu_stdout.log" >> "$LOG"
ls -la "$D" >> "$LOG"
tar -C /workspace/runs -cJf "$OUT/ncu_mlp_train.tar.xz" ncu_mlp_train
cat "$LOG"
