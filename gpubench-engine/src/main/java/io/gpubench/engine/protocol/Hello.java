package io.gpubench.engine.protocol;

/**
 * A worker's first frame, {@link Control#HELLO}: which launch and rank it is, the proof that it was given the run's
 * secret, and the protocol version it speaks. The first four components are the same in every version, so that an
 * engine reads them from a worker of another version too: it authenticates it and then refuses it by its version,
 * naming both ({@link Frames#read}).
 *
 * @param version the protocol version the worker speaks
 * @param launch the launch's id, from its command line
 * @param rank its rank in the launch
 * @param proof the proof of the run's secret, which the hello never carries itself
 * @param pid the worker's process id
 * @param host the worker's host (a Slurm node's name, or this host's)
 * @param slurmStep the Slurm job and step the worker runs in, or empty outside Slurm
 */
public record Hello(int version, String launch, int rank, String proof, long pid, String host, String slurmStep) {}
