package io.gpubench.history.store;

import io.gpubench.history.series.Figure;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Changes a team accepted: a new level of a case's figure on a testbed, from a given run on (a deliberate change, a
 * new driver). The gate compares only with runs from there on; the page marks them.
 */
public final class AcceptedChanges {

  private AcceptedChanges() {}

  /**
   * One accepted change.
   *
   * @param caseId the case
   * @param testbed the testbed
   * @param figure the figure
   * @param runId the first run of the new level
   * @param startedMillis that run's start
   * @param reason why, as the team wrote it
   * @param acceptedBy who
   * @param acceptedAt when, ISO-8601
   */
  public record Accepted(String caseId, String testbed, Figure figure, String runId, long startedMillis,
      String reason, String acceptedBy, String acceptedAt) {}

  /**
   * Accepts a change: from this run on, the case's figure on the testbed has a new level. Accepting the same change
   * twice keeps the first.
   *
   * @param store the store
   * @param caseId the case
   * @param testbed the testbed
   * @param figure the figure
   * @param runId the first run of the new level: a run the store holds, with that case on that testbed
   * @param reason why
   * @param acceptedBy who
   * @return true when it was new
   * @throws IllegalArgumentException naming the run when the store does not hold it with that case and testbed
   * @throws HistoryException naming the store
   */
  public static boolean accept(HistoryStore store, String caseId, String testbed, Figure figure, String runId,
      String reason, String acceptedBy) {
    return store.write("accept a change of " + caseId, c -> {
      try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM gpubench_case k JOIN gpubench_run r "
          + "ON r.run_key = k.run_key WHERE r.run_id = ? AND r.testbed = ? AND k.case_id = ?")) {
        ps.setString(1, runId);
        ps.setString(2, testbed);
        ps.setString(3, caseId);
        try (ResultSet rs = ps.executeQuery()) {
          if (!rs.next() || rs.getInt(1) == 0) {
            throw new IllegalArgumentException("history store " + store.location() + " holds no run " + runId
                + " of case " + caseId + " on testbed '" + testbed + "': accept a change at a run of the series "
                + "(the page and the changes command show their ids)");
          }
        }
      }
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO gpubench_accepted_change (case_id, testbed, "
          + "figure, run_id, reason, accepted_by, accepted_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
          + "ON CONFLICT (case_id, testbed, figure, run_id) DO NOTHING")) {
        ps.setString(1, caseId);
        ps.setString(2, testbed);
        ps.setString(3, figure.key());
        ps.setString(4, runId);
        ps.setString(5, reason);
        ps.setString(6, acceptedBy);
        ps.setString(7, Instant.now().toString());
        return ps.executeUpdate() == 1;
      }
    });
  }

  /**
   * Every accepted change, oldest first by the run it starts at.
   *
   * @param store the store
   * @return the changes
   * @throws HistoryException naming the store
   */
  public static List<Accepted> all(HistoryStore store) {
    return store.read("read its accepted changes", AcceptedChanges::all);
  }

  static List<Accepted> all(Connection c) throws SQLException {
    List<Accepted> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT a.case_id, a.testbed, a.figure, a.run_id, r.started_ms, "
        + "a.reason, a.accepted_by, a.accepted_at FROM gpubench_accepted_change a JOIN gpubench_run r "
        + "ON r.run_id = a.run_id ORDER BY r.started_ms, a.case_id");
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(new Accepted(rs.getString(1), rs.getString(2), Figure.of(rs.getString(3)), rs.getString(4),
            rs.getLong(5), rs.getString(6), rs.getString(7), rs.getString(8)));
      }
    }
    return out;
  }
}
