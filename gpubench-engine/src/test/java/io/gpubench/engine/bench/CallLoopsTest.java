package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Blackhole;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trial loop: one hidden class per measure method, calling it through a constant handle with the loop inside,
 * results consumed or kept by their type, exceptions as thrown, no allocation of its own per call.
 */
class CallLoopsTest {

  /** Measures of every shape; each counts its calls. */
  static final class Measures {
    int calls;
    final List<Object> sunk = new ArrayList<>();

    void nothing() {
      calls++;
    }

    void sinks(Blackhole sink) {
      calls++;
      sink.consume(calls);
    }

    void both(Blackhole sink, BenchContext ctx) {
      calls++;
      sunk.add(ctx);
    }

    int counts(BenchContext ctx) {
      return ++calls;
    }

    double half() {
      return ++calls / 2.0;
    }

    boolean odd() {
      return ++calls % 2 == 1;
    }

    float[] array() {
      calls++;
      return new float[] {calls};
    }

    HostTensor host() {
      calls++;
      return HostTensor.ofFloats("h", Precision.FP32, new float[] {calls});
    }

    Object owned() {
      return "owned " + ++calls;
    }

    long fails() {
      throw new IllegalStateException("boom after " + calls);
    }
  }

  private static Method method(String name) {
    for (Method m : Measures.class.getDeclaredMethods()) {
      if (m.getName().equals(name)) {
        return m;
      }
    }
    throw new AssertionError(name);
  }

  @Test
  void theLoopMakesEveryCallOfATrialAndKeepsOnlyWhatMayOwnNativeMemory() throws Throwable {
    Measures m = new Measures();
    Blackhole sink = new Blackhole();
    Object[] kept = new Object[5];
    for (String name : List.of("nothing", "sinks", "counts", "half", "odd", "array", "host")) {
      m.calls = 0;
      CallLoop loop = CallLoops.loop(method(name), m, null, sink);
      assertThat(loop.keeps()).as(name).isFalse();
      loop.run(5, kept);
      assertThat(m.calls).as(name).isEqualTo(5);
      assertThat(kept).as(name + " keeps nothing").containsOnlyNulls();
    }
    m.calls = 0;
    CallLoop owned = CallLoops.loop(method("owned"), m, null, sink);
    assertThat(owned.keeps()).isTrue();
    owned.run(3, kept);
    assertThat(kept).containsExactly("owned 1", "owned 2", "owned 3", null, null);
  }

  @Test
  void aMeasureGetsTheContextAndTheSinkInTheOrderItDeclares() throws Throwable {
    Measures m = new Measures();
    BenchContext ctx = (BenchContext) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {BenchContext.class}, (proxy, method, args) -> null);
    CallLoops.loop(method("both"), m, ctx, new Blackhole()).run(2, new Object[2]);
    assertThat(m.sunk).hasSize(2).allSatisfy(o -> assertThat(o).isSameAs(ctx));
  }

  @Test
  void eachMethodHasItsOwnHiddenLoopClassSharedByItsInstances() {
    Blackhole sink = new Blackhole();
    CallLoop a = CallLoops.loop(method("counts"), new Measures(), null, sink);
    CallLoop b = CallLoops.loop(method("counts"), new Measures(), null, sink);
    CallLoop c = CallLoops.loop(method("half"), new Measures(), null, sink);
    assertThat(a.getClass().isHidden()).isTrue();
    assertThat(a.getClass()).isSameAs(b.getClass()).isNotSameAs(c.getClass());
    assertThat(a.getClass().getName()).startsWith(CallLoopTemplate.class.getName() + "/");
  }

  @Test
  void aSingleCallReturnsTheResultBoxedOrNull() throws Throwable {
    Measures m = new Measures();
    Blackhole sink = new Blackhole();
    assertThat(CallLoops.call(method("counts"), m, null, sink)).isEqualTo(1);
    assertThat(CallLoops.call(method("array"), m, null, sink)).isEqualTo(new float[] {2});
    assertThat(CallLoops.call(method("nothing"), m, null, sink)).isNull();
  }

  @Test
  void whatACallThrowsComesOutAsThrownNotWrapped() {
    Measures m = new Measures();
    m.calls = 7;
    assertThatThrownBy(() -> CallLoops.loop(method("fails"), m, null, new Blackhole()).run(3, new Object[3]))
        .isExactlyInstanceOf(IllegalStateException.class).hasMessage("boom after 7");
  }

  @Test
  void shapesFollowTheDeclaredReturnType() {
    assertThat(CallLoops.shape(void.class)).isEqualTo(CallLoops.VOID);
    assertThat(CallLoops.shape(int.class)).isEqualTo(CallLoops.PRIMITIVE);
    assertThat(CallLoops.shape(boolean.class)).isEqualTo(CallLoops.PRIMITIVE);
    assertThat(CallLoops.shape(double[].class)).isEqualTo(CallLoops.CONSUME);
    assertThat(CallLoops.shape(String.class)).isEqualTo(CallLoops.CONSUME);
    assertThat(CallLoops.shape(Integer.class)).isEqualTo(CallLoops.CONSUME);
    assertThat(CallLoops.shape(HostTensor.class)).isEqualTo(CallLoops.CONSUME);
    assertThat(CallLoops.shape(io.gpubench.api.Tensor.class)).isEqualTo(CallLoops.KEEP);
    assertThat(CallLoops.shape(Object.class)).isEqualTo(CallLoops.KEEP);
    assertThat(CallLoops.shape(Object[].class)).isEqualTo(CallLoops.KEEP);
  }

  /**
   * The engine's part of a call allocates nothing: a primitive result is neither boxed nor collected (the old path
   * boxed it and added it to a list, 16+ bytes a call). Counted with the thread's allocated bytes, not timed.
   */
  @Test
  void theLoopAllocatesNothingPerCallForAPrimitiveResult() throws Throwable {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    org.junit.jupiter.api.Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported(),
        "this JVM does not count allocated bytes per thread");
    Measures m = new Measures();
    CallLoop loop = CallLoops.loop(method("counts"), m, null, new Blackhole());
    Object[] kept = new Object[0];
    for (int i = 0; i < 200; i++) {
      loop.run(10_000, kept); // compiled, as trials run it
    }
    long before = threads.getCurrentThreadAllocatedBytes();
    loop.run(1_000_000, kept);
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertThat(m.calls).isEqualTo(3_000_000);
    assertThat(allocated).as("bytes allocated by 1,000,000 calls").isLessThan(64 * 1024);
  }
}
