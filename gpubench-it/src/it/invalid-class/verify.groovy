import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
def reports = new File(basedir, 'target/surefire-reports')

def suite = { String simpleName ->
  def f = new File(reports, "TEST-io.example.${simpleName}.xml")
  assert f.isFile(): "no Surefire XML for ${simpleName}: ${reports.list()}"
  new XmlSlurper().parse(f)
}

// Each invalid class is a test set of its own with one test in error, whose message names the member and value.
def expected = [
    MalformedShapeBenchmark      : ['@Shape', '"64..100:16"', 'end it at 96 or 112'],
    UnknownCostAxisBenchmark     : ['@Cost(flops)', '"k"'],
    ParameterisedMeasureBenchmark: ['@Measure run(int)', 'BenchContext'],
]
expected.each { name, words ->
  def xml = suite(name)
  assert xml.@tests.toInteger() == 1
  assert (xml.@errors.toInteger() + xml.@failures.toInteger()) == 1
  def problem = xml.testcase.error.@message.text() + xml.testcase.failure.@message.text()
  assert problem.contains("io.example.${name}"): problem
  words.each { assert problem.contains(it): "${name}: '${it}' not in: ${problem}" }
}

// The valid class still ran and passed.
def good = suite('SumBenchmark')
assert good.@tests.toInteger() == 1
assert good.@errors.toInteger() == 0 && good.@failures.toInteger() == 0
assert good.testcase.@name.text() == 'prefixSum [n=64, FP32, cpu]'

assert log =~ /Tests run: 4, Failures: \d, Errors: \d/
assert log.contains('BUILD FAILURE')

// The README's Surefire block is the block these samples build with (setup-parent), character for character.
def readme = new File(basedir, '../../../../README.md').text
def inReadme = (readme =~ /(?s)<!-- surefire block: begin -->\s*```xml\n(.*?)```/)
assert inReadme.find(): 'README has no Surefire block'
def parent = new File(basedir, '../setup-parent/pom.xml').text
def inParent = (parent =~ /(?s)<!-- README surefire block: begin -->\n(.*?)<!-- README surefire block: end -->/)
assert inParent.find()
assert inReadme.group(1).trim() == inParent.group(1).trim()
