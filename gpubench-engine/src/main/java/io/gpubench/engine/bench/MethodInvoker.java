package io.gpubench.engine.bench;

import io.gpubench.api.BenchContext;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Calls a benchmark method that takes no parameter or one {@link BenchContext}, unwrapping reflection's wrapper. */
final class MethodInvoker {

  private MethodInvoker() {}

  static Object invoke(Object instance, Method method, BenchContext ctx) throws Throwable {
    try {
      method.setAccessible(true);
      return method.getParameterCount() == 0 ? method.invoke(instance) : method.invoke(instance, ctx);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
