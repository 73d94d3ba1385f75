package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The world sizes a class's workloads run at: one case per size, each run by that many ranks at once, one worker
 * process per rank, rank r on device r of the world (the first {@code size} devices of the backend's family that
 * the run selects). Inside the workload, {@link BenchContext#rank()} and {@link BenchContext#worldSize()} say where
 * the code runs, and the backend's communicator between the ranks comes from {@link BenchContext#unwrap}: on CUDA
 * {@code ctx.unwrap(io.gpubench.cuda.nccl.Communicator.class)}, an NCCL communicator on the rank's GPU, made anew
 * for every case.
 *
 * <pre>{@code
 * @GpuBenchmark(backends = "cuda")
 * @Worlds({1, 2, 4, 8})                                   // a case per size this machine has the GPUs for
 * @Shape("mib=256")
 * @Cost(busBytes = "2*(w-1)/w * mib*1048576")              // w: the world size; nccl-tests' bus bytes of an all-reduce
 * public class AllReduceBenchmark {
 *   @Setup void setup(BenchContext ctx) {
 *     comm = ctx.unwrap(Communicator.class).orElseThrow();  // this rank of the world
 *     x = ctx.random("x" + ctx.rank(), n);                  // each rank its own input
 *     ...
 *   }
 *   @Measure void allreduce() { comm.allReduce(x, y, ReduceOp.SUM, stream); }
 * }
 * }</pre>
 *
 * <p>What the engine does for a world (as the kernel harness of the seeds does):
 * <ul>
 *   <li>a size the machine cannot hold is skipped with the reason ({@code world 4 needs 4 GPUs, 2 visible});</li>
 *   <li>the ranks' workers start together; every step of the case (set-up, the checked call, warm-up, trials, the
 *       last checks) is sent to every rank at once and ends when every rank has answered, and each trial is
 *       {@code synchronise, barrier, start, calls, synchronise, barrier, stop} on every rank, the barrier being the
 *       engine's own (not the communicator's). Rank 0's time is the one recorded;</li>
 *   <li>only rank 0's output is checked against the {@link Reference} (which runs on rank 0 alone), and every
 *       rank's inputs must be left unchanged;</li>
 *   <li>a rank that throws, dies or runs past its time limit fails the case; every rank of the world is stopped
 *       (its communicator aborted, its process ended) and the next case runs in new workers.</li>
 * </ul>
 *
 * <p>The run can replace the sizes: {@code gpubench.worlds=1,2} for every class that declares {@code @Worlds},
 * {@code gpubench.worlds.AllReduceBenchmark=2} for one (simple or qualified name). A class without
 * {@code @Worlds} runs on each device by itself, as before.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Worlds {

  /**
   * The world sizes, each at least 1, none twice.
   *
   * @return the sizes, in the order their cases run
   */
  int[] value();
}
