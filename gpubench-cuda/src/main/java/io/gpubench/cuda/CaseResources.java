package io.gpubench.cuda;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.DeviceTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one case holds on its device: its stream, the memory it allocated and its peak ({@link CaseMemory}), its
 * cuBLASLt plans, the stream its trials are timed on, and the transfers ({@link TensorTransfers}) and on-device
 * checks ({@link DeviceChecks}) of its tensors. The handles benchmark code gets ({@link Cuda}, {@link CudaTensor},
 * {@link CudaKernel}, {@link KernelLaunch}, {@link Matmul}) hold this, never the engine's session; the engine-facing
 * session ({@code io.gpubench.cuda.internal.backend.CudaBackendSession}) owns it, adds the protocol (clocks,
 * telemetry, audit, the world) and closes it.
 *
 * <p>Not API: public only because that session lives in another package. Benchmark code gets {@link Cuda} from
 * {@code ctx.unwrap(Cuda.class)} instead, which cannot close anything.
 */
@API(status = INTERNAL, consumers = "io.gpubench.cuda.internal.backend")
public final class CaseResources {
  /** The default cuBLASLt workspace: what NVIDIA recommends for Hopper. */
  public static final long DEFAULT_WORKSPACE_BYTES = 32L << 20;

  private final String backendId;
  private final DeviceRuntime runtime;
  private final String caseId;
  private final CudaStream stream;
  private final long workspaceLimit;
  private final Runnable awaitPeers;
  private final CaseMemory memory;
  private final List<Matmul> matmuls = new ArrayList<>();
  private final TensorTransfers transfers = new TensorTransfers(this);
  private final DeviceChecks checks;
  private final Cuda facade = new Cuda(this);
  private TimedStream timed;
  private long workspace;
  private boolean closed;

  /**
   * Makes the case's stream and scratch memory on the device ({@code backendId} such as {@code cuda:0}). In a world,
   * {@code awaitPeers} waits for the case's stream through the communicator, which {@link #synchronize()} does first:
   * a blocking synchronise could wait forever for a peer that failed.
   */
  public CaseResources(String backendId, DeviceRuntime runtime, String caseId, long workspaceLimit,
      Runnable awaitPeers) {
    this.backendId = backendId;
    this.runtime = runtime;
    this.caseId = caseId;
    this.workspaceLimit = workspaceLimit;
    this.awaitPeers = awaitPeers;
    this.memory = new CaseMemory(backendId);
    runtime.makeCurrent();
    PointerByReference ref = new PointerByReference();
    CudaErrors.check(CudaLibs.cuda().cuStreamCreate(ref, CudaDriver.CU_STREAM_NON_BLOCKING), "cuStreamCreate", caseId);
    stream = new CudaStream(ref.getValue());
    timed = new TimedStream(stream, null);
    checks = new DeviceChecks(this, memory);
  }

  /** What benchmark code gets of the case. */
  public Cuda cuda() {
    return facade;
  }

  /** The device's facts. */
  public CudaDevice device() {
    return runtime.device;
  }

  /** The device's runtime: its context, modules and fault. */
  public DeviceRuntime runtime() {
    return runtime;
  }

  /** The case's own stream, where benchmark code queues its work. */
  public CudaStream stream() {
    return stream;
  }

  /** The case, for messages. */
  public String caseId() {
    return caseId;
  }

  String backendId() {
    return backendId;
  }

  /**
   * A tensor of this case as a {@link CudaTensor}, or throws naming it. Another library's array on this device (a DJL
   * array a call returned) is read in place, never freed here; its work may still be queued on another stream, so
   * the device finishes everything first.
   */
  public CudaTensor tensor(Tensor t) {
    if (t instanceof CudaTensor && ((CudaTensor) t).owner() == this) {
      return (CudaTensor) t;
    }
    if (t instanceof DeviceTensor && !(t instanceof CudaTensor) && backendId.equals(t.device())) {
      DeviceTensor d = (DeviceTensor) t;
      check();
      syncAll("reading " + t.name() + ", made by another library on " + backendId);
      return new CudaTensor(this, d.name(), d.dims(), d.precision(), d.address(), d.bytes());
    }
    throw new IllegalArgumentException("tensor " + t + " is not a tensor of this CUDA session (" + caseId
        + "); make it with the case's BenchContext");
  }

  /** An NVRTC kernel on the case's stream ({@link Cuda#kernel}). */
  public CudaKernel kernel(String source, String kernel, String... options) {
    check();
    Pointer module = runtime.module(source, kernel + ".cu", options);
    return new CudaKernel(this, runtime.function(module, kernel, kernel + ".cu"), kernel);
  }

  /** A cuBLASLt plan, closed with the case ({@link Cuda#matmul}). */
  public Matmul matmul(Precision compute, Tensor a, Tensor b, Tensor c) {
    check();
    Matmul mm = new Matmul(this, compute, tensor(a), tensor(b), tensor(c), workspaceLimit);
    matmuls.add(mm);
    return mm;
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

  long transposedBytes(CudaTensor t, String what) {
    return transfers.transposedBytes(t, what);
  }

  /** Two events of their own on the case's stream, for timing outside the trials (autotuning, probes). */
  public EventPair eventPair() {
    check();
    return new EventPair(stream, caseId);
  }

  // ---- the stream the trials are timed on: the case's own, or the one a framework named ----

  /** The stream the trials are timed on. */
  public CudaStream timedStream() {
    return timed.stream();
  }

  /** The name a framework gave its stream, or null while the trials are timed on the case's own. */
  public String timedStreamName() {
    return timed.name();
  }

  /** Whether the trials are timed on the legacy default stream, which CUDA cannot capture into a graph. */
  public boolean timedOnLegacyDefaultStream() {
    return timed.stream().isLegacyDefault();
  }

  /** Has the trials timed on a framework's stream ({@code FrameworkStream.timeOn}); 0 is the legacy default. */
  public void timeOn(long address, String name) {
    TimedStream named = TimedStream.named(address, name, caseId);
    check();
    timed = named;
  }

  /** A kernel bound to launch on the timed stream, whichever it is: the stream blocker holds it. */
  public KernelLaunch timedStreamLaunch(String source, String program, String kernel, Dim3 grid, Dim3 block,
      Object... args) {
    Pointer f = runtime.function(runtime.module(source, program), kernel, program);
    return new KernelLaunch(this, timed.stream(), f, kernel, grid, block, 0, new KernelArgs(this, kernel, args));
  }

  // ---- memory ----

  /** Makes the device's context current on the calling thread; throws, naming the case, once it is closed. */
  public void check() {
    if (closed) {
      throw new IllegalStateException("CUDA session of " + caseId + " is closed");
    }
    runtime.makeCurrent();
  }

  /** Device memory the case owns, counted in its peak and freed with it. */
  public long alloc(long bytes, String what) {
    check();
    return memory.alloc(bytes, what);
  }

  /** Frees memory of {@link #alloc} before the case ends; an address the case does not hold is ignored. */
  public void free(long p) {
    memory.free(p);
  }

  boolean allocated(long p) {
    return memory.holds(p);
  }

  /** Forgets the peak so far: the next is of what is held now and what comes. */
  public void resetPeakMemory() {
    memory.resetPeak();
  }

  /** The peak of the bytes the case held since {@link #resetPeakMemory()}. */
  public long peakMemoryBytes() {
    return memory.peak();
  }

  // ---- the engine's tensor steps ----

  /** Tensors from host values, uninitialised, or copied on the device. */
  public TensorFactory tensors() {
    check();
    return transfers;
  }

  /** A value a measured method returned as a tensor of this case, or empty for a value of another kind. */
  public Optional<Tensor> adopt(String name, Object returned) {
    check();
    return transfers.adopt(name, returned);
  }

  /** Fills a tensor with NaN in its storage format, on the case's stream. */
  public void poison(Tensor tensor) {
    check();
    checks.poison(tensor(tensor));
  }

  /** A fingerprint of a tensor's bytes, computed on the device. */
  public long fingerprint(Tensor tensor) {
    check();
    return checks.fingerprint(tensor(tensor));
  }

  /** An output compared with its reference on the device; only the figures come back. */
  public ErrorStats compare(Tensor actual, Tensor expected, double range) {
    check();
    return checks.compare(tensor(actual), tensor(expected), range);
  }

  /** Evicts the L2 cache (cold mode), and waits. */
  public void flushCache() {
    check();
    checks.flushCache();
  }

  /** Waits for the device: for the peers first in a world, then for the whole context. */
  public void synchronize() {
    check();
    awaitPeers.run();
    syncAll(caseId);
  }

  void launch(Pointer f, String name, long n, Object... args) {
    int blocks = (int) Math.max(1, Math.min((n + 255) / 256, (long) runtime.device.multiprocessors() * 8));
    new KernelLaunch(this, f, name, Dim3.of(blocks), Dim3.of(256), 0, new KernelArgs(this, name, args)).run();
  }

  void syncAll(String what) {
    CudaErrors.check(CudaHot.cuCtxSynchronize(), "cuCtxSynchronize", what);
  }

  // ---- the end ----

  /** Frees the case's plans, memory, the checks' buffers and its stream; the session catches what it throws. */
  public void close() {
    closed = true;
    for (Matmul m : matmuls) {
      m.close();
    }
    memory.freeAll();
    checks.close();
    CudaLibs.cuda().cuStreamDestroy_v2(stream.handle());
  }

  /** Marks the resources closed and forgets what they held, freed or not: after a sticky fault CUDA cannot free it. */
  public void forget() {
    closed = true;
    memory.forget();
  }
}
