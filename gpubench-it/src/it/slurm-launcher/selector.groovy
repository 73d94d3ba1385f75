// Runs where a Slurm cluster answers (SLURM_CONF set, as .ci/start-slurm prints it); skipped elsewhere, except that
// -Dgpubench.slurmTests=required (CI) turns a missing cluster into a failure rather than a skip.
def conf = System.getenv('SLURM_CONF')
def up = false
if (conf != null) {
  try {
    def p = ['sinfo', '-h', '-o', '%a'].execute()
    p.waitFor()
    up = p.exitValue() == 0 && p.text.contains('up')
  } catch (IOException e) {
    up = false
  }
}
if (!up && System.getProperty('gpubench.slurmTests') == 'required') {
  throw new IllegalStateException('gpubench.slurmTests=required, but no Slurm cluster answers (SLURM_CONF='
      + conf + ')')
}
if (!up) {
  println 'slurm-launcher: skipped, no Slurm cluster (SLURM_CONF is ' + (conf == null ? 'not set' : conf) + ')'
}
return up
