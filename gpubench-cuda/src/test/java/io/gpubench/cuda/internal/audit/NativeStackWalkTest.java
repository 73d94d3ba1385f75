package io.gpubench.cuda.internal.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Callback;
import com.sun.jna.CallbackReference;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import io.gpubench.cuda.internal.jna.NativeStack;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The stack-walk mechanism on the CPU, with libc standing in for CUPTI: {@code bsearch(key, base, 1, size, compar)}
 * calls {@code compar(key, element)} as CUPTI calls {@code callback(userdata, domain, cbid, cbdata)}, so with
 * {@code _Unwind_Backtrace} as {@code compar} and the trace function as {@code key} the walk starts in libc's frame,
 * as it starts in CUPTI's during an audit.
 */
class NativeStackWalkTest {

  /** The libc calls used to stand in for CUPTI. */
  public interface LibC extends Library {
    LibC C = Native.load(Platform.C_LIBRARY_NAME, LibC.class);

    Pointer bsearch(Pointer key, Pointer base, long count, long size, Pointer compare);

    void qsort(Pointer base, long count, long size, Compare compare);

    int backtrace(Pointer buffer, int size);

    /** A qsort comparator written in Java. */
    interface Compare extends Callback {
      int invoke(Pointer a, Pointer b);
    }
  }

  @BeforeEach
  void needsTheUnwinder() {
    assumeTrue(NativeStacks.unavailable() == null, () -> "no native stack walks: " + NativeStacks.unavailable());
  }

  @Test
  void aWalkStartedByNativeCodeSeesThatCodeAsItsFirstFrame() {
    NativeStacks.Recording r = NativeStacks.start();
    try {
      LibC.C.bsearch(NativeStacks.userdata(), new Memory(8), 1, 8, NativeStacks.callback());
    } finally {
      NativeStacks.stop();
    }
    NativeStacks.Result result = r.finish();
    assertThat(result.walks()).hasSize(1);
    Walk w = result.walks().get(0);
    assertThat(w.caller()).isNotNull();
    assertThat(SharedObject.basename(w.caller().object())).startsWith("libc.so");
    assertThat(w.caller().symbol()).isEqualTo("bsearch");
    assertThat(w.caller().origin()).isEqualTo(SharedObject.Origin.LIBRARY);
    assertThat(w.threadId()).isEqualTo(NativeStack.gettid());
    assertThat(result.framesRead()).isEqualTo(1);
  }

  @Test
  void pastTheNativeCallerTheWalkReachesJnasDispatchAndEndsAtTheJvm() {
    List<Frame> frames = new ArrayList<>();
    NativeStack.TraceFunction all = (context, argument) -> {
      frames.add(NativeStacks.resolve(NativeStack.ip(context)));
      return frames.size() < 64 ? NativeStack.CONTINUE : NativeStack.STOP;
    };
    LibC.C.bsearch(CallbackReference.getFunctionPointer(all), new Memory(8), 1, 8, NativeStack.unwindBacktrace());
    assertThat(frames.get(0).symbol()).isEqualTo("bsearch");
    // the frame that called bsearch is JNA's: a launch made through JNA is seen the same way
    assertThat(frames.get(1).origin()).isEqualTo(SharedObject.Origin.JVM);
    assertThat(frames.size()).as("the walk ends at the first JVM-generated frame").isLessThan(64);
    assertThat(LaunchAttribution.fromCaller(frames.get(1)).source()).isEqualTo("JVM (JNA)");
  }

  @Test
  void backtraceCalledFromJavaNeverSeesTheNativeCodeThatCalledJava() {
    // Why the walk is started by CUPTI and not from the Java callback: libc's backtrace() called from a JNA
    // callback stops at the first Java frame, so qsort (the native caller) is never among its frames.
    List<Frame> frames = new ArrayList<>();
    Memory elements = new Memory(16);
    elements.setInt(0, 2);
    elements.setInt(4, 1);
    LibC.C.qsort(elements, 2, 4, (a, b) -> {
      if (frames.isEmpty()) {
        Memory buffer = new Memory(8 * 64);
        int n = LibC.C.backtrace(buffer, 64);
        for (int i = 0; i < n; i++) {
          frames.add(NativeStacks.resolve(Pointer.nativeValue(buffer.getPointer(8L * i))));
        }
      }
      return Integer.compare(a.getInt(0), b.getInt(0));
    });
    assertThat(frames).isNotEmpty();
    assertThat(frames).noneMatch(f -> f.symbol() != null && f.symbol().contains("qsort"));
    assertThat(frames).allMatch(f -> f.origin() == SharedObject.Origin.JVM || f.origin() == SharedObject.Origin.UNRESOLVED
        || f.object() != null && SharedObject.basename(f.object()).startsWith("libc.so") && "backtrace".equals(f.symbol()));
  }
}
