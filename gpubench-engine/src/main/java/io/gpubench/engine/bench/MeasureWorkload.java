package io.gpubench.engine.bench;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Blackhole;
import java.lang.reflect.Method;

/**
 * A {@code @Measure} method, checked against the class's {@code @Reference} method; called through a method handle,
 * and in trials through its own {@link CallLoop}.
 */
final class MeasureWorkload implements Workload {
  private final Object instance;
  private final Method measure;
  private final Method reference;
  private final Blackhole sink = new Blackhole();

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
    return CallLoops.call(measure, instance, ctx, sink);
  }

  @Override
  public CallLoop loop(BenchContext ctx) {
    return CallLoops.loop(measure, instance, ctx, sink);
  }

  @Override
  public void close() {}
}
