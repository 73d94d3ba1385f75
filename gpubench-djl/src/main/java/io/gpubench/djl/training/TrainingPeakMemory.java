package io.gpubench.djl.training;

import ai.djl.Device;
import ai.djl.engine.EngineException;
import ai.djl.ndarray.types.DataType;
import ai.djl.nn.Block;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * Measures a model's peak memory at a batch size by training it: a fresh session, two steps (the second is the
 * steady state, with gradients and optimizer state in place), the device's peak read, the session closed.
 */
public final class TrainingPeakMemory implements AutoBatchSize.PeakMemory {

  private final String name;
  private final Supplier<Block> blocks;
  private final TrainingObjective objective;
  private final Device device;
  private final DataType dataType;
  private final DeviceMemory memory;

  /**
   * Makes the measurement.
   *
   * @param name the model's name
   * @param blocks makes a new, uninitialised block of the model for each probe
   * @param objective what it trains on
   * @param device where
   * @param dataType in which type
   * @param memory the device's memory
   */
  public TrainingPeakMemory(
      String name, Supplier<Block> blocks, TrainingObjective objective, Device device, DataType dataType,
      DeviceMemory memory) {
    this.name = name;
    this.blocks = blocks;
    this.objective = objective;
    this.device = device;
    this.dataType = dataType;
    this.memory = memory;
  }

  @Override
  public OptionalLong at(int batch) {
    memory.resetPeak();
    try (TrainingSession session = TrainingSession.start(name, blocks.get(), objective, batch, device, dataType)) {
      session.step();
      session.step();
      return OptionalLong.of(memory.peakBytes());
    } catch (EngineException e) {
      String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
      if (message.contains("out of memory")) {
        return OptionalLong.empty();
      }
      throw e;
    }
  }
}
