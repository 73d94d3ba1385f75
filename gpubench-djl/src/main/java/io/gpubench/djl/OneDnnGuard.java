package io.gpubench.djl;

import ai.djl.engine.Engine;
import ai.djl.pytorch.jni.LibUtils;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Turns PyTorch's oneDNN (mkldnn) kernels off on a CPU that reports no cache sizes, where they crash the JVM.
 *
 * <p>Why: oneDNN sizes its convolution blocks from the cache sizes that the CPUID cache leaves report (leaf 4, or
 * 0x8000001D on AMD). Some virtual machines report zeros there (Linux then lists no {@code cpu0/cache} in sysfs);
 * oneDNN 3.x in PyTorch 2.7 divides by that zero in {@code brgemm_convolution_bwd_utils::est_eff_1x1} and the JVM
 * dies with SIGFPE in the first convolution backward pass (seen on an AMD EPYC VM running ResNet-50 training).
 * PyTorch's own switch, {@code at::globalContext().setUserEnabledMkldnn(false)} (Python's
 * {@code torch.backends.mkldnn.enabled = False}), is not exposed by DJL, so it is called through JNA. Convolutions
 * then take PyTorch's native path: slower, but they finish, and the results record that oneDNN was off.
 */
final class OneDnnGuard {
  /** System property: {@code auto} (the default: off where the CPU reports no cache sizes), {@code on}, {@code off}. */
  static final String KEY = "gpubench.djl.onednn";

  private static final Path CACHE_INFO = Path.of("/sys/devices/system/cpu/cpu0/cache/index0/size");
  private static volatile String applied;

  private OneDnnGuard() {}

  /**
   * Applies the guard once, after DJL's PyTorch engine has loaded, where it is needed.
   *
   * @return what was done, for the results, or empty where nothing was needed
   */
  static synchronized Optional<String> apply() {
    if (applied != null) {
      return applied.isEmpty() ? Optional.empty() : Optional.of(applied);
    }
    applied = "";
    if (!needed()) {
      return Optional.empty();
    }
    try {
      Engine.getEngine("PyTorch");
      NativeLibrary torch = NativeLibrary.getInstance(
          Path.of(LibUtils.getLibtorchPath()).resolve(System.mapLibraryName("torch_cpu")).toString());
      Pointer context = torch.getFunction("_ZN2at13globalContextEv").invokePointer(new Object[0]);
      torch.getFunction("_ZN2at7Context20setUserEnabledMkldnnEb").invokeVoid(new Object[] {context, (byte) 0});
      applied = System.getProperty(KEY, "auto").trim().equals("off") ? "off (" + KEY + "=off)"
          : "off: this CPU reports no cache sizes (CPUID), on which oneDNN's convolutions crash the JVM";
    } catch (RuntimeException | LinkageError e) {
      applied = "on, though this CPU reports no cache sizes; could not turn it off: " + e;
    }
    return Optional.of(applied);
  }

  private static boolean needed() {
    String mode = System.getProperty(KEY, "auto").trim();
    if (mode.equals("on")) {
      return false;
    }
    if (mode.equals("off")) {
      return true;
    }
    if (!mode.equals("auto")) {
      throw new IllegalArgumentException("system property " + KEY + " = \"" + mode + "\" is invalid: use auto, on"
          + " or off");
    }
    String arch = System.getProperty("os.arch", "");
    return System.getProperty("os.name", "").startsWith("Linux")
        && (arch.equals("amd64") || arch.equals("x86_64"))
        && Files.isDirectory(CACHE_INFO.getParent().getParent().getParent())
        && !Files.exists(CACHE_INFO);
  }
}
