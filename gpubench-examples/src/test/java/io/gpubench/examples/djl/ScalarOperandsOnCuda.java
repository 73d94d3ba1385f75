package io.gpubench.examples.djl;

import static io.gpubench.api.Precision.FP32;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import io.gpubench.api.BenchContext;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.TearDown;
import io.gpubench.api.Trials;
import io.gpubench.djl.DjlDevices;
import io.gpubench.djl.HostScalars;

/**
 * A number added to a GPU array two ways, each timed in blocked mode: the engine holds PyTorch's stream with a
 * spinning kernel while the call is queued, and lets it go only once the call has returned. A call that waits for the
 * device cannot return while the stream is held, so its trial ends when the kernel gives up (after a second) and the
 * case fails with that reason; a call that does not wait is timed. {@code hostScalar} ({@link HostScalars}) passes;
 * {@code number} ({@code add(1f)}: DJL copies the number to the GPU, and PyTorch's blocking copy waits for the stream)
 * fails. Kept out of the default run; {@link HostScalarsOnCudaTest} runs it on a GPU.
 */
@GpuBenchmark(backends = "cuda", enabledByDefault = false)
@Shape("n=4")
@Precisions(FP32)
@Trials(warmup = 3, min = 3, max = 5, budgetSeconds = 1, deviceTiming = DeviceTiming.BLOCKED)
public class ScalarOperandsOnCuda {
  private NDManager manager;
  private NDArray x;

  @Setup
  void upload(BenchContext ctx) {
    manager = NDManager.newBaseManager(DjlDevices.require(ctx));
    x = manager.ones(new ai.djl.ndarray.types.Shape(ctx.dim("n")));
  }

  /** A CPU scalar operand: PyTorch reads it when it launches the kernel. */
  @Measure("hostScalar")
  NDArray hostScalar() {
    return x.add(HostScalars.of(1));
  }

  /** A Java number: DJL makes a one-element GPU array of it, a blocking copy from the host. */
  @Measure("number")
  NDArray number() {
    return x.add(1f);
  }

  @TearDown
  void release() {
    if (manager != null) {
      manager.close();
    }
  }
}
