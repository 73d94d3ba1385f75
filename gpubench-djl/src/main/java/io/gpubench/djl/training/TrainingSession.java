package io.gpubench.djl.training;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.nn.Block;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;

/**
 * A model being trained for throughput: a DJL trainer with plain SGD, and a synthetic data set made once on the
 * device. {@link #step()} runs one forward, backward and update, and returns only when the device has finished it.
 *
 * <p>The update is {@link DirectSgd} (two kernels per parameter, gradients then released as eager PyTorch's
 * {@code zero_grad()} does) rather than DJL's {@code Trainer.step()} (six, with two allocations, and gradients zeroed):
 * the same arithmetic. {@code -D}{@value #SGD_PROPERTY}{@code =direct-zero} zeroes the gradients as DJL does and
 * {@code =djl} uses DJL's step, to compare.
 *
 * <p>Memory stays flat however many steps run: a DJL op's output belongs to the manager of its first input, so each
 * step opens a sub-manager, temporarily attaches the stored data to it, and closes it once the update is queued,
 * freeing every intermediate, gradient-graph and loss array the step made; the data returns to its long-lived
 * manager. The close comes before the step waits for the device, so that the host frees the step's arrays (one JNI
 * call each, a few thousand in the larger models) while the device still runs the step: PyTorch's caching allocator
 * gives memory freed on a stream only to work queued after it on that stream, so the running kernels are safe.
 *
 * <p>Synchronisation: DJL has no device synchronise, so {@link #step()} reads the loss to the host after the
 * optimizer update. PyTorch copies a scalar to the host on the compute stream and waits for that stream, and the
 * update's kernels were queued on it before the copy, so the read returns only after the whole step has run. The time
 * the host needed to get there, against the whole step, is the session's {@link #profile()}.
 */
public final class TrainingSession implements AutoCloseable {

  /** GPU-Insights trains with SGD at this learning rate. */
  public static final float LEARNING_RATE = 1e-3f;

  /**
   * The system property that picks the weight update: {@code direct} (the default, {@link DirectSgd}, gradients
   * released), {@code direct-zero} (the same, gradients zeroed in place as DJL does) or {@code djl} (DJL's
   * {@code Trainer.step()}).
   */
  public static final String SGD_PROPERTY = io.gpubench.djl.DjlSettingsKeys.TRAINING_SGD;

  private final Model model;
  private final Trainer trainer;
  private final TrainingObjective objective;
  private final NDManager dataManager;
  private final SyntheticBatch data;
  private final int batch;
  private final DataType dataType;
  private final DirectSgd sgd;
  private final StepClock clock = new StepClock();

  private TrainingSession(
      Model model, Trainer trainer, TrainingObjective objective, NDManager dataManager, SyntheticBatch data, int batch,
      DataType dataType, DirectSgd sgd) {
    this.model = model;
    this.trainer = trainer;
    this.sgd = sgd;
    this.objective = objective;
    this.dataManager = dataManager;
    this.data = data;
    this.batch = batch;
    this.dataType = dataType;
  }

  /**
   * Builds the model on the device, initialises its parameters in the compute type and makes the data set.
   *
   * @param name the model's name, for DJL
   * @param block the uninitialised block
   * @param objective what it is trained to do
   * @param batch the batch size
   * @param device where it runs
   * @param dataType the compute type: {@link DataType#FLOAT32} or {@link DataType#FLOAT16} (weights, activations and
   *     gradients all in that type: DJL has no mixed precision)
   * @return the session, which the caller closes
   * @throws IllegalArgumentException for a batch below 1, a type other than those two, or a bad {@value #SGD_PROPERTY}
   */
  public static TrainingSession start(
      String name, Block block, TrainingObjective objective, int batch, Device device, DataType dataType) {
    String sgd = System.getProperty(SGD_PROPERTY, "direct").trim();
    DirectSgd.GradientReset reset;
    switch (sgd) {
      case "direct":
        reset = DirectSgd.GradientReset.RELEASE;
        break;
      case "direct-zero":
        reset = DirectSgd.GradientReset.ZERO;
        break;
      case "djl":
        reset = null;
        break;
      default:
        throw new IllegalArgumentException("system property " + SGD_PROPERTY + " = \"" + sgd + "\" is invalid: use"
            + " direct (the default), direct-zero or djl");
    }
    return start(name, block, objective, batch, device, dataType, reset);
  }

  /** As the public {@code start}, with the update given: the direct SGD's gradient reset, or null for DJL's. */
  static TrainingSession start(String name, Block block, TrainingObjective objective, int batch, Device device,
      DataType dataType, DirectSgd.GradientReset reset) {
    if (batch < 1) {
      throw new IllegalArgumentException("batch size of " + name + " must be at least 1, got " + batch);
    }
    if (dataType != DataType.FLOAT32 && dataType != DataType.FLOAT16) {
      throw new IllegalArgumentException(
          "training " + name + " in " + dataType.name() + ": only FLOAT32 and FLOAT16 are supported through DJL");
    }
    Model model = Model.newInstance(name, device);
    try {
      model.setBlock(block);
      // Parameters are made in the compute type (Block.cast is not implemented in DJL 0.36).
      model.setDataType(dataType);
      DefaultTrainingConfig config = new DefaultTrainingConfig(new ObjectiveLoss(objective))
          .optOptimizer(Optimizer.sgd().setLearningRateTracker(Tracker.fixed(LEARNING_RATE)).build())
          .optDevices(new Device[] {device});
      Trainer trainer = model.newTrainer(config);
      trainer.initialize(objective.inputShapes(batch));
      NDManager dataManager = model.getNDManager().newSubManager(device);
      SyntheticBatch data = objective.synthesize(dataManager, batch, dataType);
      DirectSgd update = reset == null ? null : new DirectSgd(model.getBlock(), LEARNING_RATE, reset);
      return new TrainingSession(model, trainer, objective, dataManager, data, batch, dataType, update);
    } catch (RuntimeException e) {
      model.close();
      throw e;
    }
  }

  /**
   * Runs one training step and waits for the device to finish it.
   *
   * @return the step's loss
   * @throws IllegalStateException when the loss is not finite (the step diverged or the type overflowed)
   */
  public float step() {
    long start = System.nanoTime();
    NDArray loss;
    try (NDManager step = dataManager.newSubManager()) {
      NDList stored = data.all();
      step.tempAttachAll(stored.toArray(new NDArray[0]));
      SyntheticBatch inputs = objective.stepBatch(step, data);
      try (GradientCollector collector = trainer.newGradientCollector()) {
        NDList predictions = trainer.forward(inputs.inputs(), inputs.labels());
        loss = objective.loss(inputs.labels(), predictions);
        collector.backward(loss);
      }
      if (sgd != null) {
        sgd.step();
      } else {
        trainer.step();
      }
      if (clock.wantsArrayCount()) {
        clock.arraysPerStep(step.getManagedArrays().size());
      }
      // The loss outlives the step's manager, whose other arrays are freed now, before the wait: see the class comment.
      loss.attach(dataManager);
    }
    long queued = System.nanoTime();
    float value;
    try {
      // The blocking host read that ends the step; see the class comment.
      value = loss.getFloat();
    } finally {
      loss.close();
    }
    clock.record(queued - start, System.nanoTime() - start);
    if (!Float.isFinite(value)) {
      throw new IllegalStateException("training step of " + model.getName() + " (batch " + batch + ", " + dataType
          + ") gave a non-finite loss: " + value);
    }
    return value;
  }

  /**
   * Runs untimed steps for at least a time and a count, so that the steps after it run DJL's host code (the Java half
   * of every op) compiled by the JIT rather than interpreted: where a step is host-bound, as small models and FP16 are
   * on a fast GPU, its time falls while the JIT works (ViT-B/16's FP16 step on the H200, by a third).
   *
   * @param nanos the least time to spend
   * @param minSteps the fewest steps to run
   */
  public void warmUp(long nanos, int minSteps) {
    long start = System.nanoTime();
    for (int steps = 0; steps < minSteps || System.nanoTime() - start < nanos; steps++) {
      step();
    }
  }

  /**
   * How the recent steps' time divides between the host queueing the work and the whole step.
   *
   * @return the profile; zero steps before the first
   */
  public StepProfile profile() {
    return clock.profile();
  }

  /**
   * The trainable parameters of the model, as PyTorch's {@code sum(p.numel() for p in model.parameters())} counts
   * them: batch norm's running statistics are not parameters.
   *
   * @return the count
   */
  public long parameterCount() {
    return ParameterCount.trainable(model.getBlock());
  }

  /**
   * The arrays the model's managers hold now: parameters, gradients, optimizer state and the data set. A step that
   * leaks makes this grow.
   *
   * @return the count
   */
  public int liveArrays() {
    return model.getNDManager().getManagedArrays().size();
  }

  /**
   * The model's block, initialised.
   *
   * @return the block
   */
  public Block block() {
    return model.getBlock();
  }

  /**
   * The batch size.
   *
   * @return samples per step
   */
  public int batch() {
    return batch;
  }

  /**
   * The compute type.
   *
   * @return what weights, activations and gradients are stored in
   */
  public DataType dataType() {
    return dataType;
  }

  @Override
  public void close() {
    try {
      trainer.close();
    } finally {
      model.close();
    }
  }
}
