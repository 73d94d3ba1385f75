import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('nothing compared (record one with gpubench:baseline)')
assert log.contains("gpubench baseline: recorded 2 cases of 'cpu: AMD EPYC 7B13' from 1 run in ")
assert log.contains("each case now has 1 run: its verdicts are provisional until it has more")
assert log.contains('not recorded, not passed or not timed: io.example.GemmBenchmark#matmul[m=256,n=256,k=256][FP16][cuda] (SKIPPED)')
// Judged against the run just recorded: the same run, so SAME, provisional (one run each side).
assert log.contains('Verdicts: SAME 2;')
assert log.contains('2 verdicts are provisional')

def baseline = new JsonSlurper().parse(new File(basedir, 'baseline.json'))
assert baseline.schema == 'gpubench-baseline/2'
assert baseline.environments.size() == 1
def env = baseline.environments[0]
assert env.key == 'cpu: AMD EPYC 7B13'
assert env.details['library djl'] == '0.36.0'
assert env.cases*.id == ['io.example.GemmBenchmark#matmul[m=256,n=256,k=256][FP32][cpu]',
                         'io.example.GemmBenchmark#matmul[m=512,n=512,k=512][FP32][cpu]']
assert env.cases.every { it.clock == 'host' && it.runs.size() == 1 }
assert env.cases.every { it.runs[0].samplesNanos.size() == 20 && it.runs[0].runId == 'it-run-21' }
