def log = new File(basedir, 'build.log').text
def journal = new File(basedir, 'target/gpubench/journal')
assert journal.listFiles().size() == 1
def name = journal.listFiles()[0].name
// Build 2 fails, naming what it found, its age and the ways out.
assert log =~ /gpubench check: nothing of this build to judge: .*\Q${name}\E.* is from a run that started at \S+, [^,]+ before this build started, and results of an earlier run are never judged; run the benchmarks in this build \(mvn verify without -DskipTests\), skip the gate with -Dgpubench.skip, or judge a file anyway with -Dgpubench.results=FILE/
assert log.contains('MojoFailureException')
// Build 3 judges the named file and says how old it is.
assert log =~ /judging \S+results.json, named by gpubench.results: a run that finished [^,]+ ago, before this build started/
assert log.count('## gpubench gate: passed') == 2
