package io.gpubench.engine.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * Surefire's {@code -Dtest} patterns, read so that a case can be selected by its name. Surefire selects a test by the
 * method name of its {@link org.junit.platform.engine.support.descriptor.MethodSource} alone
 * ({@code TestMethodFilter}, after discovery), and a case's method name is its workload's, so {@code -Dtest=Class#gemm}
 * selects every case of {@code gemm}; no method name can also carry the case and still match {@code #gemm} exactly.
 * So the engine reads the patterns (Surefire passes {@code -Dtest} to the test JVM as the system property
 * {@code test}, which JUnit's configuration parameters fall back to) and gives a case its display name as its method
 * name where a pattern names the case rather than its workload: {@code -Dtest='StencilBenchmark#separable*layout=col*'}
 * then matches {@code separable [h=8,w=16,layout=col, FP32, cpu]} and no other case. Surefire still makes the
 * selection; the engine only picks which of a case's two names it shows to Surefire's filter.
 *
 * <p>Read as Surefire reads them: patterns separated by commas (a case's name has commas, so a pattern writes them
 * as {@code *}), {@code !} for an exclusion, {@code Class#method} with {@code +} between methods, {@code *} and
 * {@code ?} wildcards (not across {@code /}), a class by simple name, path or {@code **}, and
 * {@code %regex[class#method]}.
 */
final class SurefireTests {

  /** Surefire's {@code test} parameter, as it reaches the test JVM. */
  static final String KEY = "test";

  private static final SurefireTests NONE = new SurefireTests(List.of());

  private final List<TestPattern> patterns;

  private SurefireTests(List<TestPattern> patterns) {
    this.patterns = patterns;
  }

  /**
   * The patterns of a run.
   *
   * @param p the run's parameters
   * @return the patterns; none where {@code test} is unset
   */
  static SurefireTests from(ConfigurationParameters p) {
    Optional<String> value = p == null ? Optional.empty() : p.get(KEY).filter(v -> !v.isBlank());
    return value.map(SurefireTests::parse).orElse(NONE);
  }

  static SurefireTests parse(String value) {
    List<TestPattern> patterns = new ArrayList<>();
    for (String raw : value.split(",")) {
      String t = raw.trim();
      boolean exclude = t.startsWith("!");
      if (exclude) {
        t = t.substring(1).trim();
      }
      if (t.isEmpty()) {
        continue;
      }
      TestPattern pattern = t.startsWith("%regex[") && t.endsWith("]")
          ? regex(t.substring("%regex[".length(), t.length() - 1), exclude)
          : ant(t, exclude);
      if (pattern != null) {
        patterns.add(pattern);
      }
    }
    return new SurefireTests(patterns);
  }

  /**
   * The method name a case shows Surefire: its display name where a pattern selects (or excludes) the case by that
   * name and none selects its workload by name; else the workload's name.
   *
   * @param type the benchmark class
   * @param workload the workload's name
   * @param displayName the case's display name
   * @return the name for the case's method source
   */
  String methodName(Class<?> type, String workload, String displayName) {
    String file = type.getName().replace('.', '/') + ".class";
    List<TestPattern> mine = patterns.stream().filter(p -> p.method() != null && p.matchesClass(file)).toList();
    boolean excludedByName = mine.stream().anyMatch(p -> p.exclude() && p.matchesMethod(displayName)
        && !p.matchesMethod(workload));
    if (excludedByName) {
      return displayName;
    }
    if (mine.stream().anyMatch(p -> !p.exclude() && p.matchesMethod(workload))) {
      return workload;
    }
    if (mine.stream().anyMatch(p -> !p.exclude() && p.matchesMethod(displayName))) {
      return displayName;
    }
    return workload;
  }

  /** One pattern: a class pattern and method patterns, each a compiled regular expression, null for "any". */
  private record TestPattern(boolean exclude, List<Pattern> classes, List<Pattern> method) {
    boolean matchesClass(String file) {
      return classes == null || classes.stream().anyMatch(c -> c.matcher(file).matches());
    }

    boolean matchesMethod(String name) {
      return method.stream().anyMatch(m -> m.matcher(name).matches());
    }
  }

  private static TestPattern regex(String body, boolean exclude) {
    int hash = body.indexOf('#');
    try {
      String cls = hash < 0 ? body : body.substring(0, hash);
      List<Pattern> classes = cls.isBlank() ? null : List.of(Pattern.compile(cls.trim()));
      List<Pattern> method = hash < 0 ? null : List.of(Pattern.compile(body.substring(hash + 1).trim()));
      return new TestPattern(exclude, classes, method);
    } catch (java.util.regex.PatternSyntaxException e) {
      return null; // Surefire itself reports a pattern it cannot compile
    }
  }

  private static TestPattern ant(String t, boolean exclude) {
    int hash = t.indexOf('#');
    String cls = (hash < 0 ? t : t.substring(0, hash)).trim();
    List<Pattern> classes = cls.isEmpty() ? null : classPatterns(cls);
    if (hash < 0) {
      return new TestPattern(exclude, classes, null);
    }
    List<Pattern> method = new ArrayList<>();
    for (String m : t.substring(hash + 1).split("\\+")) {
      if (!m.isBlank()) {
        method.add(Pattern.compile(antRegex(m.trim())));
      }
    }
    return new TestPattern(exclude, classes, method.isEmpty() ? null : method);
  }

  /** As Surefire turns a class pattern into paths: {@code .java} read as {@code .class}, dots as folders, {@code **}. */
  private static List<Pattern> classPatterns(String cls) {
    String path = cls.endsWith(".java") ? cls.substring(0, cls.length() - 5) + ".class" : cls;
    if (!path.contains("/")) {
      if (path.endsWith(".class")) {
        path = path.substring(0, path.length() - 6).replace('.', '/') + ".class";
      } else if (path.endsWith(".*")) {
        path = path.substring(0, path.length() - 2).replace('.', '/') + ".*";
      } else {
        path = path.replace('.', '/');
      }
    }
    if (!path.startsWith("**/")) {
      path = "**/" + path;
    }
    List<Pattern> out = new ArrayList<>();
    if (!path.endsWith(".class") && !path.endsWith(".*")) {
      out.add(Pattern.compile(antRegex(path + ".class")));
    }
    out.add(Pattern.compile(antRegex(path)));
    return out;
  }

  /** An Ant path pattern as a regular expression: {@code **} any folders, {@code *} and {@code ?} within one. */
  private static String antRegex(String ant) {
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < ant.length(); i++) {
      char c = ant.charAt(i);
      if (ant.startsWith("**/", i)) {
        re.append("(?:.*/)?");
        i += 2;
      } else if (ant.startsWith("**", i)) {
        re.append(".*");
        i++;
      } else if (c == '*') {
        re.append("[^/]*");
      } else if (c == '?') {
        re.append("[^/]");
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return re.toString();
  }
}
