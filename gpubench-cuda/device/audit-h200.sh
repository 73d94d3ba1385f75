#!/usr/bin/env bash
# The kernel audit and profiler hooks on the H200, from the repository root with .device staged (stage-h200.sh):
#  1. the audit and profiler tests (io.gpubench.cuda.audit, io.gpubench.cuda.profiler: the CPU tests of stack walks,
#     record layouts and attribution, then CuptiAuditGpuTest on the GPU), printing each audit's table; raw CUPTI
#     buffers and the stack walks go to $OUT/audit-dump (gpubench.cuda.audit.dump-dir);
#  2. if nsys is on the machine, one capture of a selected range: CuptiAuditGpuTest's cuProfilerStart/Stop around
#     five 4096^3 GEMMs inside an NVTX range, under nsys --capture-range=cudaProfilerApi, with nsys' kernel and
#     NVTX summaries of it; the same run checks that the audit is skipped, naming nsys, while nsys holds CUPTI.
# Prints the audit tables and a closing table; full logs go to $OUT. Usage: bash gpubench-cuda/device/audit-h200.sh
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
timeout 300 $J -Xmx24g -Dgpubench.cuda.audit.dump-dir="$OUT/audit-dump" -jar "$LAUNCHER" execute --class-path "$CP" \
  --select-package io.gpubench.cuda.audit --select-package io.gpubench.cuda.profiler \
  --details=tree --disable-banner > "$OUT/audit.log" 2>&1
echo "audit tests rc=$? wall ${SECONDS} s"
sed -n '/^== kernel audit/,/^  cost:/p' "$OUT/audit.log"
grep -E "^== profiler hooks" "$OUT/audit.log"
grep -E "✘|tests (successful|failed|aborted|skipped)" "$OUT/audit.log" | head -20
first=$(ls "$OUT"/audit-dump/walks-*.txt 2>/dev/null | head -1)
[ -n "$first" ] && { echo "--- first stack walks ($first)"; head -16 "$first"; }

# 2. nsys, if present: one capture of the selected range
NSYS=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys \
  /usr/local/cuda*/nsight-systems*/bin/nsys /usr/lib/nsight-systems/bin/nsys 2>/dev/null | head -1)
if [ -n "$NSYS" ]; then
  echo "nsys: $NSYS ($($NSYS --version 2>&1 | head -1))"
  SECONDS=0
  timeout 300 "$NSYS" profile -t cuda,nvtx -s none --cpuctxsw=none --capture-range=cudaProfilerApi \
    --capture-range-end=stop -o "$OUT/capture" -f true \
    $J -Xmx24g -jar "$LAUNCHER" execute --class-path "$CP" \
    --select-method 'io.gpubench.cuda.audit.CuptiAuditGpuTest#aCaptureRangeAndNvtxRangesAroundOneCall' \
    --select-method 'io.gpubench.cuda.audit.CuptiAuditGpuTest#underAProfilerTheAuditIsSkippedAndNamesIt' \
    --details=tree --disable-banner > "$OUT/nsys.log" 2>&1
  echo "nsys run rc=$? wall ${SECONDS} s"
  grep -E "^== (kernel audit|profiler hooks)|skipped:|✘|tests (successful|failed)" "$OUT/nsys.log" | head -12
  rep=$(ls "$OUT"/capture*.nsys-rep 2>/dev/null | head -1)
  if [ -n "$rep" ]; then
    "$NSYS" stats --report cuda_gpu_kern_sum --report nvtx_sum --format csv --output - "$rep" > "$OUT/nsys-stats.txt" 2>&1
    echo "--- nsys stats of the captured range (expect 5 GEMM launches and one 'CuptiAuditGpuTest' range)"
    grep -v "^$" "$OUT/nsys-stats.txt" | cut -c1-200 | head -20
  else
    echo "nsys wrote no report; see $OUT/nsys.log"
  fi
else
  echo "nsys: not found on this machine (PATH, /usr/local/cuda/bin, /opt/nvidia/nsight-systems, /usr/local/cuda*/nsight-systems*)"
fi

echo "--- summary"
printf '%-52s | %s\n' "audit" "GPU time by library | kernels | busy | cost"
grep -h "^audit-summary |" "$OUT/audit.log" "$OUT/nsys.log" 2>/dev/null | cut -d'|' -f2- | \
  awk -F'|' '{printf "%-52s |%s|%s|%s|%s\n", substr($1,2), $2, $3, $4, $5}'
