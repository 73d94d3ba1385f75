package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Model;
import io.gpubench.api.ModelInput;

/** A model run in FP32 only: it is its own reference, so it needs no tolerance. */
@GpuBenchmark
public class Fp32ModelBenchmark {
  @Model
  Object net() {
    return new Object();
  }

  @ModelInput
  long[] input() {
    return new long[] {1, 4};
  }
}
