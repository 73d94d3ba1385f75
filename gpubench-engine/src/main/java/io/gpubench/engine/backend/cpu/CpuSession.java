package io.gpubench.engine.backend.cpu;

import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.correctness.HostErrorMetrics;
import java.util.Arrays;
import java.util.Optional;

/** A CPU session: host tensors, host clock, no telemetry, no device memory. */
final class CpuSession implements BackendSession {

  /** Larger than the last-level cache of any current server CPU, so writing it evicts what a call left. */
  private static final int FLUSH_BYTES = 256 << 20;

  private final TensorFactory tensors = new HostTensors();
  private byte[] flushBuffer;
  private byte flushValue;

  @Override
  public TensorFactory tensors() {
    return tensors;
  }

  @Override
  public void poison(Tensor tensor) {
    HostTensorOps.poison(host(tensor));
  }

  @Override
  public long fingerprint(Tensor tensor) {
    return HostTensorOps.fingerprint(host(tensor));
  }

  @Override
  public ErrorStats compare(Tensor actual, Tensor expected, double range) {
    return HostErrorMetrics.compare(host(actual), host(expected), range);
  }

  @Override
  public Optional<Tensor> adopt(String name, Object returned) {
    if (returned instanceof HostTensor t) {
      return Optional.of(t);
    }
    if (returned instanceof float[] f) {
      return Optional.of(HostTensor.ofFloats(name, Precision.FP32, f));
    }
    if (returned instanceof double[] d) {
      return Optional.of(HostTensor.ofDoubles(name, d));
    }
    return Optional.empty();
  }

  @Override
  public void synchronize() {
    // Host work is complete when the call returns.
  }

  @Override
  public TrialClock clock() {
    return new HostClock();
  }

  @Override
  public void flushCache() {
    if (flushBuffer == null) {
      flushBuffer = new byte[FLUSH_BYTES];
    }
    flushValue++;
    Arrays.fill(flushBuffer, flushValue);
  }

  @Override
  public TelemetryRecorder startTelemetry() {
    return TelemetryRecorder.NONE;
  }

  @Override
  public void resetPeakMemory() {}

  @Override
  public Optional<Long> peakMemoryBytes() {
    return Optional.empty();
  }

  @Override
  public <T> Optional<T> unwrap(Class<T> type) {
    return Optional.empty();
  }

  @Override
  public void close() {
    flushBuffer = null;
  }

  private static HostTensor host(Tensor t) {
    if (t instanceof HostTensor h) {
      return h;
    }
    throw new IllegalArgumentException("tensor '" + t.name() + "' lives on " + t.device() + ", not on the cpu");
  }

  /** Times trials with {@link System#nanoTime()}. */
  private static final class HostClock implements TrialClock {
    private long start;

    @Override
    public void start() {
      start = System.nanoTime();
    }

    @Override
    public TrialTime stop() {
      return new TrialTime(System.nanoTime() - start, Double.NaN);
    }
  }

  /** Makes host tensors. */
  private static final class HostTensors implements TensorFactory {
    @Override
    public Tensor fromHost(String name, float[] values, Precision storage, long... dims) {
      if (storage == Precision.FP64) {
        double[] d = new double[values.length];
        for (int i = 0; i < d.length; i++) {
          d[i] = values[i];
        }
        return HostTensor.ofDoubles(name, d, dims);
      }
      return HostTensor.ofFloats(name, storage, values.clone(), dims);
    }

    @Override
    public Tensor allocate(String name, Precision storage, long... dims) {
      long n = 1;
      for (long d : dims) {
        n *= d;
      }
      int size = Math.toIntExact(n);
      return storage == Precision.FP64
          ? HostTensor.ofDoubles(name, new double[size], dims)
          : HostTensor.ofFloats(name, storage, new float[size], dims);
    }

    @Override
    public Tensor copy(String name, Tensor source) {
      return HostTensorOps.copy(name, host(source));
    }

    @Override
    public float[] toHost(Tensor tensor) {
      HostTensor s = host(tensor);
      if (!s.isDouble()) {
        return s.floats().clone();
      }
      float[] f = new float[s.doubles().length];
      for (int i = 0; i < f.length; i++) {
        f[i] = (float) s.doubles()[i];
      }
      return f;
    }
  }
}
