/**
 * GPU-Insights' training benchmark on DJL: its five models ({@link io.gpubench.examples.models.GpuInsightsModel}:
 * cnn, resnet50, vit, unet, ddpm) as DJL blocks, with the blocks DJL lacks ({@link
 * io.gpubench.examples.models.GroupNorm}, {@link io.gpubench.examples.models.SelfAttention}, {@link
 * io.gpubench.examples.models.UpConv}, the ViT, U-Net and diffusion U-Net), and {@link
 * io.gpubench.examples.models.TrainingCase}, which starts a {@link io.gpubench.djl.training.TrainingSession} for a
 * benchmark case. The benchmark classes ({@code *TrainingBenchmark} in the test sources) time one SGD step per call.
 *
 * <p>Run the smoke profile with {@code mvn verify}; the full one (GPU-Insights' default batch sizes) with
 * {@code mvn verify -Pfull -Dtest='*TrainingBenchmark'}. Put the results beside GPU-Insights' table with
 * {@code java -cp ... io.gpubench.examples.gpuinsights.GpuInsightsExport target/gpubench/results.json cpu
 * [benchmark-data.json]}.
 */
package io.gpubench.examples.models;
