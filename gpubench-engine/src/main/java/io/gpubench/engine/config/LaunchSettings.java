package io.gpubench.engine.config;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * How the run starts its worker processes ({@link Constants#LAUNCHER}) and where they reach the engine.
 *
 * <p>{@link Kind#LOCAL}: child processes of the build's JVM, connecting to a port on the loopback interface.
 * {@link Kind#SLURM}: tasks of {@code srun} job steps inside the allocation the build runs in, on whatever nodes
 * Slurm picks, connecting back over TCP to the one interface they can reach ({@link Constants#WIRE_ADDRESS}).
 * {@link Kind#TCP}: child processes that take the Slurm launcher's wire (a non-loopback interface, their rank read
 * from the environment), so that the path can be tried on a host without Slurm. Unset, the launcher is {@code slurm}
 * where {@code SLURM_JOB_ID} is set (the build runs inside an allocation) and {@code local} elsewhere.
 *
 * @param kind the launcher
 * @param auto whether the kind was chosen from the environment rather than set
 * @param srun the {@code srun} command ({@link Constants#SLURM_SRUN})
 * @param srunArgs options added to every {@code srun} ({@link Constants#SLURM_SRUN_ARGS}), split on whitespace
 * @param wireAddress the interface the engine listens on for Slurm and TCP workers, when set
 */
public record LaunchSettings(Kind kind, boolean auto, String srun, List<String> srunArgs,
    Optional<String> wireAddress) {

  /** The launchers. */
  public enum Kind {
    /** Child processes over the loopback interface. */
    LOCAL,
    /** Child processes over the Slurm launcher's TCP wire. */
    TCP,
    /** Tasks of {@code srun} steps. */
    SLURM
  }

  /**
   * Copies the lists.
   *
   * @param kind kind
   * @param auto auto
   * @param srun srun
   * @param srunArgs srun options
   * @param wireAddress interface
   */
  public LaunchSettings {
    srunArgs = List.copyOf(srunArgs);
  }

  /** Local workers, as a run without any launch key has outside Slurm. */
  public static final LaunchSettings LOCAL = new LaunchSettings(Kind.LOCAL, true, "srun", List.of(), Optional.empty());

  /**
   * Reads the keys.
   *
   * @param p the run's parameters
   * @param environment the engine's environment ({@code SLURM_JOB_ID} decides an unset launcher)
   * @return the settings
   * @throws io.gpubench.engine.declaration.InvalidDeclarationException naming key, value and the choices
   */
  public static LaunchSettings from(ConfigurationParameters p, Map<String, String> environment) {
    ConfigValues v = new ConfigValues(p);
    Kind set = v.oneOf(Constants.LAUNCHER, Kind.class);
    String job = environment.get("SLURM_JOB_ID");
    Kind kind = set != null ? set : job != null && !job.isBlank() ? Kind.SLURM : Kind.LOCAL;
    List<String> args = v.get(Constants.SLURM_SRUN_ARGS)
        .map(a -> Arrays.stream(a.split("\\s+")).filter(s -> !s.isEmpty()).toList()).orElse(List.of());
    for (String a : args) {
      if (a.startsWith("--output") || a.startsWith("--error") || a.equals("--ntasks") || a.startsWith("--ntasks=")
          || a.startsWith("-n") && !a.startsWith("--") || a.startsWith("--input") || a.startsWith("--kill-on-bad-exit")) {
        throw ConfigValues.invalid(Constants.SLURM_SRUN_ARGS, String.join(" ", args), "the launcher sets " + a
            + " itself (one task per rank, each task's output in the workers' folder); leave it out");
      }
    }
    return new LaunchSettings(kind, set == null, v.string(Constants.SLURM_SRUN, "srun"), args,
        v.get(Constants.WIRE_ADDRESS));
  }

  /**
   * Whether workers connect over TCP to an interface other than loopback.
   *
   * @return true for the Slurm and TCP launchers
   */
  public boolean acrossHosts() {
    return kind != Kind.LOCAL;
  }
}
