package io.gpubench.engine.execution;

import ai.djl.ndarray.NDArray;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.engine.backend.cpu.HostTensorOps;
import io.gpubench.engine.correctness.HostErrorMetrics;
import io.gpubench.engine.djl.DjlTensors;

/**
 * The checks' tensor operations for one case. Host tensors (what DJL outputs and returned arrays become) are
 * handled on the host whatever the backend; device tensors by the backend's session, on the device.
 */
final class TensorOps {
  private final BackendSession session;

  TensorOps(BackendSession session) {
    this.session = session;
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
    if (returned instanceof NDArray a) {
      return DjlTensors.toHost(name, a);
    }
    return session.adopt(name, returned).orElseThrow(() -> new IllegalArgumentException(name + " is a "
        + returned.getClass().getName() + "; return a Tensor, float[], double[] or a DJL NDArray"));
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
    return session.compare(actual, expected, range);
  }

  Tensor copy(String name, Tensor t) {
    if (t instanceof HostTensor h) {
      return HostTensorOps.copy(name, h);
    }
    return session.tensors().copy(name, t);
  }

  /** Releases what a call returned when it owns native memory (a DJL NDArray or NDList). */
  static void release(Object returned) {
    if (returned instanceof ai.djl.ndarray.NDResource r) {
      r.close();
    }
  }
}
