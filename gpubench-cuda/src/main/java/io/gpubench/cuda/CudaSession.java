package io.gpubench.cuda;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.DeviceTensor;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.FrameworkStream;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.cuda.jna.CudaDriver;
import io.gpubench.cuda.jna.CudaHot;
import io.gpubench.cuda.audit.CuptiAuditor;
import io.gpubench.cuda.jna.CudaLibs;
import io.gpubench.cuda.profiler.CudaProfiler;
import io.gpubench.cuda.telemetry.TelemetrySampler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One case on one CUDA device, as the engine drives it: its stream, its tensors, its timing events, its clock,
 * telemetry and kernel audit. Engine-facing: the engine opens it through {@link CudaBackend#open} and closes it.
 * Benchmark code gets the {@link Cuda} façade instead ({@code ctx.unwrap(Cuda.class)}), which offers the device,
 * the stream, kernels, cuBLASLt products, addresses and memory, and cannot close the session or start telemetry.
 *
 * <p>Everything the session allocated is freed when the engine closes it. Peak memory is the peak of the bytes this
 * session allocated (tensors, the cuBLASLt workspace, staging buffers), not the device's total use.

 * <p>A framework that launches on a stream of its own (DJL's PyTorch engine: the device's legacy default stream)
 * has the trials timed there through {@code unwrap(FrameworkStream.class)}; the arrays it returns are checked in place
 * as {@link DeviceTensor}s of this device, after the device has finished the work queued so far.
 */
final class CudaSession implements BackendSession {
  /** The default cuBLASLt workspace: what NVIDIA recommends for Hopper. */
  static final long DEFAULT_WORKSPACE_BYTES = 32L << 20;
  /** What a framework's name for its stream may be: it goes into the results' {@code deviceClock}. */
  private static final Pattern STREAM_NAME = Pattern.compile("[A-Za-z0-9-]+");

  private final String backendId;
  private final DeviceRuntime runtime;
  private final SessionSpec spec;
  private final CudaStream stream;
  private final Pointer evStart;
  private final Pointer evEnd;
  private final Map<Long, Long> allocations = new LinkedHashMap<>();
  private final List<Matmul> matmuls = new ArrayList<>();
  private final List<CudaTrialClock> trialClocks = new ArrayList<>();
  private final long workspaceLimit;
  private final Memory host = new Memory(64);
  private final long scratch;
  private final Factory factory = new Factory();
  private final Clock clock = new Clock();
  private CudaStream timedStream;
  private String timedStreamName;
  private final Cuda facade = new Cuda(this);
  private long liveBytes;
  private long peakBytes;
  private long workspace;
  private long flushBuffer;
  private boolean closed;
  // the session's membership of its case's world, or null for a case of one device
  private final WorldTransport.Rank worldRank;
  private final java.time.Duration worldWait;

  CudaSession(String backendId, DeviceRuntime runtime, SessionSpec spec, long workspaceLimit) {
    this.backendId = backendId;
    this.runtime = runtime;
    this.spec = spec;
    this.workspaceLimit = workspaceLimit;
    runtime.makeCurrent();
    CudaDriver cu = CudaLibs.cuda();
    PointerByReference ref = new PointerByReference();
    CudaLibs.check(cu.cuStreamCreate(ref, CudaDriver.CU_STREAM_NON_BLOCKING), "cuStreamCreate", spec.caseId());
    stream = new CudaStream(ref.getValue());
    timedStream = stream;
    evStart = event();
    evEnd = event();
    scratch = rawAlloc(64, "scratch");
    worldWait = spec.world() == null ? null : java.time.Duration.ofMillis(spec.world().waitMillis());
    worldRank = spec.world() == null ? null : join(spec);
  }

  /**
   * Joins the case's world (its communicator), which returns once every rank has joined; a failure frees what the
   * session made so far.
   */
  private WorldTransport.Rank join(SessionSpec spec) {
    try {
      WorldTransport transport = WorldTransport.find().orElseThrow(() -> new IllegalStateException(
          "no world transport on the class path (gpubench-cuda's io.gpubench.cuda.nccl.NcclTransport)"));
      return transport.join(spec.world(), runtime.device);
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  private Pointer event() {
    PointerByReference ev = new PointerByReference();
    CudaLibs.check(CudaLibs.cuda().cuEventCreate(ev, CudaDriver.CU_EVENT_DEFAULT), "cuEventCreate", spec.caseId());
    return ev.getValue();
  }

  // ---- what benchmark code uses, through the Cuda façade ----

  /**
   * The device.
   *
   * @return its facts
   */
  CudaDevice device() {
    return runtime.device;
  }

  /**
   * The case's stream; issue all timed work here.
   *
   * @return the stream
   */
  CudaStream stream() {
    return stream;
  }

  /**
   * What the case asked for.
   *
   * @return the spec
   */
  SessionSpec spec() {
    return spec;
  }

  /**
   * A tensor of this session as a {@link CudaTensor}.
   *
   * @param t a tensor from this case's context
   * @return it, with its device address
   * @throws IllegalArgumentException naming the tensor when it is not this session's
   */
  CudaTensor tensor(Tensor t) {
    if (t instanceof CudaTensor && ((CudaTensor) t).owner() == this) {
      return (CudaTensor) t;
    }
    if (t instanceof DeviceTensor && !(t instanceof CudaTensor) && backendId.equals(t.device())) {
      // Another library's array on this device (a DJL array a call returned): read in place, never freed here. Its
      // work may still be queued on another stream, so the device finishes everything first.
      DeviceTensor d = (DeviceTensor) t;
      check();
      syncAll("reading " + t.name() + ", made by another library on " + backendId);
      return new CudaTensor(this, d.name(), d.dims(), d.precision(), d.address(), d.bytes());
    }
    throw new IllegalArgumentException("tensor " + t + " is not a tensor of this CUDA session (" + spec.caseId()
        + "); make it with the case's BenchContext");
  }

  /**
   * The device address of a tensor of this session.
   *
   * @param t the tensor
   * @return its address
   */
  long address(Tensor t) {
    return tensor(t).address();
  }

  /**
   * A kernel compiled by NVRTC for this device's architecture, compiled once per process for the same source and
   * options. Kernels must be declared {@code extern "C" __global__}.
   *
   * @param source CUDA C
   * @param kernel the kernel's name
   * @param options further NVRTC options, such as {@code -DTILE=64} or {@code --use_fast_math}
   * @return the kernel, launching on this session's stream
   * @throws CudaException with NVRTC's log when the source does not compile
   */
  CudaKernel kernel(String source, String kernel, String... options) {
    check();
    Pointer module = runtime.module(source, kernel + ".cu", options);
    return new CudaKernel(this, runtime.function(module, kernel, kernel + ".cu"), kernel);
  }

  /**
   * Plans a cuBLASLt product of row-major tensors, {@code C[m,n] = A[m,k] B[k,n]}, in a compute precision: pass
   * {@code ctx.referencePrecision()} so the same code computes the case and its reference.
   *
   * @param compute FP64, FP32 (no TF32), TF32, FP16 or BF16 (FP32 accumulation)
   * @param a A, stored in the compute precision (FP32 for TF32)
   * @param b B, likewise
   * @param c C, likewise; overwritten
   * @return the plan, closed with the session
   */
  Matmul matmul(Precision compute, Tensor a, Tensor b, Tensor c) {
    check();
    Matmul mm = new Matmul(this, compute, tensor(a), tensor(b), tensor(c), workspaceLimit);
    matmuls.add(mm);
    return mm;
  }

  // ---- internals shared with plans ----

  String backendId() {
    return backendId;
  }

  DeviceRuntime runtime() {
    return runtime;
  }

  /** The stream the trials are timed on: the session's own, or the one a framework named (FrameworkStream). */
  CudaStream timedStream() {
    return timedStream;
  }

  /** The name a framework gave its stream, or null while the trials are timed on the session's own. */
  String timedStreamName() {
    return timedStreamName;
  }

  private void timeOn(long address, String name) {
    if (name == null || !STREAM_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("FrameworkStream.timeOn of " + spec.caseId() + ": stream name '" + name
          + "' must be letters, digits and '-', such as pytorch-default-stream");
    }
    check();
    timedStream = CudaStream.of(address);
    timedStreamName = name;
  }

  long workspace(long need) {
    if (need > workspaceLimit) {
      throw new IllegalArgumentException("cuBLASLt workspace of " + need + " bytes asked, limit " + workspaceLimit);
    }
    if (workspace == 0) {
      workspace = alloc(workspaceLimit, "cuBLASLt workspace");
    }
    return workspace;
  }

  private void check() {
    if (closed) {
      throw new IllegalStateException("CUDA session of " + spec.caseId() + " is closed");
    }
    runtime.makeCurrent();
  }

  private long rawAlloc(long bytes, String what) {
    LongByReference p = new LongByReference();
    int rc = CudaLibs.cuda().cuMemAlloc_v2(p, Math.max(bytes, 1));
    if (rc != 0) {
      LongByReference free = new LongByReference();
      LongByReference total = new LongByReference();
      CudaLibs.cuda().cuMemGetInfo_v2(free, total);
      throw CudaLibs.cudaError(rc, "cuMemAlloc_v2", "allocating " + what + ", " + bytes + " bytes, on " + backendId
          + " with " + free.getValue() + " of " + total.getValue() + " bytes free; this session holds " + liveBytes);
    }
    return p.getValue();
  }

  long alloc(long bytes, String what) {
    check();
    long p = rawAlloc(bytes, what);
    allocations.put(p, bytes);
    liveBytes += bytes;
    peakBytes = Math.max(peakBytes, liveBytes);
    return p;
  }

  void free(long p) {
    Long bytes = allocations.remove(p);
    if (bytes != null) {
      liveBytes -= bytes;
      CudaLibs.check(CudaLibs.cuda().cuMemFree_v2(p), "cuMemFree_v2");
    }
  }

  /**
   * A transposed copy of a 2-D tensor of 1-byte elements ({@code [cols, rows]} from {@code [rows, cols]}), owned
   * by the session and freed when it closes; the copy is made now and waited for (planning, never timed).
   */
  long transposedBytes(CudaTensor t, String what) {
    long[] d = t.dims();
    if (d.length != 2 || t.precision().bytes() != 1) {
      throw new IllegalArgumentException("transposing " + t + ": needs a 2-D tensor of 1-byte elements");
    }
    long p = alloc(t.bytes(), what);
    launch(runtime.builtins().transposeU8, "gb_transpose_u8", t.size(), t.address(), p, d[0], d[1]);
    syncAll(what);
    return p;
  }

  private static long elements(long[] dims) {
    long n = 1;
    for (long d : dims) {
      if (d < 0) {
        throw new IllegalArgumentException("negative dimension in " + Arrays.toString(dims));
      }
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  private static boolean isF32(Precision p) {
    return p == Precision.FP32 || p == Precision.TF32;
  }

  private void launch(Pointer f, String name, long n, Object... args) {
    int blocks = (int) Math.max(1, Math.min((n + 255) / 256, (long) runtime.device.multiprocessors() * 8));
    new KernelLaunch(this, f, name, Dim3.of(blocks), Dim3.of(256), 0, new KernelArgs(this, name, args)).run();
  }

  private void syncAll(String what) {
    CudaLibs.check(CudaHot.cuCtxSynchronize(), "cuCtxSynchronize", what);
  }

  private void upload(long dst, float[] values) {
    syncAll("before an upload");
    int chunk = (int) Math.min(values.length, 1 << 24);
    Memory buf = new Memory(Math.max(4L, 4L * chunk));
    for (int off = 0; off < values.length; off += chunk) {
      int len = Math.min(chunk, values.length - off);
      buf.write(0, values, off, len);
      CudaLibs.check(CudaLibs.cuda().cuMemcpyHtoD_v2(dst + 4L * off, buf, 4L * len), "cuMemcpyHtoD_v2");
    }
    syncAll("after an upload");
  }

  private void uploadDoubles(long dst, double[] values) {
    syncAll("before an upload");
    int chunk = (int) Math.min(values.length, 1 << 23);
    Memory buf = new Memory(Math.max(8L, 8L * chunk));
    for (int off = 0; off < values.length; off += chunk) {
      int len = Math.min(chunk, values.length - off);
      buf.write(0, values, off, len);
      CudaLibs.check(CudaLibs.cuda().cuMemcpyHtoD_v2(dst + 8L * off, buf, 8L * len), "cuMemcpyHtoD_v2");
    }
    syncAll("after an upload");
  }

  private float[] download(long src, int n) {
    syncAll("before a download");
    float[] out = new float[n];
    int chunk = Math.min(n, 1 << 24);
    Memory buf = new Memory(Math.max(4L, 4L * chunk));
    for (int off = 0; off < n; off += chunk) {
      int len = Math.min(chunk, n - off);
      CudaLibs.check(CudaLibs.cuda().cuMemcpyDtoH_v2(buf, src + 4L * off, 4L * len), "cuMemcpyDtoH_v2");
      buf.read(0, out, off, len);
    }
    return out;
  }

  private final class Factory implements TensorFactory {
    @Override
    public Tensor fromHost(String name, float[] values, Precision storage, long... dims) {
      long n = elements(dims);
      if (n != values.length) {
        throw new IllegalArgumentException("tensor '" + name + "': dims " + Arrays.toString(dims) + " hold " + n
            + " elements, values hold " + values.length);
      }
      CudaTensor t = allocate(name, storage, dims);
      if (isF32(storage)) {
        upload(t.address(), values);
      } else {
        long staging = alloc(4L * n, "staging for '" + name + "'");
        try {
          upload(staging, values);
          launch(runtime.builtins().fromF32, "gb_from_f32", n, staging, t.address(), BuiltinKernels.code(storage), n);
          syncAll("converting '" + name + "' to " + storage);
        } finally {
          free(staging);
        }
      }
      return t;
    }

    @Override
    public CudaTensor allocate(String name, Precision storage, long... dims) {
      long n = elements(dims);
      long bytes = n * storage.bytes();
      long p = alloc(bytes, "tensor '" + name + "' " + Arrays.toString(dims) + " " + storage);
      return new CudaTensor(CudaSession.this, name, dims, storage, p, bytes);
    }

    @Override
    public Tensor copy(String name, Tensor source) {
      CudaTensor s = tensor(source);
      CudaTensor t = allocate(name, s.precision(), s.dims());
      CudaLibs.check(CudaLibs.cuda().cuMemcpyDtoDAsync_v2(t.address(), s.address(), s.bytes(), stream.handle()),
          "cuMemcpyDtoDAsync_v2", "copying " + s + " to '" + name + "'");
      if (!allocations.containsKey(s.address())) {
        // A borrowed source (another library's array) may be freed and reused by its owner once this returns.
        syncAll("copying " + s + " to '" + name + "'");
      }
      return t;
    }

    @Override
    public float[] toHost(Tensor tensor) {
      CudaTensor t = tensor(tensor);
      long n = t.size();
      if (n > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("tensor " + t + " has too many elements to copy to a float[]");
      }
      if (isF32(t.precision())) {
        return download(t.address(), (int) n);
      }
      long staging = alloc(4L * n, "staging for '" + t.name() + "'");
      try {
        launch(runtime.builtins().toF32, "gb_to_f32", n, t.address(), BuiltinKernels.code(t.precision()), staging, n);
        return download(staging, (int) n);
      } finally {
        free(staging);
      }
    }
  }

  // ---- the engine's protocol ----

  @Override
  public TensorFactory tensors() {
    check();
    return factory;
  }

  @Override
  public void poison(Tensor tensor) {
    check();
    CudaTensor t = tensor(tensor);
    int rc;
    switch (t.precision()) {
      case FP16:
      case BF16:
        rc = CudaHot.cuMemsetD16Async(t.address(), (short) 0x7ff8, t.size(), stream.handle());
        break;
      case FP8_E4M3:
        rc = CudaHot.cuMemsetD8Async(t.address(), (byte) 0x7f, t.size(), stream.handle());
        break;
      default:
        // 0x7ff87ff8 is a NaN as a float, and as each half of a double's bits
        rc = CudaHot.cuMemsetD32Async(t.address(), 0x7ff87ff8, t.bytes() / 4, stream.handle());
        break;
    }
    CudaLibs.check(rc, "cuMemsetAsync", "poisoning " + t);
  }

  @Override
  public long fingerprint(Tensor tensor) {
    check();
    CudaTensor t = tensor(tensor);
    CudaLibs.check(CudaHot.cuMemsetD32Async(scratch, 0, 16, stream.handle()), "cuMemsetD32Async");
    long words = t.bytes() / 4;
    int tail = (int) (t.bytes() % 4);
    launch(runtime.builtins().fingerprint, "gb_fingerprint", Math.max(words, 1), t.address(), words,
        t.address() + 4 * words, tail, scratch);
    syncAll("fingerprinting " + t);
    CudaLibs.check(CudaLibs.cuda().cuMemcpyDtoH_v2(host, scratch, 8), "cuMemcpyDtoH_v2");
    return host.getLong(0) ^ (t.bytes() * 0x9E3779B97F4A7C15L);
  }

  @Override
  public ErrorStats compare(Tensor actual, Tensor expected, double range) {
    check();
    CudaTensor a = tensor(actual);
    CudaTensor e = tensor(expected);
    if (a.size() != e.size()) {
      throw new IllegalArgumentException("cannot compare " + a + " (" + a.size() + " elements) with " + e + " ("
          + e.size() + " elements)");
    }
    long n = a.size();
    CudaLibs.check(CudaHot.cuMemsetD32Async(scratch, 0, 16, stream.handle()), "cuMemsetD32Async");
    // scratch: [0] sum d^2, [8] sum ref^2, [16] non-finite, [24] compared, [32] max|d| bits
    launch(runtime.builtins().compare, "gb_compare", n, a.address(), BuiltinKernels.code(a.precision()), e.address(),
        BuiltinKernels.code(e.precision()), n, scratch, scratch + 16, scratch + 32);
    syncAll("comparing " + a + " with " + e);
    CudaLibs.check(CudaLibs.cuda().cuMemcpyDtoH_v2(host, scratch, 40), "cuMemcpyDtoH_v2");
    double ssd = host.getDouble(0);
    double ssr = host.getDouble(8);
    long nonFinite = host.getLong(16);
    long compared = host.getLong(24);
    double maxAbs = Double.longBitsToDouble(host.getLong(32));
    return ErrorStats.fromSums(compared, nonFinite, maxAbs, ssd, ssr, range);
  }

  @Override
  public Optional<Tensor> adopt(String name, Object returned) {
    check();
    if (returned instanceof CudaTensor && ((CudaTensor) returned).owner() == this) {
      return Optional.of((CudaTensor) returned);
    }
    if (returned instanceof HostTensor) {
      HostTensor h = (HostTensor) returned;
      if (h.isDouble()) {
        CudaTensor t = factory.allocate(name, Precision.FP64, h.dims());
        uploadDoubles(t.address(), h.doubles());
        return Optional.of(t);
      }
      return Optional.of(factory.fromHost(name, h.floats(), h.precision(), h.dims()));
    }
    if (returned instanceof float[]) {
      float[] v = (float[]) returned;
      return Optional.of(factory.fromHost(name, v, Precision.FP32, v.length));
    }
    if (returned instanceof double[]) {
      double[] v = (double[]) returned;
      CudaTensor t = factory.allocate(name, Precision.FP64, v.length);
      uploadDoubles(t.address(), v);
      return Optional.of(t);
    }
    return Optional.empty();
  }

  /**
   * Waits for the device. In a world the case's stream is awaited through the communicator first (NCCL's advice: a
   * blocking synchronise could wait forever for a peer that failed, the communicator's wait gives up on it and
   * aborts), then the whole context.
   */
  @Override
  public void synchronize() {
    check();
    awaitWorld();
    syncAll(spec.caseId());
  }

  private void awaitWorld() {
    if (worldRank != null) {
      worldRank.await(stream, worldWait);
    }
  }

  /** Aborts the session's world, after another rank failed: its waits end now. */
  @Override
  public void abort() {
    if (worldRank != null) {
      worldRank.abort();
    }
  }

  @Override
  public TrialClock clock() {
    return clock;
  }

  /**
   * The clock of this case's trials in a device timing mode ({@link CudaTrialClock}): events around plain launches,
   * calls queued behind a blocking kernel, or calls captured into a CUDA graph and replayed; {@code AUTO} picks by
   * the length of a trial. Closed with the session.
   */
  @Override
  public TrialClock clock(DeviceTiming requested) {
    return trialClock(requested, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
  }

  CudaTrialClock trialClock(DeviceTiming requested, long minBlockTimeoutNanos) {
    check();
    CudaTrialClock c = new CudaTrialClock(this, requested, minBlockTimeoutNanos);
    trialClocks.add(c);
    return c;
  }

  private final class Clock implements TrialClock {
    private long hostStart;

    @Override
    public void start() {
      runtime.makeCurrent();
      CudaLibs.check(CudaHot.cuEventRecord(evStart, timedStream.handle()), "cuEventRecord");
      hostStart = System.nanoTime();
    }

    @Override
    public TrialTime stop() {
      CudaLibs.check(CudaHot.cuEventRecord(evEnd, timedStream.handle()), "cuEventRecord");
      awaitWorld();
      CudaLibs.check(CudaHot.cuCtxSynchronize(), "cuCtxSynchronize", "end of a trial of " + spec.caseId());
      long hostEnd = System.nanoTime();
      float[] ms = new float[1];
      CudaLibs.check(CudaLibs.cuda().cuEventElapsedTime(ms, evStart, evEnd), "cuEventElapsedTime");
      return new TrialTime(hostEnd - hostStart, ms[0] * 1e6);
    }

    @Override
    public String deviceClock() {
      return CudaTrialClock.deviceClock(timedStreamName);
    }

    @Override
    public DeviceTiming mode() {
      return DeviceTiming.EVENTS;
    }

    @Override
    public String modeReason() {
      return "the session's plain clock: events around plain launches";
    }
  }

  /** Two events of their own, for timing inside the session (autotuning, probes). */
  final class EventPair implements AutoCloseable {
    private final Pointer a = event();
    private final Pointer b = event();

    void start() {
      CudaLibs.check(CudaHot.cuEventRecord(a, stream.handle()), "cuEventRecord");
    }

    float stopMillis() {
      CudaLibs.check(CudaHot.cuEventRecord(b, stream.handle()), "cuEventRecord");
      CudaLibs.check(CudaHot.cuEventSynchronize(b), "cuEventSynchronize");
      float[] ms = new float[1];
      CudaLibs.check(CudaLibs.cuda().cuEventElapsedTime(ms, a, b), "cuEventElapsedTime");
      return ms[0];
    }

    @Override
    public void close() {
      CudaLibs.cuda().cuEventDestroy_v2(a);
      CudaLibs.cuda().cuEventDestroy_v2(b);
    }
  }

  EventPair eventPair() {
    check();
    return new EventPair();
  }

  @Override
  public void flushCache() {
    check();
    // Twice the L2 size, read and written by a kernel: loads allocate lines, so what the last call left in L2 is
    // evicted (a memset alone did not slow the next call on an H200).
    long words = 2 * Math.max(runtime.device.l2CacheBytes(), 1 << 20) / 4;
    if (flushBuffer == 0) {
      flushBuffer = rawAlloc(4 * words, "the L2 flush buffer");
      CudaLibs.check(CudaHot.cuMemsetD32Async(flushBuffer, 0, words, stream.handle()), "cuMemsetD32Async");
    }
    launch(runtime.builtins().flush, "gb_flush", words, flushBuffer, words);
    CudaLibs.check(CudaHot.cuStreamSynchronize(stream.handle()), "cuStreamSynchronize", "flushing L2");
  }

  @Override
  public TelemetryRecorder startTelemetry() {
    return runtime.nvml()
        .<TelemetryRecorder>map(d -> new TelemetrySampler(d, spec.telemetryIntervalMillis(), "gpubench-nvml-" + backendId))
        .orElse(TelemetryRecorder.NONE);
  }

  @Override
  public void resetPeakMemory() {
    peakBytes = liveBytes;
  }

  @Override
  public Optional<Long> peakMemoryBytes() {
    return Optional.of(peakBytes);
  }

  @Override
  public <T> Optional<T> unwrap(Class<T> type) {
    // Never the session itself: benchmark code reaches it through BenchContext.unwrap, and must not close it.
    if (type == Cuda.class) {
      return Optional.of(type.cast(facade));
    }
    if (type == CudaStream.class) {
      return Optional.of(type.cast(stream));
    }
    if (type == CudaDevice.class) {
      return Optional.of(type.cast(runtime.device));
    }
    if (type == FrameworkStream.class) {
      FrameworkStream frameworkStream = this::timeOn;
      return Optional.of(type.cast(frameworkStream));
    }
    if (worldRank != null && type.isInstance(worldRank)) {
      // the case's world: an io.gpubench.cuda.nccl.Communicator
      return Optional.of(type.cast(worldRank));
    }
    if (type == ProfilerHooks.class) {
      // cuProfilerStart/Stop on this session's context, NVTX ranges; the engine opens them around the trials
      return Optional.of(type.cast(CudaProfiler.hooks(this::check)));
    }
    if (type == KernelAuditor.class) {
      // CUPTI over this session's context; the engine starts it after the trials, around one more call
      return Optional.of(type.cast(new CuptiAuditor(runtime.context, runtime.device.ordinal(), this::synchronize,
          spec.caseId())));
    }
    return Optional.empty();
  }

  /**
   * Frees what the session made. Never throws: the engine closes sessions in a {@code finally}, where an exception
   * would hide the case's own result. When the device reports a sticky error (a kernel of this case faulted), CUDA
   * cannot recover the context in this process: the device is marked, and later sessions on it are refused with
   * this case's error.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      runtime.makeCurrent();
      if (worldRank != null) {
        // destroyed when healthy, aborted after a fault (a destroy would wait for a peer that is gone)
        worldRank.close();
      }
      int rc = CudaHot.cuCtxSynchronize();
      if (rc != 0 && DeviceRuntime.sticky(rc)) {
        String what = CudaLibs.cudaError(rc, "cuCtxSynchronize", "closing the session of " + spec.caseId()).getMessage();
        runtime.markFaulted(what);
        System.err.println("gpubench-cuda: " + what + "; CUDA cannot recover from this in the process, so "
            + backendId + " takes no more cases in this run");
        return;
      }
      CudaDriver cu = CudaLibs.cuda();
      for (CudaTrialClock c : trialClocks) {
        c.close();
      }
      for (Matmul m : matmuls) {
        m.close();
      }
      for (Long p : new ArrayList<>(allocations.keySet())) {
        cu.cuMemFree_v2(p);
      }
      if (flushBuffer != 0) {
        cu.cuMemFree_v2(flushBuffer);
      }
      cu.cuMemFree_v2(scratch);
      cu.cuEventDestroy_v2(evStart);
      cu.cuEventDestroy_v2(evEnd);
      cu.cuStreamDestroy_v2(stream.handle());
    } catch (RuntimeException | LinkageError e) {
      System.err.println("gpubench-cuda: closing the session of " + spec.caseId() + " failed: " + e);
    } finally {
      allocations.clear();
      liveBytes = 0;
    }
  }
}
