import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('gpubench: slurm launcher; workers connect to')
assert log.contains('BUILD SUCCESS')
def run = new JsonSlurper().parse(new File(basedir, 'target/gpubench/results.json'))
assert run.cases.size() == 2
run.cases.each { assert it.status == 'PASSED' : "${it.displayName}: ${it.message}" }
// each world was an srun of its own, whose lines are kept beside the tasks' output
def workers = new File(basedir, 'target/gpubench/workers')
assert workers.listFiles().findAll { it.name.endsWith('-srun.log') }.size() >= 2
assert workers.listFiles().any { it.name.endsWith('-r1.log') }
