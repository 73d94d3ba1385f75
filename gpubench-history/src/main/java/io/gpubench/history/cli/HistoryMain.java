package io.gpubench.history.cli;

import io.gpubench.history.changes.Change;
import io.gpubench.history.changes.ChangePointDetector;
import io.gpubench.history.export.JmhExport;
import io.gpubench.history.page.ChangeSummary;
import io.gpubench.history.page.History;
import io.gpubench.history.page.HistoryPage;
import io.gpubench.history.publish.Sources;
import io.gpubench.history.record.Git;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.store.AcceptedChanges;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryException;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.RunReader;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.results.Glob;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The history's command line, for machines without Maven: {@code java -cp <jars> io.gpubench.history.cli.HistoryMain
 * COMMAND --history STORE ...}. The store is an SQLite file or a {@code jdbc:postgresql://} URL; a server's
 * credentials come from {@code GPUBENCH_HISTORY_USER} and {@code GPUBENCH_HISTORY_PASSWORD} (or {@code PGUSER},
 * {@code PGPASSWORD}), never from the command line, and are never printed.
 *
 * <pre>
 * publish  --history S [--branch B] [--commit C] FILES...   journals, results files, output folders
 * import   --history S [--branch B] FILES...                as publish, and baseline files (backfill)
 * runs     --history S                                      every run, oldest first
 * changes  --history S [--testbed T] [--branch B]           every change point
 * accept   --history S --case ID --testbed T --run R [--reason TEXT] [--by NAME] [--figure time]
 * page     --history S [--out history.html] [--commits K] [--testbed T] [--branch B]
 * summary  --history S [--out FILE] [--commits K] [--testbed T] [--branch B]   what changed, Markdown
 * export-jmh --history S --out DIR [--case GLOB] [--testbed T] [--branch B] [--last N]
 * </pre>
 * Exit status: 0 done, 1 the store or a file failed (the message says what to do), 2 a wrong command line.
 */
public final class HistoryMain {

  private static final Set<String> COMMON = Set.of("--history", "--busy-timeout");

  private final PrintStream out;
  private final Map<String, String> env;
  private final Path cwd;

  HistoryMain(PrintStream out, Map<String, String> env, Path cwd) {
    this.out = out;
    this.env = env;
    this.cwd = cwd;
  }

  /**
   * Runs a command.
   *
   * @param args the command and its options
   */
  public static void main(String[] args) {
    System.exit(new HistoryMain(System.out, System.getenv(), Path.of("").toAbsolutePath()).run(List.of(args),
        System.err));
  }

  int run(List<String> args, PrintStream err) {
    if (args.isEmpty()) {
      err.println("usage: HistoryMain publish|import|runs|changes|accept|page|summary|export-jmh --history STORE ...");
      return 2;
    }
    try {
      String command = args.get(0);
      List<String> rest = args.subList(1, args.size());
      switch (command) {
        case "publish", "import" -> publish(options(rest, "--branch", "--commit"));
        case "runs" -> runs(options(rest));
        case "changes" -> changes(options(rest, "--testbed", "--branch"));
        case "accept" -> accept(options(rest, "--case", "--testbed", "--run", "--reason", "--by", "--figure"));
        case "page" -> page(options(rest, "--out", "--commits", "--testbed", "--branch"));
        case "summary" -> summary(options(rest, "--out", "--commits", "--testbed", "--branch"));
        case "export-jmh" -> export(options(rest, "--out", "--case", "--testbed", "--branch", "--last"));
        default -> throw new Options.UsageException("unknown command " + command
            + " (publish, import, runs, changes, accept, page, summary, export-jmh)");
      }
      return 0;
    } catch (Options.UsageException | IllegalArgumentException e) {
      err.println("gpubench history: " + e.getMessage());
      return 2;
    } catch (HistoryException | ResultsFile.InvalidResultsException | java.io.UncheckedIOException e) {
      err.println("gpubench history: " + e.getMessage());
      return 1;
    }
  }

  private static Options options(List<String> args, String... more) {
    Set<String> known = new java.util.TreeSet<>(COMMON);
    known.addAll(List.of(more));
    return Options.parse(args, known, Set.of());
  }

  private StoreLocation location(Options o) {
    return StoreLocation.parse(o.required("--history"), cwd);
  }

  private HistoryStore open(Options o) {
    return HistoryStore.open(location(o), Credentials.fromEnvironment(env), busy(o));
  }

  private HistoryStore existing(Options o) {
    StoreLocation at = location(o);
    return HistoryStore.openExisting(at, Credentials.fromEnvironment(env), busy(o)).orElseThrow(() ->
        new HistoryException(at, "history store " + at + " does not exist: publish runs into it first", null));
  }

  private static Duration busy(Options o) {
    return Duration.ofSeconds(o.integer("--busy-timeout", (int) HistoryStore.DEFAULT_BUSY_TIMEOUT.toSeconds()));
  }

  private void publish(Options o) {
    if (o.rest().isEmpty()) {
      throw new Options.UsageException("name the journals, results files, baseline files or output folders to "
          + "publish");
    }
    Provenance p = Provenance.fromCi(env).orElse(Git.of(cwd)).withBranch(o.get("--branch"))
        .withCommit(o.get("--commit"));
    List<RunRecord> runs = Sources.read(o.rest().stream().map(cwd::resolve).toList(), p);
    HistoryStore store = open(o);
    int added = 0;
    for (RunRecord r : runs) {
      HistoryStore.Published done = store.publish(r);
      added += done.inserted() ? 1 : 0;
      out.println((done.inserted() ? "published" : "already there") + ": run " + r.runId() + " (" + done.cases()
          + " cases, " + (r.complete() ? "complete" : "incomplete") + ", branch " + r.provenance().branch()
          + ", testbed '" + r.testbed() + "')");
    }
    out.println(added + " of " + runs.size() + " runs published into " + store.location());
  }

  private void runs(Options o) {
    for (RunInfo r : RunReader.runs(existing(o))) {
      out.println(String.join("\t", r.startedAt(), r.runId(), String.valueOf(r.commit()), String.valueOf(r.branch()),
          r.complete() ? "complete" : "incomplete", String.valueOf(r.cases()), r.testbed()));
    }
  }

  private History history(Options o) {
    return History.read(existing(o), new SeriesQuery(Figure.TIME, o.get("--testbed"), o.get("--branch"), true),
        ChangePointDetector.DEFAULT);
  }

  private void changes(Options o) {
    History h = history(o);
    for (Change c : h.changes()) {
      out.println(String.format(Locale.ROOT, "%s\t%s\t%s\t%s\trun %s\tcommit %s\t%s\t%s\tconfidence %.4f%s",
          c.at().run().startedAt(), c.series().caseId(), c.series().testbed(), c.series().figure().key(),
          c.at().run().runId(), c.at().run().commit(), c.shift(), c.levels(), c.stats().confidence(),
          c.accepted() == null ? "" : "\taccepted: " + c.accepted().reason()));
    }
    out.println(h.changes().size() + " change points in " + h.cases().size()
        + (h.cases().size() == 1 ? " case (" : " cases (") + h.series().size()
        + " series: time and memory)");
  }

  private void accept(Options o) {
    HistoryStore store = existing(o);
    boolean added = AcceptedChanges.accept(store, o.required("--case"), o.required("--testbed"),
        Figure.of(o.get("--figure", "time")), o.required("--run"), o.get("--reason", ""),
        o.get("--by", env.getOrDefault("USER", "unknown")));
    out.println((added ? "accepted" : "already accepted") + ": " + o.required("--case") + " from run "
        + o.required("--run") + " on; the gate compares it with runs from there on");
  }

  private void page(Options o) {
    Path file = cwd.resolve(o.get("--out", "history.html"));
    History h = history(o);
    HistoryPage.write(h, o.integer("--commits", 10), CaseComparator.DEFAULT, file);
    out.println("history page: " + h.runs().size() + " runs, " + h.cases().size()
        + (h.cases().size() == 1 ? " case (" : " cases (") + h.series().size()
        + " series: time and memory), " + h.changes().size() + " change points in " + file);
  }

  private void summary(Options o) {
    String md = ChangeSummary.render(history(o), o.integer("--commits", 10));
    if (o.get("--out") != null) {
      ResultsFile.writeAtomically(cwd.resolve(o.get("--out")), md);
    }
    out.print(md);
  }

  private void export(Options o) {
    HistoryStore store = existing(o);
    Path dir = cwd.resolve(o.required("--out"));
    Glob glob = Glob.of(o.get("--case", "*"));
    List<RunInfo> runs = new ArrayList<>();
    for (RunInfo r : RunReader.runs(store)) {
      if ((o.get("--testbed") == null || o.get("--testbed").equals(r.testbed()))
          && (o.get("--branch") == null || o.get("--branch").equals(r.branch()))) {
        runs.add(r);
      }
    }
    int last = o.integer("--last", runs.size());
    List<RunInfo> chosen = runs.subList(Math.max(0, runs.size() - last), runs.size());
    int n = 0;
    for (RunInfo r : chosen) {
      RunRecord run = RunReader.run(store, r.runId()).orElseThrow();
      String name = String.format(Locale.ROOT, "%04d-%s-%s.json", ++n, r.startedAt().replace(":", ""),
          r.commit() == null ? "nocommit" : r.commit().substring(0, Math.min(10, r.commit().length())));
      ResultsFile.writeAtomically(dir.resolve(name), JmhExport.of(run, c -> glob.matches(c.id())));
    }
    out.println(chosen.size() + " runs exported as JMH results into " + dir);
  }
}
