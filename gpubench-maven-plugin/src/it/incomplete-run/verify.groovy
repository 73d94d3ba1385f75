def log = new File(basedir, 'build.log').text
assert !new File(basedir, 'target/gpubench/results.json').exists()
def why = 'is incomplete: it has no end line: the run was killed or its process died after 1 of 3 planned cases'
// The report: says so, and still shows the recorded case.
assert log =~ /gpubench report: run \S+ \(\S+\.jsonl\) \Q${why}\E; the report shows the 1 cases it recorded/
assert new File(basedir, 'target/gpubench/report.html').text.contains('matmul [256x256x256, FP32, cpu]')
// The gate: a violation that names the run and what was not judged.
assert log =~ /run \S+ \(\S+\.jsonl\) \Q${why}\E; its 1 recorded cases are judged, the other 2 planned cases are not \(rerun the benchmarks, or set failOnIncomplete to false/
assert log.contains('**Incomplete run**')
assert log.contains('BUILD FAILURE')
// With failOnIncomplete=false: a warning, never silence.
assert log.contains('planned cases are not (failOnIncomplete=false)')
assert log.contains('BUILD SUCCESS')
