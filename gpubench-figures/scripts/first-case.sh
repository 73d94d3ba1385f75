#!/usr/bin/env bash
# Issue 23: a class's first case, time to answer, before and after. The engine of BASE (default: the merge base of
# HEAD and main) and the working tree's are each built (package, never installed: the builds only read REPO), then
# io.gpubench.figures.FirstCaseFigures runs the same compiled selection (default gpubench-figures' FirstCase: a correct
# 4-case class, @Trials(min = 3, max = 5, budgetSeconds = 0.2), two CPU forks) in a fresh JVM per run over each
# engine, in rounds A B B A, and prints the seconds to the first case's answer and to the end, with the first case's
# figures and where its seconds went.
#
# Usage, from the repository root:  gpubench-figures/scripts/first-case.sh [BASE] [rounds, default 3] [selection]
# A selection of the examples' CPU suite: package:io.gpubench.examples (the examples module is then built too).
# Environment: REPO (default ~/.m2/repository), WORK (default target/first-case), MVN (default mvn), KEEP=1 to keep
# the worktree of BASE (target/first-case/before-tree) for another run.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:-$(git -C "$root" merge-base HEAD main)}
rounds=${2:-3}
select=${3:-class:io.gpubench.figures.cases.FirstCase}
repo=${REPO:-$HOME/.m2/repository}
work=${WORK:-$root/target/first-case}
mvn=${MVN:-mvn}
module=gpubench-engine
case $select in *io.gpubench.examples*) module=gpubench-examples ;; esac
mkdir -p "$work"

classpath() { # tree out-file
  $mvn -o -q -f "$1/pom.xml" -Dmaven.repo.local="$repo" -pl "$module" -am -DskipTests -Dinvoker.skip -DskipITs \
    -Dmdep.outputFile="$2" -Dmdep.includeScope=test package dependency:build-classpath > "$2.log" 2>&1 \
    || { echo "the build of $1 failed: $2.log"; tail -20 "$2.log"; exit 1; }
  local own="$1/$module/target/classes:$1/$module/target/test-classes"
  printf '%s:%s' "$own" "$(cat "$2")" > "$2"
}

before="$work/before-tree"
if [ ! -d "$before" ]; then
  git -C "$root" worktree add --detach "$before" "$base" > /dev/null
else
  git -C "$before" checkout -q --detach "$base"
fi
# The worktree is the repository's until removed: gone at the end unless KEEP=1 (a rerun then skips its build's
# compilation).
[ "${KEEP:-0}" = 1 ] || trap 'git -C "$root" worktree remove --force "$before"' EXIT
echo "before: $(git -C "$before" log -1 --format='%h %s' | cut -c1-100)"
echo "after:  the working tree at $(git -C "$root" log -1 --format='%h %s' | cut -c1-90)"
classpath "$before" "$work/before.cp"
classpath "$root" "$work/after.cp"
# The harness and the selection's classes: this tree's gpubench-figures, compiled against the engine after.
$mvn -o -q -f "$root/pom.xml" -Dmaven.repo.local="$repo" -Pfigures -pl gpubench-figures -am -DskipTests \
  -Dinvoker.skip -DskipITs compile > "$work/figures.log" 2>&1 || { tail -20 "$work/figures.log"; exit 1; }
java -cp "$(cat "$work/after.cp"):$root/gpubench-figures/target/classes" io.gpubench.figures.FirstCaseFigures \
  before="$work/before.cp" after="$work/after.cp" rounds="$rounds" select="$select" out="$work/runs"
