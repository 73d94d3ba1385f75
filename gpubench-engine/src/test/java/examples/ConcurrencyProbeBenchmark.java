package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;
import java.util.concurrent.atomic.AtomicInteger;

/** Records how many of its cases were inside a call at once, to check that a device is never shared. */
@GpuBenchmark
@Shape("i=1|2|3|4|5|6")
@Trials(warmup = 1, min = 3, max = 3)
public class ConcurrencyProbeBenchmark {
  public static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  public static final AtomicInteger MOST_AT_ONCE = new AtomicInteger();

  @Measure
  void call() throws InterruptedException {
    int now = IN_FLIGHT.incrementAndGet();
    MOST_AT_ONCE.accumulateAndGet(now, Math::max);
    Thread.sleep(5);
    IN_FLIGHT.decrementAndGet();
  }
}
