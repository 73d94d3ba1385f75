def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('BUILD ') }
assert builds.size() == 5 : "expected 5 builds, got ${builds.size()}"
def out = { String name -> new File(basedir, name).text }

// The array: each task found its shard in Slurm's variables, and the three planned alike.
def tasks = new File(basedir as File, '.').listFiles().findAll { it.name =~ /^slurm-shard-it-\d+-all-\d\.out$/ }
    .sort { it.name }
assert tasks.size() == 3
def plans = [] as Set
def cases = 0
tasks.eachWithIndex { f, i ->
  def m = f.text =~ /gpubench: shard ${i + 1}\/3 \(shard ${i + 1}\/3 from SLURM_ARRAY_TASK_ID=${i}, SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_STEP=1, SLURM_ARRAY_TASK_COUNT=3\) runs (\d+) of 12 cases, [\d.]+ of [\d.]+ planned seconds; plan ([0-9a-f]{12}), .*?; run (slurm-\d+)\s/
  assert m.find() : "task ${i}: ${f.text}"
  cases += m.group(1) as int
  plans << m.group(2) + ' ' + m.group(3)
}
assert cases == 12
assert plans.size() == 1 : "one plan, one run: ${plans}"
def (plan, run) = plans.first().split(' ')
def journals = new File(basedir, 'shards-all').listFiles().findAll { it.name.endsWith('.jsonl') }
assert journals.size() == 3

// Its merge step published the three shards as one run into the history.
def merge = new File(basedir as File, '.').listFiles().find { it.name =~ /^slurm-shard-it-\d+-merge\.out$/ }.text
assert merge.contains("published: run shards-${run}-${plan} (12 cases, complete")
assert merge.contains('1 of 1 runs published into')

// The build machine judges the shared folder as one run.
assert builds[2].contains("gpubench report: 3 of 3 shards (plan ${plan}) merged into run shards-${run}-${plan}, 12 cases")
assert builds[2].contains('## gpubench gate: passed')
assert builds[2].contains('BUILD SUCCESS')

// The array whose task 1 never ran: shard 2 of 3 is named missing by the gate, the report and the history.
def missingJournals = new File(basedir, 'shards-missing').listFiles().findAll { it.name.endsWith('.jsonl') }*.name.sort()
assert missingJournals.size() == 2
assert missingJournals[0].startsWith('shard-1-of-3-') && missingJournals[1].startsWith('shard-3-of-3-')
def refused = new File(basedir as File, '.').listFiles().find { it.name =~ /^slurm-shard-it-\d+-merge-missing\.out$/ }.text
assert refused =~ /: shard 2 of 3 is missing \(\d+ of 12 cases of the suite did not run\); it is not published/
assert builds[1].contains('merge of the array with a shard missing exited 1')
assert builds[3].contains('BUILD FAILURE')
assert builds[3] =~ /sharded run shards-slurm-\d+-${plan}: shard 2 of 3 is missing/
assert builds[4].contains('BUILD SUCCESS')
assert new File(basedir, 'target/missing.html').text.contains('class="notice')
