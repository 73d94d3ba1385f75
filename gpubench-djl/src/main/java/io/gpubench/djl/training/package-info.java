/**
 * Training throughput on DJL, the reusable half of the GPU-Insights suite: a {@link
 * io.gpubench.djl.training.TrainingSession} runs one SGD step at a time on synthetic data made once and kept on
 * the device, scoping every step's arrays so that memory stays flat; {@link
 * io.gpubench.djl.training.TrainingObjective} says what the data and loss are (classification, per-pixel
 * segmentation, diffusion noise prediction); {@link io.gpubench.djl.training.AutoBatchSize} picks the largest
 * batch that fits the device; {@link io.gpubench.examples.gpuinsights.GpuInsightsScore} and {@link
 * io.gpubench.examples.gpuinsights.GpuInsightsExport} turn samples/s into GPU-Insights' score and its
 * {@code benchmark-data.json} entries.
 */
package io.gpubench.djl.training;
