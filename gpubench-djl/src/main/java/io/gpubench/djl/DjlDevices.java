package io.gpubench.djl;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.types.DataType;
import io.gpubench.api.BackendId;
import io.gpubench.api.BenchContext;
import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.FrameworkStream;

/**
 * Maps a case's backend and precision onto DJL's device and data type, refusing what DJL cannot do before DJL is
 * called: DJL 0.36 maps no BF16 data type (its {@code toType(BFLOAT16)} aborts the JVM), TF32 and FP8 are not DJL
 * data types, and a GPU case needs DJL's GPU natives, which a CUDA machine may lack.
 */
public final class DjlDevices {

  /**
   * The stream DJL's PyTorch engine queues its GPU work on, as CUDA sessions time it: PyTorch's default stream of the
   * device, which is CUDA's legacy default stream (DJL never sets another).
   */
  public static final String PYTORCH_STREAM = "pytorch-default-stream";

  /** Why a BF16 case is never handed to DJL. */
  public static final String NO_BF16 =
      "DJL 0.36 maps no BF16 data type (NDArray.toType(BFLOAT16) aborts the JVM); BF16 is not run through DJL";

  private DjlDevices() {}

  /**
   * The DJL device of a case. Private: a public way to get the device without {@link #require}'s move of the timing
   * to PyTorch's stream timed GPU cases on gpubench's own stream, which DJL's work never touches, silently.
   */
  private static Device device(BenchContext ctx) {
    BackendId backend = ctx.backend();
    switch (backend.family()) {
      case "cpu":
        return Device.cpu();
      case "cuda":
        int index = backend.index();
        Engine engine = engine();
        int gpus = engine.getGpuCount();
        if (gpus <= index) {
          throw new BenchmarkSkippedException("DJL's " + engine.getEngineName()
              + " engine sees " + gpus + " GPU(s), so it cannot run on " + backend
              + " (its GPU natives are not installed here; the CPU natives are)");
        }
        return Device.gpu(index);
      default:
        throw new BenchmarkSkippedException("DJL has no device for backend " + backend);
    }
  }

  /**
   * The DJL data type a precision computes in.
   *
   * @param precision the case's (or the reference's) precision
   * @return the data type
   * @throws BenchmarkSkippedException with the reason, for a precision DJL cannot compute in
   */
  public static DataType dataType(Precision precision) {
    switch (precision) {
      case FP64:
        return DataType.FLOAT64;
      case FP32:
        return DataType.FLOAT32;
      case FP16:
        return DataType.FLOAT16;
      case BF16:
        throw new BenchmarkSkippedException(NO_BF16);
      default:
        throw new BenchmarkSkippedException("DJL has no " + precision + " data type");
    }
  }

  /**
   * The one way to get a case's DJL device. Checks that DJL can run a case at all, before any DJL call: the precision
   * maps and the device exists. On a GPU it
   * also has the case's trials timed where DJL works: the CUDA session records its events on PyTorch's default stream
   * ({@link #PYTORCH_STREAM}, {@link FrameworkStream}) instead of its own, which DJL's work never touches; the results
   * then read {@code deviceClock = cuda-event@pytorch-default-stream}. Call it in set-up, as the README's example does.
   *
   * @param ctx the case's context
   * @return the device
   * @throws BenchmarkSkippedException with the reason otherwise
   */
  public static Device require(BenchContext ctx) {
    dataType(ctx.precision());
    engine();
    Device device = device(ctx);
    if (device.isGpu()) {
      // 0: CUDA's legacy default stream of the device's primary context, PyTorch's default stream.
      ctx.unwrap(FrameworkStream.class).ifPresent(s -> s.timeOn(0L, PYTORCH_STREAM));
    }
    return device;
  }

  /**
   * DJL's default engine, loaded. Loading fails where the natives are neither on the classpath nor downloadable (a
   * GPU box without network to which only the jars were copied); that is a reason to skip DJL cases, not an error
   * of the benchmark.
   */
  private static Engine engine() {
    try {
      Engine engine = Engine.getInstance();
      OneDnnGuard.apply();
      return engine;
    } catch (RuntimeException | LinkageError e) {
      throw new BenchmarkSkippedException("DJL's engine cannot load here (its PyTorch natives are neither on the"
          + " classpath nor downloadable): " + e.getMessage());
    }
  }
}
