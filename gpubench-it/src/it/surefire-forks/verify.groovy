import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'target/gpubench')

// Three engine runs, one journal each, all of this build.
def journals = new File(out, 'journal').listFiles().findAll { it.name.endsWith('.jsonl') }
assert journals.size() == 3

// The results file holds every fork's cases, not the last writer's: 2 + 2 cases and the invalid class's entry.
def run = new JsonSlurper().parse(new File(out, 'results.json'))
def ids = run.cases*.id
assert ids.count { it.startsWith('io.example.AlphaBenchmark#') } == 2
assert ids.count { it.startsWith('io.example.BetaBenchmark#') } == 2
def broken = run.cases.find { it.id == 'io.example.BrokenBenchmark#invalid @Shape' }
assert broken != null && broken.status == 'ERROR'
assert broken.message.contains('io.example.BrokenBenchmark @Shape')
// So do the reports.
['report.html', 'summary.md', 'results.csv'].each { f ->
  // summary.md escapes Markdown's brackets: alpha \[n=64, ...
  def text = new File(out, f).text.replace('\\[', '[')
  assert text.contains('alpha [n=64') && text.contains('beta [n=128') : "${f} lacks a fork's cases"
  assert text.contains('invalid @Shape') : "${f} lacks the invalid class"
}
assert log.contains('the results file and reports hold the 5 cases of the 3 Surefire forks of this build')

// Surefire ignored the failure; the gate did not.
assert log.contains('io.example.BrokenBenchmark#invalid @Shape: ERROR in this build')
assert log.contains('BUILD FAILURE')
