#!/usr/bin/env bash
# Memory on the H200 (issue 26), from the repository root with .device staged by stage-h200.sh (and, for the DJL
# case, .device/djl-jni staged by ../shared/device/djl-jni-stage.sh): one call of at most ~5 minutes.
#  1. the engine over DeviceOutOfMemoryBenchmark (twice the device in its set-up: must fail with the device's figures),
#     DeviceMemoryBenchmark (8192^3 FP16 cuBLASLt) and CudaGemmBenchmark at 4096^3 FP16, while nvidia-smi lists the
#     compute apps' memory every 100 ms (the worker's NVML peak against nvidia-smi's for the same pid);
#  2. DeviceMemoryGpuTest (the same checks as assertions);
#  3. where the DJL JNI is staged: ResNet50TrainingBenchmark batch=256 FP32 on cuda, then eager PyTorch's
#     max_memory_reserved()/max_memory_allocated() plus its context for the same model and batch;
#  4. whether libc10_cuda exports a C entry point to the caching allocator's statistics (docs/memory.md says no);
#  5. the table last (memory_table.py). Logs and results go to $OUT.
set -u
OUT=${OUT:-/tmp/gpubench-out}
mkdir -p "$OUT"
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | grep -v pytorch-native | tr '\n' ':')
console() { # log-name args...
  local name=$1; shift
  timeout ${ENGINE_TIMEOUT:-100} $jre/jre/bin/java -Xmx16g -jar $dev/junit-platform-console-standalone-*.jar execute \
    --class-path "$CP" --include-classname '.*(Benchmark|Test)$' --details=tree --disable-banner "$@" \
    > "$OUT/$name.log" 2>&1
  echo "$name rc=$?"
}
nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader,nounits -lms 100 > "$OUT/smi-apps.csv" 2>&1 &
smi=$!
console engine --select-class io.gpubench.examples.cuda.DeviceOutOfMemoryBenchmark \
  --select-class io.gpubench.examples.cuda.DeviceMemoryBenchmark --select-class io.gpubench.examples.cuda.CudaGemmBenchmark \
  --config gpubench.include=DeviceOutOfMemoryBenchmark,DeviceMemoryBenchmark --config gpubench.backends=cuda \
  --config gpubench.precisions=FP16 --config "gpubench.shapes.CudaGemmBenchmark=m=4096,n=4096,k=4096" \
  --config gpubench.output-dir="$OUT/engine"
console gputest --select-class io.gpubench.examples.cuda.DeviceMemoryGpuTest
if [ -f $dev/djl-jni/build.sh ]; then
  source $dev/djl-jni/build.sh > "$OUT/djl-jni.log" 2>&1
  console djl --select-class io.gpubench.examples.models.ResNet50TrainingBenchmark --config gpubench.backends=cuda \
    --config gpubench.precisions=FP32 --config "gpubench.shapes.ResNet50TrainingBenchmark=batch=256" \
    --config gpubench.forks=1 --config gpubench.output-dir="$OUT/djl"
  PYTHONUNBUFFERED=1 timeout 90 python3 $dev/torch_memory.py 256 > "$OUT/torch-memory.log" 2>&1
  echo "torch rc=$?"
else
  echo "no .device/djl-jni: the DJL and eager PyTorch rows are left out" | tee "$OUT/djl.log"
fi
kill $smi 2>/dev/null
c10=$(python3 -c 'import torch,os;print(os.path.join(os.path.dirname(torch.__file__),"lib","libc10_cuda.so"))' 2>/dev/null)
{ echo "libc10_cuda: $c10"
  nm -D --defined-only "$c10" 2>/dev/null | c++filt | grep -E "CUDACachingAllocator::(allocator|getDeviceStats)|DeviceStats" | head -5
  echo "extern \"C\" symbols mentioning stats: $(nm -D --defined-only "$c10" 2>/dev/null | grep -v '_Z' | grep -ci stat)"
} > "$OUT/c10-symbols.txt" 2>&1
grep -E "tests (successful|failed|aborted)|✘" "$OUT"/engine.log "$OUT"/gputest.log "$OUT"/djl.log 2>/dev/null | head -12
cat "$OUT/c10-symbols.txt"
tail -n 3 "$OUT/torch-memory.log" 2>/dev/null
python3 $dev/memory_table.py "$OUT"
