package io.gpubench.cuda.internal.jna;

import com.sun.jna.Callback;
import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * Walking the native stack and naming the shared object of a code address: libgcc's unwinder
 * ({@code _Unwind_Backtrace}, {@code _Unwind_GetIP}, {@code _Unwind_GetCFA}), {@code dladdr} and {@code gettid}.
 *
 * <p>Why the unwinder is not simply called from Java: an unwinder started below a Java frame stops at it (JIT and
 * interpreter code has no unwind tables), so {@code backtrace()} from a JNA callback sees only JNA's own frames,
 * never the native code that called the callback. {@link #unwindBacktrace()} is therefore handed to native code as
 * the function it calls, with a {@link TraceFunction} as its first argument: the walk then starts in native code
 * and calls back into Java once per frame. Linux on x86-64 and aarch64 only, where glibc and libgcc provide these.
 */
public final class NativeStack {
  private NativeStack() {}

  /** Returned by a {@link TraceFunction} to go on to the next frame ({@code _URC_NO_REASON}). */
  public static final int CONTINUE = 0;
  /** Returned by a {@link TraceFunction} to end the walk ({@code _URC_NORMAL_STOP}). */
  public static final int STOP = 4;

  /** {@code _Unwind_Trace_Fn}: called by {@code _Unwind_Backtrace} once per frame, youngest first. */
  public interface TraceFunction extends Callback {
    /**
     * One frame.
     *
     * @param context the {@code struct _Unwind_Context *}, valid during this call only
     * @param argument the walk's argument, as given to {@code _Unwind_Backtrace}
     * @return {@link #CONTINUE} or {@link #STOP}
     */
    int invoke(long context, long argument);
  }

  private static final class Loaded {
    static final Function BACKTRACE;
    static final Function GETTID;
    static final String FAILURE;

    static {
      Function backtrace = null;
      Function gettid = null;
      String failure = null;
      try {
        if (!Platform.isLinux() || !(Platform.isIntel() || Platform.isARM()) || !Platform.is64Bit()) {
          throw new UnsupportedOperationException("native stack walks need Linux on x86-64 or aarch64, this is "
              + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        }
        NativeLibrary gcc = NativeLibrary.getInstance("gcc_s");
        NativeLibrary c = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME);
        backtrace = gcc.getFunction("_Unwind_Backtrace");
        Native.register(Unwind.class, gcc);
        try {
          Native.register(Dl.class, c);
        } catch (UnsatisfiedLinkError e) {
          // glibc before 2.34 keeps dladdr in libdl
          Native.register(Dl.class, NativeLibrary.getInstance("dl"));
        }
        try {
          gettid = c.getFunction("gettid");
        } catch (UnsatisfiedLinkError e) {
          gettid = null; // glibc before 2.30: syscall below
        }
      } catch (RuntimeException | UnsatisfiedLinkError e) {
        failure = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString());
        backtrace = null;
      }
      BACKTRACE = backtrace;
      GETTID = gettid;
      FAILURE = failure;
    }
  }

  /** libgcc's unwinder, direct-mapped: these run once per frame of a walk. */
  static final class Unwind {
    static native long _Unwind_GetIP(long context);

    static native long _Unwind_GetCFA(long context);
  }

  static final class Dl {
    static native int dladdr(long address, Pointer info);
  }

  /**
   * Why stack walks are unavailable.
   *
   * @return the reason, or null when they are available
   */
  public static String failure() {
    return Loaded.FAILURE;
  }

  /**
   * {@code _Unwind_Backtrace(_Unwind_Trace_Fn trace, void *argument)}, as a function pointer for native code to
   * call.
   *
   * @return the function
   * @throws IllegalStateException when stack walks are unavailable
   */
  public static Function unwindBacktrace() {
    if (Loaded.BACKTRACE == null) {
      throw new IllegalStateException("no native stack walks: " + Loaded.FAILURE);
    }
    return Loaded.BACKTRACE;
  }

  /**
   * The instruction address of the frame a trace function is called for.
   *
   * @param context the context
   * @return the address (a return address for every frame but the first)
   */
  public static long ip(long context) {
    return Unwind._Unwind_GetIP(context);
  }

  /**
   * The canonical frame address of the frame: the caller's stack pointer before the call. It grows from one frame
   * of a walk to the next.
   *
   * @param context the context
   * @return the address
   */
  public static long cfa(long context) {
    return Unwind._Unwind_GetCFA(context);
  }

  /**
   * {@code dladdr}: the shared object holding an address. Reads {@code Dl_info} (four pointers: file name, base,
   * symbol name, symbol address) from {@code info}.
   *
   * @param address the code address
   * @param info 32 bytes for the {@code Dl_info}
   * @return false where the address is in no shared object (JIT code, anonymous memory)
   */
  public static boolean dladdr(long address, Memory info) {
    return Dl.dladdr(address, info) != 0;
  }

  /**
   * The calling thread's kernel thread id, as CUPTI records it with {@code CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM}.
   *
   * @return the id
   */
  public static int gettid() {
    if (Loaded.GETTID != null) {
      return Loaded.GETTID.invokeInt(new Object[0]);
    }
    long sysGettid = Platform.isARM() ? 178 : 186;
    return NativeLibrary.getInstance(Platform.C_LIBRARY_NAME).getFunction("syscall")
        .invokeInt(new Object[] {sysGettid});
  }
}
