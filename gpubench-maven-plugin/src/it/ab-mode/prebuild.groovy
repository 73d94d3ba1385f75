// Makes the sample its own git repository: the fast benchmarks committed (HEAD, the A side), then the working tree
// changed to be 2x slower (the B side, as an unpushed change would be).
def run(List<String> cmd) {
  def p = new ProcessBuilder(cmd).directory(basedir).redirectErrorStream(true).start()
  def out = p.inputStream.text
  assert p.waitFor() == 0 : "${cmd.join(' ')}: ${out}"
}
new File(basedir, '.gitignore').text = 'target/\nbuild.log\n'
run(['git', 'init', '-q'])
run(['git', 'add', '.'])
run(['git', '-c', 'user.name=it', '-c', 'user.email=it@example.com', 'commit', '-q', '-m', 'fast benchmarks'])
def speed = new File(basedir, 'src/test/java/Speed.java')
speed.text = speed.text.replace('return 1.0;', 'return 2.0;')
return true
