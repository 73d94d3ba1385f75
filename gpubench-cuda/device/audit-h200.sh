#!/usr/bin/env bash
# The kernel audit and profiler hooks on the H200, from the repository root with .device staged (stage-h200.sh):
#  1. the audit and profiler tests (io.gpubench.cuda.internal.audit, .internal.profiler: the CPU tests of stack walks,
#     record layouts and attribution, then CuptiAuditGpuTest on the GPU), printing each audit's table; raw CUPTI
#     buffers and the stack walks go to $OUT/audit-dump (gpubench.cuda.audit.dump-dir);
#  2. the engine over the CUDA examples, audit on (the default), in its worker processes: CudaGemmBenchmark at 1024^3
#     and 8192^3 (FP16, FP32, BF16), SaxpyLatencyBenchmark (the benchmark's own NVRTC kernel), BrokenDecodeTailBenchmark
#     (its own kernel; the case fails its tolerance, as it must). Results, reports and each case's report.md go to
#     $OUT/engine; the 8192^3 FP16 case's report.md is printed;
#  3. if nsys is on the machine: the engine again under nsys profile --capture-range=cudaProfilerApi with
#     gpubench.profiler.capture selecting the 8192^3 FP16 case only, then nsys' kernel and NVTX summaries of the
#     capture (expect the trials' GEMMs and one '<case id> trials' range); that case's audit is skipped, naming nsys.
# Prints a closing table (audit_summary.py); full logs go to $OUT; at most 550 s (timeouts 150+200+200), about 3-4
# minutes expected. Usage: bash gpubench-cuda/device/audit-h200.sh
set -u
OUT=${OUT:-/tmp/gpubench-out}; mkdir -p "$OUT"
dev=.device; jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':'); J=$jre/jre/bin/java
LAUNCHER=$(ls $dev/junit-platform-console-standalone-*.jar)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,power.draw --format=csv,noheader > "$OUT/smi.txt" 2>&1
echo "gpu: $(cat "$OUT/smi.txt")"
ls -l /usr/local/cuda/lib64/libcupti.so* /usr/local/cuda/lib64/libnvtx3interop.so* 2>&1 | sed 's/^/lib: /'

# 1. the audit tests
SECONDS=0
timeout 150 $J -Xmx24g -Dgpubench.cuda.audit.dump-dir="$OUT/audit-dump" -jar "$LAUNCHER" execute --class-path "$CP" \
  --select-package io.gpubench.cuda.internal.audit --select-package io.gpubench.cuda.internal.profiler \
  --details=tree --disable-banner --disable-ansi-colors > "$OUT/audit.log" 2>&1
echo "audit tests rc=$? wall ${SECONDS} s"
grep -E "^audit-summary \|" "$OUT/audit.log"
grep -E "✘|tests (successful|failed|aborted|skipped)" "$OUT/audit.log" | head -12
first=$(ls "$OUT"/audit-dump/walks-*.txt 2>/dev/null | head -1)
[ -n "$first" ] && { echo "--- first stack walks ($first)"; head -12 "$first"; }

# 2. the engine, audit on by default
ENGINE_ARGS=(--class-path "$CP"
  --select-class io.gpubench.examples.cuda.CudaGemmBenchmark
  --select-class io.gpubench.examples.cuda.SaxpyLatencyBenchmark
  --select-class io.gpubench.examples.cuda.BrokenDecodeTailBenchmark
  --config gpubench.include=BrokenDecodeTailBenchmark --config gpubench.precisions=fp16,fp32,bf16
  --config 'gpubench.shapes.CudaGemmBenchmark=m=1024,n=1024,k=1024;m=8192,n=8192,k=8192'
  --config gpubench.trials.budget-seconds=1 --details=tree --disable-banner --disable-ansi-colors)
SECONDS=0
timeout 200 $J -Xmx24g -jar "$LAUNCHER" execute "${ENGINE_ARGS[@]}" --config gpubench.output-dir="$OUT/engine" \
  > "$OUT/engine.log" 2>&1
echo "engine rc=$? wall ${SECONDS} s (BrokenDecodeTail fails its tolerance by design)"
grep -E "✘|tests (successful|failed|aborted)" "$OUT/engine.log" | head -12
report=$(ls "$OUT"/engine/cases/CudaGemmBenchmark.matmul-8192x8192x8192-FP16-*/report.md 2>/dev/null | head -1)
[ -n "$report" ] && { echo "--- $report"; head -30 "$report"; }
echo "case files: $(find "$OUT/engine/cases" -type f 2>/dev/null | wc -l) in $OUT/engine/cases"
# report and file entries as the console launcher prints them: gpubench.kernels = `cuBLASLt 100%, 1 kernel`, file:///...
grep -E "gpubench.kernels = |file:///" "$OUT/engine.log" | sed 's/^[ │├└─]*//' | cut -c1-160 | head -16

# 3. nsys, if present: one selected case captured through the engine
NSYS=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys \
  /usr/local/cuda*/nsight-systems*/bin/nsys /usr/lib/nsight-systems/bin/nsys 2>/dev/null | head -1)
if [ -n "$NSYS" ]; then
  echo "nsys: $NSYS ($($NSYS --version 2>&1 | head -1))"
  SECONDS=0
  timeout 200 "$NSYS" profile -t cuda,nvtx -s none --cpuctxsw=none --capture-range=cudaProfilerApi \
    --capture-range-end=stop -o "$OUT/capture" -f true \
    $J -Xmx24g -jar "$LAUNCHER" execute --class-path "$CP" \
    --select-class io.gpubench.examples.cuda.CudaGemmBenchmark --config gpubench.precisions=fp16 \
    --config 'gpubench.shapes.CudaGemmBenchmark=m=1024,n=1024,k=1024;m=8192,n=8192,k=8192' \
    --config 'gpubench.profiler.capture=CudaGemmBenchmark#matmul[m=8192*][FP16]*' \
    --config gpubench.trials.budget-seconds=1 --config gpubench.output-dir="$OUT/nsys-engine" \
    --details=tree --disable-banner --disable-ansi-colors > "$OUT/nsys.log" 2>&1
  echo "nsys run rc=$? wall ${SECONDS} s"
  grep -E "gpubench.(kernels|recording|flag.profiled) = |✘|tests (successful|failed)" "$OUT/nsys.log" \
    | sed 's/^[ │├└─]*//' | cut -c1-220 | head -8
  rep=$(ls "$OUT"/capture*.nsys-rep 2>/dev/null | head -1)
  if [ -n "$rep" ]; then
    "$NSYS" stats --report cuda_gpu_kern_sum --report nvtx_sum --format csv --output - "$rep" > "$OUT/nsys-stats.txt" 2>&1
    echo "--- nsys stats of the capture (expect only 8192^3 FP16 GEMMs of the trials and one '... trials' range)"
    grep -v "^$" "$OUT/nsys-stats.txt" | cut -c1-220 | head -20
  else
    echo "nsys wrote no report; see $OUT/nsys.log"
  fi
else
  echo "nsys: not found on this machine (PATH, /usr/local/cuda/bin, /opt/nvidia/nsight-systems, /usr/local/cuda*/nsight-systems*)"
fi

echo "--- summary"
python3 $dev/audit_summary.py "$OUT"
