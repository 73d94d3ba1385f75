import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def journals = new File(basedir, 'target/gpubench/journal').listFiles()
assert journals.size() == 2 : 'one journal per fork'
// The forks raced for results.json: it holds one fork's cases only. The gate does not read it.
def results = new JsonSlurper().parse(new File(basedir, 'target/gpubench/results.json'))
assert results.cases.size() < 3
assert log =~ /Results `2 runs in \S+journal`: cases: 3 \(2 passed, 1 skipped\)/
assert log.contains('## gpubench gate: passed')
// The report merges the forks into one run with every case.
def html = new File(basedir, 'target/gpubench/report.html').text
assert html.contains('matmul [256x256x256, FP32, cpu]')
assert html.contains('matmul [512x512x512, FP32, cpu]')
assert log.contains('gpubench report: 2 runs of this build merged into one')
