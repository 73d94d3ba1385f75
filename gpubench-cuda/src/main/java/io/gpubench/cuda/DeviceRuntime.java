package io.gpubench.cuda;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.jna.CudaHot;
import io.gpubench.cuda.jna.CudaLibs;
import io.gpubench.cuda.telemetry.NvmlDevice;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one device keeps for the life of the process: its primary context (retained once, never reset, so a
 * module loaded in one case serves the next), the compiled modules by source and options, the built-in kernels,
 * the cuBLASLt handle and the NVML handle. Sessions share it; each session has its own stream and memory.
 */
final class DeviceRuntime {
  private static final Map<Integer, DeviceRuntime> RUNTIMES = new ConcurrentHashMap<>();
  private static final ThreadLocal<Pointer> CURRENT = new ThreadLocal<>();

  final CudaDevice device;
  final Pointer context;
  private volatile String fault;
  private final Map<String, Pointer> modules = new ConcurrentHashMap<>();
  private volatile Builtins builtins;
  private volatile Pointer cublasLt;
  private volatile Optional<NvmlDevice> nvml;

  private DeviceRuntime(CudaDevice device, Pointer context) {
    this.device = device;
    this.context = context;
  }

  static DeviceRuntime of(int ordinal) {
    return RUNTIMES.computeIfAbsent(ordinal, o -> {
      CudaDevice d = CudaDevice.query(o);
      PointerByReference ctx = new PointerByReference();
      CudaLibs.check(CudaLibs.cuda().cuDevicePrimaryCtxRetain(ctx, o), "cuDevicePrimaryCtxRetain", "device " + o);
      return new DeviceRuntime(d, ctx.getValue());
    });
  }

  /**
   * The sticky fault recorded for a device, without opening it.
   *
   * @param ordinal the device
   * @return the fault, or null when none was recorded (or the device was never opened)
   */
  static String faultOf(int ordinal) {
    DeviceRuntime r = RUNTIMES.get(ordinal);
    return r == null ? null : r.fault;
  }

  /** Makes the device's context current on the calling thread; a thread-local check, a driver call only on change. */
  void makeCurrent() {
    if (CURRENT.get() != context) {
      CudaLibs.check(CudaHot.cuCtxSetCurrent(context), "cuCtxSetCurrent", "device " + device.ordinal());
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
        CudaLibs.check(CudaLibs.cuda().cuModuleLoadData(ref, mem), "cuModuleLoadData", "program " + name);
        m = ref.getValue();
        modules.put(key, m);
      }
      return m;
    }
  }

  Pointer function(Pointer module, String kernel, String program) {
    PointerByReference f = new PointerByReference();
    CudaLibs.check(CudaLibs.cuda().cuModuleGetFunction(f, module, kernel), "cuModuleGetFunction",
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
      CudaLibs.checkLt(CudaLibs.cublasLt().cublasLtCreate(h), "cublasLtCreate", null);
      cublasLt = h.getValue();
    }
    return cublasLt;
  }

  /**
   * The device's NVML handle, found by PCI bus id.
   *
   * @return the handle, or empty where NVML is absent or does not know the device (the backend's description says
   *     why)
   */
  synchronized Optional<NvmlDevice> nvml() {
    if (nvml == null) {
      try {
        nvml = Optional.of(NvmlDevice.open(device.pciBusId(), device.ordinal()));
      } catch (RuntimeException e) {
        nvml = Optional.empty();
      }
    }
    return nvml;
  }

  /**
   * Whether a CUDA result is a sticky error: the context is unusable after it (an illegal address, a failed
   * launch, an illegal instruction and their kind), and every later call in it fails the same way.
   *
   * @param code the CUresult
   * @return true for a sticky error
   */
  static boolean sticky(int code) {
    return code == 700 || code == 702 || (code >= 714 && code <= 719);
  }

  /**
   * Records a sticky error: CUDA cannot recover a context from one inside the process (seen on an H200: even a
   * primary-context reset and retain fails with the same error), so every later session on this device is refused
   * with this reason instead of failing on a destroyed context.
   *
   * @param reason what happened, and in which case
   */
  void markFaulted(String reason) {
    if (fault == null) {
      fault = reason;
    }
  }

  /**
   * Why the device cannot be used any more in this process.
   *
   * @return the reason, or null while it is usable
   */
  String fault() {
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
