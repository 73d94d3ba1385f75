package io.gpubench.examples.models;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import io.gpubench.djl.training.TrainingObjective;
import io.gpubench.djl.training.TrainingSession;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Training steps of every model free what they make: the arrays the model holds after further steps are those it held
 * after the first (a step that leaks adds at least one array, so a few steps show it). ViT, U-Net and DDPM run at reduced sizes (the same blocks and code paths, cheaper steps).
 */
class TrainingMemoryTest {

  static Stream<Arguments> models() {
    return Stream.of(
        Arguments.of("cnn", GpuInsightsModel.CNN.newBlock(), GpuInsightsModel.CNN.objective(), 30),
        Arguments.of("resnet50", GpuInsightsModel.RESNET50.newBlock(), GpuInsightsModel.RESNET50.objective(), 2),
        Arguments.of("vit", new VisionTransformer(16, 64, 2, 2, 4, 10),
            TrainingObjective.classification(new Shape(3, 32, 32), 10), 5),
        Arguments.of("unet", new UNet(21), TrainingObjective.segmentation(new Shape(3, 32, 32), 21), 2),
        Arguments.of("ddpm", new DiffusionUNet(3, 32, new int[] {1, 2, 3, 4}, 32, 8, 64),
            TrainingObjective.noisePrediction(new Shape(3, 32, 32), 1000), 3));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("models")
  void manyStepsHoldNoMoreArraysThanOne(String name, Block block, TrainingObjective objective, int steps) {
    try (TrainingSession session = TrainingSession.start(name, block, objective, 2, Device.cpu(), DataType.FLOAT32)) {
      session.step();
      int afterOne = session.liveArrays();
      for (int i = 0; i < steps; i++) {
        assertThat(session.step()).isFinite();
      }
      assertThat(session.liveArrays()).as("arrays held by %s after %d more steps", name, steps).isEqualTo(afterOne);
    }
  }
}
