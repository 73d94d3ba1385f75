def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('BUILD ') }
assert builds.size() == 6 : "expected 6 builds, got ${builds.size()}"

def m = builds[0] =~ /runs (\d+) of 12 cases, [\d.]+ of [\d.]+ planned seconds; plan ([0-9a-f]{12})/
assert m.find()
def plan = m.group(2)
def third = builds[1] =~ /runs (\d+) of 12 cases/
assert third.find()
def missingCases = 12 - (m.group(1) as int) - (third.group(1) as int)
def missing = "shard 2 of 3 is missing (${missingCases} of 12 cases of the suite did not run)"

// The gate fails, naming the missing shard by index and how to run it.
def check = builds[2]
assert check.contains('BUILD FAILURE')
assert check.contains("sharded run shards-it-7-${plan}: ${missing}; the 2 shards present (1, 3) are judged")
assert check.contains('run the missing shards into the same folder with gpubench.shard=2/3 and gpubench.shard.run=it-7')

// The report is written and says the run is incomplete, in the log and on the page.
def report = builds[3]
assert report.contains('BUILD SUCCESS')
assert report.contains("Incomplete run shards-it-7-${plan}: ${missing}")
def html = new File(basedir, 'target/gpubench/report.html').text
assert html.contains('class="notice') && html.contains(missing)

// The history refuses it.
def publish = builds[4]
assert publish.contains('BUILD FAILURE')
assert publish.contains("sharded run shards-it-7-${plan} is not published: ${missing}")

// Told so, the gate judges what is there, and says what is not.
def accepted = builds[5]
assert accepted.contains('BUILD SUCCESS')
assert accepted.contains("${missing}; the 2 shards present (1, 3) are judged (failOnMissingShards=false)")
