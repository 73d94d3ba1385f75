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
    return publish(store, build, provenance, false);
  }

  /**
   * Publishes; the shards of a sharded suite as one run.
   *
   * @param store the store
   * @param build the runs
   * @param provenance where they come from
   * @param missingShards whether a sharded run with shards missing is published (incomplete), rather than refused:
   *     the store keeps one record per run id, so a run published before its last shard ended stays without it
   * @return one line per run, for the log
   * @throws io.gpubench.history.store.HistoryException naming the store and what to do
   * @throws IllegalStateException naming the missing shards when they are refused
   */
  public static List<String> publish(HistoryStore store, BuildRuns build, Provenance provenance,
      boolean missingShards) {
    List<String> lines = new ArrayList<>();
    if (build.shards() != null && !build.shards().whole() && !missingShards) {
      throw new IllegalStateException("sharded run " + build.shards().runId() + " is not published: "
          + build.shards().missingText() + ", and the history keeps one record per run, so the missing shards could"
          + " not be added later; run them into the same folder and publish again, or publish what is there with "
          + "-Dgpubench.failOnMissingShards=false");
    }
    if (build.shards() != null) {
      // The shards of a suite are one run of it: one record under the suite's run id, incomplete where shards are
      // missing or did not end, so that the series holds one point per run, not one per shard.
      var shards = build.shards();
      String why = shards.incompleteReason().orElse(null);
      RunRecord r = RunRecord.of(shards.merged(), why == null, why, shards.mark().totalCases(), provenance,
          "journal");
      HistoryStore.Published p = store.publish(r);
      lines.add((p.inserted() ? "published sharded run " : "sharded run already in the history, left as it is: ")
          + r.runId() + " (" + shards.shards().size() + " of " + shards.count() + " shards, " + p.cases()
          + " cases, " + (r.complete() ? "complete" : "incomplete: " + why) + ", commit " + r.provenance().commit()
          + ", branch " + r.provenance().branch() + ") into " + store.location());
      return lines;
    }
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
