package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workers' main class is named by a string (it sits above this layer): the name must stay a real entry point. */
class WorkerLaunchTest {

  @Test
  void eachBuildJvmWritesItsOwnLaunchFilesBesideWhatOtherJvmsLeftInTheFolder(@TempDir Path dir) throws Exception {
    // what another engine over the same target folder holds (Surefire's forkCount): here at the names all engines
    // once shared, as folders, so that deleting or re-creating them fails
    Files.createDirectories(dir.resolve("worker-system.properties").resolve("x"));
    Files.createDirectories(dir.resolve("worker-classpath.args").resolve("x"));

    List<String> cmd = WorkerLaunch.of(dir, WorkerLaunch.class).command(List.of(), dir, "127.0.0.1:1", "l1");

    long pid = ProcessHandle.current().pid();
    assertThat(cmd).contains("@" + dir.resolve("worker-classpath-" + pid + ".args"),
        dir.resolve("worker-system-" + pid + ".properties").toString());
    assertThat(dir.resolve("worker-system-" + pid + ".properties")).isRegularFile();
    // the harness's compilation options come first, so that a directive file of the run's own arguments wins
    assertThat(cmd.subList(1, 3)).containsExactly("-XX:+UnlockDiagnosticVMOptions",
        "-XX:CompilerDirectivesFile=" + dir.resolve("worker-compilation-" + pid + ".json"));
    assertThat(dir.resolve("worker-compilation-" + pid + ".json")).content().contains("c2: { Exclude: true }");
    assertThat(dir.resolve("worker-system.properties").resolve("x")).as("another JVM's file is left alone").exists();
  }

  @Test
  void theMainClassNamedForTheWorkersHasAPublicStaticMain() throws Exception {
    Method main = Class.forName(WorkerLaunch.MAIN_CLASS).getMethod("main", String[].class);
    assertThat(Modifier.isStatic(main.getModifiers())).as(WorkerLaunch.MAIN_CLASS + ".main is static").isTrue();
  }
}
