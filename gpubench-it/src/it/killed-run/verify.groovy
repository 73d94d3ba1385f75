def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'target/gpubench')

// 1. The test phase: Surefire saw its fork die, and failed the build.
assert log.contains('The forked VM terminated')
// The engine never reached its end in the killed fork: no results.json of that run; each fork has its journal.
def journals = new File(out, 'journal').listFiles().findAll { it.name.endsWith('.jsonl') }
assert journals.size() == 2
def killed = journals.find { it.text.contains('KilledBenchmark') }
assert killed != null
// The case decided before the kill is in the journal; the two after it are not.
assert killed.text.contains('copy [n=64, FP32, cpu]')
assert !killed.text.contains('"displayName":"copy [n=128, FP32, cpu]"')

// 2. A later build, naming the output folder: the report shows what both runs recorded and says one is incomplete.
def why = 'is incomplete: it has no end line: the run was killed or its process died after 1 of 3 planned cases'
assert log =~ /gpubench report: run \S+ \(\S+\.jsonl\) \Q${why}\E/
def html = new File(out, 'report.html').text
assert html.contains('KilledBenchmark') && html.contains('CopyBenchmark')
assert html.contains('copy [n=128, FP32, cpu]')
// The gate judges the 3 recorded cases and fails on the 2 it could not.
assert log =~ /run \S+ \(\S+\.jsonl\) \Q${why}\E; its 1 recorded cases are judged, the other 2 planned cases are not/
// ... and names them, the one that was running when the fork died first.
assert log =~ /the other 2 planned cases are not: io\.example\.KilledBenchmark#\S+ \(running when the run ended\), io\.example\.KilledBenchmark#/
assert log.contains('judging the 2 journals in')
assert log.contains('BUILD FAILURE')
