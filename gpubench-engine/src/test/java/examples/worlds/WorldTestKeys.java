package examples.worlds;

import io.gpubench.api.spi.SettingsKeys;
import java.util.Set;

/** The world fixtures' own key (the folder their ranks write to), declared so that the engine accepts it. */
public final class WorldTestKeys implements SettingsKeys {

  /** For {@link java.util.ServiceLoader}. */
  public WorldTestKeys() {}

  @Override
  public Set<String> keys() {
    return Set.of(RankFiles.KEY.substring("gpubench.".length()));
  }
}
