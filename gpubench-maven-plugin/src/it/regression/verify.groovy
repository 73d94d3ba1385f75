def log = new File(basedir, 'build.log').text
assert log.contains('gpubench check: 2 violations in ')
assert log =~ /io\.example\.GemmBenchmark#matmul\[m=256,n=256,k=256\]\[FP32\]\[cpu\]: SLOWER than the baseline: median time 2\d\d us is \+2\d\.\d% against the baseline's 200 us, beyond the minimum effect of 5\.0%/
assert log.contains('| **SLOWER** |')
assert log =~ /geomean time ratio 1\.2\d\d \(\+2\d\.\d%, n=2\)/
assert log.contains('MojoFailureException')
