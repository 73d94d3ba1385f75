package io.example;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Its first case (n=64) passes; the set-up of its second (n=128), which runs in a worker process, kills the worker's
 * parent, the JVM of Surefire's fork that runs the engine, with SIGKILL: nothing there can write results after that,
 * and the third case (n=256) is never run.
 */
@GpuBenchmark
@Shape({"n=64", "n=128", "n=256"})
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 3, budgetSeconds = 0.05, maxWarmupSeconds = 0)
public class KilledBenchmark {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) throws InterruptedException {
    if (ctx.dim("n") == 128) {
      // The other fork's class must have a decided case in its journal first: once this fork dies, Surefire ends
      // the run, and a CopyBenchmark fork that had decided nothing yet left the report without it (seen once).
      for (long until = System.nanoTime() + 60_000_000_000L; System.nanoTime() < until && !copyJournaled(); ) {
        Thread.sleep(100);
      }
      ProcessHandle engine = ProcessHandle.current().parent().orElseThrow();
      engine.destroyForcibly();
      engine.onExit().join();
    }
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  private static boolean copyJournaled() {
    try (Stream<Path> files = Files.list(Path.of("target", "gpubench", "journal"))) {
      return files.anyMatch(f -> {
        try {
          return Files.readString(f).contains("{\"type\":\"case\",\"case\":{\"id\":\"io.example.CopyBenchmark#");
        } catch (IOException e) {
          return false;
        }
      });
    } catch (IOException e) {
      return false;
    }
  }

  @Measure
  float[] copy() {
    return x.floats().clone();
  }

  @Reference
  float[] expected() {
    return x.floats().clone();
  }
}
