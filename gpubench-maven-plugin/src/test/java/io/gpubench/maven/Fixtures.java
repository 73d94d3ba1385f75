package io.gpubench.maven;

import io.gpubench.api.BackendId;
import io.gpubench.api.Better;
import io.gpubench.api.CacheMode;
import io.gpubench.api.CheckMetric;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Results as the engine writes them, built by hand: cases with given per-call times on a given machine. */
public final class Fixtures {

  public static final String GEMM = "io.x.GemmBenchmark";

  private Fixtures() {}

  public static String gemmId(int size, Precision p, String backend) {
    return GEMM + "#matmul[m=" + size + ",n=" + size + ",k=" + size + "][" + p + "][" + backend + "]";
  }

  /** A passed GEMM case on the host clock, with FLOP and byte rates from its median and a maxAbs check. */
  public static CaseResult gemm(int size, Precision p, String backend, double... nanos) {
    Timing timing = timing(nanos, false);
    double median = timing.primary().median();
    double flops = 2.0 * size * size * size;
    double bytes = 3.0 * size * size * p.bytes();
    Throughput tp = new Throughput(null, null, flops, bytes, flops / median * 1e9, bytes / median * 1e9,
        median / 2, 2.0, "compute", "test");
    Correctness corr = new Correctness(Precision.FP64, ErrorStats.fromSums(100, 0, 0.01, 0.0001, 1, 2),
        List.of(new Check(CheckMetric.MAX_ABS, 0.01, 0.02, true), new Check(CheckMetric.PSNR_DB, 60, 50, true)),
        null, 0, true, true);
    Map<String, Long> shape = new LinkedHashMap<>();
    shape.put("m", (long) size);
    shape.put("n", (long) size);
    shape.put("k", (long) size);
    return new CaseResult(gemmId(size, p, backend), GEMM, "matmul",
        "matmul [" + size + "x" + size + "x" + size + ", " + p + ", " + backend + "]", BackendId.parse(backend), p,
        shape, CaseStatus.PASSED, null, timing, corr, tp, null, null,
        Map.of("samplesPerSecond", new Metric(1e9 / median, "samples/s", Better.HIGHER)));
  }

  /** A case that did not pass, with no figures. */
  public static CaseResult ended(String id, CaseStatus status, String message) {
    return new CaseResult(id, GEMM, "matmul", id, BackendId.parse("cpu"), Precision.FP32, Map.of(), status, message, null, null,
        null, null, null, Map.of());
  }

  /** Times per call from a normal distribution, seeded, so every test run sees the same numbers. */
  public static double[] normal(long seed, int n, double mean, double stdev) {
    Random r = new Random(seed);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = Math.max(1, mean + stdev * r.nextGaussian());
    }
    return xs;
  }

  public static Timing timing(double[] nanos, boolean device) {
    // On a device the host clock also sees the launch overhead, so its times are a little longer.
    double hostScale = device ? 1.01 : 1.0;
    List<Trial> trials = Arrays.stream(nanos).mapToObj(v -> new Trial(v * hostScale, device ? v : null)).toList();
    Statistics host = stats(Arrays.stream(nanos).map(v -> v * hostScale).toArray());
    return new Timing(device ? "cuda-event" : null, CacheMode.HOT, 3, 1, nanos[0] * 10, trials, host,
        device ? stats(nanos) : null, StopReason.TARGET_REACHED, "test", 1.0);
  }

  static Statistics stats(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    double mean = Arrays.stream(s).average().orElse(Double.NaN);
    double sd = n < 2 ? 0 : Math.sqrt(Arrays.stream(s).map(x -> (x - mean) * (x - mean)).sum() / (n - 1));
    double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    return new Statistics(n, mean, median, s[0], s[n - 1], sd, s[(int) Math.min(n - 1, Math.floor(0.9 * n))],
        s[(int) Math.min(n - 1, Math.floor(0.99 * n))], 0.95, mean - sd, mean + sd);
  }

  /** A CPU-only machine. */
  public static Environment cpuMachine() {
    return environment(List.of(new DeviceInfo(BackendId.parse("cpu"), "cpu", true, null, Map.of())), Map.of("djl", "0.36.0"));
  }

  /** A machine with a GPU of the given name and driver. */
  public static Environment gpuMachine(String gpu, String driver) {
    return environment(List.of(
        new DeviceInfo(BackendId.parse("cpu"), "cpu", true, null, Map.of()),
        new DeviceInfo(BackendId.parse("cuda:0"), gpu, true, null, Map.of("driver", driver, "smCount", "132"))),
        Map.of("djl", "0.36.0"));
  }

  public static Environment environment(List<DeviceInfo> devices, Map<String, String> libraries) {
    return new Environment("host", "Linux 6", "amd64", "AMD EPYC 7B13", 16, 1L << 34, "OpenJDK 17", "0.1.0",
        "abc123", libraries, devices, Map.of());
  }

  public static RunResult run(Environment env, CaseResult... cases) {
    return run("run-1", env, cases);
  }

  public static RunResult run(String runId, Environment env, CaseResult... cases) {
    return new RunResult(RunResult.SCHEMA, runId, "2026-11-30T00:00:00Z", "2026-11-30T00:01:00Z", env,
        List.of(cases));
  }

  /** The case as telemetry flagged it: throttled (with a reason) and/or shared (with another process). */
  public static CaseResult flagged(CaseResult c, boolean throttled, boolean shared) {
    Telemetry t = new Telemetry(20, 1500.0, 1400.0, 1980.0, 400.0, 450.0, 80.0,
        throttled ? List.of("HW_SLOWDOWN") : List.of(), throttled, shared,
        shared ? List.of("4242 python3 train.py") : List.of(), List.of());
    CaseResult withTelemetry = new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(),
        c.precision(), c.shape(), c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), t, c.memory(),
        c.metrics());
    // The engine's flags are what reports and comparisons read; it raises them from this telemetry.
    if (throttled) {
      withTelemetry = withTelemetry.withFlag(new Flag(Flag.THROTTLED, "20 of 20 trials kept ran slowed (HW_SLOWDOWN)"));
    }
    if (shared) {
      withTelemetry = withTelemetry.withFlag(new Flag(Flag.SHARED,
          "other processes used the device during the trials: 4242 python3 train.py"));
    }
    return withTelemetry;
  }
}
