#!/usr/bin/env bash
# Issue 23's small-GEMM table on the H200, from the repository root with .device staged (stage-h200.sh), in one call
# of about 3 minutes: gpubench's CudaGemmBenchmark at 256^3 and 1024^3 in FP32 (TF32 off), FP16 and BF16 with the
# engine's defaults (AUTO timing: a graph replay per single-call trial, and for a call under 50 us the batch figure of
# calls back to back, the headline), once with the kernel audit off (the timings), once with it on (CUPTI's kernel
# time per call, one call after the trials); PyTorch's torch.matmul on the same shapes replayed 100 times from a CUDA
# graph (torch_graph100.py). small_gemm_table.py prints the table last: single, batch, CUPTI, torch graph-100, and
# batch / CUPTI (target: within 3%). Logs and results under $OUT. Each step has a timeout, 140 + 140 + 50 s, so that
# the whole call ends within the device tool's 6 minutes even when a step hangs.
set -u
OUT=${OUT:-/tmp/gpubench-out}; mkdir -p "$OUT"
dev=.device; jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':'); J=$jre/jre/bin/java
LAUNCHER=$(ls $dev/junit-platform-console-standalone-*.jar)
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > "$OUT/smi.txt" 2>&1
gemm() { # audit output-folder
  timeout -k 5 140 $J -Xmx24g -jar "$LAUNCHER" execute --class-path "$CP" \
    --select-class io.gpubench.examples.cuda.CudaGemmBenchmark --config gpubench.precisions=FP32,FP16,BF16 \
    --config 'gpubench.shapes.CudaGemmBenchmark=m=256,n=256,k=256;m=1024,n=1024,k=1024' \
    --config gpubench.audit="$1" --config gpubench.output-dir="$OUT/$2" \
    --details=tree --disable-banner --disable-ansi-colors > "$OUT/$2.log" 2>&1
  echo "$2 rc=$? at ${SECONDS} s"
}
gemm false gemm-timing
gemm true gemm-audit
PYTHONUNBUFFERED=1 timeout -k 5 50 python3 $dev/torch_graph100.py 256 1024 > "$OUT/torch-graph100.log" 2>&1
echo "torch rc=$? at ${SECONDS} s"
grep -hE "✘|tests (successful|failed|aborted|skipped)" "$OUT"/gemm-*.log | head -12
python3 $dev/small_gemm_table.py "$OUT"
