package io.gpubench.examples.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.ParameterStore;
import io.gpubench.djl.training.TrainingObjective;
import io.gpubench.djl.training.TrainingSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The blocks DJL lacks compute what their PyTorch counterparts do. */
class BlocksTest {

  private NDManager manager;

  @BeforeEach
  void open() {
    manager = NDManager.newBaseManager();
    manager.getEngine().setRandomSeed(7);
  }

  @AfterEach
  void close() {
    manager.close();
  }

  private NDArray forward(Block block, NDArray... inputs) {
    Shape[] shapes = new Shape[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      shapes[i] = inputs[i].getShape();
    }
    block.initialize(manager, DataType.FLOAT32, shapes);
    return block.forward(new ParameterStore(manager, false), new NDList(inputs), false).singletonOrThrow();
  }

  @Test
  void theVitTokensAreInitialisedInTheTypeAskedForSoThatItTrainsInFp16() {
    NDArray half = VisionTransformer.truncatedNormal(0.02f).initialize(manager, new Shape(1, 5, 8), DataType.FLOAT16);
    assertThat(half.getDataType()).isEqualTo(DataType.FLOAT16);
    assertThat(half.toType(DataType.FLOAT32, false).abs().max().getFloat()).isLessThanOrEqualTo(0.04f);

    // A small ViT, one FP16 step on the CPU: DJL's own initializer left its tokens FP32 and the first layer norm
    // refused the mix ("mixed dtype (CPU)"; "expected scalar type Float but found Half" on a GPU).
    VisionTransformer vit = new VisionTransformer(4, 8, 1, 2, 2, 3);
    try (TrainingSession session = TrainingSession.start("vit-small", vit,
        TrainingObjective.classification(new Shape(3, 8, 8), 3), 2, Device.cpu(), DataType.FLOAT16)) {
      assertThat(session.step()).isFinite();
      assertThat(vit.getParameters().get("pos_embed").getArray().getDataType()).isEqualTo(DataType.FLOAT16);
    }
  }

  @Test
  void groupNormGivesEachGroupZeroMeanAndUnitVarianceThenScalesPerChannel() {
    GroupNorm norm = new GroupNorm(2);
    NDArray x = manager.randomNormal(3f, 5f, new Shape(2, 4, 3, 3), DataType.FLOAT32);
    NDArray y = forward(norm, x);
    NDArray groups = y.reshape(2, 2, -1);
    assertThat(groups.mean(new int[] {2}).abs().max().getFloat()).isLessThan(1e-4f);
    assertThat(groups.sub(groups.mean(new int[] {2}, true)).square().mean(new int[] {2}).sub(1).abs().max()
        .getFloat()).isLessThan(1e-3f);
    // gamma 2 on channel 1, beta 3 on channel 2
    norm.getParameters().get("gamma").getArray().set(new float[] {1, 2, 1, 1});
    norm.getParameters().get("beta").getArray().set(new float[] {0, 0, 3, 0});
    NDArray z = norm.forward(new ParameterStore(manager, false), new NDList(x), false).singletonOrThrow();
    assertThat(z.get(":, 1").sub(y.get(":, 1").mul(2)).abs().max().getFloat()).isLessThan(1e-5f);
    assertThat(z.get(":, 2").sub(y.get(":, 2").add(3)).abs().max().getFloat()).isLessThan(1e-5f);
  }

  @Test
  void groupNormRefusesChannelsThatDoNotSplitEvenly() {
    assertThatThrownBy(() -> forward(new GroupNorm(8), manager.zeros(new Shape(1, 12, 2, 2))))
        .hasMessageContaining("12 channels");
  }

  @Test
  void upConvPlacesEachPixelsKernelInItsOwnPatch() {
    UpConv up = new UpConv(3, 2);
    NDArray x = manager.randomNormal(new Shape(2, 4, 3, 5));
    NDArray y = forward(up, x);
    assertThat(y.getShape()).isEqualTo(new Shape(2, 3, 6, 10));
    float[] in = x.toFloatArray();
    float[] w = up.getParameters().get("weight").getArray().toFloatArray(); // (4, 3, 2, 2)
    float[] b = up.getParameters().get("bias").getArray().toFloatArray();
    float[] out = y.toFloatArray();
    for (int n = 0; n < 2; n++) {
      for (int o = 0; o < 3; o++) {
        for (int i = 0; i < 6; i++) {
          for (int j = 0; j < 10; j++) {
            double expected = b[o];
            for (int c = 0; c < 4; c++) {
              expected += in[((n * 4 + c) * 3 + i / 2) * 5 + j / 2] * w[((c * 3 + o) * 2 + i % 2) * 2 + j % 2];
            }
            assertThat(out[((n * 3 + o) * 6 + i) * 10 + j]).isCloseTo((float) expected, within(1e-4f));
          }
        }
      }
    }
  }

  @Test
  void selfAttentionIsEquivariantToTokenOrder() {
    SelfAttention attention = new SelfAttention(8, 2);
    NDArray x = manager.randomNormal(new Shape(1, 5, 8));
    NDArray y = forward(attention, x);
    NDArray order = manager.create(new long[] {4, 2, 0, 1, 3});
    NDArray permuted = attention.forward(new ParameterStore(manager, false), new NDList(x.get(":, {}", order)), false)
        .singletonOrThrow();
    assertThat(permuted.sub(y.get(":, {}", order)).abs().max().getFloat()).isLessThan(1e-5f);
    // and it mixes tokens: changing one token changes the others' outputs
    NDArray changed = x.duplicate();
    changed.set(new ai.djl.ndarray.index.NDIndex(":, 0"), 3f);
    NDArray z = attention.forward(new ParameterStore(manager, false), new NDList(changed), false).singletonOrThrow();
    assertThat(z.get(":, 1").sub(y.get(":, 1")).abs().max().getFloat()).isGreaterThan(1e-4f);
  }

  @Test
  void sinusoidalEmbeddingStartsWithSinesAndEndsWithCosines() {
    NDArray e = DiffusionUNet.sinusoidal(manager.create(new long[] {0, 10}), 8);
    assertThat(e.getShape()).isEqualTo(new Shape(2, 8));
    assertThat(e.get("0").toFloatArray()).containsExactly(0, 0, 0, 0, 1, 1, 1, 1);
    // frequency i is exp(-ln(10000) i / 3): at t = 10 the first pair is sin(10), cos(10)
    assertThat(e.getFloat(1, 0)).isCloseTo((float) Math.sin(10), within(1e-5f));
    assertThat(e.getFloat(1, 4)).isCloseTo((float) Math.cos(10), within(1e-5f));
    assertThat(e.getFloat(1, 3)).isCloseTo((float) Math.sin(10 * 1e-4), within(1e-6f));
  }

  @Test
  void modelsGiveTheOutputsTheirTasksNeed() {
    assertThat(forward(new UNet(21), manager.zeros(new Shape(1, 3, 32, 32))).getShape())
        .isEqualTo(new Shape(1, 21, 32, 32));
    assertThat(forward(new VisionTransformer(16, 32, 1, 2, 4, 10), manager.zeros(new Shape(2, 3, 32, 32))).getShape())
        .isEqualTo(new Shape(2, 10));
    DiffusionUNet ddpm = new DiffusionUNet(3, 16, new int[] {1, 2}, 16, 8, 32);
    assertThat(forward(ddpm, manager.zeros(new Shape(2, 3, 16, 16)), manager.create(new long[] {1, 999})).getShape())
        .isEqualTo(new Shape(2, 3, 16, 16));
    assertThatThrownBy(() -> forward(new UNet(2), manager.zeros(new Shape(1, 3, 20, 20))))
        .hasMessageContaining("multiples of 16");
  }
}
