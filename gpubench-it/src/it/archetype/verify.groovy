// The project archetype:generate wrote, as a new user gets it, and what its mvn verify did: the README's Surefire
// block verbatim, the BOM imported, a CPU benchmark that passed, a CUDA benchmark skipped with its reason (no GPU
// here; passed where there is one), the gate's rule checked; a build log with no SLF4J warning that ends on the
// run's summary.
import groovy.json.JsonSlurper

File project = new File(basedir, 'generated/my-benchmarks')
assert project.isDirectory(): 'archetype:generate wrote no project into generated/'
['pom.xml', 'README.md', 'src/test/java/com/example/bench/SumBenchmark.java',
 'src/test/java/com/example/bench/SaxpyBenchmark.java'].each {
  assert new File(project, it).isFile(): "the generated project lacks ${it}"
}
String pom = new File(project, 'pom.xml').text
assert !pom.contains('<parent>'): 'the generated project must stand alone'
assert pom.contains("<gpubench.version>${projectVersion}</gpubench.version>")
assert pom =~ /(?s)<artifactId>gpubench-bom<\/artifactId>\s*<version>\$\{gpubench.version}<\/version>\s*<type>pom<\/type>\s*<scope>import<\/scope>/
assert new File(project, 'src/test/java/com/example/bench/SumBenchmark.java').text.startsWith('package com.example.bench;')

// The README's Surefire block, verbatim, as setup-parent carries it for the other samples.
def readme = new File(basedir, '../../../../README.md').text
def inReadme = (readme =~ /(?s)<!-- surefire block: begin -->\s*```xml\n(.*?)```/)
assert inReadme.find(): 'README has no surefire block between its markers'
def inProject = (pom =~ /(?s)<!-- README surefire block: begin -->\n(.*?)<!-- README surefire block: end -->/)
assert inProject.find(): 'the archetype POM has no README surefire block'
assert inProject.group(1).strip() == inReadme.group(1).strip(): 'the archetype POM must carry the README block verbatim'

// The BOM manages every artifact a user's POM names, at this build's version.
def bom = new groovy.xml.XmlSlurper().parse(new File(basedir, '../../../../gpubench-bom/pom.xml'))
assert bom.version.text() == projectVersion: "gpubench-bom is ${bom.version}, the build ${projectVersion}"
def managed = bom.dependencyManagement.dependencies.dependency.findAll { it.groupId.text() == 'io.gpubench' }
assert managed*.artifactId*.text().toSet() == ['gpubench-api', 'gpubench-engine', 'gpubench-results', 'gpubench-cuda',
    'gpubench-djl'].toSet()
assert managed.every { it.version.text() == projectVersion }

// What the build ran.
def run = new JsonSlurper().parse(new File(project, 'target/gpubench/results.json'))
def sums = run.cases.findAll { it.benchmark == 'com.example.bench.SumBenchmark' }
assert sums.size() == 2 && sums.every { it.status == 'PASSED' }: "SumBenchmark: ${sums*.status}"
def saxpy = run.cases.findAll { it.benchmark == 'com.example.bench.SaxpyBenchmark' }
assert saxpy.size() >= 1
boolean gpu = saxpy.any { it.status != 'SKIPPED' }
if (!gpu) {
  assert saxpy.every { it.status == 'SKIPPED' && it.message }: "without a GPU the CUDA case skips with its reason: ${saxpy}"
} else {
  assert saxpy.every { it.status == 'PASSED' }: "on a GPU the CUDA case passes: ${saxpy*.status}"
}

String log = new File(basedir, 'build.log').text
assert !log.contains('SLF4J'): 'an SLF4J warning in the build'
assert log.contains('gpubench-maven-plugin') && log.contains(':check')
// the rule's two limits on each of the two CPU cases; the skipped CUDA case noted, not checked
assert log.contains('## gpubench gate: passed') && log.contains('limits checked: 4'): 'the gate checked the rule'
assert log.contains('BUILD SUCCESS')
// The last thing the tests print is the run's summary: counts, then where the results are.
def testOutput = log.substring(log.lastIndexOf('T E S T S') >= 0 ? log.lastIndexOf('T E S T S') : 0)
def lines = testOutput.readLines()
int summary = lines.findLastIndexOf { it.contains('passed, 0 failed, 0 errors') }
int lastRunning = lines.findLastIndexOf { it.contains('Running ') || it.contains('Tests run:') && it.contains(' -- in ') }
assert summary > 0: 'no summary in the build log'
assert summary > lastRunning - 1 || !lines.subList(summary, lines.size()).any { it.startsWith('gpubench [') }:
    'progress lines after the summary'
assert !lines.subList(summary, lines.size()).any { it.contains('gpubench results (') }: 'a second summary after the run'
true
