def log = new File(basedir, 'build.log').text
// One segment per build of invoker.properties, in order.
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('BUILD ') }
assert builds.size() == 6 : "expected 6 builds, got ${builds.size()}"
def id = 'io.example.AllocatingBenchmark#allocate[n=1000][FP32][cpu]'
assert new File(basedir, 'history.db').isFile() : 'the history is in the project folder, not in target/'

// Builds 1-3 published their runs of main.
(0..2).each { i ->
  assert builds[i] =~ /published run \S+ \(1 cases, complete, commit \S+, branch main\) into \S+history\.db/
  assert builds[i].contains('BUILD SUCCESS')
}

// Build 4, two arrays a call (8,056 B: two of 4,016 and the outer array's 24), compared with the 3 runs of main by
// the baseline file's memory rule: 1% + 1024 B a trial over its calls, + 2048 B a call where the warm-up was cut short
// (the first case of a class under a 0.5 s budget usually is), which a doubled 4 KiB array still exceeds.
def doubled = builds[3]
assert doubled.contains('history baseline: the last 10 clean runs of branch main on')
assert doubled.contains('BUILD FAILURE')
assert doubled =~ /\Q${id}: MORE MEMORY than the baseline: allocatedBytesPerCall 3.9\E\d* KiB .{1,3} 7.8\d* KiB \(\+(99|100|101)\.\d%\), allowed .{1,2}\d+(\.\d+)? (B|KiB) \(1% \+ 1024 B a trial over its calls( \+ 2048 B a call: the warm-up was cut short[^)]*)?\)/
assert !doubled.contains('published run')
assert !(doubled =~ /\tat io\.gpubench\./)

// Build 5, unchanged: memory the same as the history's, the gate passed, the run published after its verdict.
def same = builds[4]
assert same.contains('## gpubench gate: passed')
assert !same.contains('MORE MEMORY')
assert same =~ /published run \S+ \(1 cases, complete, commit \S+, branch main\)/
assert same.contains('BUILD SUCCESS')

// Build 6: the page has the case's memory series beside its time.
assert builds[5] =~ /gpubench history: 4 runs, 1 case \(2 series: time and memory\), \d+ change points in/
def page = new File(basedir, 'target/gpubench/history.html').text
assert page.contains('"fig":"allocatedBytesPerCall"')
assert page.contains('id="figure"')
