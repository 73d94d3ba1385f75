def log = new File(basedir, 'build.log').text
// The first build judges its own run.
assert log.contains('## gpubench gate: passed')
assert log =~ /Results `[^`]*journal[^`]*\.jsonl`: cases: 3 \(2 passed, 1 skipped\)/
// The others skip the gate, saying why, rather than pass on the first build's results.
assert log.contains('gpubench check skipped: the tests were skipped (skipTests), so this build has no benchmark results to judge')
assert log.contains('gpubench check skipped: the tests were skipped (maven.test.skip)')
assert !log.contains('BUILD FAILURE')
assert log.count('## gpubench gate: passed') == 1
