def log = new File(basedir, 'build.log').text
assert log.contains("gpubench check: ${new File(basedir, 'results.json')} no such file")
assert log.contains('MojoExecutionException')
assert !(log =~ /\tat io\.gpubench\./)
assert log.contains('gpubench check skipped (gpubench.skip)')
