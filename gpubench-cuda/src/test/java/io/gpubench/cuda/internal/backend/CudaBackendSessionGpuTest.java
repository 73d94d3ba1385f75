package io.gpubench.cuda.internal.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.CacheMode;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaException;
import io.gpubench.cuda.CudaStream;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;
import io.gpubench.cuda.Matmul;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The session's protocol on a real GPU; every test is skipped with the reason where there is none. */
class CudaBackendSessionGpuTest {
  private CudaBackendSession s;

  @BeforeEach
  void open() throws Exception {
    Backend b = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    assumeTrue(b.unavailableReason().isEmpty(), () -> "no CUDA GPU: " + b.unavailableReason().orElse(""));
    s = (CudaBackendSession) b.open(new SessionSpec("CudaBackendSessionGpuTest", Precision.FP32, CacheMode.HOT, 10));
  }

  @AfterEach
  void close() {
    if (s != null) {
      s.close();
    }
  }

  static float[] ramp(int n) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = (float) Math.sin(i * 0.001);
    }
    return v;
  }

  @Test
  void compareAcrossStoragePrecisionsOnTheDevice() {
    int n = 3 * 1000 * 1000 + 1;
    float[] v = ramp(n);
    Tensor f32 = s.tensors().fromHost("f32", v, Precision.FP32, n);
    for (Precision p : new Precision[] {Precision.FP16, Precision.BF16, Precision.FP64}) {
      Tensor t = s.tensors().fromHost(p.name(), v, p, n);
      ErrorStats e = s.compare(t, f32, 2.0);
      assertThat(e.count()).isEqualTo(n);
      assertThat(e.nonFinite()).isZero();
      double ulp = p == Precision.FP16 ? 0x1p-11 : p == Precision.BF16 ? 0x1p-8 : 0;
      assertThat(e.maxAbs()).as(p.name()).isLessThanOrEqualTo(ulp);
    }
  }

  @Test
  void poisonMakesEveryElementNonFinite() {
    for (Precision p : new Precision[] {Precision.FP32, Precision.FP16, Precision.BF16, Precision.FP64,
        Precision.FP8_E4M3}) {
      int n = 12345;
      Tensor t = s.tensors().fromHost("t", ramp(n), p, n);
      Tensor ref = s.tensors().fromHost("ref", ramp(n), Precision.FP32, n);
      s.poison(t);
      ErrorStats e = s.compare(t, ref, 2.0);
      assertThat(e.nonFinite()).as(p.name()).isEqualTo(n);
      assertThat(e.count()).isZero();
    }
  }

  @Test
  void fingerprintSeesOneChangedElement() {
    int n = 1_000_001;
    float[] v = ramp(n);
    Tensor a = s.tensors().fromHost("a", v, Precision.BF16, n);
    long before = s.fingerprint(a);
    assertThat(s.fingerprint(a)).isEqualTo(before);
    v[n - 1] += 0.5f;
    Tensor b = s.tensors().fromHost("b", v, Precision.BF16, n);
    assertThat(s.fingerprint(b)).isNotEqualTo(before);
  }

  @Test
  void copyAndHostRoundTrip() {
    float[] v = ramp(1000);
    Tensor a = s.tensors().fromHost("a", v, Precision.FP32, 10, 100);
    Tensor c = s.tensors().copy("c", a);
    assertThat(s.tensors().toHost(c)).containsExactly(v);
    assertThat(c.dims()).containsExactly(10, 100);
    Tensor adopted = s.adopt("h", HostTensor.ofDoubles("h", new double[] {1, 2, 3})).orElseThrow();
    assertThat(adopted.precision()).isEqualTo(Precision.FP64);
    assertThat(s.tensors().toHost(adopted)).containsExactly(1f, 2f, 3f);
  }

  @Test
  void aCompileErrorCarriesNvrtcsLog() {
    assertThatThrownBy(() -> s.resources().kernel("extern \"C\" __global__ void k(float* x) { x[0] = undefined_thing; }", "k"))
        .isInstanceOf(CudaException.class)
        .hasMessageContaining("nvrtcCompileProgram failed: NVRTC_ERROR_COMPILATION")
        .hasMessageContaining("undefined_thing")
        .hasMessageContaining("--gpu-architecture=" + s.resources().device().arch());
  }

  @Test
  void aMissingKernelNameSaysHowToDeclareIt() {
    assertThatThrownBy(() -> s.resources().kernel("extern \"C\" __global__ void k(float* x) { x[0] = 1; }", "other"))
        .isInstanceOf(CudaException.class)
        .hasMessageContaining("cuModuleGetFunction")
        .hasMessageContaining("extern \"C\"");
  }

  @Test
  void matmulAgreesWithFp64() {
    int n = 512;
    float[] av = ramp(n * n);
    float[] bv = ramp(n * n);
    for (Precision p : new Precision[] {Precision.FP32, Precision.TF32, Precision.FP16, Precision.BF16}) {
      Precision st = Matmul.storageOf(p);
      Tensor c = s.tensors().allocate("c", st, n, n);
      s.resources().matmul(p, s.tensors().fromHost("a", av, st, n, n), s.tensors().fromHost("b", bv, st, n, n), c).run();
      Tensor c64 = s.tensors().allocate("c64", Precision.FP64, n, n);
      Tensor a64 = s.tensors().fromHost("a64", s.tensors().toHost(s.tensors().fromHost("a", av, st, n, n)),
          Precision.FP64, n, n);
      Tensor b64 = s.tensors().fromHost("b64", s.tensors().toHost(s.tensors().fromHost("b", bv, st, n, n)),
          Precision.FP64, n, n);
      s.resources().matmul(Precision.FP64, a64, b64, c64).run();
      ErrorStats e = s.compare(c, c64, 2.0);
      double bound = p == Precision.FP32 ? 1e-5 : p == Precision.BF16 ? 1e-2 : 3e-3;
      assertThat(e.relL2()).as(p.name()).isLessThan(bound);
      assertThat(e.nonFinite()).isZero();
    }
  }

  @Test
  void fp8MatmulAgreesWithFp64OfTheSameRoundedInputs() {
    assumeTrue(s.resources().device().atLeast(8, 9), () -> "FP8 needs compute capability 8.9; " + s.resources().device().computeCapability());
    int m = 384;
    int n = 256;
    int k = 512; // m, n, k distinct, so a swapped dimension or a wrong transpose cannot pass
    float[] av = ramp(m * k);
    float[] bv = new float[k * n];
    for (int i = 0; i < bv.length; i++) {
      bv[i] = (float) Math.cos(i * 0.0037);
    }
    Tensor a8 = s.tensors().fromHost("a", av, Precision.FP8_E4M3, m, k);
    Tensor b8 = s.tensors().fromHost("b", bv, Precision.FP8_E4M3, k, n);
    Tensor a64 = s.tensors().fromHost("a64", s.tensors().toHost(a8), Precision.FP64, m, k);
    Tensor b64 = s.tensors().fromHost("b64", s.tensors().toHost(b8), Precision.FP64, k, n);
    Tensor c64 = s.tensors().allocate("c64", Precision.FP64, m, n);
    s.resources().matmul(Precision.FP64, a64, b64, c64).run();
    for (Precision out : new Precision[] {Precision.BF16, Precision.FP32}) {
      Tensor c = s.tensors().allocate("c", out, m, n);
      s.poison(c);
      s.resources().matmul(Precision.FP8_E4M3, a8, b8, c).run();
      ErrorStats e = s.compare(c, c64, 2.0);
      System.out.printf("FP8 %dx%dx%d into %s: relL2 %.3g, max|d| %.3g%n", m, n, k, out, e.relL2(), e.maxAbs());
      assertThat(e.nonFinite()).as(out.name()).isZero();
      // H200: BF16 out 1.7e-3 (C's rounding); FP32 out 4.4e-5, 70x the FP32 GEMM's error, since Hopper's FP8
      // tensor cores accumulate with fewer bits than FP32 even with fast accumulation off. Bounds ~5x those.
      assertThat(e.relL2()).as(out.name()).isLessThan(out == Precision.BF16 ? 1e-2 : 2e-4);
    }
    Tensor c8 = s.tensors().allocate("c8", Precision.FP8_E4M3, m, n);
    assertThatThrownBy(() -> s.resources().matmul(Precision.FP8_E4M3, a8, b8, c8)).hasMessageContaining("a BF16 or FP32 C");
    Tensor odd = s.tensors().allocate("odd", Precision.FP8_E4M3, k, 40);
    Tensor cOdd = s.tensors().allocate("cOdd", Precision.BF16, m, 40);
    assertThatThrownBy(() -> s.resources().matmul(Precision.FP8_E4M3, a8, odd, cOdd)).hasMessageContaining("n=40 is not");
  }

  @Test
  void matmulRefusesMismatchedTensors() {
    Tensor a = s.tensors().allocate("a", Precision.FP16, 4, 8);
    Tensor b = s.tensors().allocate("b", Precision.FP16, 8, 2);
    Tensor c = s.tensors().allocate("c", Precision.FP16, 4, 3);
    assertThatThrownBy(() -> s.resources().matmul(Precision.FP16, a, b, c)).hasMessageContaining("C[m,n]");
    Tensor c2 = s.tensors().allocate("c2", Precision.FP16, 4, 2);
    assertThatThrownBy(() -> s.resources().matmul(Precision.BF16, a, b, c2)).hasMessageContaining("needs BF16 tensors");
  }

  /** One thread follows a chain of indices, one 128-byte line per hop, through L2 only ({@code ld.global.cg}). */
  static final String CHASE = String.join("\n",
      "extern \"C\" __global__ void chase(const unsigned* next, int hops, unsigned* out) {",
      "  unsigned j = 0;",
      "  for (int k = 0; k < hops; k++) {",
      "    unsigned v; asm volatile(\"ld.global.cg.u32 %0, [%1];\" : \"=r\"(v) : \"l\"(next + j)); j = v;",
      "  }",
      "  out[0] = j;",
      "}");

  @Test
  void clockTimesOnTheStreamAndAnL2FlushMakesTheNextCallMissL2() {
    int hops = 20000;
    int stride = 32; // words: one 128-byte line per hop
    java.util.List<Integer> perm = new java.util.ArrayList<>();
    for (int i = 1; i < hops; i++) {
      perm.add(i);
    }
    java.util.Collections.shuffle(perm, new java.util.Random(5));
    float[] next = new float[hops * stride];
    int at = 0;
    for (int p : perm) {
      next[at * stride] = Float.intBitsToFloat(p * stride);
      at = p;
    }
    next[at * stride] = Float.intBitsToFloat(0);
    Tensor chain = s.tensors().fromHost("chain", next, Precision.FP32, next.length);
    Tensor out = s.tensors().allocate("out", Precision.FP32, 1);
    KernelLaunch l = s.resources().kernel(CHASE, "chase").bind(Dim3.of(1), Dim3.of(1), 0, chain, hops, out);
    TrialClock clock = s.clock();
    double hot = 0;
    double cold = 0;
    int trials = 10;
    for (int i = 0; i < trials; i++) {
      l.run(); // brings the chain into L2
      s.synchronize();
      clock.start();
      l.run();
      TrialClock.TrialTime t = clock.stop();
      hot += t.deviceNanos() / trials;
      assertThat(t.hostNanos()).isGreaterThanOrEqualTo(t.deviceNanos() * 0.5);
      s.flushCache();
      s.synchronize();
      clock.start();
      l.run();
      cold += clock.stop().deviceNanos() / trials;
    }
    System.out.printf("pointer chase, %d hops: hot %.1f us (%.0f ns/hop), after an L2 flush %.1f us (%.0f ns/hop)%n",
        hops, hot / 1e3, hot / hops, cold / 1e3, cold / hops);
    assertThat(cold).as("cold %.0f ns vs hot %.0f ns", cold, hot).isGreaterThan(1.3 * hot);
    assertThat(clock.deviceClock()).isEqualTo("cuda-event");
  }

  @Test
  void telemetryAndPeakMemory() throws Exception {
    s.resetPeakMemory();
    long before = s.peakMemoryBytes().orElseThrow();
    Tensor big = s.tensors().allocate("big", Precision.FP32, 64 << 20);
    assertThat(s.peakMemoryBytes().orElseThrow() - before).isEqualTo(256L << 20);
    TelemetryRecorder rec = s.startTelemetry();
    Thread.sleep(100);
    Telemetry t = rec.stop().orElseThrow();
    assertThat(t.timeline().size()).isGreaterThanOrEqualTo(5);
    assertThat(t.smClockMaxMhz()).isPositive();
    assertThat(t.shared()).as("other processes %s", t.otherProcesses()).isFalse();
    assertThat(big.size()).isEqualTo(64 << 20);
  }

  @Test
  void unwrapGivesTheFacadeStreamAndDeviceButNeverTheSession() {
    Cuda cuda = s.unwrap(Cuda.class).orElseThrow();
    assertThat(s.unwrap(Cuda.class)).containsSame(cuda);
    assertThat(cuda.stream()).isSameAs(s.resources().stream());
    assertThat(cuda.device()).isEqualTo(s.resources().device());
    assertThat(s.unwrap(CudaStream.class)).containsSame(s.resources().stream());
    assertThat(s.unwrap(CudaDevice.class)).contains(s.resources().device());
    // what benchmark code could close, or drive as the engine does
    assertThat(s.unwrap(CudaBackendSession.class)).isEmpty();
    assertThat(s.unwrap(io.gpubench.api.spi.BackendSession.class)).isEmpty();
    assertThat(s.unwrap(AutoCloseable.class)).isEmpty();
    assertThat(s.unwrap(Object.class)).isEmpty();
    assertThat(s.unwrap(String.class)).isEmpty();
    assertThat(s.resources().stream().address()).isNotZero();
  }

  @Test
  void theFacadeAllocatesScratchMemoryThatCountsInThePeakAndReadsTensorsBack() {
    Cuda cuda = s.unwrap(Cuda.class).orElseThrow();
    s.resetPeakMemory();
    long before = s.peakMemoryBytes().orElseThrow();
    CudaTensor scratch = cuda.allocate("scratch", Precision.FP32, 1024);
    assertThat(scratch.address()).isEqualTo(cuda.address(scratch));
    assertThat(s.peakMemoryBytes().orElseThrow()).isEqualTo(before + 4096);
    Tensor x = s.tensors().fromHost("x", ramp(1024), Precision.FP32, 1024);
    cuda.synchronize();
    assertThat(cuda.toHost(x)).containsExactly(ramp(1024));
  }

  @Test
  void aTensorOfAnotherSessionIsRefused() throws Exception {
    Backend b = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    try (CudaBackendSession other = (CudaBackendSession) b.open(new SessionSpec("other", Precision.FP32, CacheMode.HOT, 10))) {
      Tensor t = other.tensors().allocate("t", Precision.FP32, 4);
      assertThatThrownBy(() -> s.resources().tensor(t).address()).hasMessageContaining("is not a tensor of this CUDA session");
    }
  }

  @Test
  void errorStatsFromTheDeviceMatchTheHost() {
    int n = 100_000;
    float[] a = ramp(n);
    float[] b = a.clone();
    double ssd = 0;
    double ssr = 0;
    double max = 0;
    for (int i = 0; i < n; i += 7) {
      b[i] += 1e-3f * (i % 5);
    }
    for (int i = 0; i < n; i++) {
      double d = (double) a[i] - b[i];
      ssd += d * d;
      ssr += (double) b[i] * b[i];
      max = Math.max(max, Math.abs(d));
    }
    ErrorStats e = s.compare(s.tensors().fromHost("a", a, Precision.FP32, n), s.tensors().fromHost("b", b,
        Precision.FP32, n), 2.0);
    assertThat(e.maxAbs()).isCloseTo(max, within(1e-12));
    assertThat(e.rms()).isCloseTo(Math.sqrt(ssd / n), within(1e-12));
    assertThat(e.relL2()).isCloseTo(Math.sqrt(ssd / ssr), within(1e-12));
  }
}
