package io.gpubench.engine.bench;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Blackhole;
import io.gpubench.api.HostTensor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes the trial loop of a {@code @Measure} method: a hidden copy of {@link CallLoopTemplate} per method, whose
 * constant method handle calls the measure with no reflection, boxing or allocation between calls. The handle is
 * the method adapted to one type, {@code (Object instance, BenchContext, Blackhole)} returning {@code void},
 * {@code long} (every primitive, widened or as its bits) or {@code Object}; the adapters fold away once the handle is
 * a constant. Copies are made once per method and JVM, so the cases of one workload share the loop's profile as they
 * share the method's own.
 */
final class CallLoops {
  /** A {@code void} measure: nothing to consume. */
  static final int VOID = 0;
  /** A primitive result, consumed as a {@code long}. */
  static final int PRIMITIVE = 1;
  /** An object that owns no native memory (an array, a string, a host tensor), consumed. */
  static final int CONSUME = 2;
  /** Any other object, kept for release after the clock stops. */
  static final int KEEP = 3;

  private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
  private static final MethodType LOOP_TYPE =
      MethodType.methodType(void.class, Object.class, BenchContext.class, Blackhole.class);
  private static final Map<Method, Loop> LOOPS = new ConcurrentHashMap<>();
  private static volatile byte[] template;

  /**
   * A method's loop class and its single-call handle.
   *
   * @param constructor makes a loop over an instance, a context and a sink
   * @param single one call, the result boxed: {@code (Object, BenchContext, Blackhole)Object}
   */
  private record Loop(MethodHandle constructor, MethodHandle single) {}

  private CallLoops() {}

  /**
   * The trial loop of a measure over one instance.
   *
   * @param measure the {@code @Measure} method (no parameter, a {@code BenchContext}, a {@code Blackhole}, or both)
   * @param instance the benchmark object
   * @param ctx the case's context
   * @param sink the case's sink
   * @return the loop
   */
  static CallLoop loop(Method measure, Object instance, BenchContext ctx, Blackhole sink) {
    try {
      return (CallLoop) of(measure).constructor().invoke(instance, ctx, sink);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot make the trial loop of " + measure, e);
    }
  }

  /**
   * One call of a measure outside the trials (the checked call, warm-up calls compared with it, the last check):
   * what it returned, a primitive boxed, or null for {@code void}.
   *
   * @param measure the method
   * @param instance the benchmark object
   * @param ctx the case's context
   * @param sink the case's sink
   * @return the result
   * @throws Throwable what the call threw
   */
  static Object call(Method measure, Object instance, BenchContext ctx, Blackhole sink) throws Throwable {
    return (Object) of(measure).single().invokeExact(instance, ctx, sink);
  }

  /**
   * The loop's shape for a return type.
   *
   * @param type the declared return type
   * @return {@link #VOID}, {@link #PRIMITIVE}, {@link #CONSUME} or {@link #KEEP}
   */
  static int shape(Class<?> type) {
    if (type == void.class) {
      return VOID;
    }
    if (type.isPrimitive()) {
      return PRIMITIVE;
    }
    if (type.isArray() && type.getComponentType().isPrimitive() || type == String.class || type == HostTensor.class
        || Number.class.isAssignableFrom(type) && type.getName().startsWith("java.lang.")
        || type == Boolean.class || type == Character.class) {
      return CONSUME;
    }
    return KEEP;
  }

  private static Loop of(Method measure) {
    return LOOPS.computeIfAbsent(measure, CallLoops::define);
  }

  private static Loop define(Method measure) {
    try {
      measure.setAccessible(true);
      MethodHandle normal = normalise(LOOKUP.unreflect(measure), measure);
      int shape = shape(measure.getReturnType());
      MethodHandle call = switch (shape) {
        case VOID -> normal;
        case PRIMITIVE -> asLong(normal, measure.getReturnType());
        default -> normal.asType(normal.type().changeReturnType(Object.class));
      };
      MethodHandles.Lookup hidden = LOOKUP.defineHiddenClassWithClassData(template(), List.of(call, shape), true);
      MethodHandle constructor = hidden.findConstructor(hidden.lookupClass(), LOOP_TYPE);
      MethodHandle single = normal.asType(normal.type().changeReturnType(Object.class));
      return new Loop(constructor, single);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make the trial loop of " + measure + ": " + e, e);
    }
  }

  /** The method as {@code (Object, BenchContext, Blackhole)R}, whatever subset and order of those it takes. */
  private static MethodHandle normalise(MethodHandle mh, Method measure) {
    Class<?>[] params = measure.getParameterTypes();
    MethodHandle h = mh.asType(mh.type().changeParameterType(0, Object.class));
    int[] reorder = new int[1 + params.length];
    for (int i = 0; i < params.length; i++) {
      if (params[i] == BenchContext.class) {
        reorder[1 + i] = 1;
      } else if (params[i] == Blackhole.class) {
        reorder[1 + i] = 2;
      } else {
        throw new IllegalArgumentException(measure + " takes a " + params[i].getName()
            + "; a @Measure may take a BenchContext and a Blackhole");
      }
    }
    MethodType target = LOOP_TYPE.changeReturnType(measure.getReturnType());
    return MethodHandles.permuteArguments(h, target, reorder);
  }

  /** A primitive result as a {@code long}: widened, or as its bits; what matters is that it is consumed. */
  private static MethodHandle asLong(MethodHandle h, Class<?> type) throws ReflectiveOperationException {
    MethodHandle bits = null;
    if (type == boolean.class) {
      bits = LOOKUP.findStatic(CallLoops.class, "bit", MethodType.methodType(long.class, boolean.class));
    } else if (type == float.class) {
      bits = LOOKUP.findStatic(Float.class, "floatToRawIntBits", MethodType.methodType(int.class, float.class));
    } else if (type == double.class) {
      bits = LOOKUP.findStatic(Double.class, "doubleToRawLongBits", MethodType.methodType(long.class, double.class));
    }
    MethodHandle filtered = bits == null ? h : MethodHandles.filterReturnValue(h, bits);
    return filtered.asType(filtered.type().changeReturnType(long.class));
  }

  @SuppressWarnings("unused") // found by name
  private static long bit(boolean b) {
    return b ? 1 : 0;
  }

  private static byte[] template() {
    byte[] bytes = template;
    if (bytes == null) {
      try (InputStream in = CallLoops.class.getResourceAsStream("CallLoopTemplate.class")) {
        if (in == null) {
          throw new IllegalStateException("CallLoopTemplate.class is not on the class path beside CallLoops");
        }
        bytes = in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the trial loop's template: " + e.getMessage(), e);
      }
      template = bytes;
    }
    return bytes;
  }
}
