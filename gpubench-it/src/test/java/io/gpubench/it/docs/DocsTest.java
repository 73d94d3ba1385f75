package io.gpubench.it.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.spi.SettingsKeys;
import io.gpubench.engine.config.KnownKeys;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README is a door and the guides behind it stay true: the README is short and quotes the two commands; every
 * relative link of the README and of every Markdown file under docs/ (whoever wrote it) reaches a file, and a
 * link's anchor a heading there; every guide is listed in docs/README.md; and every Maven command they quote names
 * modules, folders, profiles, plugin goals, configuration keys and a version that exist. (The README's Surefire
 * block and console recipe are run as written by the sample builds: setup-parent, invalid-class, console-launcher,
 * archetype.)
 */
class DocsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern VERSION = Pattern.compile("<version>([^<]+)</version>");

  @Test
  void theReadmeIsADoorOfAtMost200LinesWithTheTwoCommands() {
    String readme = MarkdownFiles.read(ROOT.resolve("README.md"));
    assertThat(readme.lines().count()).as("README.md lines (guides go under docs/)").isLessThanOrEqualTo(200);
    assertThat(readme).contains("```\nmvn -q -ntp install -DskipTests && mvn -ntp -f gpubench-examples verify\n```",
        "```\nmvn -ntp verify\n```", "](docs/README.md)");
  }

  @Test
  void everyRelativeLinkReachesAFileAndItsAnchorAHeading() {
    List<String> broken = new ArrayList<>();
    for (Path file : MarkdownFiles.all(ROOT)) {
      String md = MarkdownFiles.read(file);
      for (String target : MarkdownFiles.links(md)) {
        if (target.matches("^[a-z]+:.*")) {
          continue; // http(s), mailto: not this test's business (no network here)
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path to = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!Files.exists(to)) {
          broken.add(ROOT.relativize(file) + ": " + target + " (no such file)");
          continue;
        }
        if (hash >= 0 && to.toString().endsWith(".md")) {
          String anchor = target.substring(hash + 1);
          if (!MarkdownFiles.anchors(MarkdownFiles.read(to)).contains(anchor)) {
            broken.add(ROOT.relativize(file) + ": " + target + " (no heading #" + anchor + " in " + ROOT.relativize(to)
                + "; it has " + MarkdownFiles.anchors(MarkdownFiles.read(to)) + ")");
          }
        }
      }
    }
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  void everyGuideIsListedInTheIndex() {
    String index = MarkdownFiles.read(ROOT.resolve("docs/README.md"));
    List<String> unlisted = new ArrayList<>();
    for (Path file : MarkdownFiles.all(ROOT)) {
      Path rel = ROOT.resolve("docs").relativize(file);
      if (file.startsWith(ROOT.resolve("docs")) && !rel.toString().equals("README.md")
          && !index.contains("](" + rel.toString().replace('\\', '/') + ")")) {
        unlisted.add(rel.toString());
      }
    }
    assertThat(unlisted).as("guides under docs/ that docs/README.md does not list (add a line to its table)")
        .isEmpty();
  }

  @Test
  void everyQuotedMavenCommandNamesWhatExists() throws IOException {
    Set<String> modules = modules();
    Set<String> profiles = profiles();
    Set<String> goals = pluginGoals();
    KnownKeys keys = knownKeys();
    String version = projectVersion();
    List<String> wrong = new ArrayList<>();
    int commands = 0;
    for (Path file : MarkdownFiles.all(ROOT)) {
      for (String command : MarkdownFiles.mavenCommands(MarkdownFiles.read(file))) {
        commands++;
        String where = ROOT.relativize(file) + ": " + command + ": ";
        String[] words = command.split(" ");
        for (int i = 1; i < words.length; i++) {
          String w = words[i].replaceAll("^['\"]|['\"]$", "");
          if ((w.equals("-f") || w.equals("-pl")) && i + 1 < words.length) {
            for (String m : words[++i].split(",")) {
              if (w.equals("-f") ? !Files.exists(ROOT.resolve(m)) : !modules.contains(m)) {
                wrong.add(where + w + " " + m + " does not exist");
              }
            }
          } else if (w.startsWith("-P") && w.length() > 2 && !profiles.contains(w.substring(2))) {
            wrong.add(where + "no profile " + w.substring(2));
          } else if (w.startsWith("-Dgpubench.")) {
            String key = w.substring(2).split("=", 2)[0];
            if (!keys.known(key) && !key.equals("gpubench.training.cpu-fp16")) {
              wrong.add(where + "no key " + key + " (docs/configuration.md)");
            }
          } else if (w.startsWith("gpubench:") && !goals.contains(w.substring("gpubench:".length()))) {
            wrong.add(where + "the plugin has no goal " + w.substring("gpubench:".length()));
          } else if (w.startsWith("-DarchetypeVersion=") && !w.endsWith("=" + version)) {
            wrong.add(where + w + " is not this build's version " + version);
          }
        }
      }
    }
    assertThat(commands).as("Maven commands found").isGreaterThan(10);
    assertThat(wrong).isEmpty();
  }

  @Test
  void theVersionsTheReadmeQuotesAreThisBuilds() throws IOException {
    String version = projectVersion();
    String readme = MarkdownFiles.read(ROOT.resolve("README.md"));
    Matcher m = Pattern.compile("gpubench-maven-plugin</artifactId><version>([^<]+)</version>").matcher(readme);
    assertThat(m.find()).isTrue();
    assertThat(m.group(1)).isEqualTo(version);
  }

  private static String projectVersion() throws IOException {
    String pom = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
    Matcher m = VERSION.matcher(pom.substring(pom.indexOf("<artifactId>gpubench-parent</artifactId>")));
    assertThat(m.find()).isTrue();
    return m.group(1);
  }

  private static Set<String> modules() throws IOException {
    Set<String> modules = new TreeSet<>();
    Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(ROOT.resolve("pom.xml")));
    while (m.find()) {
      modules.add(m.group(1));
    }
    return modules;
  }

  private static Set<String> profiles() throws IOException {
    Set<String> profiles = new TreeSet<>();
    try (var poms = Files.walk(ROOT, 2)) {
      for (Path pom : poms.filter(p -> p.getFileName().toString().equals("pom.xml")).toList()) {
        Matcher m = Pattern.compile("<profile>\\s*(?:<!--.*?-->\\s*)*<id>([^<]+)</id>", Pattern.DOTALL)
            .matcher(Files.readString(pom));
        while (m.find()) {
          profiles.add(m.group(1));
        }
      }
    }
    return profiles;
  }

  private Set<String> pluginGoals() throws IOException {
    Set<String> goals = new TreeSet<>();
    for (URL url : Collections.list(getClass().getClassLoader().getResources("META-INF/maven/plugin.xml"))) {
      try (InputStream in = url.openStream()) {
        String xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        if (xml.contains("<artifactId>gpubench-maven-plugin</artifactId>")) {
          Matcher m = Pattern.compile("<goal>([^<]+)</goal>").matcher(xml);
          while (m.find()) {
            goals.add(m.group(1));
          }
        }
      }
    }
    assertThat(goals).as("the plugin's goals").contains("check");
    return goals;
  }

  private KnownKeys knownKeys() {
    List<String> declared = new ArrayList<>();
    ServiceLoader.load(SettingsKeys.class, getClass().getClassLoader()).forEach(k -> declared.addAll(k.keys()));
    return new KnownKeys(declared);
  }
}
