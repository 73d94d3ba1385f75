package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.ConcurrencyProbeBenchmark;
import io.gpubench.engine.EngineKit;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParallelExecutionTest {
  @TempDir Path out;

  @Test
  void casesOfOneDeviceNeverOverlapUnderParallelExecution() {
    ConcurrencyProbeBenchmark.MOST_AT_ONCE.set(0);

    EngineKit.gpubench(out).selectors(selectClass(ConcurrencyProbeBenchmark.class))
        .configurationParameter("gpubench.parallel.enabled", "true")
        // the probe counts in this JVM: the locks under test are the engine's, whatever process runs the calls
        .configurationParameter("gpubench.fork", "none")
        .configurationParameter("gpubench.parallel.config.strategy", "fixed")
        .configurationParameter("gpubench.parallel.config.fixed.parallelism", "4")
        .execute().testEvents().assertStatistics(s -> s.succeeded(6));

    assertThat(ConcurrencyProbeBenchmark.MOST_AT_ONCE.get()).isEqualTo(1);
  }
}
