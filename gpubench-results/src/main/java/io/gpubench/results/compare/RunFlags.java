package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Telemetry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a case's telemetry flags mean for a comparison: the labels a verdict names them by ({@code contended CPU (1.31x
 * slower)}, {@code forks disagree (2.10x)}), the slowdown and the spread they bound a run by, and the code a label was
 * written for (a baseline file holds the labels). One place for both directions, so that the writer and the readers
 * cannot drift.
 */
public final class RunFlags {
  private RunFlags() {}

  /**
   * The flags that say a case's time describes the device's state as much as the code: {@code throttled} (with the
   * throttle reasons), {@code shared GPU} (with the other processes) and, on the CPU, {@code contended CPU} (trials
   * kept while a probe said the core was shared). Every report shows these flags, the comparison leaves such a run
   * out, and the baseline goal refuses to record it unless told to.
   *
   * <p>They are read from the engine's flags, not from the telemetry summary: the engine knows which trials it
   * discarded and measured again (the summary spans those too, so a case whose throttled trials were all measured
   * again at speed is not flagged), and a case of several forks carries every fork's flags (its telemetry is the
   * first fork's). The telemetry gives the reasons and processes to show.
   *
   * @param c the case
   * @return the flags, empty when the case was not flagged
   */
  public static List<String> deviceStateFlags(CaseResult c) {
    return deviceStateFlags(c.flags(), c.telemetry());
  }

  private static List<String> deviceStateFlags(List<Flag> flags, Telemetry t) {
    Map<String, String> byCode = new LinkedHashMap<>();
    for (Flag f : flags) {
      if (f.aboutDeviceState()) {
        byCode.putIfAbsent(f.code(), label(f, t));
      }
    }
    return List.copyOf(byCode.values());
  }

  /**
   * The flags a comparison bounds a case's verdict by ({@link Flag#boundsComparison()}): the device-state flags of
   * {@link #deviceStateFlags}, and {@code forks disagree (4.97x)} where the case's forks reached different outcomes.
   *
   * @param c the case
   * @return the flags, empty when there are none
   */
  public static List<String> comparisonFlags(CaseResult c) {
    return comparisonFlags(c.flags(), c.telemetry());
  }

  /**
   * The labels of {@link #comparisonFlags(CaseResult)} from a case's flags alone, as a store keeps them: the details
   * of a throttled or shared GPU are then the flags' own rather than the telemetry's.
   *
   * @param flags the case's flags
   * @param t its telemetry, or null where it is not at hand
   * @return the labels, empty when there are none
   */
  public static List<String> comparisonFlags(List<Flag> flags, Telemetry t) {
    List<String> labels = new ArrayList<>(deviceStateFlags(flags, t));
    for (Flag f : flags) {
      if (f.boundsComparison() && !f.aboutDeviceState()) {
        String label = "forks disagree" + (f.slowdown() == null ? ""
            : String.format(java.util.Locale.ROOT, " (%.2fx)", f.slowdown()));
        if (!labels.contains(label)) {
          labels.add(label);
        }
      }
    }
    return List.copyOf(labels);
  }

  /**
   * How far either way a case's figure may be from another run's by its flags that bound both ways
   * ({@link Flag#boundsBothWays()}: forks that disagree): 1 without such flags, the product of their ratios,
   * {@code +∞} where one measured none.
   *
   * @param c the case
   * @return the factor
   */
  public static double bothWaysSpread(CaseResult c) {
    return bothWaysSpread(c.flags());
  }

  /**
   * {@link #bothWaysSpread(CaseResult)} from a case's flags.
   *
   * @param flags the flags
   * @return the factor
   */
  public static double bothWaysSpread(List<Flag> flags) {
    double spread = 1;
    for (Flag f : flags) {
      if (f.boundsComparison() && f.boundsBothWays()) {
        spread *= f.slowdown() == null ? Double.POSITIVE_INFINITY : f.slowdown();
      }
    }
    return spread;
  }

  /**
   * How many times slower than at speed the device's state made a case's figures, as its flags measured it: 1
   * without such flags, the product of their slowdowns, {@code +∞} where one measured nothing.
   *
   * @param c the case
   * @return the slowdown
   */
  public static double deviceStateSlowdown(CaseResult c) {
    return deviceStateSlowdown(c.flags());
  }

  /**
   * {@link #deviceStateSlowdown(CaseResult)} from a case's flags.
   *
   * @param flags the flags
   * @return the slowdown
   */
  public static double deviceStateSlowdown(List<Flag> flags) {
    double slowdown = 1;
    for (Flag f : flags) {
      if (f.aboutDeviceState()) {
        slowdown *= f.slowdown() == null ? Double.POSITIVE_INFINITY : f.slowdown();
      }
    }
    return slowdown;
  }

  // Short: a label goes into verdicts' reasons and summaries, one line a case; the flag's detail is in the reports.
  /**
   * The flag code a label of {@link #comparisonFlags} was written for: what a baseline file, which holds the labels,
   * means by them. Kept beside the writer so that the two cannot drift.
   *
   * @param label such as {@code contended CPU (1.31x slower)} or {@code forks disagree (2.10x)}
   * @return {@link Flag#THROTTLED}, {@link Flag#SHARED}, {@link Flag#CONTENDED}, {@link Flag#FORKS_DISAGREE}, or the
   *     label's first word for a label of no known kind
   */
  public static String flagCode(String label) {
    if (label.startsWith("throttled")) {
      return Flag.THROTTLED;
    }
    if (label.startsWith("shared GPU")) {
      return Flag.SHARED;
    }
    if (label.startsWith("contended CPU")) {
      return Flag.CONTENDED;
    }
    if (label.startsWith("forks disagree")) {
      return Flag.FORKS_DISAGREE;
    }
    return label.split(" ")[0];
  }

  private static String label(Flag f, Telemetry t) {
    String measured = f.slowdown() == null ? "" : String.format(java.util.Locale.ROOT, "%.2fx slower",
        f.slowdown());
    return switch (f.code()) {
      case Flag.THROTTLED -> "throttled" + detail(join(t != null && !t.throttleReasons().isEmpty()
          ? t.throttleReasons() : List.of(f.detail()), measured));
      case Flag.SHARED -> "shared GPU" + detail(t != null && !t.otherProcesses().isEmpty() ? t.otherProcesses()
          : List.of(f.detail()));
      default -> "contended CPU" + detail(List.of(measured.isEmpty() ? "slowdown not measured" : measured));
    };
  }

  private static List<String> join(List<String> items, String more) {
    List<String> all = new ArrayList<>(items);
    all.add(more);
    return all;
  }

  private static String detail(List<String> items) {
    List<String> told = items.stream().filter(x -> !x.isBlank()).toList();
    return told.isEmpty() ? "" : " (" + String.join(", ", told) + ")";
  }
}
