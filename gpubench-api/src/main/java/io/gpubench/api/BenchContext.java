package io.gpubench.api;

import java.util.Optional;

/**
 * What a benchmark method gets for its case: the backend and precision, the shape, seeded inputs and registered
 * outputs. One context serves one case from {@link Setup} to {@link TearDown}; the {@link Reference} method gets a
 * context of its own that differs only in {@link #referencePrecision()} and {@link #isReference()}.
 */
public interface BenchContext {

  /**
   * The case's backend, such as {@code cpu} or {@code cuda:0}; its {@link BackendId#family()} is what
   * {@code @GpuBenchmark(backends = ...)} names.
   *
   * @return the backend id
   */
  BackendId backend();

  /**
   * The case's precision: what inputs are rounded to and what {@link Measure} computes in.
   *
   * @return the precision
   */
  Precision precision();

  /**
   * The precision to compute in: the case's precision, or in a {@link Reference} method the reference's.
   *
   * @return the compute precision
   */
  Precision referencePrecision();

  /**
   * Whether this context is the one a {@link Reference} method runs with.
   *
   * @return true in a reference method
   */
  boolean isReference();

  /**
   * This process's rank in the case's world, 0 to {@link #worldSize()} - 1 (see {@link Worlds}); 0 in a case of
   * one device. Only rank 0's output is checked against the reference.
   *
   * @return the rank
   */
  default int rank() {
    return 0;
  }

  /**
   * How many ranks run the case together (see {@link Worlds}); 1 in a case of one device.
   *
   * @return the world size
   */
  default int worldSize() {
    return 1;
  }

  /**
   * The case's shape: every axis of it, whole numbers, real numbers and names.
   *
   * @return the dimensions
   */
  Dimensions dims();

  /**
   * The value of one whole-number axis of the case's shape: {@code ctx.dim("m")} for {@code @Shape("m=1024")}.
   *
   * @param axis the axis name
   * @return its value
   * @throws IllegalArgumentException naming the axis and the axes there are, when it is absent, not a whole number
   *     or too large for an int
   */
  default int dim(String axis) {
    return dims().get(axis);
  }

  /**
   * The value of one axis of the case's shape, of any kind, as the type asked for. With
   * {@code @Shape("n=2^10..2^20, alpha=0.5|1.0, layout=row|col, algo=naive|tiled")}:
   *
   * <pre>{@code
   * long n = ctx.axis("n", Long.class);              // a whole number (ctx.dim("n") gives it as an int)
   * double alpha = ctx.axis("alpha", Double.class);  // a real number; a whole number reads as one too
   * String layout = ctx.axis("layout", String.class); // any axis, as the case's id shows it
   * Algo algo = ctx.axis("algo", Algo.class);        // a name as an enum constant: naive -> Algo.NAIVE
   * }</pre>
   *
   * <p>A name is matched to the constant of that name, case ignored when no constant has it exactly; a name that is
   * no constant fails the case with the constants listed. {@code Integer}, {@code Float} and {@code Boolean} (the
   * names {@code true} and {@code false}) read as well. A value the run gave with {@code gpubench.axes.<axis>}
   * reads the same way as a declared one.
   *
   * @param axis the axis name
   * @param type what to read it as: {@code String}, {@code Long}, {@code Integer}, {@code Double}, {@code Float},
   *     {@code Boolean} or an enum
   * @param <T> the type
   * @return the value
   * @throws IllegalArgumentException naming the axis, its value and what it can be read as, when it is absent or
   *     of another kind (a name read as a number, a real number as a {@code Long}, a name that is no constant)
   */
  default <T> T axis(String axis, Class<T> type) {
    return dims().axis(axis, type);
  }

  /**
   * The seed of the case's inputs, the same for every backend and precision of a shape, so that the reference
   * and every case see the same values.
   *
   * @return the seed
   */
  long seed();

  /**
   * A seeded input of values uniform in [-1, 1), rounded to the case's {@link #precision()} and stored in
   * {@link #referencePrecision()}, on the case's device. The same name gives the same values in every case of a
   * shape. The engine checks that no call changes it.
   *
   * @param name the input's name, which also seeds it
   * @param dims its dimensions
   * @return the tensor
   */
  Tensor random(String name, long... dims);

  /**
   * An output the {@link Measure} method writes, stored in {@link #referencePrecision()} on the case's device. The
   * engine fills it with NaN before every call, so an element a call leaves unwritten fails the check.
   *
   * @param name the output's name
   * @param dims its dimensions
   * @return the tensor
   */
  Tensor output(String name, long... dims);

  /**
   * An output stored in a precision of its own rather than {@link #referencePrecision()}, for products whose
   * result is wider than their inputs (an FP8 GEMM writes BF16). Poisoned before every call like any output.
   *
   * @param name the output's name
   * @param storage what it is stored in
   * @param dims its dimensions
   * @return the tensor
   */
  Tensor output(String name, Precision storage, long... dims);

  /**
   * A tensor with the given values on the case's device, rounded to the case's precision.
   *
   * @param name the tensor's name
   * @param values the values, row-major
   * @param dims its dimensions
   * @return the tensor
   */
  Tensor fromHost(String name, float[] values, long... dims);

  /**
   * A tensor read from a classpath resource of little-endian float32 values, such as a stored reference output.
   *
   * @param resource the resource path, relative to the benchmark class or absolute with a leading {@code /}
   * @param dims its dimensions
   * @return the tensor
   * @throws IllegalArgumentException naming the resource when it is missing or of the wrong size
   */
  Tensor load(String resource, long... dims);

  /**
   * Records a further figure of the case for the results ({@code CaseResult.metrics}): what the timing cannot know,
   * such as a model's parameter count, a throughput in the workload's own units, or the batch size a search chose.
   * A later value of the same name replaces the earlier one.
   *
   * @param name the figure's name, such as {@code samplesPerSecond}
   * @param value its value
   * @param unit its unit as people write it ({@code samples/s}, {@code B}); empty for a count
   * @param better which way it improves, for comparisons of runs
   * @throws IllegalArgumentException for a blank name or a non-finite value
   */
  void metric(String name, double value, String unit, Better better);

  /**
   * A backend-specific object, such as the CUDA façade of the case ({@code io.gpubench.cuda.Cuda}), a DJL
   * {@code NDManager}, or in a world (see {@link Worlds}) the communicator between its ranks. The engine's side of a
   * case (the types of {@code io.gpubench.api.spi}: the backend session, its clock, telemetry and kernel auditor) is
   * never handed out.
   *
   * @param type the type wanted
   * @param <T> the type
   * @return the object, when the case's backend offers one of that type
   */
  <T> Optional<T> unwrap(Class<T> type);

  /**
   * Skips the case with a reason.
   *
   * @param reason why the case cannot run here
   * @throws BenchmarkSkippedException always
   */
  default void skip(String reason) {
    throw new BenchmarkSkippedException(reason);
  }
}
