package io.gpubench.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.ConfigurationParameters;

/** Which launcher a run takes, and what of the Slurm keys it refuses. */
class LaunchSettingsTest {

  private static ConfigurationParameters params(Map<String, String> map) {
    return new ConfigurationParameters() {
      @Override
      public Optional<String> get(String key) {
        return Optional.ofNullable(map.get(key));
      }

      @Override
      public Optional<Boolean> getBoolean(String key) {
        return get(key).map(Boolean::parseBoolean);
      }

      @Override
      public Set<String> keySet() {
        return map.keySet();
      }
    };
  }

  @Test
  void insideAnAllocationTheLauncherIsSlurmUnlessTheRunSaysOtherwise() {
    LaunchSettings inside = LaunchSettings.from(params(Map.of()), Map.of("SLURM_JOB_ID", "42"));
    assertThat(inside.kind()).isEqualTo(LaunchSettings.Kind.SLURM);
    assertThat(inside.auto()).isTrue();
    assertThat(LaunchSettings.from(params(Map.of()), Map.of()).kind()).isEqualTo(LaunchSettings.Kind.LOCAL);
    LaunchSettings local = LaunchSettings.from(params(Map.of(Constants.LAUNCHER, "local")), Map.of("SLURM_JOB_ID", "42"));
    assertThat(local.kind()).isEqualTo(LaunchSettings.Kind.LOCAL);
    assertThat(local.auto()).isFalse();
    assertThat(LaunchSettings.from(params(Map.of(Constants.LAUNCHER, "SLURM")), Map.of()).kind())
        .isEqualTo(LaunchSettings.Kind.SLURM);
  }

  @Test
  void aLauncherThatIsNotOneIsAnErrorNamingKeyValueAndChoices() {
    assertThatThrownBy(() -> LaunchSettings.from(params(Map.of(Constants.LAUNCHER, "slrum")), Map.of()))
        .isInstanceOf(InvalidDeclarationException.class)
        .hasMessageContaining("gpubench.launcher = \"slrum\" is invalid: it takes one of local, tcp, slurm")
        .hasMessageContaining("slurm");
  }

  @Test
  void srunOptionsAreSplitAndTheOnesTheLauncherSetsItselfAreRefused() {
    LaunchSettings s = LaunchSettings.from(params(Map.of(Constants.SLURM_SRUN_ARGS, " --partition=gpu  --overlap --ntasks-per-node=4 ",
        Constants.SLURM_SRUN, "/opt/slurm/bin/srun")), Map.of());
    assertThat(s.srunArgs()).isEqualTo(List.of("--partition=gpu", "--overlap", "--ntasks-per-node=4"));
    assertThat(s.srun()).isEqualTo("/opt/slurm/bin/srun");
    assertThatThrownBy(() -> LaunchSettings.from(params(Map.of(Constants.SLURM_SRUN_ARGS, "--ntasks=4")), Map.of()))
        .hasMessageContaining("gpubench.slurm.srunArgs = \"--ntasks=4\" is invalid: the launcher sets --ntasks=4"
            + " itself");
  }
}
