package io.gpubench.cuda.internal.audit;

import io.gpubench.api.result.KernelAudit.Library;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a shared object is to the audit, by its file name: part of the launch path that CUDA itself adds between a
 * library and the GPU (CUPTI, the driver, the runtime, the unwinder: the walk goes past them), the JVM's own bridge
 * to native code (a launch made from Java), or a library whose code asked for the launch.
 */
final class SharedObject {
  private SharedObject() {}

  /** Where a frame's code lives. */
  enum Origin {
    /** libcupti: the callback dispatcher that started the walk. */
    CUPTI(true),
    /** libcuda: the driver API function. */
    DRIVER(true),
    /** libcudart: the runtime API, linked dynamically by the library above it. */
    RUNTIME(true),
    /** libgcc_s: the unwinder. */
    UNWINDER(true),
    /** JNA's dispatch library or libjvm: the launch was made from Java. */
    JVM(false),
    /** Code in no shared object: in a JVM, code it generated (a Panama downcall stub, JIT code). */
    UNRESOLVED(false),
    /** Any other shared object: a library that asked for the launch. */
    LIBRARY(false);

    private final boolean launchPath;

    Origin(boolean launchPath) {
      this.launchPath = launchPath;
    }

    /**
     * Whether the walk goes past frames of this origin to find the code that asked for the launch.
     *
     * @return true for CUDA's own libraries and the unwinder
     */
    boolean launchPath() {
      return launchPath;
    }
  }

  /** JNA unpacks its dispatch library as {@code jna<digits>.tmp} where the system has none. */
  private static final Pattern JNA_TEMP = Pattern.compile("jna-?\\d+\\.tmp");

  static String basename(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? path : path.substring(slash + 1);
  }

  /**
   * The origin of code in a shared object.
   *
   * @param path the object's path as {@code dladdr} gives it, or null for code in none
   * @param jnaDispatch the path of JNA's dispatch library ({@code jnidispatch.path}), or null
   * @return its origin
   */
  static Origin origin(String path, String jnaDispatch) {
    if (path == null) {
      return Origin.UNRESOLVED;
    }
    String name = basename(path);
    if (name.startsWith("libcupti.so")) {
      return Origin.CUPTI;
    }
    if (name.startsWith("libcuda.so")) {
      return Origin.DRIVER;
    }
    if (name.startsWith("libcudart.so")) {
      return Origin.RUNTIME;
    }
    if (name.startsWith("libgcc_s.so")) {
      return Origin.UNWINDER;
    }
    if (path.equals(jnaDispatch) || name.startsWith("libjnidispatch") || JNA_TEMP.matcher(name).matches()
        || name.equals("libjvm.so")) {
      return Origin.JVM;
    }
    return Origin.LIBRARY;
  }

  /**
   * The library of a shared object that asked for a launch.
   *
   * @param path its path
   * @return the library, {@link Library#OTHER} for one the audit does not name
   */
  static Library library(String path) {
    String name = basename(path).toLowerCase(Locale.ROOT);
    if (name.startsWith("libcublaslt.")) {
      return Library.CUBLASLT;
    }
    if (name.startsWith("libcublas.")) {
      return Library.CUBLAS;
    }
    if (name.startsWith("libcudnn")) {
      return Library.CUDNN;
    }
    if (name.startsWith("libnccl")) {
      return Library.NCCL;
    }
    if (name.startsWith("libtorch_cuda") || name.startsWith("libc10_cuda") || name.startsWith("libtorch.")) {
      return Library.ATEN;
    }
    return Library.OTHER;
  }
}
