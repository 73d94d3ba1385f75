#!/usr/bin/env bash
# A first look at the new GPU code on the H200, from the repository root with .device staged (stage-h200.sh): the
# GPU tests of gpubench-cuda (sessions, timing modes, CUPTI audit, a one-rank NCCL world) and of the examples (a
# kernel that faults before a correct one on the same GPU, in worker processes), then the timing-mode comparison
# with PyTorch (timing-h200.sh) and the audit tables (audit-h200.sh). Logs under $OUT; a short table last.
set -u
OUT=${OUT:-/tmp/gpubench-out}; mkdir -p "$OUT"
dev=.device; jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':'); J=$jre/jre/bin/java
LAUNCHER=$(ls $dev/junit-platform-console-standalone-*.jar)
SECONDS=0
timeout 240 $J -Xmx24g -jar "$LAUNCHER" execute --class-path "$CP" --include-classname '.*Test$' \
  --select-class io.gpubench.cuda.internal.backend.CudaBackendSessionGpuTest --select-class io.gpubench.cuda.internal.backend.DeviceTimingGpuTest \
  --select-class io.gpubench.cuda.nccl.CommunicatorGpuTest --select-class io.gpubench.examples.cuda.FaultIsolationGpuTest \
  --config gpubench.output-dir="$OUT/gpubench-fault" --details=tree --disable-banner > "$OUT/gpu-tests.log" 2>&1
echo "gpu tests rc=$? wall ${SECONDS} s"
grep -E "✘|tests (successful|failed|aborted|skipped)|faulting kernel" "$OUT/gpu-tests.log" | head -30
ls target/gpubench-fault/workers 2>/dev/null | head; cp -r target/gpubench-fault "$OUT/" 2>/dev/null
OUT=$OUT/timing timeout 210 bash $dev/timing-h200.sh > "$OUT/timing.txt" 2>&1; echo "timing rc=$?"
OUT=$OUT/audit timeout 140 bash $dev/audit-h200.sh > "$OUT/audit.txt" 2>&1; echo "audit rc=$?"
echo "=== timing"; tail -25 "$OUT/timing.txt"
echo "=== audit"; tail -40 "$OUT/audit.txt"
