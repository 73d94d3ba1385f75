package examples;

import io.gpubench.api.spi.SettingsKeys;
import java.util.Set;

/**
 * The fixtures' own keys, declared so that the engine accepts them as any component's: the folder the world fixtures'
 * ranks write to, and what the fake GPU of the recording fixtures does.
 */
public final class FixtureKeys implements SettingsKeys {

  /** For {@link java.util.ServiceLoader}. */
  public FixtureKeys() {}

  @Override
  public Set<String> keys() {
    return Set.of(examples.worlds.RankFiles.KEY.substring("gpubench.".length()), "test.fake-gpu",
        examples.forks.TwoLevels.KEY.substring("gpubench.".length()),
        examples.wire.BootstrapStandIn.KEY.substring("gpubench.".length()));
  }
}
