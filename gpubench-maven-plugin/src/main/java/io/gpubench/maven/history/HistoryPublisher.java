package io.gpubench.maven.history;

import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.maven.gate.BuildRuns;
import java.util.ArrayList;
import java.util.List;

/**
 * Publishes a build's runs (one per journal, so one per Surefire fork) into the store, each complete or not as its
 * journal says. Idempotent: a run already there is left as it is, so a failed publish is repeated from the journals
 * ({@code mvn gpubench:publish -Dgpubench.results=target/gpubench}).
 */
public final class HistoryPublisher {

  private HistoryPublisher() {}

  /**
   * Publishes.
   *
   * @param store the store
   * @param build the runs
   * @param provenance where they come from
   * @return one line per run, for the log
   * @throws io.gpubench.history.store.HistoryException naming the store and what to do
   */
  public static List<String> publish(HistoryStore store, BuildRuns build, Provenance provenance) {
    List<String> lines = new ArrayList<>();
    for (BuildRuns.Judged j : build.runs()) {
      RunRecord r = RunRecord.of(j.run(), j.incomplete() == null, j.incomplete(), j.planned() < 0 ? null
          : j.planned(), provenance, j.file().getFileName().toString().endsWith(".jsonl") ? "journal" : "results");
      HistoryStore.Published p = store.publish(r);
      lines.add((p.inserted() ? "published run " : "run already in the history, left as it is: ") + r.runId() + " ("
          + p.cases() + " cases, " + (r.complete() ? "complete" : "incomplete") + ", commit "
          + r.provenance().commit() + ", branch " + r.provenance().branch() + ") into " + store.location());
    }
    return lines;
  }
}
