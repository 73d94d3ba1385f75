#!/usr/bin/env bash
# Device timing modes on the H200 (issue 12, GPU part), from the repository root with .device staged by
# stage-h200.sh: PyTorch's torch.matmul timed five ways (torch_graph_timing.py, before and after), the GPU tests of the
# modes (DeviceTimingGpuTest, CudaSessionGpuTest, DeviceTimingModesTest through the engine, SaxpyEventLoopTest: saxpy
# in the default mode against a raw event loop), gpubench's 1024^3 FP16/BF16 GEMM with gpubench.cuda.timing=events,
# blocked and graph, then the default (auto) at 1024^3 and 8192^3; timing_summary.py prints the table last. Logs and
# results go to $OUT. About 3 minutes.
set -u
OUT=${OUT:-/tmp/gpubench-out}
mkdir -p "$OUT"
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':')
launcher() {
  timeout ${ENGINE_TIMEOUT:-240} $jre/jre/bin/java -Xmx32g -jar $dev/junit-platform-console-standalone-*.jar execute \
    --class-path "$CP" --include-classname '.*(Benchmark|Test)$' --details=tree --disable-banner "$@"
}
gemm() { # mode shapes output-folder
  launcher --select-class io.gpubench.examples.cuda.CudaGemmBenchmark --config gpubench.precisions=FP16,BF16 \
    --config "gpubench.shapes.CudaGemmBenchmark=$2" --config gpubench.cuda.timing=$1 \
    --config gpubench.trials.budget-seconds=1 --config gpubench.output-dir="$OUT/$3" > "$OUT/$3.log" 2>&1
  echo "$3 rc=$?"
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > "$OUT/smi.txt" 2>&1
nvidia-smi --query-compute-apps=pid,process_name --format=csv >> "$OUT/smi.txt" 2>&1
PYTHONUNBUFFERED=1 python3 $dev/torch_graph_timing.py 1024 > "$OUT/torch-before.log" 2>&1
echo "torch before rc=$?"
rm -rf target/gpubench-saxpy
launcher --select-class io.gpubench.cuda.internal.backend.DeviceTimingGpuTest --select-class io.gpubench.cuda.internal.backend.CudaBackendSessionGpuTest \
  --select-class io.gpubench.examples.cuda.SaxpyEventLoopTest \
  --select-class io.gpubench.examples.cuda.DeviceTimingModesTest > "$OUT/gpu-tests.log" 2>&1
echo "gpu tests rc=$?"
mkdir -p "$OUT/saxpy" && cp target/gpubench-saxpy/auto/results.json target/gpubench-saxpy/event-loop.txt "$OUT/saxpy/" 2>/dev/null
gemm events 'm=1024,n=1024,k=1024' gemm-events
gemm blocked 'm=1024,n=1024,k=1024' gemm-blocked
gemm graph 'm=1024,n=1024,k=1024' gemm-graph
gemm auto 'm=1024,n=1024,k=1024;m=8192,n=8192,k=8192' gemm-auto
PYTHONUNBUFFERED=1 python3 $dev/torch_graph_timing.py 1024 > "$OUT/torch-after.log" 2>&1
echo "torch after rc=$?"
grep -E "^(saxpy|GEMM|1024\^3)|tests (successful|failed|aborted)|✘" "$OUT/gpu-tests.log" | head -30
grep -h "torch kernels" "$OUT/torch-before.log"
grep -h -E "✘|tests (successful|failed|aborted)" "$OUT"/gemm-*.log | head -20
python3 $dev/timing_summary.py "$OUT"
