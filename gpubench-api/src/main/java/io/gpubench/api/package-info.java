/**
 * The contract between benchmark classes and the gpubench engine.
 *
 * <p>A benchmark class is annotated {@link io.gpubench.api.GpuBenchmark}; it declares its axes with
 * {@link io.gpubench.api.Shape} and {@link io.gpubench.api.Precisions}, its allowances with
 * {@link io.gpubench.api.Tolerance}, its trial limits with {@link io.gpubench.api.Trials} and its cost with
 * {@link io.gpubench.api.Cost}. Methods annotated {@link io.gpubench.api.Setup}, {@link io.gpubench.api.Measure},
 * {@link io.gpubench.api.Reference} and {@link io.gpubench.api.TearDown} make up one workload; a method annotated
 * {@link io.gpubench.api.Model} makes a DJL model workload. Each method receives a {@link io.gpubench.api.BenchContext}.
 */
package io.gpubench.api;
