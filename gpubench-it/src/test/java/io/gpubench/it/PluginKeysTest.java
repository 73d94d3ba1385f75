package io.gpubench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.engine.config.Constants;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Maven plugin's properties are set on the same command line as the tests' ({@code mvn verify
 * -Dgpubench.failOnRegression=false}) and Surefire passes them to the test JVM, where the engine fails on any
 * {@code gpubench.} key it does not know. So every property the plugin reads must be in the engine's
 * {@link Constants#TOOL_KEYS} (or be an engine key): add a new plugin parameter's property there.
 */
class PluginKeysTest {

  @Test
  void everyPropertyThePluginReadsIsAKeyTheEngineKnows() throws IOException {
    TreeSet<String> properties = new TreeSet<>();
    for (URL url : Collections.list(getClass().getClassLoader().getResources("META-INF/maven/plugin.xml"))) {
      try (InputStream in = url.openStream()) {
        String xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        if (!xml.contains("<artifactId>gpubench-maven-plugin</artifactId>")) {
          continue;
        }
        Matcher m = Pattern.compile("\\$\\{(gpubench\\.[^}]+)}").matcher(xml);
        while (m.find()) {
          properties.add(m.group(1));
        }
      }
    }
    assertThat(properties).as("the plugin's descriptor was found and names properties").isNotEmpty();

    List<String> unknown = properties.stream()
        .filter(p -> !Constants.TOOL_KEYS.contains(p) && !Constants.KEYS.contains(p)).toList();
    assertThat(unknown).as("plugin properties missing from Constants.TOOL_KEYS").isEmpty();
  }
}
