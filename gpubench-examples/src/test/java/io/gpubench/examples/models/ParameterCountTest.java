package io.gpubench.examples.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.nn.Block;
import io.gpubench.djl.training.ParameterCount;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Our DJL blocks have the sizes GPU-Insights publishes for its PyTorch models, within 1%. */
class ParameterCountTest {

  @ParameterizedTest
  @EnumSource(GpuInsightsModel.class)
  void matchesThePublishedCount(GpuInsightsModel model) {
    try (NDManager manager = NDManager.newBaseManager()) {
      Block block = model.newBlock();
      block.initialize(manager, DataType.FLOAT32, model.objective().inputShapes(1));
      long count = ParameterCount.trainable(block);
      assertThat((double) count)
          .as("%s has %d trainable parameters; GPU-Insights publishes %d", model.id(), count,
              model.publishedParameters())
          .isCloseTo(model.publishedParameters(), within(0.01 * model.publishedParameters()));
    }
  }
}
