def log = new File(basedir, 'build.log').text
def at512 = 'io.example.GemmBenchmark#matmul[m=512,n=512,k=512][FP32][cpu]'
def at256 = 'io.example.GemmBenchmark#matmul[m=256,n=256,k=256][FP32][cpu]'

// One failure that lists every violation: case, figure, actual and limit.
assert log.contains('gpubench check: 3 violations in ')
assert log =~ /\Q${at512}: median 1.6\E\d* ms is above the maximum of 1 ms \(rule 1/
assert log =~ /\Q${at256}: flopsPerSecond 16\E\d(\.\d)? G\/s is below the minimum of 10 T\/s \(rule 2/
assert log =~ /\Q${at512}: flopsPerSecond 16\E\d(\.\d)? G\/s is below the minimum of 10 T\/s \(rule 2/
assert log.contains('BUILD FAILURE')
// A gate failure, not an execution error, and no stack trace.
assert log.contains('MojoFailureException')
assert !(log =~ /\tat io\.gpubench\./)

// The second build, with gpubench.haltOnFailure=false, only warns.
assert log.contains('(not failing: gpubench.haltOnFailure=false)')
assert log.contains('BUILD SUCCESS')
