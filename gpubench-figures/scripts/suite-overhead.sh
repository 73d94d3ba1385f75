#!/usr/bin/env bash
# Issue 23: 1,000 trivial gpubench cases under `mvn verify` against 1,000 empty Jupiter tests (target: at most 5 s
# more). Two generated projects built with real Maven, as a user builds them (the README's Surefire block, the
# engine's defaults): `gpubench/` holds one class of 1,000 cases of an empty @Measure, `jupiter/` one class of 1,000
# empty @Test methods. They are built in rounds, A B B A, so that a drift of the machine's load lands on both; the
# table gives each build's wall time and Surefire's own "Time elapsed", and their medians.
#
# Usage, from the repository root:  gpubench-figures/scripts/suite-overhead.sh [rounds, default 3] [BASE]
# With BASE (a commit), the engine of BASE is installed into a copy of REPO (WORK/repo-base, from a worktree) and the
# same gpubench project is built against it too, as project "base", in the same rounds (B N J / J N B / ...): the
# before and after of an engine change on one machine, side by side (the figures of two VMs are not comparable).
# Environment: REPO (the Maven repository the builds read, default ~/.m2/repository; gpubench is installed into it
# first unless NOINSTALL=1), WORK (default target/suite-overhead), MVN (default mvn). Offline (-o): every artifact
# the builds need is one the project's own build has resolved.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-3}
base=${2:-}
repo=${REPO:-$HOME/.m2/repository}
work=${WORK:-$root/target/suite-overhead}
mvn=${MVN:-mvn}
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$root/pom.xml" | head -1)
junit=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' "$root/pom.xml" | head -1)
if [ "${NOINSTALL:-0}" != 1 ]; then
  echo "installing gpubench $version into $repo"
  $mvn -o -q -f "$root/pom.xml" -Dmaven.repo.local="$repo" -pl gpubench-engine -am install -DskipTests \
    -Dinvoker.skip -DskipITs
fi
rm -rf "$work" && mkdir -p "$work"

pom() { # artifact dependencies
  cat <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.gpubench.figures</groupId>
  <artifactId>$1</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
$2
  </dependencies>
  <build>
    <pluginManagement>
      <plugins>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.14.0</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-install-plugin</artifactId><version>3.1.4</version></plugin>
      </plugins>
    </pluginManagement>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>3.6.1</version>
        <configuration>
          <includes><include>**/*Benchmark.java</include><include>**/*Test.java</include></includes>
          <statelessTestsetReporter implementation="org.apache.maven.plugin.surefire.extensions.junit5.JUnit5Xml30StatelessReporter">
            <usePhrasedTestCaseMethodName>true</usePhrasedTestCaseMethodName>
          </statelessTestsetReporter>
          <statelessTestsetInfoReporter implementation="org.apache.maven.plugin.surefire.extensions.junit5.JUnit5StatelessTestsetInfoReporter">
            <usePhrasedClassNameInRunning>true</usePhrasedClassNameInRunning>
          </statelessTestsetInfoReporter>
          <failIfNoTests>true</failIfNoTests>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
POM
}

mkdir -p "$work/gpubench/src/test/java/suite" "$work/jupiter/src/test/java/suite"
pom gpubench-suite "    <dependency><groupId>io.gpubench</groupId><artifactId>gpubench-api</artifactId><version>$version</version><scope>test</scope></dependency>
    <dependency><groupId>io.gpubench</groupId><artifactId>gpubench-engine</artifactId><version>$version</version><scope>test</scope></dependency>" \
  > "$work/gpubench/pom.xml"
pom jupiter-suite "    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>$junit</version><scope>test</scope></dependency>" \
  > "$work/jupiter/pom.xml"
shapes=$(seq -s '|' 1 1000)
cat > "$work/gpubench/src/test/java/suite/ThousandTrivialBenchmark.java" <<JAVA
package suite;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;

/** 1,000 cases of an empty workload with the engine's defaults. */
@GpuBenchmark
@Shape("i=$shapes")
public class ThousandTrivialBenchmark {
  @Measure
  void nothing() {}
}
JAVA
{
  echo "package suite;"
  echo
  echo "import org.junit.jupiter.api.Test;"
  echo
  echo "/** 1,000 empty tests. */"
  echo "class ThousandJupiterTest {"
  for i in $(seq 1 1000); do echo "  @Test void t$i() {}"; done
  echo "}"
} > "$work/jupiter/src/test/java/suite/ThousandJupiterTest.java"

projects="gpubench jupiter"
if [ -n "$base" ]; then
  echo "installing gpubench at $base into $work/repo-base"
  cp -r "$repo" "$work/repo-base"
  git -C "$root" worktree add -f -q "$work/base-tree" "$base"
  trap 'git -C "$root" worktree remove --force "$work/base-tree" >/dev/null 2>&1 || true' EXIT
  $mvn -o -q -f "$work/base-tree/pom.xml" -Dmaven.repo.local="$work/repo-base" -pl gpubench-engine -am install \
    -DskipTests -Dinvoker.skip -DskipITs
  cp -r "$work/gpubench" "$work/base"
  projects="base gpubench jupiter"
fi

repo_of() { # project
  if [ "$1" = base ]; then echo "$work/repo-base"; else echo "$repo"; fi
}

# Compile once, so that the rounds time the tests and Maven's own start, not javac's first run.
for p in $projects; do
  $mvn -o -q -f "$work/$p/pom.xml" -Dmaven.repo.local="$(repo_of "$p")" test-compile > "$work/$p-compile.log" 2>&1 \
    || { echo "$p does not compile: $work/$p-compile.log"; tail -20 "$work/$p-compile.log"; exit 1; }
done

build() { # project round
  local log="$work/$1-$2.log" t0 t1
  t0=$(date +%s.%N)
  if ! $mvn -o -f "$work/$1/pom.xml" -Dmaven.repo.local="$(repo_of "$1")" verify > "$log" 2>&1; then
    echo "$1 round $2 failed: $log"; tail -30 "$log"; exit 1
  fi
  t1=$(date +%s.%N)
  local surefire
  surefire=$(grep -h "Tests run:" "$work/$1"/target/surefire-reports/*.txt | sed -n 's/.*Time elapsed: \([0-9.]*\) s.*/\1/p' \
    | awk '{s+=$1} END {printf "%.2f", s}')
  local tests
  tests=$(grep -h "Tests run:" "$work/$1"/target/surefire-reports/*.txt | sed -n 's/.*Tests run: \([0-9]*\),.*/\1/p' \
    | awk '{s+=$1} END {print s}')
  if [ -f "$work/$1/target/gpubench/results.json" ]; then
    cp "$work/$1/target/gpubench/results.json" "$work/$1-$2.results.json" # each case's timing.spent, for where it went
  fi
  printf "%s %s %.2f %s %s\n" "$1" "$2" "$(echo "$t1 - $t0" | bc)" "$surefire" "$tests" | tee -a "$work/rounds.txt"
}

echo "load average: $(cat /proc/loadavg)"
: > "$work/rounds.txt"
for r in $(seq 1 "$rounds"); do
  order=$projects
  if [ $((r % 2)) = 0 ]; then order=$(echo "$projects" | tr ' ' '\n' | tac | tr '\n' ' '); fi
  for p in $order; do build "$p" "$r"; done
done
echo "load average: $(cat /proc/loadavg)"
python3 - "$work/rounds.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
by = {}
for p, r, wall, sure, n in rows:
    by.setdefault(p, []).append((float(wall), float(sure), int(n)))
print("| project | tests | mvn verify wall (median) | Surefire elapsed (median) | rounds (wall / Surefire, s) |")
print("|---|---|---|---|---|")
for p in ("base", "gpubench", "jupiter"):
    if p not in by:
        continue
    v = by[p]
    print("| %s | %d | %.2f s | %.2f s | %s |" % (p, v[0][2], statistics.median(x[0] for x in v),
        statistics.median(x[1] for x in v), "; ".join("%.1f / %.1f" % (x[0], x[1]) for x in v)))
d_wall = statistics.median(x[0] for x in by["gpubench"]) - statistics.median(x[0] for x in by["jupiter"])
d_sure = statistics.median(x[1] for x in by["gpubench"]) - statistics.median(x[1] for x in by["jupiter"])
print("gpubench over Jupiter: %.2f s more under mvn verify (target: at most 5 s), %.2f s in Surefire's own time"
      % (d_wall, d_sure))
if "base" in by:
    print("the base engine over Jupiter: %.2f s more under mvn verify"
          % (statistics.median(x[0] for x in by["base"]) - statistics.median(x[0] for x in by["jupiter"])))
PY
