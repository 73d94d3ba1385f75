#!/usr/bin/env bash
# The end-to-end H200 run, from the repository root with .device staged (stage-h200.sh): the engine over the CUDA
# examples (full profile) through the JUnit console launcher, PyTorch's torch.matmul on the same GEMM shapes, and
# the summary table. Logs and results go to $OUT.
set -u
OUT=${OUT:-/tmp/gpubench-out}
mkdir -p "$OUT"
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > "$OUT/smi.txt" 2>&1
nvidia-smi --query-compute-apps=pid,process_name --format=csv >> "$OUT/smi.txt" 2>&1
$jre/jre/bin/java -cp "$CP" io.gpubench.engine.diagnostics.Diagnostics --require cuda > "$OUT/diagnostics.txt" 2>&1
echo "diagnostics rc=$?"
PYTHONUNBUFFERED=1 python3 $dev/torch_matmul.py 8192 > "$OUT/torch-before.log" 2>&1
echo "torch before rc=$?"
timeout ${ENGINE_TIMEOUT:-420} $jre/jre/bin/java -Xmx48g -jar $dev/junit-platform-console-standalone-*.jar execute --class-path "$CP" \
  --select-package io.gpubench.cuda --select-package io.gpubench.examples.cuda --include-classname '.*(Benchmark|Test)$' \
  --config gpubench.profile=${PROFILE:-full} --config gpubench.output-dir="$OUT/gpubench" \
  --details=tree --disable-banner ${EXTRA:-} > "$OUT/engine.log" 2>&1
echo "engine rc=$?"
PYTHONUNBUFFERED=1 python3 $dev/torch_matmul.py 8192 > "$OUT/torch-after.log" 2>&1
echo "torch after rc=$?"
[ -f target/gpubench-saxpy/event-loop.txt ] && cp target/gpubench-saxpy/event-loop.txt "$OUT/"
cat "$OUT/diagnostics.txt"
grep -E "broken kernel:|after an L2 flush|Assumption|✘|tests (successful|failed|aborted)" "$OUT/engine.log" | head -20
sed -n '/gpubench results/,$p' "$OUT/engine.log" | head -40
tail -n 4 "$OUT/torch-before.log" "$OUT/torch-after.log"
python3 $dev/summary.py "$OUT"
