import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text

// -Dtest=StencilBenchmark#rowStreaming: the workload the reports call rowStreaming (its method is rows()) ran alone.
assert log.contains('rowStreaming [h=8,w=16, FP32, cpu] PASSED')
// -Dtest=StencilBenchmark#columns: that workload alone, in the second build.
assert log.contains('columns [h=8,w=16, FP32, cpu] PASSED')
assert log.count('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0') >= 2
assert !log.contains('No tests matching pattern')

// The XML of the last build: one test case, named as the reports name it, the workload not repeated.
def xml = new XmlSlurper().parse(new File(basedir, 'target/surefire-reports/TEST-io.example.StencilBenchmark.xml'))
assert xml.testcase.size() == 1
assert xml.testcase[0].@name.text() == 'columns [h=8,w=16, FP32, cpu]'
