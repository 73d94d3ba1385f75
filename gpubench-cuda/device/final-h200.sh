#!/usr/bin/env bash
# The closing H200 run of the CUDA side, from the repository root with .device staged (stage-h200.sh), in one call
# of under 10 minutes: the kernel audit through the engine (audit-h200.sh: CUPTI tests, then CudaGemmBenchmark 1024^3
# and 8192^3 FP16/FP32/BF16, saxpy and the broken decode kernel in worker processes, audit on by default); PyTorch's
# torch.matmul at 1024^3 (five ways, a CUDA graph among them) and 8192^3 on the same GPU; the GPU tests of fault
# isolation (a kernel that writes out of bounds before a correct one on the same GPU), the engine's timing against a
# raw event loop, the timing modes, the session's protocol (CudaBackendSessionGpuTest: tensors, poison, fingerprint,
# compare, clock, L2 flush, telemetry, peak memory, unwrap) and NCCL at world 1 (CommunicatorGpuTest: the view a session
# of a world hands out); the world examples at world 1 (2 and more are skipped with the reason on one GPU). Logs under
# $OUT; short tables last.
set -u
OUT=${OUT:-/tmp/gpubench-out}; mkdir -p "$OUT"
dev=.device; jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':'); J=$jre/jre/bin/java
LAUNCHER=$(ls $dev/junit-platform-console-standalone-*.jar)
SECONDS=0
OUT=$OUT/audit timeout 330 bash $dev/audit-h200.sh > "$OUT/audit.txt" 2>&1; echo "audit rc=$? at ${SECONDS} s"
PYTHONUNBUFFERED=1 timeout 60 python3 $dev/torch_graph_timing.py 1024 > "$OUT/torch-1024.log" 2>&1
PYTHONUNBUFFERED=1 timeout 60 python3 $dev/torch_matmul.py 8192 > "$OUT/torch-8192.log" 2>&1
echo "torch at ${SECONDS} s"
timeout 240 $J -Xmx24g -jar "$LAUNCHER" execute --class-path "$CP" --include-classname '.*Test$' \
  --select-class io.gpubench.examples.cuda.FaultIsolationGpuTest --select-class io.gpubench.examples.cuda.SaxpyEventLoopTest \
  --select-class io.gpubench.cuda.internal.backend.DeviceTimingGpuTest \
  --select-class io.gpubench.cuda.internal.backend.CudaBackendSessionGpuTest \
  --select-class io.gpubench.cuda.nccl.CommunicatorGpuTest --details=tree --disable-banner --disable-ansi-colors \
  > "$OUT/gpu-tests.log" 2>&1; echo "gpu tests rc=$? at ${SECONDS} s"
timeout 120 $J -Xmx24g -jar "$LAUNCHER" execute --class-path "$CP" \
  --select-class io.gpubench.examples.worlds.AllReduceBenchmark --select-class io.gpubench.examples.worlds.TensorParallelGemmBenchmark \
  --config gpubench.output-dir="$OUT/worlds" --details=tree --disable-banner --disable-ansi-colors \
  > "$OUT/worlds.log" 2>&1; echo "worlds rc=$? at ${SECONDS} s"
echo "=== audit"; tail -32 "$OUT/audit.txt"
echo "=== torch"; grep -hE "torch|matmul|graph|TFLOP|us" "$OUT/torch-1024.log" | tail -8; tail -5 "$OUT/torch-8192.log"
echo "=== gpu tests"; grep -E "✘|tests (successful|failed|aborted)|faulting kernel|saxpy n=1M|pointer chase" "$OUT/gpu-tests.log" | head -14
echo "=== worlds (world 1 on one GPU)"; grep -E "✘|tests (successful|failed|aborted|skipped)" "$OUT/worlds.log" | head -6
sed -n '/gpubench results/,$p' "$OUT/worlds.log" | head -36
