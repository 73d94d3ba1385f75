#!/usr/bin/env bash
# Stages what run-h200.sh needs into DIR (default .device): a Java runtime, the reactor's jars and the examples'
# test dependencies (without DJL's natives, over the carry limit), the console launcher and the device scripts.
# Builds in reactor mode (no install), from the repository root of any clone. Usage:
#   gpubench-cuda/device/stage-h200.sh [DIR]
# Maven runs offline when the local repository has everything, and online otherwise (a fresh machine): set
# MVN_OFFLINE=1 to forbid the network, MVN_OFFLINE=0 to go online at once. The console launcher is fetched with
# dependency:copy at the version the root pom's junit.version names, not copied out of ~/.m2. The runtime is
# jlinked from this machine's JDK 17 (JAVA_HOME, else the java on PATH), or taken from DIR/jre.tar.xz when there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/.device}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cd "$root"

# Maven offline first (fast, and what a build machine with a warm repository wants), online when that fails.
mvn_() {
  if [ "${MVN_OFFLINE:-}" = 1 ]; then
    mvn -o -q "$@"
  elif [ "${MVN_OFFLINE:-}" = 0 ]; then
    mvn -q "$@"
  else
    mvn -o -q "$@" 2>/dev/null || { echo "stage-h200: offline build failed; trying online" >&2; mvn -q "$@"; }
  fi
}

if [ ! -f "$dir/jre.tar.xz" ]; then
  jdk=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
  [ -x "$jdk/bin/jlink" ] || { echo "stage-h200: no jlink under $jdk; set JAVA_HOME to a JDK 17" >&2; exit 1; }
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$jdk/bin/jlink" --add-modules java.base,java.logging,java.management,jdk.management,java.naming,java.sql,java.xml,jdk.unsupported,jdk.zipfs \
    --strip-debug --no-man-pages --no-header-files --compress=2 --output "$tmp/jre"
  tar -C "$tmp" -cJf "$dir/jre.tar.xz" jre
fi

rm -rf "$dir/lib" && mkdir -p "$dir/lib"
lib="$dir/lib"
mvn_ -pl gpubench-examples -am package dependency:copy-dependencies -DskipTests -DincludeScope=test \
  -DoutputDirectory="$lib" -DexcludeGroupIds=io.gpubench
# DJL's natives are far over the carry limit (the DJL run builds a JNI there). ArchUnit (4.6 MB) serves only
# gpubench-cuda's ArchitectureTest, a check of the build with nothing of the GPU in it: both stay behind, which keeps
# the staged folder under the 64 MiB the device tool carries.
rm -f "$lib"/pytorch-native-* "$lib"/archunit-*.jar
# The reactor's own jars (the engine's test jar too: the examples' tests use its EngineKit).
for m in gpubench-api gpubench-results gpubench-engine gpubench-cuda gpubench-djl gpubench-examples; do
  cp $(ls "$m"/target/"$m"-*.jar | grep -v -e '-sources' -e '-javadoc' -e '-tests') "$lib/"
done
(cd gpubench-examples/target/test-classes && jar cf "$lib/gpubench-examples-tests.jar" .)
cuda_tests=$(mktemp -d)
cp -r gpubench-cuda/target/test-classes/. "$cuda_tests/"
rm -f "$cuda_tests"/io/gpubench/cuda/ArchitectureTest*.class
(cd "$cuda_tests" && jar cf "$lib/gpubench-cuda-tests.jar" .)
rm -rf "$cuda_tests"

junit=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' pom.xml | head -1)
rm -f "$dir"/junit-platform-console-standalone-*.jar
mvn_ dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit" \
  -DoutputDirectory="$dir"

cp gpubench-cuda/device/*.py gpubench-cuda/device/*.sh "$dir/"
du -sh "$dir"
