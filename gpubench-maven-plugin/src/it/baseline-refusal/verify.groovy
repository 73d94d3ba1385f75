import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def id = 'io.example.GemmBenchmark#matmul[m=256,n=256,k=256][FP32][cpu]'
assert log.contains("1 case ran on a GPU shared with another process, and its telemetry measured no slowdown to bound later comparisons by, so such a run could explain any change: ${id} (shared GPU (4242 python3 train.py)). Rerun where the GPU is quiet (no other process on it, and cool), or record them anyway (flagged; a comparison against them is AMBIGUOUS where this build has no clean run) with -Dgpubench.acceptFlagged=true. Nothing was written.")
assert log.contains('gpubench baseline: recorded with their telemetry flags (acceptFlagged): ' + id)
def baseline = new JsonSlurper().parse(new File(basedir, 'gpubench-baseline.json'))
def flagged = baseline.environments[0].cases.find { it.id == id }
assert flagged.runs.size() == 1 : 'the refused build wrote nothing'
assert flagged.runs[0].flags == ['shared GPU (4242 python3 train.py)']
