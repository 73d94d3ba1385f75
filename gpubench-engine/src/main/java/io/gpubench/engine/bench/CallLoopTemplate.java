package io.gpubench.engine.bench;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Blackhole;
import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/**
 * The trial loop of one {@code @Measure} method; never used as itself. {@link CallLoops} defines a hidden copy of this
 * class for each method, with the method's handle and the loop's shape as the copy's class data: its
 * {@code static final} fields are constants to the JIT, so the handle's target is inlined into the loop and the
 * {@code switch} folds to the one loop that runs. Each copy has its own profile, as JMH's generated class per
 * benchmark has. It must stay free of lambdas, nested classes and string concatenation (whatever javac would turn
 * into a second class or a bootstrap method that names this one).
 */
final class CallLoopTemplate implements CallLoop {
  private static final MethodHandle CALL;
  private static final int SHAPE;

  static {
    MethodHandle call = null;
    int shape = -1;
    try {
      MethodHandles.Lookup self = MethodHandles.lookup();
      call = MethodHandles.classDataAt(self, ConstantDescs.DEFAULT_NAME, MethodHandle.class, 0);
      Integer s = MethodHandles.classDataAt(self, ConstantDescs.DEFAULT_NAME, Integer.class, 1);
      shape = s == null ? -1 : s;
    } catch (IllegalAccessException e) {
      // Only a hidden copy made by CallLoops has class data; the template is never run.
    }
    CALL = call;
    SHAPE = shape;
  }

  private final Object instance;
  private final BenchContext ctx;
  private final Blackhole sink;
  // Read once per call, as JMH's loop reads its isDone flag: a volatile read keeps each call's loads in its own
  // iteration, so that the JIT cannot hoist the work of a void measure out of the loop. Never written.
  private volatile boolean stop;

  CallLoopTemplate(Object instance, BenchContext ctx, Blackhole sink) {
    this.instance = instance;
    this.ctx = ctx;
    this.sink = sink;
  }

  @Override
  public boolean keeps() {
    return SHAPE == CallLoops.KEEP;
  }

  @Override
  public void run(int calls, Object[] kept) throws Throwable {
    Object instance = this.instance;
    BenchContext ctx = this.ctx;
    Blackhole sink = this.sink;
    switch (SHAPE) {
      case CallLoops.VOID:
        for (int i = 0; i < calls && !stop; i++) {
          CALL.invokeExact(instance, ctx, sink);
        }
        break;
      case CallLoops.PRIMITIVE:
        for (int i = 0; i < calls; i++) {
          sink.consume((long) CALL.invokeExact(instance, ctx, sink));
        }
        break;
      case CallLoops.CONSUME:
        for (int i = 0; i < calls; i++) {
          sink.consume((Object) CALL.invokeExact(instance, ctx, sink));
        }
        break;
      case CallLoops.KEEP:
        for (int i = 0; i < calls && !stop; i++) {
          kept[i] = (Object) CALL.invokeExact(instance, ctx, sink);
        }
        break;
      default:
        throw new IllegalStateException("the loop template was run as itself");
    }
  }
}
