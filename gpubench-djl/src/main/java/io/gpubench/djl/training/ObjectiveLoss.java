package io.gpubench.djl.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.training.loss.Loss;

/** The objective's loss in the form DJL's trainer configuration takes. */
final class ObjectiveLoss extends Loss {

  private final TrainingObjective objective;

  ObjectiveLoss(TrainingObjective objective) {
    super("objective");
    this.objective = objective;
  }

  @Override
  public NDArray evaluate(NDList labels, NDList predictions) {
    return objective.loss(labels, predictions);
  }
}
