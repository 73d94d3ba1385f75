package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started with the workers' options leaves the harness's code to C1 and compiles the rest as it would: the
 * compilation log of a real JVM says which methods C2 took.
 */
class HarnessCompilationTest {

  @Test
  void aJvmWithTheWorkersOptionsLeavesTheHarnessToC1AndTheRestToC2(@TempDir Path dir) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(HarnessCompilation.options(dir.resolve("directive.json")));
    // -Xbatch: each compile finishes before the call goes on, so none is still queued when the JVM exits
    cmd.addAll(List.of("-Xbatch", "-XX:+PrintCompilation", "-cp", System.getProperty("java.class.path"),
        "io.gpubench.engine.bench.HarnessCompilationCheck"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(log).isZero();
    assertThat(log).as("the harness's statistics, excluded from C2")
        .containsPattern("made not compilable on level 4 +io\\.gpubench\\.engine\\.statistics\\.SampleStatistics::"
            + "percentile.*excluded");
    // a compilation line: time, id, attributes, level, method
    String atC2 = "\\s*\\d+\\s+\\d+\\s+[%sbn!]*\\s*4\\s+.*";
    assertThat(log.lines().filter(l -> l.contains("HarnessCompilationCheck::notHarness")))
        .as("a method outside the harness, compiled by C2").anyMatch(l -> l.matches(atC2));
    assertThat(log.lines().filter(l -> l.contains("SampleStatistics::percentile") && !l.contains("made not")))
        .as("the harness's method, compiled by C1 alone").noneMatch(l -> l.matches(atC2));
  }
}
