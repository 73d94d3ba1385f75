def log = new File(basedir, 'build.log').text
assert log.contains('gpubench report: 2 runs in ')

def html = new File(basedir, 'target/compare.html').text
assert html.startsWith('<!DOCTYPE html>')
assert html.contains('io.example.GemmBenchmark')
assert html.contains('it-run-after') || html.contains('after')
// Self-contained: the chart library is inlined, nothing is fetched.
assert !(html =~ /<script[^>]+src=/)
