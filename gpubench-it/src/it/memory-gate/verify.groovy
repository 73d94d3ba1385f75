def log = new File(basedir, 'build.log').text
// One segment per build of invoker.properties, in order.
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('BUILD ') }
assert builds.size() == 3 : "expected 3 builds, got ${builds.size()}"
def id = 'io.example.AllocatingBenchmark#allocate[n=1000][FP32][cpu]'

// Build 1 recorded the allocation with the time.
def baseline = new File(basedir, 'gpubench-baseline.json')
assert baseline.isFile()
// 4,016 B a call (+2%: on a loaded 2-core machine the counter read up to +0.37%, see HostMemoryTest, and a run whose
// warm-up was cut short adds what the unfinished code allocates: 4,044 B once)
assert baseline.text =~ /"allocatedBytesPerCall"\s*:\s*40([1-9]\d)(\.\d+)?[,\s]/ : 'the baseline holds 4016 B a call (+2%)'
assert builds[0].contains('BUILD SUCCESS')

// Build 2, two arrays a call (8,056 B: two of 4,016 and the outer array's 24): the POM's limit and the baseline's memory rule both fail it.
def doubled = builds[1]
assert doubled.contains('BUILD FAILURE')
assert doubled =~ /\Q${id}: allocatedBytesPerCall 7.8\E\d* KiB is above the maximum of 6 KiB \(rule 1/
assert doubled =~ /\Q${id}: MORE MEMORY than the baseline: allocatedBytesPerCall 3.9\E\d* KiB .{1,3} 7.8\d* KiB \(\+(99|100|101)\.\d%\), allowed .{1,2}\d+(\.\d+)? (B|KiB) \(1% \+ 1024 B a trial over its calls( \+ 2048 B a call: the warm-up was cut short[^)]*)?\)/
assert !(doubled =~ /\tat io\.gpubench\./)

// Build 3, unchanged: passed, memory the same as the baseline's.
def same = builds[2]
assert same.contains('BUILD SUCCESS')
assert !same.contains('MORE MEMORY')
