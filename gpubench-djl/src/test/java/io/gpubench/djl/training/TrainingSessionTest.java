package io.gpubench.djl.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.Parameter;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TrainingSessionTest {

  private static final TrainingObjective OBJECTIVE = TrainingObjective.classification(new Shape(3, 8, 8), 5);

  private static Block smallNet() {
    return new SequentialBlock()
        .add(Conv2d.builder().setKernelShape(new Shape(3, 3)).setFilters(4).build())
        .add(BatchNorm.builder().build())
        .add(Activation.reluBlock())
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(5).build());
  }

  private static TrainingSession start(DataType type) {
    return TrainingSession.start("small", smallNet(), OBJECTIVE, 4, Device.cpu(), type);
  }

  @ParameterizedTest
  @EnumSource(DirectSgd.GradientReset.class)
  void manyStepsHoldNoMoreArraysThanTheFirst(DirectSgd.GradientReset reset) {
    try (TrainingSession session =
        TrainingSession.start("small", smallNet(), OBJECTIVE, 4, Device.cpu(), DataType.FLOAT32, reset)) {
      session.step();
      int afterFirst = session.liveArrays();
      for (int i = 0; i < 200; i++) {
        session.step();
      }
      assertThat(session.liveArrays()).isEqualTo(afterFirst);
    }
  }

  @Test
  void theGradientsAreReleasedAfterEveryUpdate() {
    try (TrainingSession session = start(DataType.FLOAT32)) {
      session.step();
      PtNDArray weight = (PtNDArray) firstWeight(session);
      assertThat(JniUtils.getGradient(weight)).as("gradient after the update").isNull();
      assertThat(weight.hasGradient()).isTrue();
      session.step();
      assertThat(JniUtils.getGradient(weight)).as("gradient after the update").isNull();
    }
  }

  @Test
  void aWarmUpRunsAtLeastTheStepsAsked() {
    try (TrainingSession session = start(DataType.FLOAT32)) {
      session.warmUp(0, 3);
      assertThat(session.profile().steps()).isEqualTo(3);
    }
  }

  @Test
  void theProfileSplitsAStepIntoHostAndWhole() {
    try (TrainingSession session = start(DataType.FLOAT32)) {
      assertThat(session.profile().steps()).isZero();
      assertThat(session.profile().hostShare()).isNaN();
      for (int i = 0; i < 3; i++) {
        session.step();
      }
      StepProfile p = session.profile();
      assertThat(p.steps()).isEqualTo(3);
      assertThat(p.hostNanos()).isPositive().isLessThanOrEqualTo(p.stepNanos());
      assertThat(p.hostShare()).isGreaterThan(0).isLessThanOrEqualTo(1);
      // inputs, labels, every forward and loss intermediate, the backward's seed: far more than the 8 parameters
      assertThat(p.arraysPerStep()).isGreaterThan(10);
    }
  }

  @Test
  void aStepUpdatesTheWeights() {
    try (TrainingSession session = start(DataType.FLOAT32)) {
      session.step();
      float[] before = firstWeight(session).toFloatArray();
      session.step();
      assertThat(firstWeight(session).toFloatArray()).isNotEqualTo(before);
    }
  }

  @ParameterizedTest
  @EnumSource(DirectSgd.GradientReset.class)
  void theDirectSgdUpdatesTheWeightsAsDjlsTrainerDoes(DirectSgd.GradientReset reset) {
    float[][] direct = trainThreeSteps(reset);
    float[][] djl = trainThreeSteps(null);
    assertThat(direct.length).isEqualTo(djl.length).isEqualTo(8); // conv, batch norm (4), linear weights and biases
    for (int i = 0; i < direct.length; i++) {
      assertThat(direct[i]).as("parameter %d", i).containsExactly(djl[i], within(1e-6f));
    }
  }

  /** Every parameter's values, trainable or not, after three steps from the same seed; null: DJL's trainer. */
  private static float[][] trainThreeSteps(DirectSgd.GradientReset reset) {
    Engine.getInstance().setRandomSeed(7);
    try (TrainingSession session =
        TrainingSession.start("small", smallNet(), OBJECTIVE, 4, Device.cpu(), DataType.FLOAT32, reset)) {
      for (int i = 0; i < 3; i++) {
        session.step();
      }
      return session.block().getParameters().values().stream()
          .map(p -> p.getArray().toFloatArray()).toArray(float[][]::new);
    }
  }

  @Test
  void fp16TrainsWithHalfWeightsAndAFiniteLoss() {
    try (TrainingSession session = start(DataType.FLOAT16)) {
      assertThat(session.step()).isFinite();
      assertThat(firstWeight(session).getDataType()).isEqualTo(DataType.FLOAT16);
      assertThat(session.dataType()).isEqualTo(DataType.FLOAT16);
    }
  }

  @Test
  void countsTrainableParametersOnly() {
    try (TrainingSession session = start(DataType.FLOAT32)) {
      // conv 4*3*3*3 + 4, batch norm gamma and beta 2*4 (running mean and variance are buffers), linear 4*6*6*5 + 5
      assertThat(session.parameterCount()).isEqualTo(112 + 8 + 725);
    }
  }

  @Test
  void refusesAnEmptyBatchAndTypesOtherThanFp32AndFp16() {
    assertThatThrownBy(() -> TrainingSession.start("small", smallNet(), OBJECTIVE, 0, Device.cpu(), DataType.FLOAT32))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("small")
        .hasMessageContaining("got 0");
    assertThatThrownBy(() -> TrainingSession.start("small", smallNet(), OBJECTIVE, 2, Device.cpu(), DataType.INT8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("INT8");
  }

  private static NDArray firstWeight(TrainingSession session) {
    Parameter weight = session.block().getParameters().get(0).getValue();
    return weight.getArray();
  }
}
