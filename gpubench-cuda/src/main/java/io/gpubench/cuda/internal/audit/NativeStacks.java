package io.gpubench.cuda.internal.audit;

import com.sun.jna.CallbackReference;
import com.sun.jna.CallbackThreadInitializer;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.gpubench.cuda.internal.jna.NativeStack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Native stack walks at launch calls, for the process: CUPTI's subscriber callback is libgcc's
 * {@code _Unwind_Backtrace} itself and its user data is {@link #TRACE}, so that CUPTI calls
 * {@code _Unwind_Backtrace(TRACE, domain, cbid, cbdata)}; the unwinder takes the first two arguments (the others are
 * ignored in the x86-64 and AArch64 calling conventions, as is its return value) and walks from CUPTI's frame
 * outwards, calling {@link #TRACE} for each frame. Started from Java instead, it would stop at the first Java frame
 * and never see the library that asked for the launch.
 *
 * <p>The price: CUPTI's {@code cbdata} (the call's correlation id) is not seen; {@link LaunchAttribution} pairs the
 * walks of each thread with the launch calls' activity records in order instead.
 */
final class NativeStacks {
  private NativeStacks() {}

  /** Frames a walk reads at most before it gives up on finding the caller. */
  static final int MAX_FRAMES = 48;

  private static final String JNA_DISPATCH = System.getProperty("jnidispatch.path");
  private static final Map<Long, Frame> FRAMES = new ConcurrentHashMap<>();
  private static final ThreadLocal<Memory> DL_INFO = ThreadLocal.withInitial(() -> new Memory(32));
  private static final AtomicLong SEQUENCE = new AtomicLong();

  private static volatile Recording recording;

  /** The trace function: feeds each frame to the calling thread's {@link WalkAssembler}. */
  static final NativeStack.TraceFunction TRACE = NativeStacks::frame;

  static {
    // Launches from native threads (a library's own pool) would otherwise attach and detach the thread at every
    // frame.
    Native.setCallbackThreadInitializer(TRACE, new CallbackThreadInitializer(true, false, "gpubench-cupti-walk"));
  }

  /** The walks of one audit. */
  static final class Recording {
    private final Queue<Walk> walks = new ConcurrentLinkedQueue<>();
    private final Queue<WalkAssembler> assemblers = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<WalkAssembler> perThread = ThreadLocal.withInitial(this::assembler);

    private WalkAssembler assembler() {
      WalkAssembler a = new WalkAssembler(NativeStack.gettid(), MAX_FRAMES, SEQUENCE, walks::add);
      assemblers.add(a);
      return a;
    }

    /**
     * Ends the recording: closes walks the unwinder ended last.
     *
     * @return the walks, in order, and the frames read
     */
    Result finish() {
      long frames = 0;
      for (WalkAssembler a : assemblers) {
        a.finish();
        frames += a.framesRead();
      }
      List<Walk> all = new ArrayList<>(walks);
      all.sort((x, y) -> Long.compare(x.sequence(), y.sequence()));
      return new Result(all, frames);
    }
  }

  /**
   * What a recording saw.
   *
   * @param walks the walks, in order
   * @param framesRead frames read, walked and skipped
   */
  record Result(List<Walk> walks, long framesRead) {}

  /**
   * Why walks cannot be made here.
   *
   * @return the reason, or null when they can
   */
  static String unavailable() {
    return NativeStack.failure();
  }

  /**
   * The pointer CUPTI is to call.
   *
   * @return {@code _Unwind_Backtrace}
   */
  static Pointer callback() {
    return NativeStack.unwindBacktrace();
  }

  /**
   * The user data CUPTI is to pass it.
   *
   * @return the trace function's native address
   */
  static Pointer userdata() {
    return CallbackReference.getFunctionPointer(TRACE);
  }

  static Recording start() {
    Recording r = new Recording();
    recording = r;
    return r;
  }

  static void stop() {
    recording = null;
  }

  private static int frame(long context, long argument) {
    try {
      Recording r = recording;
      if (r == null) {
        return NativeStack.STOP;
      }
      long ip = NativeStack.ip(context);
      return r.perThread.get().frame(resolve(ip), NativeStack.cfa(context), argument);
    } catch (Throwable t) {
      // Never let an exception cross into native code mid-launch; the walk just ends.
      return NativeStack.STOP;
    }
  }

  /**
   * The frame at an address, with its shared object (cached: a launch path has few distinct addresses).
   *
   * @param ip the address
   * @return the frame
   */
  static Frame resolve(long ip) {
    Frame f = FRAMES.get(ip);
    if (f == null) {
      Memory info = DL_INFO.get();
      String object = null;
      String symbol = null;
      if (NativeStack.dladdr(ip, info)) {
        Pointer name = info.getPointer(0);
        Pointer sym = info.getPointer(16);
        object = name == null ? null : name.getString(0);
        symbol = sym == null ? null : sym.getString(0);
      }
      f = new Frame(ip, object, symbol, SharedObject.origin(object, JNA_DISPATCH));
      FRAMES.put(ip, f);
    }
    return f;
  }
}
