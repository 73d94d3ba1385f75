package io.gpubench.engine.bench;

import io.gpubench.api.BackendId;
import io.gpubench.api.BenchContext;
import io.gpubench.api.Better;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.api.Rounding;
import io.gpubench.api.SeededInputs;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.Metric;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.FrameworkStream;
import io.gpubench.api.spi.WorldRank;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The context of one case, or of its reference. Inputs and outputs made through the case's context are
 * remembered, so that the engine can poison outputs before each call and check that inputs stay unchanged.
 */
final class DefaultBenchContext implements BenchContext {
  private final RunnerCase spec;
  private final BackendSession session;
  private final boolean reference;
  private final List<Tensor> inputs = new ArrayList<>();
  private final List<Tensor> outputs = new ArrayList<>();
  private final Map<String, Metric> metrics;
  private final WorldRank world;

  DefaultBenchContext(RunnerCase spec, BackendSession session, boolean reference) {
    this(spec, session, reference, null);
  }

  DefaultBenchContext(RunnerCase spec, BackendSession session, boolean reference, WorldRank world) {
    this(spec, session, reference, new LinkedHashMap<>(), world);
  }

  private DefaultBenchContext(RunnerCase spec, BackendSession session, boolean reference, Map<String, Metric> metrics,
      WorldRank world) {
    this.spec = spec;
    this.session = session;
    this.reference = reference;
    this.metrics = metrics;
    this.world = world;
  }

  /** The context a {@code @Reference} method gets: same case, computing in the reference precision. */
  DefaultBenchContext forReference() {
    return new DefaultBenchContext(spec, session, true, metrics, world);
  }

  @Override
  public int rank() {
    return world == null ? 0 : world.rank();
  }

  @Override
  public int worldSize() {
    return world == null ? 1 : world.size();
  }

  Map<String, Metric> metrics() {
    return metrics;
  }

  @Override
  public void metric(String name, double value, String unit, Better better) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a metric needs a name");
    }
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("metric '" + name + "' = " + value + " is not finite");
    }
    metrics.put(name, new Metric(value, unit, better));
  }

  List<Tensor> inputs() {
    return inputs;
  }

  List<Tensor> outputs() {
    return outputs;
  }

  @Override
  public BackendId backend() {
    return spec.backend().id();
  }

  @Override
  public Precision precision() {
    return spec.precision();
  }

  @Override
  public Precision referencePrecision() {
    return reference ? spec.declaration().referencePrecision() : spec.precision();
  }

  @Override
  public boolean isReference() {
    return reference;
  }

  @Override
  public Dimensions dims() {
    return spec.dims();
  }

  @Override
  public long seed() {
    return spec.seed();
  }

  @Override
  public Tensor random(String name, long... dims) {
    int n = hostCount(name, dims);
    Tensor t;
    try {
      float[] values = Rounding.roundAll(SeededInputs.uniform(spec.seed(), name, n), spec.precision());
      t = session.tensors().fromHost(name, values, referencePrecision(), dims);
    } catch (OutOfMemoryError e) {
      throw HeapRoom.exhausted(tensor(name, dims, n), e);
    }
    inputs.add(t);
    return t;
  }

  @Override
  public Tensor output(String name, long... dims) {
    return output(name, referencePrecision(), dims);
  }

  @Override
  public Tensor output(String name, Precision storage, long... dims) {
    count(name, dims);
    if (storage == null) {
      throw new IllegalArgumentException("output '" + name + "' needs a storage precision");
    }
    Tensor t;
    try {
      t = session.tensors().allocate(name, storage, dims);
    } catch (OutOfMemoryError e) {
      throw HeapRoom.exhausted("output '" + name + "' " + java.util.Arrays.toString(dims) + " of case shape "
          + spec.dims(), e);
    }
    outputs.add(t);
    return t;
  }

  @Override
  public Tensor fromHost(String name, float[] values, long... dims) {
    if (count(name, dims) != values.length) {
      throw new IllegalArgumentException("fromHost '" + name + "': " + values.length + " values for dims "
          + java.util.Arrays.toString(dims));
    }
    Tensor t = session.tensors().fromHost(name, Rounding.roundAll(values.clone(), spec.precision()), referencePrecision(),
        dims);
    inputs.add(t);
    return t;
  }

  @Override
  public Tensor load(String resource, long... dims) {
    long n = hostCount(resource, dims);
    byte[] bytes;
    try (InputStream in = spec.declaration().type().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("resource '" + resource + "' not found beside "
            + spec.declaration().type().getName());
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalArgumentException("resource '" + resource + "' cannot be read: " + e.getMessage(), e);
    }
    if (bytes.length != n * 4) {
      throw new IllegalArgumentException("resource '" + resource + "' holds " + bytes.length + " bytes; dims "
          + java.util.Arrays.toString(dims) + " need " + n * 4 + " (little-endian float32)");
    }
    float[] values = new float[(int) n];
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
    return session.tensors().fromHost(resource, values, referencePrecision(), dims);
  }

  @Override
  public <T> Optional<T> unwrap(Class<T> type) {
    if (type == WorldRank.class) {
      // the rank's place in its world, the world's id included
      return Optional.ofNullable(world).map(type::cast);
    }
    // The SPI's types (the session, its clock, telemetry, kernel auditor, profiler hooks) are the engine's side of
    // a case: benchmark code that closed the session or started an audit would break the protocol it runs under.
    // FrameworkStream is the exception: a framework's support (gpubench-djl) names through it, from the benchmark's
    // set-up, the stream its work runs on, so that the trials are timed there.
    if (type.getPackageName().equals(BackendSession.class.getPackageName()) && type != FrameworkStream.class) {
      return Optional.empty();
    }
    return session.unwrap(type);
  }

  /** The most elements a tensor made from host values may hold: one Java array, as the seeded values are made. */
  static final long MAX_HOST_ELEMENTS = Integer.MAX_VALUE - 8;

  private long count(String name, long... dims) {
    long n = 1;
    for (long d : dims) {
      if (d <= 0) {
        throw new IllegalArgumentException("tensor '" + name + "': dimension " + d + " in "
            + java.util.Arrays.toString(dims) + " is not positive");
      }
      try {
        n = Math.multiplyExact(n, d);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException(tooLarge(name, dims, "more elements than a long counts"));
      }
    }
    return n;
  }

  /** The count of a tensor whose values are made or held on the host, in one Java array. */
  private int hostCount(String name, long... dims) {
    long n = count(name, dims);
    if (n > MAX_HOST_ELEMENTS) {
      throw new IllegalArgumentException(tooLarge(name, dims, n + " elements, and its values are made on the host in"
          + " one array of at most " + MAX_HOST_ELEMENTS));
    }
    HeapRoom.require(tensor(name, dims, n), n * Float.BYTES);
    return (int) n;
  }

  private String tensor(String name, long[] dims, long elements) {
    return String.format(java.util.Locale.ROOT, "tensor '%s' %s of case shape %s (%,d elements)", name,
        java.util.Arrays.toString(dims), spec.dims(), elements);
  }

  private String tooLarge(String name, long[] dims, String why) {
    return "tensor '" + name + "' " + java.util.Arrays.toString(dims) + " of case shape " + spec.dims() + " has " + why
        + "; choose a smaller value of the shape's axes";
  }

}
