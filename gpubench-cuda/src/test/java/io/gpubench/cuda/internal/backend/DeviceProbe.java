package io.gpubench.cuda.internal.backend;

import io.gpubench.api.CacheMode;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaKernel;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.EventPair;
import io.gpubench.cuda.KernelLaunch;
import io.gpubench.cuda.Matmul;
import io.gpubench.cuda.internal.telemetry.NvmlDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A standalone check of the bindings on a real GPU, outside the engine: device facts, NVML readings, NVRTC
 * compile and launch, the built-in kernels, cuBLASLt GEMM rates and a raw CUDA-event loop over a microsecond
 * kernel. Run with {@code java -cp ... io.gpubench.cuda.DeviceProbe [gemm-size] [skip-gemm]}; prints a table last.
 */
public final class DeviceProbe {
  static final String SAXPY = String.join("\n",
      "extern \"C\" __global__ void saxpy(float* out, const float* x, const float* y, float a, unsigned long long n) {",
      "  unsigned long long i = blockIdx.x * (unsigned long long) blockDim.x + threadIdx.x;",
      "  if (i < n) out[i] = a * x[i] + y[i];",
      "}");

  private static final List<String> TABLE = new ArrayList<>();

  private DeviceProbe() {}

  static void row(String what, String value) {
    String line = String.format(Locale.ROOT, "%-44s %s", what, value);
    TABLE.add(line);
    System.out.println(line);
  }

  static float[] random(long seed, int n) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = (float) (r.nextDouble() * 2 - 1);
    }
    return v;
  }

  interface Step {
    void run() throws Exception;
  }

  static void guard(String name, Step step) {
    try {
      step.run();
    } catch (Throwable t) {
      row(name + " FAILED", String.valueOf(t));
      t.printStackTrace(System.out);
    }
  }

  public static void main(String[] args) throws Exception {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 8192;
    boolean gemm = !(args.length > 1 && args[1].equals("skip-gemm"));
    List<Backend> backends = new CudaBackendProvider().backends(BackendSettings.none());
    for (Backend b : backends) {
      System.out.println(b + " -> " + b.describe());
      System.out.println("  peaks " + b.peaks());
    }
    Backend backend = backends.get(0);
    if (backend.unavailableReason().isPresent()) {
      System.out.println("UNAVAILABLE: " + backend.unavailableReason().get());
      return;
    }
    CudaDevice dev = ((CudaBackend) backend).device().orElseThrow();
    row("device", dev.name() + " " + dev.arch() + " SMs=" + dev.multiprocessors() + " L2=" + dev.l2CacheBytes()
        + " mem=" + dev.memoryBytes());
    row("properties", backend.describe().properties().toString());
    NvmlDevice nvml = NvmlDevice.open(dev.pciBusId(), dev.ordinal());
    row("nvml idle", "sm=" + nvml.smClockMhz() + " maxSm=" + nvml.maxSmClockMhz() + " mem=" + nvml.memClockMhz()
        + " power=" + nvml.powerWatts() + " temp=" + nvml.temperatureC() + " reasons=0x"
        + Long.toHexString(nvml.reasons() == null ? -1 : nvml.reasons()) + " others="
        + nvml.otherProcesses(ProcessHandle.current().pid()));

    guard("checks", () -> checks(backend));
    guard("micro", () -> microKernel(backend));
    if (gemm) {
      for (Precision p : new Precision[] {Precision.FP32, Precision.TF32, Precision.FP16, Precision.BF16}) {
        guard("gemm " + p, () -> gemm(backend, p, size));
      }
    }
    System.out.println("\n==== probe table ====");
    TABLE.forEach(System.out::println);
  }

  static void checks(Backend backend) throws Exception {
    try (CudaBackendSession s = (CudaBackendSession) backend.open(new SessionSpec("probe-checks", Precision.FP32, CacheMode.HOT, 20))) {
      int n = 1_000_003;
      float[] xv = random(1, n);
      float[] yv = random(2, n);
      Tensor x = s.tensors().fromHost("x", xv, Precision.FP32, n);
      Tensor y = s.tensors().fromHost("y", yv, Precision.FP32, n);
      Tensor out = s.tensors().allocate("out", Precision.FP32, n);
      s.poison(out);
      ErrorStats poisoned = s.compare(out, y, 2.0);
      CudaKernel k = s.resources().kernel(SAXPY, "saxpy");
      k.launch(Dim3.blocksFor(n, 256), Dim3.of(256), 0, out, x, y, 2.0f, (long) n);
      float[] got = s.tensors().toHost(out);
      double maxErr = 0;
      for (int i = 0; i < n; i++) {
        maxErr = Math.max(maxErr, Math.abs(got[i] - (2.0f * xv[i] + yv[i])));
      }
      row("nvrtc saxpy vs host", "max|d|=" + maxErr + " poisoned nonFinite=" + poisoned.nonFinite() + "/" + n);
      long f1 = s.fingerprint(x);
      long f2 = s.fingerprint(x);
      long f3 = s.fingerprint(y);
      row("fingerprint stable/different", (f1 == f2) + "/" + (f1 != f3));
      for (Precision p : new Precision[] {Precision.FP16, Precision.BF16, Precision.FP64, Precision.FP8_E4M3}) {
        Tensor t = s.tensors().fromHost("x-" + p, xv, p, n);
        float[] back = s.tensors().toHost(t);
        double m = 0;
        for (int i = 0; i < n; i++) {
          m = Math.max(m, Math.abs(back[i] - xv[i]));
        }
        ErrorStats e = s.compare(t, x, 2.0);
        row("round trip " + p, String.format(Locale.ROOT, "host max|d|=%.3g device max|d|=%.3g psnr=%.1f n=%d nf=%d",
            m, e.maxAbs(), e.psnrDb(), e.count(), e.nonFinite()));
      }
      Tensor c = s.tensors().copy("x-copy", x);
      row("copy equal", String.valueOf(s.compare(c, x, 2).maxAbs() == 0.0));
    }
  }

  static void microKernel(Backend backend) throws Exception {
    for (int n : new int[] {1 << 18, 1 << 20, 1 << 21, 1 << 22}) {
      try (CudaBackendSession s = (CudaBackendSession) backend.open(new SessionSpec("probe-micro", Precision.FP32, CacheMode.HOT, 20))) {
        Tensor x = s.tensors().fromHost("x", random(3, n), Precision.FP32, n);
        Tensor y = s.tensors().fromHost("y", random(4, n), Precision.FP32, n);
        Tensor out = s.tensors().allocate("out", Precision.FP32, n);
        KernelLaunch l = s.resources().kernel(SAXPY, "saxpy").bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, out, x, y, 2.0f, (long) n);
        int calls = 200;
        for (int i = 0; i < calls; i++) {
          l.run();
        }
        s.synchronize();
        // raw loop: events around `calls` launches, 20 repetitions
        double raw = 0;
        try (EventPair ev = s.resources().eventPair()) {
          for (int r = 0; r < 20; r++) {
            ev.start();
            for (int i = 0; i < calls; i++) {
              l.run();
            }
            raw += ev.stopMillis() * 1e3 / calls;
          }
        }
        raw /= 20;
        // through the session's trial clock, as the engine times
        TrialClock clock = s.clock();
        double dev = 0;
        double host = 0;
        for (int r = 0; r < 20; r++) {
          s.synchronize();
          clock.start();
          for (int i = 0; i < calls; i++) {
            l.run();
          }
          TrialClock.TrialTime t = clock.stop();
          dev += t.deviceNanos() / 1e3 / calls;
          host += t.hostNanos() / 1e3 / calls;
        }
        row("saxpy n=" + n + " us/call raw|clock|host",
            String.format(Locale.ROOT, "%.3f | %.3f | %.3f", raw, dev / 20, host / 20));
      }
    }
  }

  static void gemm(Backend backend, Precision p, int size) throws Exception {
    int n = size;
    float[] av = random(11, n * n);
    float[] bv = random(12, n * n);
    Precision storage = Matmul.storageOf(p);
    try (CudaBackendSession s = (CudaBackendSession) backend.open(new SessionSpec("probe-gemm", p, CacheMode.HOT, 20))) {
      Tensor a = s.tensors().fromHost("a", av, storage, n, n);
      Tensor b = s.tensors().fromHost("b", bv, storage, n, n);
      Tensor c = s.tensors().allocate("c", storage, n, n);
      Matmul mm = s.resources().matmul(p, a, b, c);
      String first = mm.algorithm();
      double heuristic = rate(s, mm);
      TelemetryRecorder rec = s.startTelemetry();
      double heuristic2 = rate(s, mm);
      Telemetry tel = rec.stop().orElse(null);
      mm.autotune(5);
      double tuned = rate(s, mm);
      String tunedAlgo = mm.algorithm();
      // correctness at this size against an FP64 cuBLASLt product of the same (rounded) values
      Tensor a64 = s.tensors().fromHost("a64", s.tensors().toHost(a), Precision.FP64, n, n);
      Tensor b64 = s.tensors().fromHost("b64", s.tensors().toHost(b), Precision.FP64, n, n);
      Tensor c64 = s.tensors().allocate("c64", Precision.FP64, n, n);
      s.resources().matmul(Precision.FP64, a64, b64, c64).run();
      ErrorStats e = s.compare(c, c64, 2.0);
      row("gemm " + n + "^3 " + p + " TFLOP/s heur|heur|tuned", String.format(Locale.ROOT,
          "%.1f | %.1f | %.1f  [%s -> %s] relL2=%.2e maxAbs=%.3g nf=%d", heuristic, heuristic2, tuned, first,
          tunedAlgo, e.relL2(), e.maxAbs(), e.nonFinite()));
      if (tel != null) {
        row("  telemetry " + p, String.format(Locale.ROOT,
            "sm mean %.0f min %.0f max %.0f MHz, power mean %.0f max %.0f W, temp %.0f C, reasons %s, throttled %s,"
                + " shared %s %s, samples %d", tel.smClockMeanMhz(), tel.smClockMinMhz(), tel.smClockMaxMhz(),
            tel.powerMeanWatts(), tel.powerMaxWatts(), tel.temperatureMaxC(), tel.throttleReasons(), tel.throttled(),
            tel.shared(), tel.otherProcesses(), tel.timeline().size()));
      }
      row("  peak session memory " + p, s.peakMemoryBytes().orElse(-1L) + " B");
    }
  }

  /** Mean TFLOP/s of 20 calls after 5 warm-up calls, CUDA events around the 20. */
  static double rate(CudaBackendSession s, Matmul mm) {
    for (int i = 0; i < 5; i++) {
      mm.run();
    }
    try (EventPair ev = s.resources().eventPair()) {
      ev.start();
      for (int i = 0; i < 20; i++) {
        mm.run();
      }
      double ms = ev.stopMillis() / 20;
      return mm.flops() / (ms * 1e-3) / 1e12;
    }
  }
}
