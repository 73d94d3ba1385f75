/**
 * What the engine and the process that runs benchmark code say to each other about one case, step by step. The
 * engine drives: it asks for a step, the runner does it and answers with figures (times, error statistics,
 * telemetry) or a {@link io.gpubench.engine.protocol.Failure}; the engine decides every verdict from the figures.
 * The same steps run in the build's JVM ({@code gpubench.fork=none}) or in a worker process, where they travel as
 * binary frames over a socket ({@link io.gpubench.engine.protocol.Frames}): the loopback interface for a worker the
 * engine started, the engine's host for a Slurm task.
 */
package io.gpubench.engine.protocol;
