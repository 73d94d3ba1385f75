def log = new File(basedir, 'build.log').text
// A is HEAD, checked out and built beside the sample; B is the working tree.
assert log =~ /gpubench A\/B: building the baseline HEAD \([0-9a-f]{12}\) in \S+baseline-[0-9a-f]{12}/
assert log =~ /gpubench A\/B: A is revision HEAD \([0-9a-f]{12}\) built in \S+; B is this build; 2 rounds of A B B A/
// Interleaved A B B A A B B A, every run a JVM of its own with its own folder.
def order = (log =~ /gpubench A\/B: run (\d) of 8 \(([AB])\)/).collect { it[2] }.join()
assert order == 'ABBAABBA'
def runs = new File(basedir, 'target/gpubench-ab/runs').listFiles()*.name.sort()
assert runs == ['01-A', '02-B', '03-B', '04-A', '05-A', '06-B', '07-B', '08-A']
// Both passed cases are twice as slow, beyond the spread of four runs a side: SLOWER, and the build fails.
assert log.contains('## gpubench A/B: FAILED')
assert log =~ /\| 4 \/ 4 \| \*\*SLOWER\*\* \|/
assert log =~ /io\.example\.GemmBenchmark#matmul\[m=256,n=256,k=256\]\[FP32\]\[cpu\]: SLOWER than the baseline: median time \S+ µs is \+\d+\.\d% against/
assert log.contains('gpubench ab: 2 violations against revision HEAD')
