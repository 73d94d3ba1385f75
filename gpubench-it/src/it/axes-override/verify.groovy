import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text

// The first build: an axis that no class has is an error naming the classes' axes; nothing ran.
assert log.contains('configuration gpubench.axes.batch = "64" sets axis "batch", which no class of this run has:'
    + ' the classes\' axes: StencilBenchmark has h, w, layout')
assert log.count('BUILD FAILURE') == 1

// The second build: one case, selected by its name, at a w the class does not declare.
assert log.contains('separable [h=8,w=32,layout=col, FP32, cpu] PASSED')
assert !log.contains('separable [h=8,w=16,')
assert !log.contains('layout=row, FP32, cpu] PASSED')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
assert log.count('BUILD SUCCESS') == 1

def xml = new XmlSlurper().parse(new File(basedir, 'target/surefire-reports/TEST-io.example.StencilBenchmark.xml'))
assert xml.testcase.size() == 1
assert xml.testcase[0].@name.text() == 'separable [h=8,w=32,layout=col, FP32, cpu]'

// The results name the axis the run set and the key that set it; the report says so on the case's card.
def results = new JsonSlurper().parse(new File(basedir, 'target/gpubench/results.json'))
assert results.schema == 'gpubench-results/4'
assert results.cases.size() == 1
def c = results.cases[0]
assert c.id == 'io.example.StencilBenchmark#separable[h=8,w=32,layout=col][FP32][cpu]'
assert c.shape == [h: 8, w: 32, layout: 'col']
assert c.axisOverrides == [w: 'gpubench.axes.StencilBenchmark.w']
assert results.environment.configuration['gpubench.axes.StencilBenchmark.w'] == '16..32:16'
def report = new File(basedir, 'target/gpubench/report.html').text
assert report.contains('Axes the run set, not the class: w=32 (gpubench.axes.StencilBenchmark.w)')
