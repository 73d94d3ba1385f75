// The array job needs a Slurm cluster (COMMON: source /work/slurm.env; CI: .ci/start-slurm): without one the sample is
// skipped with the reason, and fails where -Dgpubench.slurmTests=required says Slurm must be there.
def conf = System.getenv('SLURM_CONF')
def sbatch = ['/usr/bin/sbatch', '/usr/local/bin/sbatch'].find { new File(it).canExecute() } ?:
    System.getenv('PATH')?.split(':')?.collect { new File(it, 'sbatch') }?.find { it.canExecute() }
String missing = conf == null ? 'SLURM_CONF is not set' : !new File(conf).isFile() ? "SLURM_CONF ${conf} does not exist"
    : sbatch == null ? 'sbatch is not on PATH' : null
if (missing == null) {
  return true
}
if (System.getProperty('gpubench.slurmTests') == 'required') {
  throw new IllegalStateException("sharded-slurm: -Dgpubench.slurmTests=required, but ${missing}: start a cluster "
      + "(.ci/start-slurm) and export SLURM_CONF")
}
println "sharded-slurm skipped: ${missing} (start one with .ci/start-slurm, or source /work/slurm.env here)"
return false
