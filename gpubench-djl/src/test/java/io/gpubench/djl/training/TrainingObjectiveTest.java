package io.gpubench.djl.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TrainingObjectiveTest {

  private NDManager manager;

  @BeforeEach
  void open() {
    manager = NDManager.newBaseManager();
  }

  @AfterEach
  void close() {
    manager.close();
  }

  @Test
  void classificationDataHasTheBatchShapeAndLabelsInRange() {
    TrainingObjective objective = TrainingObjective.classification(new Shape(3, 32, 32), 10);
    SyntheticBatch data = objective.synthesize(manager, 6, DataType.FLOAT16);
    assertThat(data.inputs().singletonOrThrow().getShape()).isEqualTo(new Shape(6, 3, 32, 32));
    assertThat(data.inputs().singletonOrThrow().getDataType()).isEqualTo(DataType.FLOAT16);
    long[] labels = data.labels().singletonOrThrow().toLongArray();
    assertThat(labels).hasSize(6);
    assertThat(java.util.Arrays.stream(labels).boxed()).allSatisfy(l -> assertThat(l).isBetween(0L, 9L));
  }

  @Test
  void crossEntropyOfUniformScoresIsLogOfTheClassCount() {
    TrainingObjective objective = TrainingObjective.classification(new Shape(4), 10);
    NDArray scores = manager.zeros(new Shape(3, 10));
    NDArray labels = manager.create(new long[] {0, 4, 9});
    float loss = objective.loss(new NDList(labels), new NDList(scores)).getFloat();
    assertThat(loss).isCloseTo((float) Math.log(10), within(1e-5f));
  }

  @Test
  void crossEntropyRewardsTheRightClass() {
    TrainingObjective objective = TrainingObjective.classification(new Shape(4), 3);
    NDArray scores = manager.create(new float[] {10, 0, 0}, new Shape(1, 3));
    float right = objective.loss(new NDList(manager.create(new long[] {0})), new NDList(scores)).getFloat();
    float wrong = objective.loss(new NDList(manager.create(new long[] {2})), new NDList(scores)).getFloat();
    assertThat(right).isLessThan(1e-3f);
    assertThat(wrong).isCloseTo(10f, within(1e-3f));
  }

  @Test
  void segmentationLabelsEveryPixelAndAveragesOverPixels() {
    TrainingObjective objective = TrainingObjective.segmentation(new Shape(3, 4, 4), 21);
    SyntheticBatch data = objective.synthesize(manager, 2, DataType.FLOAT32);
    assertThat(data.labels().singletonOrThrow().getShape()).isEqualTo(new Shape(2, 4, 4));
    NDArray scores = manager.zeros(new Shape(2, 21, 4, 4));
    float loss = objective.loss(data.labels(), new NDList(scores)).getFloat();
    assertThat(loss).isCloseTo((float) Math.log(21), within(1e-5f));
  }

  @Test
  void noisePredictionNoisesTheImagesEveryStepAndTargetsTheNoise() {
    TrainingObjective objective = TrainingObjective.noisePrediction(new Shape(3, 8, 8), 1000);
    SyntheticBatch data = objective.synthesize(manager, 4, DataType.FLOAT32);
    assertThat(objective.inputShapes(4)).containsExactly(new Shape(4, 3, 8, 8), new Shape(4));
    try (NDManager step = manager.newSubManager()) {
      SyntheticBatch batch = objective.stepBatch(step, data);
      NDArray noisy = batch.inputs().get(0);
      NDArray t = batch.inputs().get(1);
      NDArray noise = batch.labels().singletonOrThrow();
      assertThat(java.util.Arrays.stream(t.toLongArray()).boxed()).allSatisfy(v -> assertThat(v).isBetween(0L, 999L));
      // noisy = sqrt(a) x + sqrt(1 - a) noise with a = 1 - t/T, per sample
      NDArray a = t.toType(DataType.FLOAT32, false).div(1000).neg().add(1).reshape(4, 1, 1, 1);
      NDArray expected = a.sqrt().mul(data.inputs().singletonOrThrow()).add(a.neg().add(1).sqrt().mul(noise));
      assertThat(noisy.sub(expected).abs().max().getFloat()).isLessThan(1e-5f);
      assertThat(objective.loss(new NDList(noise), new NDList(noise)).getFloat()).isZero();
      assertThat(objective.loss(new NDList(noise), new NDList(noise.add(2))).getFloat())
          .isCloseTo(4f, within(1e-5f));
    }
  }

  @Test
  void refusesDegenerateObjectives() {
    assertThatThrownBy(() -> TrainingObjective.classification(new Shape(3), 1))
        .hasMessageContaining("at least 2 classes, got 1");
    assertThatThrownBy(() -> TrainingObjective.segmentation(new Shape(3, 4), 5))
        .hasMessageContaining("(channels, height, width)");
    assertThatThrownBy(() -> TrainingObjective.noisePrediction(new Shape(3, 4, 4), 0))
        .hasMessageContaining("got 0");
  }
}
