def log = new File(basedir, 'build.log').text
// One segment per build of invoker.properties, in order.
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('BUILD ') }
assert builds.size() == 2 : "expected 2 builds, got ${builds.size()}"
def id = 'io.example.SamplesBenchmark#touch[batch=8][FP32][cpu]'

// Build 1: the search's report, the batch that fits with the next one out of memory, and the key that pins it.
def fit = builds[0]
assert fit.contains('BUILD SUCCESS')
def m = fit =~ /\Q[gpubench] fit ${id}: largest batch within 90% of the host's memory\E[^:]*: (\d+) \(/
assert m.find() : 'the fit report names the largest batch'
def largest = m.group(1) as int
assert largest >= 8 && largest < 64 : "a batch of MiB in a 64 MiB heap: ${largest}"
assert fit =~ /batch ${largest}\s+fits\s+peak/
assert fit =~ /out of memory\s+peak .*OutOfMemoryError: Java heap space/
assert fit.contains("-Dgpubench.axes.SamplesBenchmark.batch=${largest}")
assert fit =~ /Tests run: 1, Failures: 0, Errors: 0/
def json = new File(basedir, 'target/gpubench/fit').listFiles().find { it.name.endsWith('.json') }
assert json != null && json.text.contains("\"largest\" : ${largest}")
// The run's result is the case as declared (build 2 writes results.json again; FitEngineTest reads build 1's kind).

// Build 2: the typo fails the build with the key, the value and the case that has a batch axis.
def typo = builds[1]
assert typo.contains('BUILD FAILURE')
assert typo.contains('configuration gpubench.fit = "SampleBenchmark*" matches no case of this run')
assert typo.contains("cases with a batch axis: ${id}")
