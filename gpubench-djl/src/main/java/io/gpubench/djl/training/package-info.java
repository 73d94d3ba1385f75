/**
 * Training throughput on DJL, the reusable half of the GPU-Insights suite: a {@link
 * io.gpubench.djl.training.TrainingSession} runs one SGD step at a time on synthetic data made once and kept on
 * the device, scoping every step's arrays so that memory stays flat; {@link io.gpubench.djl.training.TrainingObjective}
 * says what the data and loss are (classification, per-pixel segmentation, diffusion noise prediction). The batch
 * size is the case's {@code batch} axis: GPU-Insights' figures for a GPU are reproduced by giving its batch as a
 * shape ({@code gpubench.shapes.ResNet50TrainingBenchmark=batch=1024}). The GPU-Insights score and export live with
 * the examples ({@code io.gpubench.examples.gpuinsights}).
 */
package io.gpubench.djl.training;
