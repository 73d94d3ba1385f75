package io.gpubench.engine.bench;

import io.gpubench.api.BenchContext;
import java.lang.reflect.Method;

/** A {@code @Measure} method, called as it is, checked against the class's {@code @Reference} method. */
final class MeasureWorkload implements Workload {
  private final Object instance;
  private final Method measure;
  private final Method reference;

  MeasureWorkload(Object instance, Method measure, Method reference) {
    this.instance = instance;
    this.measure = measure;
    this.reference = reference;
  }

  @Override
  public void prepare(BenchContext ctx) {}

  @Override
  public boolean hasReference() {
    return reference != null;
  }

  @Override
  public Object reference(BenchContext referenceContext) throws Throwable {
    return MethodInvoker.invoke(instance, reference, referenceContext);
  }

  @Override
  public Object call(BenchContext ctx) throws Throwable {
    return MethodInvoker.invoke(instance, measure, ctx);
  }

  @Override
  public void close() {}
}
