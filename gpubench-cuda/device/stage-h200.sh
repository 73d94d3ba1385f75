#!/usr/bin/env bash
# Stages what run-h200.sh needs into DIR (default ../main/.device from a worktree): a Java runtime, the reactor's
# jars and the examples' test dependencies (without DJL's natives, over the carry limit), the console launcher and
# the device scripts. Builds in reactor mode (no install). Usage: gpubench-cuda/device/stage-h200.sh [DIR]
set -euo pipefail
dir=${1:-../main/.device}
mkdir -p "$dir"
[ -f "$dir/jre.tar.xz" ] || ../shared/device/make-jre.sh "$dir"
rm -rf "$dir/lib" && mkdir -p "$dir/lib"
lib=$(cd "$dir/lib" && pwd)
mvn -o -q -pl gpubench-examples -am package dependency:copy-dependencies -DskipTests -DincludeScope=test \
  -DoutputDirectory="$lib" -DexcludeGroupIds=io.gpubench
# DJL's natives are far over the carry limit (the DJL run builds a JNI there).
rm -f "$lib"/pytorch-native-*
# every module the examples' tests reach (results and djl split from the engine): the reactor's jars, not ~/.m2's
for m in gpubench-api gpubench-results gpubench-engine gpubench-cuda gpubench-djl gpubench-examples; do
  cp $(ls "$m"/target/"$m"-*.jar | grep -v -e '-sources' -e '-javadoc' -e '-tests') "$lib/"
done
(cd gpubench-examples/target/test-classes && jar cf "$lib/gpubench-examples-tests.jar" .)
(cd gpubench-cuda/target/test-classes && jar cf "$lib/gpubench-cuda-tests.jar" .)
cp ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/6.1.3/junit-platform-console-standalone-6.1.3.jar "$dir/"
cp gpubench-cuda/device/*.py gpubench-cuda/device/run-h200.sh gpubench-cuda/device/peaks-h200.sh \
  gpubench-cuda/device/nccl-x2.sh gpubench-cuda/device/worlds-x2.sh gpubench-cuda/device/audit-h200.sh \
  gpubench-cuda/device/timing-h200.sh gpubench-cuda/device/smoke-h200.sh "$dir/"
du -sh "$dir"
