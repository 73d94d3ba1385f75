package io.gpubench.it.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.engine.config.Constants;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/configuration.md} is what {@link ConfigurationReference} makes from the code's key list now: a key
 * added to {@code Constants} or to a component's {@code SettingsKeys}, or a changed Javadoc, fails this test until
 * the file is rewritten with {@value ConfigurationReference#REGENERATE} (which this test runs when
 * {@code -Ddocs.regenerate=true} is given).
 */
class ConfigurationReferenceTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theConfigurationReferenceIsGeneratedFromTheKeysTheEngineAccepts() throws Exception {
    ConfigurationReference reference = new ConfigurationReference(ROOT);
    if (Boolean.getBoolean("docs.regenerate")) {
      reference.write();
    }
    String expected = reference.render();
    Path file = ROOT.resolve(ConfigurationReference.FILE);
    String actual = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "(no file)";
    assertThat(actual).as(ConfigurationReference.FILE + " is stale (a key or its Javadoc changed): rewrite it with "
        + ConfigurationReference.REGENERATE).isEqualTo(expected);
  }

  @Test
  void everyKeyTheEngineReadsIsInTheReference() {
    String md = new ConfigurationReference(ROOT).renderUnchecked();
    for (String key : Constants.KEYS) {
      assertThat(md).contains("| `" + key + "` |");
    }
    // the components on this class path: gpubench-cuda's and gpubench-djl's keys
    assertThat(md).contains("| `gpubench.cuda.peaks` | gpubench-cuda |", "| `gpubench.djl.onednn` | gpubench-djl |");
  }
}
