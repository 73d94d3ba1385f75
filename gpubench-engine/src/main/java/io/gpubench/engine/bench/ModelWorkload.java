package io.gpubench.engine.bench;

import io.gpubench.api.BenchContext;
import io.gpubench.api.spi.FrameworkSupport;
import io.gpubench.api.spi.ModelRunner;
import java.lang.reflect.Method;

/**
 * A {@code @Model} workload, run by the framework support that runs models (gpubench-djl's for DJL blocks): the
 * support builds the model from the class's {@code @Model} and {@code @ModelInput} methods, computes the reference,
 * and makes the timed forward pass.
 */
final class ModelWorkload implements Workload {
  private final FrameworkSupport support;
  private final Object instance;
  private final Method model;
  private final Method inputShape;
  private ModelRunner runner;

  ModelWorkload(FrameworkSupport support, Object instance, Method model, Method inputShape) {
    this.support = support;
    this.instance = instance;
    this.model = model;
    this.inputShape = inputShape;
  }

  @Override
  public void prepare(BenchContext ctx) throws Throwable {
    runner = support.openModel(ctx, new ModelRunner.Methods() {
      @Override
      public Object model() throws Throwable {
        return MethodInvoker.invoke(instance, model, ctx);
      }

      @Override
      public Object inputShape() throws Throwable {
        return MethodInvoker.invoke(instance, inputShape, ctx);
      }
    });
  }

  @Override
  public boolean hasReference() {
    return true;
  }

  @Override
  public Object reference(BenchContext referenceContext) {
    return runner.reference();
  }

  @Override
  public Object call(BenchContext ctx) throws Throwable {
    return runner.call();
  }

  @Override
  public void close() {
    if (runner != null) {
      runner.close();
    }
  }
}
