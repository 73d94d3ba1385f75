/**
 * What the engine and the process that runs benchmark code say to each other about one case, step by step. The
 * engine drives: it asks for a step, the runner does it and answers with figures (times, error statistics,
 * telemetry) or a {@link io.gpubench.engine.protocol.Failure}; the engine decides every verdict from the figures.
 * The same steps run in the build's JVM ({@code gpubench.fork=none}) or in a worker process, where they travel as
 * JSON frames over a loopback socket ({@link io.gpubench.engine.protocol.Frames}).
 */
package io.gpubench.engine.protocol;
