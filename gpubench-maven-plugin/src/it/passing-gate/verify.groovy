def log = new File(basedir, 'build.log').text
assert log.contains('## gpubench gate: passed')
assert log.contains('cases: 3 (2 passed, 1 skipped); limits checked: 6.')
assert log.contains('[FP16][cuda] was skipped (backend cuda unavailable: no CUDA driver); its limits were not checked')
assert log.contains('Baseline environment `cpu: AMD EPYC 7B13`.')
assert log.contains('| `io.example.GemmBenchmark#matmul[m=256,n=256,k=256][FP32][cpu]` |')
assert log.contains('Verdicts: SAME 2;')
assert !log.contains('violation')

def summary = new File(basedir, 'step-summary.md')
assert summary.isFile() : 'the gate did not write $GITHUB_STEP_SUMMARY'
assert summary.text.startsWith('## gpubench gate: passed')
assert summary.text.contains('| Case | Baseline median time | Current median time | Change (interval) | Runs | Verdict |')
// The results file is named in the POM: judged whatever its age, with the age stated.
assert log =~ /judging \S+results.json, named by gpubench.results: a run that finished .+ ago, before this build started/
