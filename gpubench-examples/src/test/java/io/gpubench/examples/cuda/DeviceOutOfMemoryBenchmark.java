package io.gpubench.examples.cuda;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;
import io.gpubench.cuda.Cuda;

/**
 * A set-up that asks for twice the device's memory: the case fails with CUDA_ERROR_OUT_OF_MEMORY and the device's
 * total, in-use and the process's peak in its message; the next case runs in a new worker. Kept out of the default
 * run ({@code DeviceMemoryGpuTest}).
 */
@GpuBenchmark(backends = "cuda", enabledByDefault = false)
@Shape("n=1")
@Precisions(Precision.FP32)
@Trials(warmup = 1, min = 2, max = 2)
public class DeviceOutOfMemoryBenchmark {
  @Setup
  void setup(BenchContext ctx) {
    Cuda cuda = ctx.unwrap(Cuda.class).orElseThrow();
    cuda.allocate("twice the device", Precision.FP32, cuda.device().memoryBytes() / 2);
  }

  @Measure
  void nothing() {}
}
