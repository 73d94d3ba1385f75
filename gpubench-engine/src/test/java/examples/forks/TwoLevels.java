package examples.forks;

import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two outcomes of the same code, as two JIT profiles make them: the first worker to set the case up runs it at
 * {@value #SLOW_NANOS} ns a call, every later one at {@value #FAST_NANOS} ns (the folder of key {@value #KEY} holds
 * the claim). Busy waits, so that each fork's own trials agree closely.
 */
@GpuBenchmark(enabledByDefault = false)
@Shape("n=1")
@Trials(warmup = 1, min = 5, max = 20, targetRelativeHalfWidth = 0.05, budgetSeconds = 10, maxWarmupSeconds = 0)
@Fork(timeoutSeconds = 60)
public class TwoLevels {
  /** The key of the folder, a configuration key the engine hands its workers as a system property. */
  public static final String KEY = "gpubench.forks-test.dir";
  static final long SLOW_NANOS = 400_000;
  static final long FAST_NANOS = 100_000;

  long nanos;

  @Setup
  void setup() {
    Path claim = Path.of(System.getProperty(KEY)).resolve("slow");
    try {
      Files.createFile(claim);
      nanos = SLOW_NANOS;
    } catch (FileAlreadyExistsException e) {
      nanos = FAST_NANOS;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Measure
  long run() {
    long end = System.nanoTime() + nanos;
    long spins = 0;
    while (System.nanoTime() < end) {
      spins++;
    }
    return spins;
  }
}
