def log = new File(basedir, 'build.log').text
def file = new File(basedir, 'baseline.json').canonicalFile
assert log.contains("gpubench check: baseline ${file} is not valid JSON") ||
    log.contains("gpubench check: baseline ${new File(basedir, 'baseline.json')} is not valid JSON")
// An execution error (the input is unusable), not a gate verdict, and no stack trace.
assert log.contains('MojoExecutionException')
assert !(log =~ /\tat io\.gpubench\./)
assert !(log =~ /\tat tools\.jackson\./)
