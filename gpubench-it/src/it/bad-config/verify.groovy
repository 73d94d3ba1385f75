def log = new File(basedir, 'build.log').text

// Each mistake fails the class as a test, with the key, the value and the fix in Surefire's report.
[
    'configuration gpubench.backends = "cdua" selects no backend of this run\'s classes: they declare cpu',
    'SumBenchmark.invalid configuration gpubench.backends',
    'unknown configuration key gpubench.profil = "full"; did you mean gpubench.profile?',
].each { assert log.contains(it): "not in the log: ${it}" }
assert log.count('Tests run: 1, Failures: 0, Errors: 1, Skipped: 0') >= 2
assert log.count('BUILD FAILURE') == 2

// The last build, with the plugin's key and a valid backend, ran the case and passed.
assert log.contains('prefixSum [n=64, FP32, cpu] PASSED')
assert log.count('BUILD SUCCESS') == 1
