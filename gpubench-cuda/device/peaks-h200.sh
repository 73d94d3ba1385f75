#!/usr/bin/env bash
# The measured-peaks run on the H200, from the repository root with .device staged (stage-h200.sh): PeakProbeTest and
# PeakSelectionTest, the diagnostics with gpubench.cuda.peaks=measured, CudaGemmBenchmark (full profile) against
# measured peaks, and PyTorch's 1 GiB device-to-device copy and torch.matmul for comparison. Logs go to $OUT.
set -u
OUT=${OUT:-/tmp/gpubench-out}; mkdir -p "$OUT"
dev=.device; jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':'); J=$jre/jre/bin/java
L="$J -Xmx48g -jar $(ls $dev/junit-platform-console-standalone-*.jar) execute --class-path $CP --details=tree --disable-banner"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv
SECONDS=0
timeout 120 $L --select-class io.gpubench.cuda.internal.backend.PeakProbeTest --select-class io.gpubench.cuda.internal.backend.PeakSelectionTest > $OUT/probe.log 2>&1
echo "probe tests rc=$? wall ${SECONDS} s"
grep -E "PeakProbeTest|tests (successful|failed|aborted)|✘" $OUT/probe.log | head
timeout 60 $J -Dgpubench.cuda.peaks=measured -cp "$CP" io.gpubench.engine.diagnostics.Diagnostics --require cuda > $OUT/diagnostics.txt 2>&1
echo "diagnostics rc=$?"; grep -E "peaks|gpubench-cuda" $OUT/diagnostics.txt
timeout 300 $L --select-class io.gpubench.examples.cuda.CudaGemmBenchmark --config gpubench.profile=full \
  --config gpubench.cuda.peaks=measured --config gpubench.output-dir=$OUT/gpubench > $OUT/engine.log 2>&1
echo "engine rc=$?"
grep -E "gpubench-cuda|tests (successful|failed|aborted)|✘" $OUT/engine.log | head
sed -n '/gpubench results/,$p' $OUT/engine.log | head -30
python3 - "$OUT" <<'PY'
import json,sys
srcs=set()
for c in json.load(open(sys.argv[1]+"/gpubench/results.json"))["cases"]:
    t=c.get("throughput") or {}
    srcs.add(t.get("peakSource"))
print("peak sources in results.json:", srcs)
PY
PYTHONUNBUFFERED=1 python3 - <<'PY'
import torch
x=torch.empty(1<<30,dtype=torch.uint8,device="cuda"); y=torch.empty_like(x)
for _ in range(3): y.copy_(x)
best=1e9
for _ in range(10):
    s,e=torch.cuda.Event(enable_timing=True),torch.cuda.Event(enable_timing=True)
    s.record(); y.copy_(x); e.record(); torch.cuda.synchronize(); best=min(best,s.elapsed_time(e))
print("torch D2D copy 1 GiB best of 10: %.3f ms, %.2f TB/s (read+write)"%(best,2*(1<<30)/best/1e9))
PY
PYTHONUNBUFFERED=1 timeout 90 python3 $dev/torch_matmul.py 8192 2>&1 | tail -7
