package io.gpubench.engine.config;

/**
 * Every configuration key the engine reads, with its default. Keys are JUnit Platform configuration parameters:
 * set them in Surefire's {@code <configurationParameters>}, in {@code junit-platform.properties}, with
 * {@code --config key=value} on the console launcher, or as {@code -Dkey=value} system properties.
 */
public final class Constants {

  /** Prefix of every key. */
  public static final String PREFIX = "gpubench.";

  /** Folder for results.json and the reports. Default: {@value #DEFAULT_OUTPUT_DIR}. */
  public static final String OUTPUT_DIR = PREFIX + "output-dir";

  /** Default of {@link #OUTPUT_DIR}, relative to the working directory (a Maven module's base directory). */
  public static final String DEFAULT_OUTPUT_DIR = "target/gpubench";

  /** Name of the results file inside the output folder. Default: {@code results.json}. */
  public static final String RESULTS_FILE = PREFIX + "results-file";

  /**
   * Comma-separated backend families or ids that cases are made for, narrowing what classes declare, e.g.
   * {@code cuda} or {@code cpu,cuda:1}. Default: empty, every declared backend.
   */
  public static final String BACKENDS = PREFIX + "backends";

  /** Comma-separated precisions that cases are made for, narrowing what classes declare. Default: all declared. */
  public static final String PRECISIONS = PREFIX + "precisions";

  /** The shapes profile, e.g. {@code default}, {@code smoke} or {@code full}. Default: {@code default}. */
  public static final String PROFILE = PREFIX + "profile";

  /**
   * Prefix of the keys that replace a class's shapes: {@code gpubench.shapes.GemmBenchmark=m=64,n=64;m=128,n=128}
   * (simple or fully qualified class name; shapes separated by {@code ;}).
   */
  public static final String SHAPES_PREFIX = PREFIX + "shapes.";

  /**
   * Prefix of the keys that replace the values of one axis, keeping the rest of the class's shapes:
   * {@code gpubench.axes.GemmBenchmark.layout=col} for one class (simple or fully qualified name),
   * {@code gpubench.axes.n=2^12..2^14} for every class of the run that has the axis. Values are written as
   * {@code @Shape} writes one axis's; a value the class does not declare is allowed, and the results name the axis
   * as overridden ({@code CaseResult.axisOverrides}). A class key wins over an axis key. An axis that no class of the
   * run has is an error naming the classes' axes.
   */
  public static final String AXES_PREFIX = PREFIX + "axes.";

  /**
   * Comma-separated names (simple or qualified, {@code *} wildcards) of classes declared
   * {@code enabledByDefault = false} to run anyway. Default: none.
   */
  public static final String INCLUDE = PREFIX + "include";

  /**
   * Comma-separated world sizes that replace the {@code @Worlds} of every class declaring it, e.g. {@code 1,2};
   * classes without {@code @Worlds} ignore it. Default: the declared sizes.
   */
  public static final String WORLDS = PREFIX + "worlds";

  /**
   * Prefix of the keys that replace one class's world sizes: {@code gpubench.worlds.AllReduceBenchmark=2} (simple or
   * fully qualified class name); an error for a class without {@code @Worlds}.
   */
  public static final String WORLDS_PREFIX = PREFIX + "worlds.";

  /** Overrides {@code @Trials(warmup)}. */
  public static final String TRIALS_WARMUP = PREFIX + "trials.warmup";

  /** Overrides {@code @Trials(min)}. */
  public static final String TRIALS_MIN = PREFIX + "trials.min";

  /** Overrides {@code @Trials(max)}. */
  public static final String TRIALS_MAX = PREFIX + "trials.max";

  /** Overrides {@code @Trials(targetRelativeHalfWidth)}. */
  public static final String TRIALS_TARGET = PREFIX + "trials.target";

  /** Overrides {@code @Trials(budgetSeconds)}. */
  public static final String TRIALS_BUDGET_SECONDS = PREFIX + "trials.budget-seconds";

  /** Overrides {@code @Trials(callsPerTrial)}: a number of calls, or {@code 0} / {@code auto} for the engine's choice. */
  public static final String TRIALS_CALLS_PER_TRIAL = PREFIX + "trials.calls-per-trial";

  /**
   * Overrides {@code @Trials(maxWarmupSeconds)}: the most seconds of warm-up rounds until the time per call is flat
   * and the JIT stops compiling, as a cap of its own (the budget then bounds the trials alone); {@code budget} for a
   * warm-up within the case's budget; {@code 0} for the declared warm-up calls only. Default: the class's, else
   * {@code budget}.
   */
  public static final String TRIALS_MAX_WARMUP_SECONDS = PREFIX + "trials.max-warmup-seconds";

  /** Overrides {@code @Trials(cache)}: {@code hot} or {@code cold}. */
  public static final String CACHE = PREFIX + "cache";

  /**
   * Overrides {@code @Trials(deviceTiming)}: how CUDA devices time trials, {@code auto} (by the length of a trial),
   * {@code events} (events around plain launches, the launch path included), {@code blocked} (calls queued behind
   * a blocking kernel) or {@code graph} (calls captured once into a CUDA graph and replayed). Default: the class's,
   * else {@code auto}. The CPU ignores it.
   */
  public static final String CUDA_TIMING = PREFIX + "cuda.timing";

  /** Seed of the inputs. Default: {@code 42}. */
  public static final String SEED = PREFIX + "seed";

  /** Telemetry sampling interval in milliseconds. Default: {@code 20}. */
  public static final String TELEMETRY_INTERVAL_MS = PREFIX + "telemetry.interval-ms";

  /** Whether to print the summary table at the end of the run. Default: {@code true}. */
  public static final String SUMMARY = PREFIX + "summary";

  /**
   * Whether to print progress lines (cases done of N, the last case, elapsed, estimate left): one every
   * {@code gpubench.progress.interval-seconds}, and for every case that did not pass. Default: {@code true}.
   */
  public static final String PROGRESS = PREFIX + "progress";

  /** Seconds between progress lines; {@code 0} prints one per case. Default: {@code 10}. */
  public static final String PROGRESS_INTERVAL_SECONDS = PREFIX + "progress.interval-seconds";

  /**
   * Whether cases run in parallel, each device being an exclusive resource. Default: {@code false}, since cases
   * sharing a host CPU disturb each other's timings.
   */
  public static final String PARALLEL_ENABLED = PREFIX + "parallel.enabled";

  /**
   * Prefix of the parallel pool's settings, the keys of JUnit's {@code ParallelExecutionConfiguration}:
   * {@code gpubench.parallel.config.strategy=fixed}, {@code gpubench.parallel.config.fixed.parallelism=4}.
   */
  public static final String PARALLEL_CONFIG_PREFIX = PREFIX + "parallel.config.";

  /**
   * Which process runs benchmark code: {@code device} (one worker per device for the run; the CPU's renewed for each
   * class), {@code class}, {@code case}, or {@code none} (the build's JVM, for a debugger; no time limits). Overrides
   * {@code @Fork}. Default: {@code device}.
   */
  public static final String FORK = PREFIX + "fork";

  /**
   * How many worker processes (forks) measure each case, one after the other, each with its own JIT profile and
   * warm-up; the case's interval spans them, so that it says what another run would give. Overrides
   * {@code @Fork(forks)}. Default: {@code 2} for CPU cases (one, saying so, where the first fork's calls take 100 ms
   * or more: a model's training step is its own work, not a JIT profile), {@code 1} for devices with their own timer
   * (a GPU's figure does not hang on a JIT profile, and a second process on a GPU would read as sharing it). Ignored
   * with {@code gpubench.fork=none}.
   */
  public static final String FORKS = PREFIX + "forks";

  /** JVM arguments of worker processes, space-separated, after the build JVM's own. Default: none. */
  public static final String FORK_JVM_ARGS = PREFIX + "fork.jvm-args";

  /**
   * The longest one step of a case may take in a worker before the worker is stopped with a thread dump and the case
   * fails. Overrides {@code @Fork(timeoutSeconds)}. Default: {@code 600}.
   */
  public static final String FORK_TIMEOUT_SECONDS = PREFIX + "fork.timeout-seconds";

  /** The longest a worker may take to start and connect. Default: {@code 120}. */
  public static final String FORK_START_TIMEOUT_SECONDS = PREFIX + "fork.start-timeout-seconds";

  /**
   * Overrides {@code @GpuBenchmark(audit)}: whether cases on a device that can audit (CUDA, through CUPTI) run one
   * more call after their trials under the kernel audit, {@code true} or {@code false}. Default: the class's, else
   * {@code true}.
   */
  public static final String AUDIT = PREFIX + "audit";

  /**
   * The cases whose timed trials are a profiler capture range ({@code cuProfilerStart} before the first trial,
   * {@code cuProfilerStop} after the last), so that {@code nsys profile --capture-range=cudaProfilerApi} records just
   * them: case patterns separated by whitespace, as the Maven plugin's rules write them
   * ({@code GemmBenchmark#matmul*[FP16]*}, {@code *[cuda:0]}), or {@code true} for every case. Default: none.
   */
  public static final String PROFILER_CAPTURE = PREFIX + "profiler.capture";

  /**
   * The cases whose timed trials are recorded by Java Flight Recorder into a file of their own
   * ({@code cases/<case>/trials.jfr} in the output folder, published to the test): for a case on the CPU its
   * computation, for a GPU case the host side of its trials (launches, the JNA path, the engine's loop). Case
   * patterns separated by whitespace, or {@code true} for every case. Default: none.
   */
  public static final String JFR = PREFIX + "jfr";

  /**
   * Which share of the suite this run is, {@code I/N} counted from 1 ({@code 1/3}, {@code 2/3}, {@code 3/3}): every
   * shard plans the whole suite the same way (cases by unique id, their planned seconds from
   * {@link #SHARD_TIMES} or their declared budgets, longest first onto the least-loaded shard; a world's cases kept
   * together) and runs its share. Unset: from a Slurm array task's {@code SLURM_ARRAY_TASK_ID},
   * {@code SLURM_ARRAY_TASK_MIN} and {@code SLURM_ARRAY_TASK_COUNT} where they are set, else the whole suite.
   * {@code 1/1} runs the whole suite inside an array task. See docs/shards.md.
   */
  public static final String SHARD = PREFIX + "shard";

  /**
   * The folder a sharded run writes its journal to, shared by the shards (a cluster's shared file system, or a CI
   * artifact folder): {@code shard-<I>-of-<N>-<runId>.jsonl}, so that shards never overwrite each other. Default:
   * {@value #DEFAULT_SHARD_DIR} under the working directory.
   */
  public static final String SHARD_DIR = PREFIX + "shard.dir";

  /** Default of {@link #SHARD_DIR}. */
  public static final String DEFAULT_SHARD_DIR = "target/gpubench/shards";

  /**
   * Recorded times to balance the shards by: a results file, a journal, or a folder of journals (an earlier sharded
   * run's {@link #SHARD_DIR}, an output folder) that every shard can read. A case found there is planned at the
   * seconds it took ({@code timing.spent.totalSeconds}); the others at their declared budget. Default: none.
   */
  public static final String SHARD_TIMES = PREFIX + "shard.times";

  /**
   * The id that the shards of one run of the suite share, recorded in each shard's journal so that journals of two
   * runs are never merged as one: default {@code SLURM_ARRAY_JOB_ID}, else {@code GITHUB_RUN_ID},
   * {@code CI_PIPELINE_ID}, else none. Give it again to run one shard again into the same run.
   */
  public static final String SHARD_RUN = PREFIX + "shard.run";

  /**
   * How worker processes start: {@code local} (child processes of the build's JVM over the loopback interface),
   * {@code slurm} (tasks of {@code srun} steps inside the build's allocation, on the nodes Slurm picks, connecting
   * back over TCP) or {@code tcp} (child processes over the Slurm launcher's TCP wire, to try that path without
   * Slurm). Default: {@code slurm} where {@code SLURM_JOB_ID} is set, else {@code local}. See docs/slurm.md.
   */
  public static final String LAUNCHER = PREFIX + "launcher";

  /**
   * Options added to every {@code srun} of the Slurm launcher, split on whitespace ({@code --partition=gpu
   * --cpus-per-task=8 --overlap}); the launcher sets the task count and the tasks' output itself. Default: none.
   */
  public static final String SLURM_SRUN_ARGS = PREFIX + "slurm.srunArgs";

  /**
   * The {@code srun} command of the Slurm launcher (a path where it is not on the PATH; the {@code scancel} that
   * asks a hung task for its thread dump is taken from the same folder). Default: {@code srun}.
   */
  public static final String SLURM_SRUN = PREFIX + "slurm.srun";

  /**
   * The interface (an address or host name of this machine) on which the engine listens for Slurm and TCP workers,
   * and which they connect to. Default: the address of this host's name, or its first non-loopback interface where
   * the name resolves to loopback. Local workers always connect over the loopback interface.
   */
  public static final String WIRE_ADDRESS = PREFIX + "wire.address";

  /**
   * Searches the largest batch that fits in memory for the cases it matches: a pattern ({@code *} wildcards) matched
   * against a case's id ({@code Class#workload[shape][precision][backend]}, the class simple or qualified) or its
   * display name; each matched case must have a {@code batch} axis. After the case runs as declared, tries at other
   * batches are measured in a fresh worker each (doubling, then halving the gap) until the largest batch whose peak
   * stays within {@code gpubench.fit.share} of the device's memory is found; the tries are reported beside the case and written
   * to {@code fit/} in the output folder, and no case's id or declared shape changes (the report prints the key and
   * the {@code @Shape} to pin). On a GPU the figure is the worker process's device memory (NVML); on the CPU its peak
   * resident set against the host's memory, the heap limit ending a try first with {@code OutOfMemoryError}. See
   * docs/memory.md. Default: none.
   */
  public static final String FIT = PREFIX + "fit";

  /**
   * The share of the device's memory that a batch found by {@code gpubench.fit} may reach at its peak, above 0 and at most 1.
   * Default: {@code 0.9}.
   */
  public static final String FIT_SHARE = PREFIX + "fit.share";

  /**
   * The most tries {@code gpubench.fit} measures for one case, at least 1: the search stops there
   * and says between which batches the largest lies. Default: {@code 12}.
   */
  public static final String FIT_MAX_TRIES = PREFIX + "fit.maxTries";

  /**
   * Every key above that takes one value: the single list of what the engine reads. A {@code gpubench.} key that is
   * not here, not under a prefix of {@link #KEY_PREFIXES}, not in {@link #TOOL_KEYS} and not declared by a component
   * on the class path ({@link io.gpubench.api.spi.SettingsKeys}) fails the run, naming the nearest known key. Add a
   * new key both as a constant and here (a test checks that every constant is listed).
   */
  public static final java.util.List<String> KEYS = java.util.List.of(OUTPUT_DIR, RESULTS_FILE, BACKENDS, PRECISIONS,
      PROFILE, WORLDS, INCLUDE, TRIALS_WARMUP, TRIALS_MIN, TRIALS_MAX, TRIALS_TARGET, TRIALS_BUDGET_SECONDS,
      TRIALS_CALLS_PER_TRIAL, TRIALS_MAX_WARMUP_SECONDS, CACHE, CUDA_TIMING, SEED, TELEMETRY_INTERVAL_MS, SUMMARY,
      PROGRESS, PROGRESS_INTERVAL_SECONDS, PARALLEL_ENABLED, FORK, FORKS, FORK_JVM_ARGS, FORK_TIMEOUT_SECONDS,
      FORK_START_TIMEOUT_SECONDS, AUDIT, PROFILER_CAPTURE, JFR,
      SHARD, SHARD_DIR, SHARD_TIMES, SHARD_RUN, LAUNCHER, SLURM_SRUN_ARGS, SLURM_SRUN, WIRE_ADDRESS, FIT, FIT_SHARE,
      FIT_MAX_TRIES);

  /** The prefixes under which any key is the engine's: per-class shapes, axes, worlds and JUnit's parallel settings. */
  public static final java.util.List<String> KEY_PREFIXES = java.util.List.of(SHAPES_PREFIX, AXES_PREFIX,
      WORLDS_PREFIX, PARALLEL_CONFIG_PREFIX);

  /**
   * Keys that other gpubench tools read, which reach the engine as system properties when set on the Maven command
   * line (Surefire passes {@code -D} properties to the test JVM): the Maven plugin's parameters, and the switches of
   * gpubench-results' browser tests and gpubench-history's PostgreSQL tests. The engine ignores them; listing them
   * keeps them from being taken for typos.
   * {@code gpubench-it}'s {@code PluginKeysTest} checks that every parameter of the plugin is here.
   */
  public static final java.util.List<String> TOOL_KEYS = java.util.List.of(
      PREFIX + "baseline", PREFIX + "compareBy", PREFIX + "environmentMismatch", PREFIX + "failOnAmbiguous",
      PREFIX + "failOnMissingBaseline", PREFIX + "failOnRegression", PREFIX + "haltOnFailure",
      PREFIX + "ignoredDetails", PREFIX + "maxGeomeanSlowdown", PREFIX + "minEffect", PREFIX + "replaceBaseline",
      PREFIX + "report.output", PREFIX + "report.results", PREFIX + "results", PREFIX + "significance",
      PREFIX + "skip", PREFIX + "summaryFile", PREFIX + "acceptFlagged", PREFIX + "baseline.maxRuns",
      PREFIX + "failOnIncomplete", PREFIX + "failOnNotPassed", PREFIX + "ab.baseline", PREFIX + "ab.engines",
      PREFIX + "ab.includes",
      PREFIX + "ab.jvmArgs", PREFIX + "ab.rounds", PREFIX + "ab.timeoutSeconds", PREFIX + "ab.work",
      PREFIX + "browserTests", PREFIX + "history", PREFIX + "history.server", PREFIX + "history.branch",
      PREFIX + "history.busyTimeout", PREFIX + "history.runs", PREFIX + "history.baselineBranch",
      PREFIX + "history.publish", PREFIX + "history.failOnError", PREFIX + "history.output",
      PREFIX + "history.commits", PREFIX + "postgresTests", PREFIX + "slurmTests",
      PREFIX + "failOnMissingShards");

  private Constants() {}
}
