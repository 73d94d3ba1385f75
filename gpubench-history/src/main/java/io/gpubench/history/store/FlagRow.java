package io.gpubench.history.store;

import io.gpubench.api.result.Flag;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A row of {@code gpubench_flag} read back as the flag {@link RunWriter} stored: its code, detail and measured factor
 * (the slowdown or the forks' ratio it bounds a comparison by; SQL NULL where it measured none).
 */
final class FlagRow {

  private FlagRow() {}

  /**
   * The flag of the current row, whose columns include {@code code}, {@code detail} and {@code factor}.
   *
   * @param rs the result set, on a row
   * @return the flag
   * @throws SQLException from the driver
   */
  static Flag read(ResultSet rs) throws SQLException {
    double factor = rs.getDouble("factor");
    Double measured = rs.wasNull() ? null : factor;
    return new Flag(rs.getString("code"), rs.getString("detail"), measured);
  }
}
