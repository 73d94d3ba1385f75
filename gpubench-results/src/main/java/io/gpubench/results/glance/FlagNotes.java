package io.gpubench.results.glance;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Telemetry;
import io.gpubench.results.compare.Figures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The flags of a case as short codes with their meaning: the same warnings {@code CaseDigest.flags} words in full,
 * cut to a code a table column can hold. A flag's detail is often a sentence with figures (a contended CPU's detail
 * names the fork, the trials kept and discarded, and the probe's threshold); in a column of a hundred cases that
 * sentence is a wall, so the column shows the code and the reader gets the sentence on hover, in the legend and in
 * the case's own section.
 */
public final class FlagNotes {
  /** The code of a world whose GPUs ran at SM clocks 2% or more apart. */
  public static final String CLOCKS = "clocks";
  /** The code of a case whose inputs were changed by a call. */
  public static final String INPUTS_CHANGED = "inputs-changed";
  /** The code of a case whose output held non-finite elements. */
  public static final String NON_FINITE = "non-finite";
  /** The code of a case whose trials stopped at the time budget. */
  public static final String BUDGET = "budget";

  private static final Map<String, String> MEANINGS = new LinkedHashMap<>();

  static {
    MEANINGS.put(Flag.THROTTLED, "the GPU ran throttled during kept trials: the time reads the device's state as much"
        + " as the code, and the gate leaves the run out");
    MEANINGS.put(Flag.SHARED, "another process used the GPU during the trials; the gate leaves the run out");
    MEANINGS.put(Flag.CONTENDED, "kept trials ran while the CPU core was busy with another process (a probe after"
        + " them ran slow, by a measured factor); the gate compares clean runs where it has them, and bounds a verdict"
        + " on flagged ones by that factor");
    MEANINGS.put(Flag.FORKS_DISAGREE, "the forks settled at different levels, beyond their own trials' spread (two JIT"
        + " outcomes, say): the figure is the typical fork's, and the gate bounds its verdict by their ratio");
    MEANINGS.put(Flag.NOT_STEADY, "the warm-up was cut short by its cap or the budget before the time per call"
        + " settled");
    MEANINGS.put(Flag.TRENDING, "the time per call was still changing while the trials ran");
    MEANINGS.put(Flag.WIDE_PLATEAU, "the interval stopped narrowing well above its target: the trials were noisy");
    MEANINGS.put(Flag.PROFILED, "the trials ran under a profiler capture or a JFR recording");
    MEANINGS.put(CLOCKS, "the world's GPUs ran at SM clocks 2% or more apart");
    MEANINGS.put(INPUTS_CHANGED, "a call changed its inputs");
    MEANINGS.put(NON_FINITE, "the output held NaN or infinite elements");
    MEANINGS.put(BUDGET, "the trials stopped at the time budget, before the interval reached its target");
  }

  private FlagNotes() {}

  /**
   * The flags of a case, each code once, in the order {@code CaseDigest.flags} lists them.
   *
   * @param c the case
   * @return the notes, empty when the case has no flag
   */
  public static List<FlagNote> of(CaseResult c) {
    Map<String, FlagNote> notes = new LinkedHashMap<>();
    for (Flag f : c.flags()) {
      if (f.aboutDeviceState()) {
        notes.putIfAbsent(f.code(), note(f.code(), deviceDetail(f, c.telemetry())));
      }
    }
    String spread = c.telemetry() == null ? null : Figures.clockSpread(c.telemetry());
    if (spread != null) {
      notes.putIfAbsent(CLOCKS, note(CLOCKS, "SM clocks " + spread));
    }
    if (c.correctness() != null) {
      if (!c.correctness().inputsUnchanged()) {
        notes.putIfAbsent(INPUTS_CHANGED, note(INPUTS_CHANGED, ""));
      }
      if (c.correctness().error() != null && c.correctness().error().nonFinite() > 0) {
        notes.putIfAbsent(NON_FINITE, note(NON_FINITE, c.correctness().error().nonFinite() + " elements"));
      }
    }
    if (c.timing() != null && c.timing().stop() == StopReason.TIME_BUDGET) {
      notes.putIfAbsent(BUDGET, note(BUDGET, c.timing().stopDetail()));
    }
    for (Flag f : c.flags()) {
      if (!f.aboutDeviceState()) {
        notes.putIfAbsent(f.code(), note(f.code(), f.detail()));
      }
    }
    return List.copyOf(notes.values());
  }

  /**
   * What a code means, for a legend.
   *
   * @param code the code
   * @return its meaning; for a code this version does not know, a sentence saying so
   */
  public static String meaning(String code) {
    return MEANINGS.getOrDefault(code, "flag '" + code + "' (see docs/results-schema.md)");
  }

  /**
   * The codes of a list of notes.
   *
   * @param notes the notes
   * @return their codes, in order
   */
  public static List<String> codes(List<FlagNote> notes) {
    return notes.stream().map(FlagNote::code).toList();
  }

  /**
   * Every code used by some of the cases, each with its meaning, in first-use order: a legend.
   *
   * @param cases the cases
   * @return code to meaning
   */
  public static Map<String, String> legend(List<CaseResult> cases) {
    Map<String, String> legend = new LinkedHashMap<>();
    for (CaseResult c : cases) {
      for (FlagNote n : of(c)) {
        legend.putIfAbsent(n.code(), n.meaning());
      }
    }
    return legend;
  }

  private static FlagNote note(String code, String detail) {
    return new FlagNote(code, meaning(code), detail);
  }

  // The flag's own detail says how many trials and why; where it says nothing, the telemetry names the throttle
  // reasons or the other processes.
  private static String deviceDetail(Flag f, Telemetry t) {
    if (!f.detail().isBlank() || t == null) {
      return f.detail();
    }
    List<String> told = f.code().equals(Flag.THROTTLED) ? t.throttleReasons()
        : f.code().equals(Flag.SHARED) ? t.otherProcesses() : List.of();
    return String.join(", ", told);
  }
}
