package io.gpubench.engine.execution;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.result.CaseResult;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.Instrumentation;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.markdown.CaseReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * What the run records about each case besides its figures, decided here and carried out where the case runs: the
 * kernel audit after the trials ({@code @GpuBenchmark(audit)}, {@link Constants#AUDIT}), a profiler capture range
 * around the trials of the cases {@link Constants#PROFILER_CAPTURE} selects, a JFR recording of the trials of those
 * {@link Constants#JFR} selects; and, for a case that produced any of it, its own report. A case's files go to
 * {@code cases/<case>/} in the output folder, and are published to its test as file entries.
 */
public final class CaseRecording {
  /** The folder of the cases' files, in the output folder. */
  public static final String CASES = "cases";

  private final Instrumentation settings;
  private final Path cases;

  /**
   * Makes the run's recording.
   *
   * @param settings the run's keys
   * @param outputDir the output folder
   */
  public CaseRecording(Instrumentation settings, Path outputDir) {
    this.settings = settings;
    this.cases = outputDir.toAbsolutePath().resolve(CASES);
  }

  /**
   * The recording of a run that sets none of the keys: every class's own audit, nothing else.
   *
   * @param outputDir the output folder
   * @return the recording
   */
  public static CaseRecording defaults(Path outputDir) {
    Instrumentation.Selection none = new Instrumentation.Selection(Constants.JFR, false, List.of());
    return new CaseRecording(new Instrumentation(Optional.empty(), none, none), outputDir);
  }

  /**
   * The run's keys.
   *
   * @return the settings
   */
  public Instrumentation settings() {
    return settings;
  }

  /**
   * What records a case's trials. The case's folder is emptied of a previous run's files first: case by case, not
   * the whole {@code cases} folder at the start of a run, which Surefire's forks of one module share.
   *
   * @param spec the case
   * @return the request to the runner
   */
  public Steps.Instruments instruments(CaseSpec spec) {
    boolean capture = selects(settings.capture(), spec);
    boolean jfr = selects(settings.jfr(), spec);
    Path dir = directory(spec);
    clear(dir);
    return new Steps.Instruments(spec.id(), dir.toString(), capture, jfr);
  }

  private static void clear(Path dir) {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (var files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        if (!p.equals(dir)) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      System.err.println("gpubench: a previous run's files in " + dir + " could not be removed: " + e.getMessage());
    }
  }

  /**
   * Whether a case gets a kernel audit: the run's key where set, else its class's {@code @GpuBenchmark(audit)}.
   *
   * @param spec the case
   * @return the request, with the reason when off
   */
  public Steps.AuditRequest audit(CaseSpec spec) {
    if (settings.audit().isPresent()) {
      boolean on = settings.audit().get();
      return new Steps.AuditRequest(on, on ? null : "turned off: " + Constants.AUDIT + "=false");
    }
    GpuBenchmark declared = spec.declaration().type().getAnnotation(GpuBenchmark.class);
    if (declared != null && !declared.audit()) {
      return new Steps.AuditRequest(false, "turned off: @GpuBenchmark(audit = false) on "
          + spec.declaration().type().getSimpleName());
    }
    return new Steps.AuditRequest(true, null);
  }

  /**
   * Writes the case's own report beside its other files, when it has any of them or an audit, and lists it first.
   *
   * @param spec the case
   * @param result its result
   * @param files the files its runner made
   * @return the files to publish: the report, then the others; empty when the case produced nothing
   */
  public List<Steps.CaseFile> withReport(CaseSpec spec, CaseResult result, List<Steps.CaseFile> files) {
    if (files.isEmpty() && (result.audit() == null || result.audit().isSkipped())) {
      return files;
    }
    Path report = directory(spec).resolve("report.md");
    List<String> names = files.stream().map(f -> Path.of(f.path()).getFileName().toString()).toList();
    List<Steps.CaseFile> all = new ArrayList<>();
    try {
      ResultsFile.writeAtomically(report, CaseReport.render(result, names));
      all.add(new Steps.CaseFile(report.toString(), "text/markdown"));
    } catch (RuntimeException e) {
      System.err.println("gpubench: the report of " + spec.id() + " could not be written: " + e.getMessage());
    }
    all.addAll(files);
    return all;
  }

  /**
   * Whether a file is the case's own report.
   *
   * @param spec the case
   * @param file a file of the case
   * @return true for its {@code report.md}
   */
  public boolean isReport(CaseSpec spec, Steps.CaseFile file) {
    return Path.of(file.path()).equals(directory(spec).resolve("report.md"));
  }

  /**
   * The folder of a case's files: {@code cases/<SimpleClass>.<workload>-<shape>-<precision>-<backend>-<hash>}, the
   * hash of the full id keeping two classes of one simple name apart.
   *
   * @param spec the case
   * @return the folder, absolute
   */
  public Path directory(CaseSpec spec) {
    return cases.resolve(folderName(spec.declaration().type().getSimpleName(), spec.workload().name(),
        spec.dims().axes().isEmpty() ? "" : spec.dims().compact(), spec.precision().name(),
        spec.backend().id().toString(), spec.id()));
  }

  static String folderName(String simpleClass, String workload, String shape, String precision, String backend,
      String id) {
    String readable = simpleClass + "." + workload + (shape.isEmpty() ? "" : "-" + shape) + "-" + precision + "-"
        + backend;
    readable = readable.replaceAll("[^A-Za-z0-9._=-]", "_");
    if (readable.length() > 100) {
      readable = readable.substring(0, 100);
    }
    return readable + "-" + hash(id);
  }

  private static String hash(String id) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  private static boolean selects(Instrumentation.Selection s, CaseSpec spec) {
    return s.selects(spec.id(), spec.declaration().type().getName(), spec.workload().name());
  }
}
