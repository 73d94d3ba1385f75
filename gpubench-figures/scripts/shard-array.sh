#!/usr/bin/env bash
# Issue 25: a 1,000-case suite (CPU, one empty @Measure at 1,000 shapes; tiny cases: one warm-up call, two trials, one
# fork, so that the figure is the shards' own cost and not their benchmarks') run as 1, 2 and 4
# shards of a Slurm array on this machine, through docs/slurm/array-job.sbatch (the template users copy: the console
# launcher, no Maven on the "compute node"). For each N it prints the wall time of the whole array (sbatch --wait,
# from submission to the end of its last task: Slurm's scheduling included) and of each shard (its JVM, from start to
# exit, timed by a wrapper given to the template as JAVA), with the cases and planned seconds each shard was given.
# The array's time ends with its last task's JVM, not with sbatch --wait (which polls at growing intervals).
# The shards' journals are then read to check that every case ran once and every shard ended.
#
# Usage, from the repository root, with a Slurm cluster (source /work/slurm.env, or eval "$(.ci/start-slurm)"):
#   gpubench-figures/scripts/shard-array.sh [rounds, default 1]
# Environment: REPO (the Maven repository, default ~/.m2/repository; gpubench is installed into it first unless
# NOINSTALL=1), WORK (default target/shard-array), MVN (default mvn), SHARDS (default "1 2 4").
# A shard is one task of one declared CPU; this cluster declares 8 CPUs on the machine's cores, so 4 shards on a
# 2-core machine share 2 cores: the figure says what sharding costs and gives here, not what 4 nodes would give.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-1}
repo=${REPO:-$HOME/.m2/repository}
work=${WORK:-$root/target/shard-array}
mvn=${MVN:-mvn}
counts=${SHARDS:-1 2 4}
command -v sbatch >/dev/null && [ -n "${SLURM_CONF:-}" ] || { echo "no Slurm: set SLURM_CONF (source /work/slurm.env)"; exit 2; }
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$root/pom.xml" | head -1)
junit=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' "$root/pom.xml" | head -1)
if [ "${NOINSTALL:-0}" != 1 ]; then
  echo "installing gpubench $version into $repo"
  $mvn -o -q -f "$root/pom.xml" -Dmaven.repo.local="$repo" -pl gpubench-engine,gpubench-history -am install \
    -DskipTests -Dinvoker.skip -DskipITs
fi
rm -rf "$work" && mkdir -p "$work/suite/src/test/java/suite"
cat > "$work/suite/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.gpubench.figures</groupId>
  <artifactId>shard-suite</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency><groupId>io.gpubench</groupId><artifactId>gpubench-api</artifactId><version>$version</version><scope>test</scope></dependency>
    <dependency><groupId>io.gpubench</groupId><artifactId>gpubench-engine</artifactId><version>$version</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <pluginManagement>
      <plugins>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.14.0</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
POM
cat > "$work/suite/src/test/java/suite/ThousandTrivialBenchmark.java" <<'JAVA'
package suite;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** 1,000 tiny cases of an empty workload. */
@GpuBenchmark
@Shape("i=1..1000")
@Trials(warmup = 1, min = 2, max = 2, budgetSeconds = 0.05)
public class ThousandTrivialBenchmark {
  @Measure
  void nothing() {}
}
JAVA
( cd "$work/suite" && $mvn -o -q -Dmaven.repo.local="$repo" test-compile \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies -DincludeScope=test \
    -DoutputDirectory=target/bench-lib \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
    -Dartifact=org.junit.platform:junit-platform-console-standalone:"$junit" -DoutputDirectory=target/bench-lib )

# The template's JAVA, timing the shard's JVM from start to exit.
cat > "$work/timed-java" <<'SH'
#!/bin/bash
s=$(date +%s.%N)
java "$@"
rc=$?
e=$(date +%s.%N)
echo "${SLURM_ARRAY_TASK_ID} $s $e $rc" >> "$SHARD_TIMES_FILE"
exit $rc
SH
chmod +x "$work/timed-java"

# The template asks for whole nodes (--exclusive); on this one-node cluster that would run the shards one after the
# other, so the copy timed here leaves that line out, and the shards share the node as N nodes would not.
sed '/^#SBATCH --exclusive/d' "$root/docs/slurm/array-job.sbatch" > "$work/array-job.sbatch"
echo "load average: $(cat /proc/loadavg)"
: > "$work/figures.txt"
for r in $(seq 1 "$rounds"); do
  for n in $counts; do
    dir="$work/r$r-n$n"
    mkdir -p "$dir"
    export BENCH="$work/suite/target" GPUBENCH_SHARDS="$dir/shards" JAVA="$work/timed-java" \
      SHARD_TIMES_FILE="$dir/times.txt" GPUBENCH_CONFIG="--config gpubench.progress=false --config gpubench.summary=false --config gpubench.forks=1"
    t0=$(date +%s.%N)
    sbatch --wait --array=0-$((n - 1)) --job-name="shard-fig-$n" --output="$dir/task-%a.out" --export=ALL \
      "$work/array-job.sbatch" > "$dir/sbatch.out" || { echo "array of $n failed"; cat "$dir"/task-*.out | tail -40; exit 1; }
    t1=$(date +%s.%N)
    # sbatch --wait polls with growing sleeps, so its return is late by up to half a minute: the array's wall time is
    # from submission to the end of its last task, as the tasks' own clocks (one machine) say.
    last=$(sort -k3 -n "$dir/times.txt" | tail -1 | cut -d' ' -f3)
    first=$(sort -k2 -n "$dir/times.txt" | head -1 | cut -d' ' -f2)
    wall=$(echo "$last - $t0" | bc)
    line="round $r, $n shard(s): array ${wall} s (first task started after $(echo "$first - $t0" | bc) s; sbatch --wait returned after $(echo "$t1 - $t0" | bc) s);"
    while read -r task s e rc; do
      share=$(grep -o "runs [0-9]* of 1000 cases, [0-9.]* of [0-9.]* planned seconds" "$dir/task-$task.out" || echo "runs ? cases")
      line="$line shard $((task + 1)): $(echo "$e - $s" | bc) s ($share, exit $rc);"
    done < <(sort -n "$dir/times.txt")
    # Every case ran once, in one shard, and every shard ended.
    python3 - "$dir/shards" "$n" <<'PY' || exit 1
import glob, json, sys
ids, ended = [], 0
files = glob.glob(sys.argv[1] + "/shard-*.jsonl")
for f in files:
    for l in open(f):
        o = json.loads(l)
        ids += [o["case"]["id"]] if o["type"] == "case" else []
        ended += o["type"] == "end"
assert len(files) == int(sys.argv[2]) and ended == len(files), (files, ended)
assert len(ids) == 1000 and len(set(ids)) == 1000, (len(ids), len(set(ids)))
PY
    echo "$line" | tee -a "$work/figures.txt"
  done
done
echo "load average: $(cat /proc/loadavg)"
python3 - "$work/figures.txt" <<'PY'
import re, sys
for l in open(sys.argv[1]):
    n = re.search(r"(\d+) shard", l).group(1)
    arr = float(re.search(r"array ([\d.]+) s", l).group(1))
    start = float(re.search(r"started after ([\d.]+) s", l).group(1))
    shards = [float(x) for x in re.findall(r"shard \d+: ([\d.]+) s", l)]
    print(f"{n} shard(s): array {arr:.1f} s (first start {start:.1f} s after submission), shards {', '.join(f'{s:.1f}' for s in shards)} s "
          f"(longest {max(shards):.1f} s, sum {sum(shards):.1f} s)")
PY
