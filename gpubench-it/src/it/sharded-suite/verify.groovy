def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('BUILD ') }
assert builds.size() == 4 : "expected 4 builds, got ${builds.size()}"

// Each shard says which share it ran, of one plan; the shares add up to the suite.
def plans = [] as Set
def cases = 0
(0..2).each { i ->
  def m = builds[i] =~ /gpubench: shard ${i + 1}\/3 \(gpubench\.shard=${i + 1}\/3\) runs (\d+) of 12 cases, [\d.]+ of [\d.]+ planned seconds; plan ([0-9a-f]{12}), planned at their declared budgets/
  assert m.find() : "shard ${i + 1} did not say its share"
  cases += m.group(1) as int
  plans << m.group(2)
  assert builds[i] =~ /run it-7/
}
assert cases == 12
assert plans.size() == 1 : "every shard planned the same: ${plans}"
def plan = plans.first()

// One journal per shard in the shared folder, named by shard, never overwriting another.
def journals = new File(basedir, 'shards').listFiles().findAll { it.name.endsWith('.jsonl') }*.name.sort()
assert journals.size() == 3
assert journals[0].startsWith('shard-1-of-3-') && journals[1].startsWith('shard-2-of-3-') && journals[2].startsWith('shard-3-of-3-')

// The merge: one run of 12 cases, complete.
def merge = builds[3]
assert merge.contains("gpubench report: 3 of 3 shards (plan ${plan}) merged into run shards-it-7-${plan}, 12 cases")
assert merge =~ /Results `3 of 3 shards \(plan ${plan}\) in \S+shards`: cases: 12 \(12 passed\)/
assert merge.contains('## gpubench gate: passed')
assert merge =~ /published sharded run shards-it-7-${plan} \(3 of 3 shards, 12 cases, complete, commit/
def html = new File(basedir, 'target/gpubench/report.html').text
assert html.contains('copy [n=8, FP32, cpu]') && html.contains('copyByLoop [n=256, FP32, cpu]')
assert !html.contains('class="notice')
assert new File(basedir, 'history.db').isFile()
