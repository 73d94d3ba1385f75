package io.gpubench.cuda;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

/**
 * What one device keeps for the life of the process: its primary context (retained once, never reset, so a
 * module loaded in one case serves the next), the compiled modules by source and options, the built-in kernels,
 * the cuBLASLt handle, and the sticky fault that ends the device's use in this process. Cases share it; each case's
 * {@link CaseResources} have their own stream and memory.
 *
 * <p>Not API: public only because the engine-facing backend ({@code io.gpubench.cuda.internal.backend}) opens devices
 * through it. Benchmark code reaches its device through {@link Cuda#device()}.
 */
@API(status = INTERNAL, consumers = "io.gpubench.cuda.internal.backend")
public final class DeviceRuntime {
  private static final Map<Integer, DeviceRuntime> RUNTIMES = new ConcurrentHashMap<>();
  private static final ThreadLocal<Pointer> CURRENT = new ThreadLocal<>();

  final CudaDevice device;
  final Pointer context;
  private volatile String fault;
  private final Map<String, Pointer> modules = new ConcurrentHashMap<>();
  private volatile Builtins builtins;
  private volatile Pointer cublasLt;

  private DeviceRuntime(CudaDevice device, Pointer context) {
    this.device = device;
    this.context = context;
  }

  /**
   * The device's runtime, its primary context retained on first use.
   *
   * @param ordinal the driver's device ordinal
   * @return the runtime, one per device and process
   * @throws CudaException when the device cannot be queried or its context retained
   */
  public static DeviceRuntime of(int ordinal) {
    return RUNTIMES.computeIfAbsent(ordinal, o -> {
      CudaDevice d = CudaDevice.query(o);
      PointerByReference ctx = new PointerByReference();
      CudaErrors.check(CudaLibs.cuda().cuDevicePrimaryCtxRetain(ctx, o), "cuDevicePrimaryCtxRetain", "device " + o);
      return new DeviceRuntime(d, ctx.getValue());
    });
  }

  /**
   * The sticky fault recorded for a device, without opening it.
   *
   * @param ordinal the device
   * @return the fault, or null when none was recorded (or the device was never opened)
   */
  public static String faultOf(int ordinal) {
    DeviceRuntime r = RUNTIMES.get(ordinal);
    return r == null ? null : r.fault;
  }

  /**
   * The facts of a device, read through the driver without retaining its context (for discovery).
   *
   * @param ordinal the driver's device ordinal
   * @return the facts
   * @throws CudaException when the driver cannot say
   */
  public static CudaDevice query(int ordinal) {
    return CudaDevice.query(ordinal);
  }

  /**
   * The NVRTC version, for the backend's description.
   *
   * @return such as {@code 13.0}
   * @throws CudaException when NVRTC fails; an {@code IllegalStateException} where libnvrtc cannot be loaded
   */
  public static String nvrtcVersion() {
    return KernelCompiler.version();
  }

  /**
   * The device.
   *
   * @return its facts
   */
  public CudaDevice device() {
    return device;
  }

  /**
   * The device's primary context, for CUPTI.
   *
   * @return the {@code CUcontext}
   */
  public Pointer context() {
    return context;
  }

  /** Makes the device's context current on the calling thread; a thread-local check, a driver call only on change. */
  public void makeCurrent() {
    if (CURRENT.get() != context) {
      CudaErrors.check(CudaHot.cuCtxSetCurrent(context), "cuCtxSetCurrent", "device " + device.ordinal());
      CURRENT.set(context);
    }
  }

  /**
   * The module compiled from this source and these options, compiling and loading it on first use.
   *
   * @param source CUDA C
   * @param name the program name for messages
   * @param options NVRTC options besides the architecture
   * @return the CUmodule
   */
  Pointer module(String source, String name, String... options) {
    String key = String.join("\u0000", options) + "\u0001" + source;
    Pointer m = modules.get(key);
    if (m != null) {
      return m;
    }
    synchronized (modules) {
      m = modules.get(key);
      if (m == null) {
        makeCurrent();
        byte[] image = KernelCompiler.compile(source, name, device, options);
        com.sun.jna.Memory mem = new com.sun.jna.Memory(image.length + 1);
        mem.write(0, image, 0, image.length);
        mem.setByte(image.length, (byte) 0);
        PointerByReference ref = new PointerByReference();
        CudaErrors.check(CudaLibs.cuda().cuModuleLoadData(ref, mem), "cuModuleLoadData", "program " + name);
        m = ref.getValue();
        modules.put(key, m);
      }
      return m;
    }
  }

  Pointer function(Pointer module, String kernel, String program) {
    PointerByReference f = new PointerByReference();
    CudaErrors.check(CudaLibs.cuda().cuModuleGetFunction(f, module, kernel), "cuModuleGetFunction",
        "kernel '" + kernel + "' in program " + program + " (declare it extern \"C\" __global__)");
    return f.getValue();
  }

  Builtins builtins() {
    Builtins b = builtins;
    if (b == null) {
      synchronized (this) {
        if (builtins == null) {
          Pointer m = module(BuiltinKernels.SOURCE, "gpubench_builtins.cu");
          builtins = new Builtins(
              function(m, "gb_from_f32", "builtins"),
              function(m, "gb_to_f32", "builtins"),
              function(m, "gb_compare", "builtins"),
              function(m, "gb_fingerprint", "builtins"),
              function(m, "gb_flush", "builtins"),
              function(m, "gb_transpose_u8", "builtins"));
        }
        b = builtins;
      }
    }
    return b;
  }

  synchronized Pointer cublasLt() {
    if (cublasLt == null) {
      makeCurrent();
      PointerByReference h = new PointerByReference();
      CudaErrors.checkLt(CudaLibs.cublasLt().cublasLtCreate(h), "cublasLtCreate", null);
      cublasLt = h.getValue();
    }
    return cublasLt;
  }

  /**
   * Whether a CUDA result is a sticky error: the context is unusable after it (an illegal address, a failed
   * launch, an illegal instruction and their kind), and every later call in it fails the same way.
   *
   * @param code the CUresult
   * @return true for a sticky error
   */
  public static boolean sticky(int code) {
    return code == 700 || code == 702 || (code >= 714 && code <= 719);
  }

  /**
   * Records a sticky error: CUDA cannot recover a context from one inside the process (seen on an H200: even a
   * primary-context reset and retain fails with the same error), so every later session on this device is refused
   * with this reason instead of failing on a destroyed context.
   *
   * @param reason what happened, and in which case
   */
  public void markFaulted(String reason) {
    if (fault == null) {
      fault = reason;
    }
  }

  /**
   * Why the device cannot be used any more in this process.
   *
   * @return the reason, or null while it is usable
   */
  public String fault() {
    return fault;
  }

  /** The built-in kernels' functions. */
  static final class Builtins {
    final Pointer fromF32;
    final Pointer toF32;
    final Pointer compare;
    final Pointer fingerprint;
    final Pointer flush;
    final Pointer transposeU8;

    Builtins(Pointer fromF32, Pointer toF32, Pointer compare, Pointer fingerprint, Pointer flush,
        Pointer transposeU8) {
      this.fromF32 = fromF32;
      this.toF32 = toF32;
      this.compare = compare;
      this.fingerprint = fingerprint;
      this.flush = flush;
      this.transposeU8 = transposeU8;
    }
  }
}
