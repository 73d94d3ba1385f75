import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def id = 'io.example.GemmBenchmark#matmul[m=512,n=512,k=512][FP32][cpu]'
def baseline = new JsonSlurper().parse(new File(basedir, 'gpubench-baseline.json'))
assert baseline.environments[0].cases.every { it.runs.size() == 2 }
assert log.contains("each case now has at least 2 runs")
// The flagged case is AMBIGUOUS by the telemetry rule (a throttled GPU measures no slowdown to bound it by), in the
// table and as a warning naming the flag.
assert log.contains("| `${id}` |")
assert log =~ /\| 2 \/ 1 \| AMBIGUOUS \(flagged by telemetry\) \|/
assert log =~ /\Q${id}\E: AMBIGUOUS against the baseline: telemetry flagged run \S+: throttled \(HW_THERMAL_SLOWDOWN\) and measured no slowdown to bound this build's runs by: the time describes the device's state, not the code/
// failOnAmbiguous makes it a violation.
assert log =~ /\Q${id}\E: AMBIGUOUS \(flagged by telemetry\) against the baseline: median time/
assert log.contains('BUILD FAILURE')
