import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text

// First build, without the -D: the worker did not make the value up; the case failed saying so.
assert log.contains('imaging.blur.repeat is not set in the worker')
assert log.count('BUILD FAILURE') == 1

// Second build: -Dimaging.blur.repeat=3 on Maven's command line and imaging.kernel from <systemPropertyVariables>
// reached the benchmark in its worker process, which ran the case with them.
assert log.contains('blur [w=64, FP32, cpu] PASSED')
assert log.count('BUILD SUCCESS') == 1
def run = new JsonSlurper().parse(new File(basedir, 'target/gpubench/results.json'))
def blur = run.cases.find { it.workload == 'blur' }
assert blur.status == 'PASSED'
assert blur.metrics.repeat.value == 3
