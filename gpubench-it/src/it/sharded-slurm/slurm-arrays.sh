#!/bin/bash
# Runs docs/slurm/array-job.sbatch, the template users copy, on a real Slurm: a 3-task array (sbatch --array=0-2
# --wait) and its merge step publishing into an SQLite history; then an array whose task 1 is cancelled before it
# starts (a node that never ran its shard), and its merge, which the history refuses. The Maven builds after this one
# judge both folders with gpubench:report and gpubench:check.
set -euo pipefail
here=$PWD
# The template, less its --exclusive: on this one-node cluster whole-node tasks would run one after the other.
test -f "$here/../../../../docs/slurm/array-job.sbatch"
template=$here/array-job.sbatch
sed '/^#SBATCH --exclusive/d' "$here/../../../../docs/slurm/array-job.sbatch" > "$template"
export BENCH=$here/target
export GPUBENCH_CONFIG="--config gpubench.fork=none --config gpubench.progress=false"
name=shard-it-$$

export GPUBENCH_SHARDS=$here/shards-all
sbatch --wait --array=0-2 --job-name="$name-all" --output="$here/slurm-%x-%a.out" --export=ALL "$template"
ls "$GPUBENCH_SHARDS"/shard-*.jsonl
GPUBENCH_HISTORY=$here/history.db sbatch --wait --job-name="$name-merge" --output="$here/slurm-%x.out" \
  --export=ALL,GPUBENCH_HISTORY=$here/history.db "$template"

export GPUBENCH_SHARDS=$here/shards-missing
jid=$(sbatch --parsable --hold --array=0-2 --job-name="$name-missing" --output="$here/slurm-%x-%a.out" \
  --export=ALL "$template")
jid=${jid%%;*}
scancel "${jid}_1"
scontrol release "${jid}_0" "${jid}_2" || scontrol release "$jid"
for i in $(seq 1 300); do
  if [ -z "$(squeue -h -j "$jid" 2>/dev/null)" ]; then break; fi
  sleep 1
done
test -z "$(squeue -h -j "$jid" 2>/dev/null)"
echo "array $jid ended: $(ls "$GPUBENCH_SHARDS" | tr '\n' ' ')"
set +e
sbatch --wait --job-name="$name-merge-missing" --output="$here/slurm-%x.out" \
  --export=ALL,GPUBENCH_HISTORY=$here/history.db "$template"
echo "merge of the array with a shard missing exited $?"
