#!/usr/bin/env bash
# The fit helper on the H200 (issue 26), from the repository root with .device staged by stage-h200.sh and
# .device/djl-jni by ../shared/device/djl-jni-stage.sh: DJL's JNI is built against the machine's torch, then
# ResNet50TrainingBenchmark (FP32, cuda, declared at batch 256) runs once and gpubench.fit searches the largest batch
# within 90% of the device's memory, each try in a worker of its own. Logs and the fit report go to $OUT; the fit
# report's lines are printed last.
set -u
OUT=${OUT:-/tmp/gpubench-out}
mkdir -p "$OUT"
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
[ -f $dev/djl-jni/build.sh ] || { echo "fit-h200: no $dev/djl-jni staged (../shared/device/djl-jni-stage.sh)"; exit 2; }
[ -n "${DJL_JNI_BUILT:-}" ] || source $dev/djl-jni/build.sh > "$OUT/djl-jni.log" 2>&1
CP=$(ls $dev/lib/*.jar | grep -v pytorch-native | tr '\n' ':')
start=$(date +%s)
timeout ${FIT_TIMEOUT:-420} $jre/jre/bin/java -Xmx16g -jar $dev/junit-platform-console-standalone-*.jar execute \
  --class-path "$CP" --select-class io.gpubench.examples.models.ResNet50TrainingBenchmark --details=tree \
  --disable-banner --config gpubench.backends=cuda --config gpubench.precisions=FP32 \
  --config "gpubench.shapes.ResNet50TrainingBenchmark=batch=256" --config gpubench.forks=1 \
  --config "gpubench.fit=ResNet50TrainingBenchmark*" --config gpubench.fit.maxTries=${FIT_TRIES:-8} \
  --config gpubench.output-dir="$OUT/fit-engine" > "$OUT/fit.log" 2>&1
echo "fit rc=$? in $(( $(date +%s) - start )) s"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
grep -E "^fit |^  (batch|to run)" "$OUT/fit.log" | head -20
