def log = new File(basedir, 'build.log').text
assert log.contains('gpubench check: 2 violations in ')
// The baseline is of the first format (one run per case), read as one run: the verdicts are provisional, and the
// cases' +100% is beyond the 55% that one run a side can show.
assert log =~ /io\.example\.GemmBenchmark#matmul\[m=256,n=256,k=256\]\[FP32\]\[cpu\]: SLOWER than the baseline: median time 39\d(\.\d)? µs is \+9\d\.\d% against the baseline's 200 µs, beyond the minimum effect of 5\.0%/
assert log.contains('| **SLOWER (provisional)** |')
assert log.contains('provisional: the baseline has one run')
assert log =~ /geomean time ratio 1\.9\d\d \(\+9\d\.\d%, n=2\)/
assert log.contains('MojoFailureException')
