package io.gpubench.results.compare;

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
import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.HostMemory;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.TelemetrySample;
import io.gpubench.api.result.Throughput;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Results as the engine writes them, for the report tests: two runs on two GPUs with every status, a CUDA case with
 * telemetry and a roofline, model-suite cases with samples/s, and a case whose strings try to break out of HTML.
 */
public final class ReportFixtures {

  /** The hostile name: a report that runs it, or shows it as markup, is broken. */
  public static final String EVIL = "<script>alert(1)</script>";
  /** A hostile message that would close a script element and inject an image with a handler. */
  public static final String EVIL_MESSAGE = "</script><img src=x onerror=alert(2)> | pipe, \"quote\"\nsecond line";

  public static final String GEMM_FP16 = "examples.GemmBenchmark#gemm[m=1024,n=1024,k=1024][FP16][cuda:0]";
  public static final String GEMM_FP32_CPU = "examples.GemmBenchmark#gemm[m=256,n=256,k=256][FP32][cpu]";
  public static final String GEMM_BF16 = "examples.GemmBenchmark#gemm[m=1024,n=1024,k=1024][BF16][cuda:0]";
  public static final String VAE = "examples.VaeDecodeBenchmark#decode[b=1,h=64,w=64][FP16][cuda:0]";
  public static final String GEMM_FP8 = "examples.GemmBenchmark#gemm[m=1024,n=1024,k=1024][FP8_E4M3][cuda:0]";
  public static final String RESNET_FP16 = "examples.ModelSuite#resnet50[batch=64][FP16][cuda:0]";
  public static final String RESNET_BF16 = "examples.ModelSuite#resnet50[batch=64][BF16][cuda:0]";
  public static final String VIT_FP16 = "examples.ModelSuite#vit[batch=32][FP16][cuda:0]";
  /** A hostile name on a case that passes on both GPUs, so it reaches the comparison chart's embedded data. */
  public static final String EVIL_PASSED = "</script><script>alert(4)</script> & \u2028 <!--";
  public static final String EVIL_ID = "examples.Evil#" + EVIL + "[x=1][FP32][cpu]";

  private ReportFixtures() {}

  /** A run on an H200 with every status. */
  public static RunResult h200Run() {
    List<CaseResult> cases = new ArrayList<>();
    cases.add(gemm(GEMM_FP16, Precision.FP16, "cuda:0", 85_000, 11, CaseStatus.PASSED, 0.0084, false));
    cases.add(gemm(GEMM_FP32_CPU, Precision.FP32, "cpu", 1_200_000, 12, CaseStatus.PASSED, 1e-5, false));
    cases.add(gemm(GEMM_BF16, Precision.BF16, "cuda:0", 90_000, 13, CaseStatus.FAILED, 0.031, true));
    cases.add(errorCase());
    cases.add(skippedCase());
    cases.add(model(RESNET_FP16, "resnet50", Precision.FP16, 64, 2450.0, 26_000_000, 21));
    cases.add(model(RESNET_BF16, "resnet50", Precision.BF16, 64, 2380.0, 27_000_000, 22));
    cases.add(model(VIT_FP16, "vit", Precision.FP16, 32, 1210.0, 26_500_000, 23));
    cases.add(hostilePassed(5_000, 97));
    cases.add(evilCase());
    return new RunResult(RunResult.SCHEMA, "run-h200", "2026-11-30T00:12:33.120Z", "2026-11-30T00:14:01.500Z",
        environment("bench-01", "NVIDIA H200", "570.86.15", "12.8"), cases);
  }

  /**
   * A run whose memory has a timeline: a CUDA GEMM whose telemetry carries the process's device memory at each
   * reading (one reading without it), with NVML's peak and before-set-up figures, and a CPU GEMM three of whose 40
   * trials held a garbage collection. Constructed: no GPU run with per-sample memory is in the repository.
   */
  public static RunResult memoryRun() {
    CaseResult gpu = gemm(GEMM_FP16, Precision.FP16, "cuda:0", 85_000, 11, CaseStatus.PASSED, 0.0084, false);
    List<TelemetrySample> timeline = new ArrayList<>();
    for (TelemetrySample x : gpu.telemetry().timeline()) {
      int i = timeline.size();
      Long bytes = i == 30 ? null : (i < 3 ? 540L : 553L) << 20;
      timeline.add(new TelemetrySample(x.millis(), x.smClockMhz(), x.memClockMhz(), x.powerWatts(), x.temperatureC(),
          bytes));
    }
    Telemetry t = gpu.telemetry();
    Telemetry withMemory = new Telemetry(t.intervalMillis(), t.smClockMeanMhz(), t.smClockMinMhz(),
        t.smClockMaxMhz(), t.powerMeanWatts(), t.powerMaxWatts(), t.temperatureMaxC(), t.throttleReasons(),
        t.throttled(), t.shared(), t.otherProcesses(), timeline);
    Memory nvml = new Memory(6_291_456L, null, null, null, new DeviceMemory(508L << 20, 561L << 20, 9L << 30,
        150_119_301_120L, 71, "NVML (fixture)"));
    CaseResult cpu = gemm(GEMM_FP32_CPU, Precision.FP32, "cpu", 1_200_000, 12, CaseStatus.PASSED, 1e-5, false);
    HostMemory host = new HostMemory(262_160.0, 262_160L * 40, 40, 3L, 7.5, GC_TRIALS, 40, 96L << 20, 1L << 30,
        Map.of());
    return new RunResult(RunResult.SCHEMA, "run-memory", "2026-12-06T10:00:00Z", "2026-12-06T10:01:00Z",
        environment("bench-01", "NVIDIA H200", "570.86.15", "12.8"), List.of(
            with(gpu, withMemory, nvml), with(cpu, null, new Memory(null, null, null, host, null))));
  }

  /** The trials of {@link #memoryRun()}'s CPU case during which a collection ran, counted from 0. */
  public static final List<Integer> GC_TRIALS = List.of(6, 19, 33);

  private static CaseResult with(CaseResult c, Telemetry t, Memory m) {
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), t, m, c.metrics(),
        c.audit(), c.worldSize(), c.flags());
  }

  /** A kernel name that tries to break out of HTML, in an audit's table (names come from the driver, verbatim). */
  public static final String EVIL_KERNEL = "void at::native::</td><script>alert(5)</script><td>(int)";
  /** Why the BF16 case's audit was skipped. */
  public static final String AUDIT_REFUSED = "CUPTI refused: cuptiActivityEnable failed: "
      + "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (35) activity kind 10 for the kernel audit of "
      + "examples.GemmBenchmark#gemm[m=1024,n=1024,k=1024][BF16][cuda:0]; profiling is restricted to administrators "
      + "on this machine (NVreg_RestrictProfilingToAdminUsers)";

  /**
   * The H200 run with kernel audits on its CUDA cases: the FP16 GEMM one cuBLASLt kernel and a memset, the BF16
   * GEMM's audit refused, the ViT's seventeen kernels of ATen, cuBLASLt and the benchmark (one with a hostile name).
   */
  public static RunResult h200RunAudited() {
    RunResult run = h200Run();
    List<CaseResult> cases = new ArrayList<>();
    for (CaseResult c : run.cases()) {
      if (c.id().equals(GEMM_FP16)) {
        cases.add(c.withAudit(gemmAudit()));
      } else if (c.id().equals(GEMM_BF16)) {
        cases.add(c.withAudit(KernelAudit.skipped(AUDIT_REFUSED)));
      } else if (c.id().equals(VIT_FP16)) {
        cases.add(c.withAudit(modelAudit()));
      } else {
        cases.add(c);
      }
    }
    return new RunResult(run.schema(), run.runId(), run.startedAt(), run.finishedAt(), run.environment(), cases);
  }

  /** One cuBLASLt kernel and a memset of its workspace, attributed by stack. */
  public static KernelAudit gemmAudit() {
    KernelAudit.Kernel k = new KernelAudit.Kernel(
        "sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel"
            + "__5x_cublas", KernelAudit.Library.CUBLASLT, "libcublasLt.so.13", KernelAudit.Method.STACK, 1, 80_700,
        80_700 / 81_000.0);
    KernelAudit.Copy memset = new KernelAudit.Copy("memset", 1, 32, 300, 300 / 81_000.0);
    return new KernelAudit(null, 1, 83_500, 80_700, 300, 81_000 / 83_500.0, 80_700 / 81_000.0, 0, 300 / 81_000.0,
        List.of(k), List.of(memset), new KernelAudit.Attribution("native call stack at each launch call", 1, 0, 0,
            List.of("1 launch calls, 1 stack walks joined by thread and order")),
        new KernelAudit.Cost(2_900_000, 1_100_000, 1, 1, 23, 0));
  }

  /** Seventeen kernels: fourteen of ATen (one with a hostile name), two of cuBLASLt, one of the benchmark. */
  public static KernelAudit modelAudit() {
    List<KernelAudit.Kernel> ks = new ArrayList<>();
    double total = 0;
    double[] nanos = new double[17];
    for (int i = 0; i < 17; i++) {
      nanos[i] = 900_000.0 / (i + 1);
      total += nanos[i];
    }
    for (int i = 0; i < 17; i++) {
      KernelAudit.Library lib = i < 2 ? KernelAudit.Library.CUBLASLT : i == 16 ? KernelAudit.Library.BENCHMARK
          : KernelAudit.Library.ATEN;
      String name = i == 5 ? EVIL_KERNEL : lib == KernelAudit.Library.ATEN ? "void at::native::elementwise_kernel<" + i
          + ">(int)" : lib == KernelAudit.Library.BENCHMARK ? "gb_scale" : "sm90_xmma_gemm_bf16_" + i;
      String source = lib == KernelAudit.Library.CUBLASLT ? "libcublasLt.so.13"
          : lib == KernelAudit.Library.BENCHMARK ? "JVM (JNA)" : "libtorch_cuda.so";
      ks.add(new KernelAudit.Kernel(name, lib, source, KernelAudit.Method.STACK, i < 2 ? 12 : 4, nanos[i],
          nanos[i] / total));
    }
    return new KernelAudit(null, 1, total / 0.81, total, 0, 0.81, (total - nanos[16]) / total, 0, 0, ks, List.of(),
        new KernelAudit.Attribution("native call stack at each launch call", 1, 0, 0, List.of()),
        new KernelAudit.Cost(41_000_000, 30_000_000, 84, 84, 2_400, 0));
  }

  /** The same benchmarks on an A100: gemm FP16 clearly slower, the CPU case unchanged, one case only here. */
  /**
   * An all-reduce of a world of two GPUs whose SM clocks differed by more than 2%: 330.4 GB/s of bus bandwidth,
   * bound by the NVLink.
   *
   * @return the case
   */
  public static CaseResult worldCase() {
    Telemetry t = new Telemetry(20, 1980.0, 1950.0, 1980.0, 400.0, 450.0, 60.0, List.of(), false, false, List.of(),
        List.of(), List.of(1980.0, 1755.0));
    Throughput bus = new Throughput(null, null, null, null, null, null, 268435456.0 / 450e9 * 1e9, 1.36, "link",
        "2 x datasheet; link: 18 NVLink 4.0 links", 268435456.0, 330.4e9);
    return new CaseResult("x.AllReduceBenchmark#allreduce[mib=256][FP32][cuda][world 2]", "x.AllReduceBenchmark",
        "allreduce", "allreduce [256 MiB, FP32, world 2]", BackendId.parse("cuda:0"), Precision.FP32,
        Map.of("mib", 256L), CaseStatus.PASSED, null, timing(812_400, 0.01, 10, 7, true), null, bus, t, null,
        Map.of(), null, 2, null);
  }

  public static RunResult a100Run() {
    List<CaseResult> cases = new ArrayList<>();
    cases.add(gemm(GEMM_FP16, Precision.FP16, "cuda:0", 160_000, 31, CaseStatus.PASSED, 0.0091, false));
    cases.add(gemm(GEMM_FP32_CPU, Precision.FP32, "cpu", 1_200_000, 12, CaseStatus.PASSED, 1e-5, false));
    cases.add(gemm(GEMM_BF16, Precision.BF16, "cuda:0", 170_000, 33, CaseStatus.PASSED, 0.012, false));
    cases.add(model(RESNET_FP16, "resnet50", Precision.FP16, 64, 1380.0, 46_000_000, 41));
    cases.add(model(VIT_FP16, "vit", Precision.FP16, 32, 640.0, 50_000_000, 43));
    cases.add(model("examples.ModelSuite#unet[batch=16][FP16][cuda:0]", "unet", Precision.FP16, 16, 310.0,
        51_000_000, 44));
    cases.add(hostilePassed(5_100, 98));
    return new RunResult(RunResult.SCHEMA, "run-a100", "2026-11-29T21:40:00Z", "2026-11-29T21:42:10Z",
        environment("bench-02", "NVIDIA A100-SXM4-80GB", "550.54.15", "12.4"), cases);
  }

  public static Environment environment(String host, String gpu, String driver, String cuda) {
    Map<String, String> libs = new LinkedHashMap<>();
    libs.put("junit", "6.1.3");
    libs.put("djl", "0.36.0");
    libs.put("pytorch", "2.7.1");
    libs.put("cuda", cuda);
    libs.put("driver", driver);
    return new Environment(host, "Linux 6.1.0-28-amd64", "amd64", "AMD EPYC 9454 48-Core Processor", 16,
        137_438_953_472L, "Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.15+6", "0.1.0-SNAPSHOT", "1752705",
        libs,
        List.of(
            new DeviceInfo(BackendId.parse("cpu"), "AMD EPYC 9454 48-Core Processor", true, null, Map.of("cores", "16")),
            new DeviceInfo(BackendId.parse("cuda:0"), gpu, true, null, Map.of("driver", driver, "cuda", cuda, "computeCapability", "9.0", "memoryBytes", "150119301120"))),
        Map.of("gpubench.trials.target", "0.01"));
  }

  /** A case timed around a mean with a given relative spread, deterministic by seed. */
  public static Timing timing(double meanNanos, double relSpread, int n, long seed, boolean device) {
    Random random = new Random(seed);
    List<Trial> trials = new ArrayList<>();
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      double x = meanNanos * (1 + relSpread * random.nextGaussian());
      xs[i] = x;
      trials.add(new Trial(x * 1.02, device ? x : null));
    }
    Statistics s = stats(xs);
    double[] host = Arrays.stream(xs).map(x -> x * 1.02).toArray();
    return new Timing(device ? "cuda-event" : null, CacheMode.HOT, 5, 1, meanNanos * 40, trials, stats(host),
        device ? s : null, StopReason.TARGET_REACHED, "±0.8% <= ±1.0% after " + n + " trials", n * meanNanos / 1e9);
  }

  /** Statistics of a sample, with a 95% interval of the median as the engine makes it, on the log scale (normal
   * approximation: enough for fixtures). */
  public static Statistics stats(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    double mean = Arrays.stream(s).average().orElse(Double.NaN);
    double var = Arrays.stream(s).map(x -> (x - mean) * (x - mean)).sum() / (n - 1);
    double sd = Math.sqrt(var);
    double hw = 1.96 * Math.sqrt(Math.PI / 2) * sd / mean / Math.sqrt(n);
    double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    return new Statistics(n, mean, median, s[0], s[n - 1], sd, s[(int) Math.floor(0.9 * (n - 1))],
        s[(int) Math.floor(0.99 * (n - 1))], 0.95, median * Math.exp(-hw), median * Math.exp(hw));
  }

  /** The id of the axes run's case whose layout the run set. */
  public static final String STENCIL_DIAG = "examples.StencilBenchmark#separable[n=256,layout=diag][FP32][cpu]";

  /**
   * A run whose stencil cases differ in n (2^8 to 2^11) and layout (row, col), with one layout the run set
   * ({@code gpubench.axes.layout=diag}), and a GEMM family zipped over layer shapes (no axis varies alone there).
   */
  public static RunResult axesRun() {
    List<CaseResult> cases = new ArrayList<>();
    long seed = 1;
    for (long n = 256; n <= 2048; n *= 2) {
      for (String layout : List.of("row", "col")) {
        cases.add(stencil(n, layout, (layout.equals("row") ? 2.0 : 3.5) * n, seed++, Map.of()));
      }
    }
    cases.add(stencil(256, "diag", 2.5 * 256, seed++, Map.of("layout", "gpubench.axes.layout")));
    int[][] layers = {{197, 2304, 768}, {197, 768, 768}, {197, 3072, 768}};
    for (int[] l : layers) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("layer", l[1] == 2304 ? "qkv" : l[1] == 768 ? "proj" : "fc1");
      shape.put("m", (long) l[0]);
      shape.put("n", (long) l[1]);
      shape.put("k", (long) l[2]);
      String label = "layer=" + shape.get("layer") + ",m=" + l[0] + ",n=" + l[1] + ",k=" + l[2];
      cases.add(new CaseResult("examples.LayerGemm#gemm[" + label + "][FP32][cpu]", "examples.LayerGemm", "gemm",
          "gemm [" + label + ", FP32, cpu]", BackendId.parse("cpu"), Precision.FP32, shape, CaseStatus.PASSED, null,
          timing(1e-3 * l[0] * l[1] * l[2], 0.03, 20, seed++, false), null, null, null, null, Map.of()));
    }
    return new RunResult(RunResult.SCHEMA, "axes-run", "2026-12-01T10:00:00Z", "2026-12-01T10:05:00Z",
        environment("ci-box", "NVIDIA H200", "580.65", "13.0"), cases);
  }

  private static CaseResult stencil(long n, String layout, double nanos, long seed, Map<String, String> overrides) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("n", n);
    shape.put("layout", layout);
    String label = "n=" + n + ",layout=" + layout;
    return new CaseResult("examples.StencilBenchmark#separable[" + label + "][FP32][cpu]", "examples.StencilBenchmark",
        "separable", "separable [" + label + ", FP32, cpu]", BackendId.parse("cpu"), Precision.FP32,
        io.gpubench.api.AxisValue.ofAll(shape), CaseStatus.PASSED, null, timing(nanos, 0.02, 20, seed, false), null,
        null, null, null, Map.of(), null, null, List.of(), overrides);
  }

  public static CaseResult timedCase(String id, double meanNanos, double relSpread, int n, long seed) {
    return new CaseResult(id, "examples.X", "w", id, BackendId.parse("cpu"), Precision.FP32, Map.of("n", 1L), CaseStatus.PASSED, null,
        timing(meanNanos, relSpread, n, seed, false), null, null, null, null, Map.of());
  }

  private static CaseResult gemm(String id, Precision p, String backendId, double nanos, long seed, CaseStatus status,
      double maxAbs, boolean hot) {
    BackendId backend = BackendId.parse(backendId);
    boolean gpu = backend.family().equals("cuda");
    Map<String, Long> shape = new LinkedHashMap<>();
    int size = gpu ? 1024 : 256;
    shape.put("m", (long) size);
    shape.put("n", (long) size);
    shape.put("k", (long) size);
    Timing timing = timing(nanos, 0.04, 40, seed, gpu);
    double median = timing.primary().median();
    double flops = 2.0 * size * size * size;
    double bytes = 2.0 * 3 * size * size;
    double bound = gpu ? flops / 989e12 * 1e9 : flops / 2e12 * 1e9;
    Throughput t = new Throughput(null, null, flops, bytes, flops / median * 1e9, bytes / median * 1e9, bound,
        median / bound, "compute", gpu ? "datasheet: NVIDIA H200 SXM" : "measured: cpu fma peak");
    List<Check> checks = List.of(
        new Check(CheckMetric.MAX_ABS, maxAbs, 0.02, maxAbs <= 0.02),
        new Check(CheckMetric.RMS, maxAbs / 8, 5e-3, maxAbs / 8 <= 5e-3),
        new Check(CheckMetric.PSNR_DB, 62.5, 20, true));
    Correctness corr = new Correctness(Precision.FP64,
        new ErrorStats(size * (long) size, 0, maxAbs, maxAbs / 8, 62.5, 1e-3, 2.0), checks,
        new ErrorStats(size * (long) size, 0, 0, 0, Double.POSITIVE_INFINITY, 0, 2.0), 39, true,
        status == CaseStatus.PASSED);
    String name = "gemm [" + size + "x" + size + "x" + size + ", " + p + ", " + backend + "]";
    CaseResult c = new CaseResult(id, "examples.GemmBenchmark", "gemm", name, backend, p, shape, status,
        status == CaseStatus.FAILED ? "maxAbs " + maxAbs + " > allowed 0.02" : null, timing, corr, t,
        gpu ? telemetry(seed, hot) : null, new Memory(gpu ? 6_291_456L : null, null, null), Map.of());
    // The engine flags what the telemetry saw, as it does for a device that stayed throttled and was shared.
    return gpu && hot ? c.withFlag(new Flag(Flag.THROTTLED, "40 of 40 trials kept ran slowed (SW_THERMAL_SLOWDOWN)"))
        .withFlag(new Flag(Flag.SHARED, "other processes used the device during the trials: 4242 python3 train.py"))
        : c;
  }

  private static Telemetry telemetry(long seed, boolean hot) {
    Random random = new Random(seed);
    List<TelemetrySample> timeline = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      double clock = hot && i > 30 ? 1500 + 40 * random.nextGaussian() : 1980 - 5 * random.nextDouble();
      double power = 420 + 60 * Math.min(1, i / 10.0) + 8 * random.nextGaussian();
      timeline.add(new TelemetrySample(i * 20.0, clock, 2619.0, power, 55 + i * 0.2));
    }
    return new Telemetry(20, hot ? 1760.0 : 1978.0, hot ? 1420.0 : 1975.0, 1980.0, 465.0, 492.0, 67.0,
        hot ? List.of("SW_THERMAL_SLOWDOWN") : List.of(), hot, hot,
        hot ? List.of("4242 python3 train.py") : List.of(), timeline);
  }

  private static CaseResult model(String id, String model, Precision p, long batch, double samplesPerSecond,
      double nanos, long seed) {
    Map<String, Long> shape = Map.of("batch", batch);
    Timing timing = timing(nanos, 0.02, 20, seed, true);
    return new CaseResult(id, "examples.ModelSuite", model, model + " [batch=" + batch + ", " + p + ", cuda:0]", BackendId.parse("cuda:0"), p, shape, CaseStatus.PASSED, null, timing, null,
        new Throughput((double) batch, samplesPerSecond, null, null, null, null, null, null, null, null), null,
        new Memory(21_474_836_480L, 17_179_869_184L, 19_327_352_832L), Map.of("samplesPerSecond", new Metric(samplesPerSecond, "samples/s", Better.HIGHER)));
  }

  private static CaseResult errorCase() {
    return new CaseResult(VAE, "examples.VaeDecodeBenchmark", "decode", "decode [b=1,h=64,w=64, FP16, cuda:0]", BackendId.parse("cuda:0"), Precision.FP16, Map.of("b", 1L, "h", 64L, "w", 64L), CaseStatus.ERROR,
        "CUDA_ERROR_OUT_OF_MEMORY: out of memory\n\tat io.gpubench.cuda.Driver.check(Driver.java:88)", null, null,
        null, null, null, Map.of());
  }

  private static CaseResult skippedCase() {
    return new CaseResult(GEMM_FP8, "examples.GemmBenchmark", "gemm", "gemm [1024x1024x1024, FP8_E4M3, cuda:0]", BackendId.parse("cuda:0"), Precision.FP8_E4M3, Map.of("m", 1024L, "n", 1024L, "k", 1024L), CaseStatus.SKIPPED,
        "precision FP8_E4M3 needs compute capability 8.9; cuda:0 has 8.0", null, null, null, null, null, Map.of());
  }

  private static CaseResult hostilePassed(double nanos, long seed) {
    return new CaseResult("examples.Evil#passing[x=2][FP32][cpu]", "examples.Evil", "passing", EVIL_PASSED, BackendId.parse("cpu"),
        Precision.FP32, Map.of("x", 2L), CaseStatus.PASSED, null, timing(nanos, 0.05, 25, seed, false), null, null,
        null, null, Map.of());
  }

  private static CaseResult evilCase() {
    Map<String, Long> shape = new LinkedHashMap<>();
    shape.put("<b>x</b>", 1L);
    return new CaseResult(EVIL_ID, "examples.Evil", "</script><script>alert(3)</script>", EVIL, BackendId.parse("cpu"),
        Precision.FP32, shape, CaseStatus.FAILED, EVIL_MESSAGE, timing(5_000, 0.05, 25, 99, false), null, null, null,
        null, Map.of("<i>odd</i>", new Metric(1.0, "", Better.NEITHER)));
  }
}
