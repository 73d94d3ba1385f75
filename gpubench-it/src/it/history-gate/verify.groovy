def log = new File(basedir, 'build.log').text
// One segment per build of invoker.properties, in order.
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('BUILD ') }
assert builds.size() == 7 : "expected 7 builds, got ${builds.size()}"
def db = new File(basedir, 'history.db')
assert db.isFile() : 'the history is in the project folder, not in target/'

// Builds 1-4: each published its run (one engine run per build) into the store, under branch main.
def runIds = []
(0..3).each { i ->
  def m = builds[i] =~ /published run (\S+) \(8 cases, complete, commit \S+, branch main\) into \S+history\.db/
  assert m.find() : "build ${i + 1} did not publish"
  runIds << m.group(1)
  assert builds[i].contains('BUILD SUCCESS')
}
assert runIds.unique().size() == 4

// Build 5, 4x slower (-Dgpubench.fork.jvm-args=-Dsample.slowdown=4): compared with the last clean runs of main, the
// cases are SLOWER and the build fails. A case whose run the engine's contention probe flagged (a 2-core machine
// shared with other builds) is AMBIGUOUS instead, never SAME or FASTER, and fails it too (failOnAmbiguous): the
// slowed build can pass on nothing. Of 8 cases, at least one is left unflagged unless the machine was contended
// throughout, which the log then says of every case.
def slowed = builds[4]
assert slowed.contains('history baseline: the last 10 clean runs of branch main on')
assert slowed.contains('BUILD FAILURE')
assert !slowed.contains('published run')
def verdicts = slowed =~ /Verdicts: ([^\n]*)/
assert verdicts.find()
assert !verdicts.group(1).contains('SAME') && !verdicts.group(1).contains('FASTER')
def slower = (slowed =~ /AxpyBenchmark#axpy\[n=\d+]\[FP32]\[cpu]: SLOWER than the baseline: median time [^\n]* is \+(\d+)/)
    .collect { it[1] as int }
if (slower.isEmpty()) {
  // A loaded machine (the CI runner shared with other builds) spreads the runs so far that no verdict is SLOWER: every
  // case is then AMBIGUOUS, which fails the build too (failOnAmbiguous) and is never SAME or FASTER.
  def ambiguous = (slowed =~ /(AxpyBenchmark#axpy\[n=\d+]\[FP32]\[cpu]): AMBIGUOUS/).collect { it[1] }.unique()
  assert !ambiguous.isEmpty() : 'no case SLOWER and none AMBIGUOUS'
  assert verdicts.group(1) ==~ /AMBIGUOUS \d+;.*/ : "no case SLOWER, yet not all AMBIGUOUS: ${verdicts.group(1)}"
  println "history-gate: no case of the slowed build was SLOWER here; ${ambiguous.size()} AMBIGUOUS, failing it"
} else {
  slower.each { assert it >= 150 : "a 4x slower case read +${it}%" }
}

// Build 6, unchanged: the gate passed, and the run was published after its verdict.
def same = builds[5]
assert same.contains('## gpubench gate: passed')
assert !same.contains('SLOWER than the baseline')
assert same =~ /published run \S+ \(8 cases, complete, commit \S+, branch main\)/
assert same.contains('BUILD SUCCESS')

// Build 7: the history page and its summary, over the 5 runs of main.
def page = new File(basedir, 'target/gpubench/history.html')
assert page.isFile()
assert page.text.contains('AxpyBenchmark#axpy[n=4096][FP32][cpu]')
assert new File(basedir, 'target/gpubench/history.md').text.contains('## gpubench history: what changed')
// Each case's time and the bytes a call allocates: two series a case.
assert builds[6] =~ /gpubench history: 5 runs, 8 cases \(16 series: time and memory\), \d+ change points in/
