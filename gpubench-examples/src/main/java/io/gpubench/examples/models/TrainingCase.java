package io.gpubench.examples.models;

import ai.djl.Device;
import ai.djl.engine.EngineException;
import ai.djl.ndarray.types.DataType;
import io.gpubench.api.BenchContext;
import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.Better;
import io.gpubench.api.Precision;
import io.gpubench.djl.DjlDevices;
import io.gpubench.djl.training.TrainingSession;

/**
 * What the GPU-Insights benchmark classes share: a {@link TrainingSession} for the case's model, batch, device and
 * precision, or a skip with the reason.
 */
public final class TrainingCase {

  /**
   * The system property that lets FP16 cases run on the CPU ({@code -Dgpubench.training.cpu-fp16=true}); without
   * it they are skipped, see {@link #CPU_FP16_SKIPPED}.
   */
  public static final String CPU_FP16_PROPERTY = "gpubench.training.cpu-fp16";

  /**
   * The least time a case on a GPU spends in untimed training steps in set-up, after at least {@link #WARMUP_STEPS}.
   *
   * <p>Why: the Java half of every DJL op runs in the JVM's interpreter until the JIT compiles it, and where a step is
   * host-bound its time falls as that happens. On the H200 ViT-B/16's FP16 step fell from 33.8 ms to 22.0 ms over its
   * 20 trials (eager PyTorch: 22.9 ms), cnn's FP32 step from 3.9 ms to 2.8 ms. The engine's warm-up counts calls (two
   * for these classes): 6 ms of cnn steps, where the JIT needs about a second. JMH warms up for seconds too.
   */
  public static final long WARMUP_NANOS = 1_000_000_000L;

  /** The fewest untimed training steps a case on a GPU runs in set-up; see {@link #WARMUP_NANOS}. */
  public static final int WARMUP_STEPS = 5;

  /** Why FP16 cases skip on the CPU unless {@link #CPU_FP16_PROPERTY} is set. */
  public static final String CPU_FP16_SKIPPED = "FP16 training on the CPU is skipped: PyTorch's CPU kernels train "
      + "conv nets in half precision without a fast path (measured on the 2-core build machine: resnet50 batch 4, "
      + "22 s a step against 0.33 s in FP32; ddpm batch 1, 110 s against 1 s); set -D" + CPU_FP16_PROPERTY
      + "=true to run it anyway";

  private TrainingCase() {}

  /**
   * Starts training a model for a case: device and type from the case ({@link DjlDevices} skips BF16 and absent
   * GPUs), batch size from the shape's {@code batch} axis. FP16 is pure half precision (weights, activations and
   * gradients; the loss in float32), since DJL has no autocast; an FP16 case runs one step first and is skipped with
   * PyTorch's message when the device cannot train the model in half precision, and on the CPU it is skipped unless
   * {@link #CPU_FP16_PROPERTY} is set. On a GPU the session then runs untimed steps for {@link #WARMUP_NANOS} (at least
   * {@link #WARMUP_STEPS}), so that the trials time DJL's host code compiled.
   *
   * @param model the model
   * @param ctx the case
   * @return the session, which the benchmark closes in its tear-down
   * @throws BenchmarkSkippedException with the reason, where DJL cannot train the case here
   */
  public static TrainingSession start(GpuInsightsModel model, BenchContext ctx) {
    Device device = DjlDevices.require(ctx);
    DataType type = DjlDevices.dataType(ctx.precision());
    if (type == DataType.FLOAT16 && !device.isGpu() && !Boolean.getBoolean(CPU_FP16_PROPERTY)) {
      throw new BenchmarkSkippedException(CPU_FP16_SKIPPED);
    }
    TrainingSession session =
        TrainingSession.start(model.id(), model.newBlock(), model.objective(), ctx.dim("batch"), device, type);
    if (ctx.precision() == Precision.FP16) {
      try {
        session.step();
      } catch (EngineException e) {
        session.close();
        throw new BenchmarkSkippedException("DJL's PyTorch engine cannot train " + model.id() + " in FP16 on "
            + ctx.backend() + ": " + e.getMessage());
      }
    }
    if (device.isGpu()) {
      try {
        session.warmUp(WARMUP_NANOS, WARMUP_STEPS);
      } catch (RuntimeException e) {
        session.close();
        throw e;
      }
    }
    ctx.metric("parameters", session.parameterCount(), "", Better.NEITHER);
    ctx.metric("batch", session.batch(), "samples", Better.NEITHER);
    return session;
  }
}
