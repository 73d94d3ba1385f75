import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('nothing compared (record one with gpubench:baseline)')
assert log.contains("gpubench baseline: recorded 2 cases of 'cpu: AMD EPYC 7B13'")
assert log.contains('not recorded, not passed or not timed: io.example.GemmBenchmark#matmul[m=256,n=256,k=256][FP16][cuda] (SKIPPED)')
assert log.contains('Verdicts: SAME 2;')

def baseline = new JsonSlurper().parse(new File(basedir, 'baseline.json'))
assert baseline.schema == 'gpubench-baseline/1'
assert baseline.environments.size() == 1
def env = baseline.environments[0]
assert env.key == 'cpu: AMD EPYC 7B13'
assert env.details['library djl'] == '0.36.0'
assert env.cases*.id == ['io.example.GemmBenchmark#matmul[m=256,n=256,k=256][FP32][cpu]',
                         'io.example.GemmBenchmark#matmul[m=512,n=512,k=512][FP32][cpu]']
assert env.cases.every { it.clock == 'host' && it.samplesNanos.size() == 20 && it.runId == 'it-run-21' }
