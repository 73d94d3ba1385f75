// Runs the README's console-launcher command verbatim where only what the recipe copies is: test-classes and
// bench-lib. It must run the project's benchmarks, fail when one fails, and fail when it finds none.
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption

def readme = new File(basedir, '../../../../README.md').text
def block = (readme =~ /(?s)<!-- console recipe: begin -->\s*```\w*\n(.*?)```\s*<!-- console recipe: end -->/)
assert block.find(): 'README has no console recipe block'
def lines = block.group(1).readLines()
def javaCommand = lines.dropWhile { !it.startsWith('java ') }.join('\n')
assert javaCommand.contains('--fail-if-no-tests')
assert lines.any { it.contains('copy-dependencies') && it.contains('-DoutputDirectory=target/bench-lib') }

Path box = basedir.toPath().resolve('target/gpu-box')
['test-classes', 'bench-lib'].each { name ->
  Path from = basedir.toPath().resolve("target/${name}")
  Files.walk(from).forEach { p ->
    Path to = box.resolve(name).resolve(from.relativize(p).toString())
    if (Files.isDirectory(p)) { Files.createDirectories(to) } else { Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING) }
  }
}
assert new File(box.toFile(), "bench-lib/junit-platform-console-standalone-${junitVersion}.jar").isFile()

def run = { String command ->
  def pb = new ProcessBuilder('bash', '-c', command).directory(box.toFile()).redirectErrorStream(true)
  def p = pb.start()
  def out = p.inputStream.text
  p.waitFor()
  println "--- exit ${p.exitValue()}: ${command.readLines()[-1]}\n${out}"
  [p.exitValue(), out]
}

def (ok, okOut) = run(javaCommand)
assert ok == 0
assert okOut.contains('prefixSum [n=64, FP32, cpu]')
assert okOut =~ /1 tests successful/
assert new File(box.toFile(), 'target/gpubench/results.json').isFile()

def (none, noneOut) = run(javaCommand.replace(".*Benchmark\$", ".*NoSuchClass\$"))
assert none == 2: 'finding no test must fail (--fail-if-no-tests)'

def (bad, badOut) = run(javaCommand + ' --config gpubench.profil=full')
assert bad == 1
assert badOut.contains('did you mean gpubench.profile?')
