import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def run = new JsonSlurper().parse(new File(basedir, 'target/gpubench/results.json'))
assert run.schema == 'gpubench-results/4'
assert run.cases.size() == 4 : run.cases*.displayName
run.cases.each { c ->
  assert c.status == 'PASSED' : "${c.displayName}: ${c.message}"
  def t = c.timing
  def s = t.batch ?: t.device ?: t.host
  // The interval is the median's, on the log scale: above zero, around the median.
  assert s.ciLow > 0 && s.ciLow <= s.median && s.median <= s.ciHigh : "${c.displayName}: ${s}"
  // The stop reason is the reported interval's: no TARGET_REACHED beside an interval over the target (1%).
  double half = (s.ciHigh - s.ciLow) / 2 / s.median
  if (t.stop == 'TARGET_REACHED') {
    assert half <= 0.01 + 1e-9 : "${c.displayName}: TARGET_REACHED beside ±${half * 100}%"
  }
  // A warm-up cut short by the budget is flagged, not hidden.
  def codes = c.flags*.code
  if (t.warmup.end == 'CAP') {
    assert codes.contains('not-steady') : "${c.displayName}: warm-up ${t.warmup.detail}, flags ${codes}"
  }
  // Forks that disagree are named with their ratio, and more forks were measured where the warm-up settled.
  def disagree = c.flags.find { it.code == 'forks-disagree' }
  if (disagree != null) {
    assert disagree.slowdown >= 1.1 && disagree.detail.contains('fork 1 ') : disagree
  }
  assert t.spent != null && t.spent.forks >= 1 && t.spent.totalSeconds > 0 : "${c.displayName}: ${t.spent}"
}
// Where the first case's seconds went, in the console a user reads.
assert log =~ /first case, run \[n=4096, FP(32|16), cpu\], answered in / : 'no first-case line in the console'
assert log.contains('worker start') : 'the first case line does not say what the worker start cost'
