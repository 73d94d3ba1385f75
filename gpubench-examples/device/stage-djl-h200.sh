#!/usr/bin/env bash
# Stages what djl-h200.sh needs into DIR (default .device, git-ignored): a Java runtime, the reactor's jars and the
# examples' test dependencies without DJL's pytorch-native-* and pytorch-jni jars (DJL uses the machine's torch
# there, through a JNI built on the machine), the examples' test classes, the JUnit console launcher, DJL's native
# sources for that JNI (../shared/device/djl-jni-stage.sh) and the device scripts: about 58 MiB. Builds in reactor
# mode (no install). From the project root:  gpubench-examples/device/stage-djl-h200.sh [DIR]
# (DJL_GIT_DIR: a git copy of deepjavalibrary/djl, default the mirror in /work/.mirror)
set -euo pipefail
dir=${1:-.device}
djl_git=${DJL_GIT_DIR:-/work/.mirror/deepjavalibrary+djl/repo}
mkdir -p "$dir"
[ -f "$dir/jre.tar.xz" ] || ../shared/device/make-jre.sh "$dir"
rm -rf "$dir/lib" && mkdir -p "$dir/lib"
lib=$(cd "$dir/lib" && pwd)
mvn -o -q -pl gpubench-examples -am package dependency:copy-dependencies -DskipTests -DincludeScope=test \
  -DoutputDirectory="$lib" -DexcludeGroupIds=io.gpubench
# No DJL natives: the JNI is built on the machine and found in DJL's cache there, so the pytorch-jni jar (a JNI for
# torch 2.7.1) would never be read either.
rm -f "$lib"/pytorch-native-* "$lib"/pytorch-jni-* "$lib"/*-sources.jar
for m in api engine results djl cuda examples; do
  cp gpubench-$m/target/gpubench-$m-*-SNAPSHOT.jar "$lib/"
done
(cd gpubench-examples/target/test-classes && jar cf "$lib/gpubench-examples-tests.jar" .)
cp ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/6.1.3/junit-platform-console-standalone-6.1.3.jar "$dir/"
cp gpubench-examples/device/djl-h200.sh gpubench-examples/device/djl_*.py "$dir/"
../shared/device/djl-jni-stage.sh "$djl_git" "$dir/djl-jni" > /dev/null
du -sh "$dir" "$dir/lib" "$dir/djl-jni"
