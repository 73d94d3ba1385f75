package io.gpubench.engine.bench;

import io.gpubench.api.HostTensor;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.engine.backend.cpu.HostTensorOps;
import io.gpubench.engine.correctness.HostErrorMetrics;
import io.gpubench.engine.correctness.Layouts;
import io.gpubench.engine.support.Frameworks;

/**
 * The checks' tensor operations for one case. Host tensors (what returned arrays become) are handled on the host
 * whatever the backend; device tensors by the backend's session, on the device; a framework's own arrays through
 * its {@link io.gpubench.api.spi.FrameworkSupport}.
 */
final class TensorOps {
  private final BackendSession session;
  private final Frameworks frameworks;

  TensorOps(BackendSession session, Frameworks frameworks) {
    this.session = session;
    this.frameworks = frameworks;
  }

  /**
   * Turns what a call returned into a tensor.
   *
   * @param name the name for error messages
   * @param returned the returned object
   * @return the tensor
   * @throws IllegalArgumentException naming the type when nothing knows it
   */
  Tensor adopt(String name, Object returned) {
    if (returned instanceof Tensor t) {
      return t;
    }
    return session.adopt(name, returned).or(() -> frameworks.adopt(name, returned))
        .orElseThrow(() -> new IllegalArgumentException(name + " is a " + returned.getClass().getName()
            + "; return a Tensor, float[], double[], or a framework's array (a DJL NDArray, with gpubench-djl on"
            + " the class path)"));
  }

  void poison(Tensor t) {
    if (t instanceof HostTensor h) {
      HostTensorOps.poison(h);
    } else {
      session.poison(t);
    }
  }

  long fingerprint(Tensor t) {
    if (t instanceof HostTensor h) {
      return HostTensorOps.fingerprint(h);
    }
    return session.fingerprint(t);
  }

  ErrorStats compare(Tensor actual, Tensor expected, double range) {
    if (actual instanceof HostTensor a && expected instanceof HostTensor e) {
      return HostErrorMetrics.compare(a, e, range);
    }
    if (actual instanceof HostTensor || expected instanceof HostTensor) {
      throw new IllegalArgumentException("cannot compare '" + actual.name() + "' on " + actual.device()
          + " with '" + expected.name() + "' on " + expected.device() + ": return both from the same device");
    }
    Layouts.requireComparable(actual, expected);
    return session.compare(actual, expected, range);
  }

  Tensor copy(String name, Tensor t) {
    if (t instanceof HostTensor h) {
      return HostTensorOps.copy(name, h);
    }
    return session.tensors().copy(name, t);
  }

  /** Releases what a call returned when it owns native memory (a DJL NDArray or NDList). */
  void release(Object returned) {
    frameworks.release(returned);
  }
}
