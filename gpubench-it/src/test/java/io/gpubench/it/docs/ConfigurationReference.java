package io.gpubench.it.docs;

import io.gpubench.api.spi.SettingsKeys;
import io.gpubench.engine.config.Constants;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes {@code docs/configuration.md} from the code's own key list, so that the reference cannot drift from what
 * the engine accepts: the engine's keys and prefixes ({@link Constants#KEYS}, {@link Constants#KEY_PREFIXES}), the
 * keys of the components on the class path ({@link SettingsKeys}, found as the engine finds them), and the keys of
 * the other gpubench tools ({@link Constants#TOOL_KEYS}). Each key is described by the Javadoc of the constant that
 * holds it, read from the sources; a component key whose constant says nothing of use gets its line from
 * {@link #NOTES}. {@code ConfigurationReferenceTest} fails when the file is stale, with the command that rewrites it.
 */
final class ConfigurationReference {

  /** Where the reference lives, from the repository root. */
  static final String FILE = "docs/configuration.md";

  /** The command that rewrites it, for the stale test's message and the file's header. */
  static final String REGENERATE = "mvn -o -q -pl gpubench-it test -DskipITs -Dtest=ConfigurationReferenceTest "
      + "-Ddocs.regenerate=true";

  // The component keys whose constant is only a name; everything else comes from the code's Javadoc.
  private static final Map<String, String> NOTES = Map.of(
      "gpubench.cuda.peaks", "Roofline peaks of CUDA devices: `datasheet` (the default; measured for a GPU not in the"
          + " table), `measured` (a probe after the first case's trials, at most once a device and run), `none`.",
      "gpubench.cuda.workspace-mb", "The cuBLASLt workspace of a CUDA case, in MiB.",
      "gpubench.djl.onednn", "PyTorch's oneDNN kernels on the CPU: `auto` (the default) turns them off where the CPU"
          + " reports no cache sizes (some VMs: oneDNN then divides by zero in a convolution's backward pass and the"
          + " JVM dies), `on`, `off`; the results record it.");

  private static final Pattern CONSTANT = Pattern.compile(
      "/\\*\\*((?:(?!\\*/).)*)\\*/\\s*(?:public |protected |private )?(?:static final |final static )String (\\w+) = "
          + "(PREFIX \\+ )?\"([^\"]+)\";", Pattern.DOTALL);

  private final Path root;

  ConfigurationReference(Path root) {
    this.root = root;
  }

  /** The reference as it should read now. */
  String render() throws IOException {
    Map<String, String> engineDocs = javadocOfConstants(root.resolve(
        "gpubench-engine/src/main/java/io/gpubench/engine/config/Constants.java"));
    StringBuilder md = new StringBuilder();
    md.append("# Configuration reference\n\n")
        .append("<!-- Generated from the code's key list by gpubench-it's ConfigurationReference; do not edit.\n")
        .append("     Rewrite it with: ").append(REGENERATE).append(" -->\n\n")
        .append("Every key is a JUnit Platform configuration parameter: set it in Surefire's "
            + "`<configurationParameters>`, in `junit-platform.properties`, with `--config key=value` on the console "
            + "launcher, or as `-Dkey=value` on the Maven command line (Surefire passes it to the test JVM).\n\n")
        .append("Every key and value is checked when the run starts: an unknown `gpubench.` key (`gpubench.profil`), "
            + "a value its key does not take (`gpubench.trials.max=-1`, `gpubench.cache=lukewarm`, "
            + "`gpubench.summary=maybe`) or a selecting value that matches nothing the run's classes declare "
            + "(`gpubench.backends=cdua`, `gpubench.profile=ful`, a `gpubench.shapes.<Class>` naming no class of the "
            + "run) fails every class of the run, naming the key, the value and the nearest known name. Code of your "
            + "own that reads `gpubench.` keys declares them with `io.gpubench.api.spi.SettingsKeys` (as gpubench-cuda "
            + "and gpubench-djl do, below).\n\n");

    md.append("## The engine's keys\n\n").append("From `io.gpubench.engine.config.Constants`.\n\n")
        .append("| key | what it does, and its default |\n|---|---|\n");
    for (String key : Constants.KEYS) {
      md.append("| `").append(key).append("` | ").append(required(engineDocs, key)).append(" |\n");
    }
    md.append("\n## Keys under a prefix\n\n| keys | what they do |\n|---|---|\n");
    for (String prefix : Constants.KEY_PREFIXES) {
      md.append("| `").append(prefix).append("<...>` | ").append(required(engineDocs, prefix)).append(" |\n");
    }

    md.append("\n## Keys of the components\n\n").append("Accepted where the component is on the test class path "
        + "(each lists them in a `SettingsKeys` implementation).\n\n")
        .append("| key | component | what it does |\n|---|---|---|\n");
    Map<String, String> componentDocs = javadocOfAllConstants();
    List<SettingsKeys> components = new ArrayList<>();
    ServiceLoader.load(SettingsKeys.class, getClass().getClassLoader()).forEach(components::add);
    components.sort(Comparator.comparing(c -> c.getClass().getName()));
    for (SettingsKeys component : components) {
      for (String k : new java.util.TreeSet<>(component.keys())) {
        String key = Constants.PREFIX + k;
        String text = NOTES.getOrDefault(key, componentDocs.getOrDefault(key,
            "read by `" + component.getClass().getName() + "`; see its Javadoc"));
        md.append("| `").append(key).append("` | ").append(module(component)).append(" | ").append(text)
            .append(" |\n");
      }
    }

    md.append("\n## Keys of the other gpubench tools\n\n")
        .append("The Maven plugin's parameters ([maven-plugin.md](maven-plugin.md)) and the switch of the report's "
            + "browser tests. They reach the test JVM when set on the Maven command line; the engine ignores them "
            + "and does not take them for typos.\n\n");
    for (String key : Constants.TOOL_KEYS.stream().sorted().toList()) {
      md.append("- `").append(key).append("`\n");
    }
    return md.toString();
  }

  private static String module(SettingsKeys component) {
    String name = component.getClass().getName();
    if (name.startsWith("io.gpubench.cuda")) {
      return "gpubench-cuda";
    }
    if (name.startsWith("io.gpubench.djl")) {
      return "gpubench-djl";
    }
    return "`" + name + "`";
  }

  private static String required(Map<String, String> docs, String key) {
    String text = docs.get(key);
    if (text == null) {
      throw new IllegalStateException("Constants has no Javadoc'd constant for " + key);
    }
    return text;
  }

  /** Javadoc of each String constant of one source file, by its value ({@code PREFIX + "x"} read as gpubench.x). */
  private static Map<String, String> javadocOfConstants(Path source) throws IOException {
    Map<String, String> values = constantValues(Constants.class);
    Map<String, String> docs = new LinkedHashMap<>();
    Matcher m = CONSTANT.matcher(Files.readString(source, StandardCharsets.UTF_8));
    while (m.find()) {
      String value = (m.group(3) != null ? Constants.PREFIX : "") + m.group(4);
      docs.put(value, JavadocText.markdown(m.group(1), values::get));
    }
    return docs;
  }

  /** Javadoc of every String constant in the main sources of the components, by value, with the prefix. */
  private Map<String, String> javadocOfAllConstants() throws IOException {
    Map<String, String> docs = new TreeMap<>();
    for (String module : List.of("gpubench-cuda", "gpubench-djl")) {
      try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = CONSTANT.matcher(Files.readString(f, StandardCharsets.UTF_8));
          while (m.find()) {
            String value = m.group(4).startsWith(Constants.PREFIX) ? m.group(4) : Constants.PREFIX + m.group(4);
            docs.putIfAbsent(value, JavadocText.markdown(m.group(1), x -> x));
          }
        }
      }
    }
    return docs;
  }

  private static Map<String, String> constantValues(Class<?> type) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Field f : type.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        try {
          values.put(f.getName(), (String) f.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return values;
  }

  /** The reference, for tests that only read it. */
  String renderUnchecked() {
    try {
      return render();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Rewrites the file. */
  void write() {
    try {
      Files.writeString(root.resolve(FILE), render(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
