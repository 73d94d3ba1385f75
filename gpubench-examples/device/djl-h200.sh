#!/usr/bin/env bash
# DJL on the H200 in one call (about 3.5 minutes), from the repository root with .device staged by
# gpubench-examples/device/stage-djl-h200.sh:
#   1. DJL's PyTorch JNI built against the machine's torch (.device/djl-jni/build.sh, ~45 s);
#   2. torch.matmul on DjlGemmBenchmark's shapes, timed as gpubench times a DJL call (one call or 20 behind a held
#      stream) and as torch is usually timed (a loop, a graph of 50), with its kernels (djl_torch_matmul.py);
#   3. one JVM: DjlGemmBenchmark, ConvNetInferenceBenchmark and the five training benchmarks, full profile, on cuda,
#      then the GPU tests DjlOnCudaTest and HostScalarsOnCudaTest;
#   4. DjlGemmBenchmark again with 20 calls a blocked trial (per-call device time without the events' latency);
#   5. resnet50 and ddpm FP32 with the gradients zeroed as DJL does (-Dgpubench.training.sgd=direct-zero), against
#      step 3's released gradients;
#   6. eager PyTorch training steps of the same models and batches (djl_torch_training.py);
#   7. the tables (djl_table.py), printed last. Logs and results.json files go to $OUT.
set -u
OUT=${OUT:-/tmp/gpubench-out}
mkdir -p "$OUT"
dev=${DEV:-.device}
start=$(date +%s)
lap() { echo "[$(( $(date +%s) - start )) s] $*"; }

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv \
  > "$OUT/smi.txt" 2>&1
# shellcheck disable=SC1091
source "$dev/djl-jni/build.sh" > "$OUT/djl-jni.log" 2>&1
tail -n 2 "$OUT/djl-jni.log"
lap "DJL JNI"
jre=${JAVA_HOME:-${TMPDIR:-/tmp}/gpubench-jre/jre}
[ -x "$jre/bin/java" ] || { mkdir -p "$(dirname "$jre")" && tar -C "$(dirname "$jre")" -xJf "$dev/jre.tar.xz"; }
CP=$(ls "$dev"/lib/*.jar | tr '\n' ':')
launcher() {
  timeout "$1" "$jre/bin/java" -Xmx16g ${JAVA_OPTS:-} -jar "$dev"/junit-platform-console-standalone-*.jar execute \
    --class-path "$CP" --details=tree --disable-banner "${@:2}"
}

timeout 45 python3 "$dev/djl_torch_matmul.py" "$OUT/torch-matmul.jsonl" > "$OUT/torch-matmul.log" 2>&1
lap "torch.matmul rc=$?"

m=io.gpubench.examples.models
launcher "${ENGINE_TIMEOUT:-120}" \
  --select-class io.gpubench.examples.gemm.DjlGemmBenchmark \
  --select-class io.gpubench.examples.inference.ConvNetInferenceBenchmark \
  --select-class $m.CnnTrainingBenchmark --select-class $m.ResNet50TrainingBenchmark \
  --select-class $m.VitTrainingBenchmark --select-class $m.UnetTrainingBenchmark --select-class $m.DdpmTrainingBenchmark \
  --select-class io.gpubench.examples.djl.DjlOnCudaTest --select-class io.gpubench.examples.djl.HostScalarsOnCudaTest \
  --config gpubench.profile=full --config gpubench.backends=cuda --config gpubench.output-dir="$OUT/gpubench" \
  > "$OUT/engine.log" 2>&1
lap "engine and GPU tests rc=$?"

launcher 45 --select-class io.gpubench.examples.gemm.DjlGemmBenchmark \
  --config gpubench.profile=full --config gpubench.backends=cuda --config gpubench.precisions=FP32,FP16 \
  --config gpubench.trials.calls-per-trial=20 --config gpubench.cuda.timing=blocked \
  --config gpubench.output-dir="$OUT/gpubench-gemm20" > "$OUT/engine-gemm20.log" 2>&1
lap "DJL GEMM, 20 calls a blocked trial rc=$?"

JAVA_OPTS=-Dgpubench.training.sgd=direct-zero launcher 60 \
  --select-class $m.ResNet50TrainingBenchmark --select-class $m.DdpmTrainingBenchmark \
  --config gpubench.profile=full --config gpubench.backends=cuda --config gpubench.precisions=FP32 \
  --config gpubench.output-dir="$OUT/gpubench-zero" > "$OUT/engine-zero.log" 2>&1
lap "resnet50 and ddpm with zeroed gradients rc=$?"

timeout 90 python3 "$dev/djl_torch_training.py" "$OUT/torch-training.jsonl" > "$OUT/torch-training.log" 2>&1
lap "eager PyTorch training rc=$?"

cp -r target/gpubench-djl-cuda-* "$OUT/" 2>/dev/null
grep -E "DjlOnCudaTest|HostScalarsOnCudaTest|✘|✔ a|✔ the|Assumption|tests (successful|failed|aborted)" \
  "$OUT/engine.log" | head -20
grep -E "cuda:0\]: (PASSED|FAILED|ERROR)" "$OUT/engine.log" | head -12
head -n 1 "$OUT/torch-matmul.log" "$OUT/torch-training.log"
python3 "$dev/djl_table.py" "$OUT"
lap "done"
