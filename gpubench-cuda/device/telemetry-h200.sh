#!/usr/bin/env bash
# Telemetry that acts, on the H200 (issue 12), from the repository root with .device staged by stage-h200.sh: the
# CUDA GEMM at 1024^3 and 8192^3 (FP16, BF16) and saxpy with the engine's defaults, twice: on a quiet GPU, then with
# a PyTorch process holding a context on the same GPU (every case must be flagged "shared"). The 8192^3 GEMMs run at
# the board's power cap: trials NVML saw throttled are discarded and measured again ("discarded" > 0), and a case is
# flagged "throttled" only when the device stayed throttled. telemetry_table.py prints the table last. Logs and
# results go to $OUT. About 3 minutes.
set -u
OUT=${OUT:-/tmp/gpubench-out}
mkdir -p "$OUT"
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | tr '\n' ':')
run() { # output-folder
  timeout ${ENGINE_TIMEOUT:-300} $jre/jre/bin/java -Xmx32g -jar $dev/junit-platform-console-standalone-*.jar execute \
    --class-path "$CP" --include-classname '.*(Benchmark|Test)$' --details=tree --disable-banner \
    --select-class io.gpubench.examples.cuda.CudaGemmBenchmark --select-class io.gpubench.examples.cuda.SaxpyLatencyBenchmark \
    --config gpubench.precisions=FP16,BF16,FP32 --config gpubench.backends=cuda \
    --config "gpubench.shapes.CudaGemmBenchmark=m=1024,n=1024,k=1024;m=8192,n=8192,k=8192" \
    --config gpubench.output-dir="$OUT/$1" > "$OUT/$1.log" 2>&1
  echo "$1 rc=$?"
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv > "$OUT/smi.txt" 2>&1
run quiet
python3 -c 'import torch, time; torch.ones(1, device="cuda"); print("holding a context", flush=True); time.sleep(600)' \
  > "$OUT/holder.log" 2>&1 &
holder=$!
sleep 10
nvidia-smi --query-compute-apps=pid,process_name --format=csv >> "$OUT/smi.txt" 2>&1
run shared
kill $holder 2>/dev/null
cat "$OUT/smi.txt"
python3 $dev/telemetry_table.py "$OUT" quiet shared
