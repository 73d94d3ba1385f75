package io.gpubench.maven.gate;

import io.gpubench.api.result.RunResult;
import io.gpubench.maven.baseline.BaselineFile;
import io.gpubench.maven.baseline.BaselineSet;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the gate's baseline runs come from: a baseline file ({@code gpubench-baseline.json}), or the results store's
 * history (the last clean runs of the main branch). Either gives the {@link BaselineSet} that the comparison reads,
 * so there is one comparison whatever the source.
 */
public interface BaselineSource {

  /**
   * The source as messages name it: the file, or {@code history <store>}.
   *
   * @return the name
   */
  String name();

  /**
   * Reads the baseline for a build's runs.
   *
   * @param runs the build's runs (a history picks their testbed and leaves them out)
   * @return the baseline, or why there is none
   * @throws io.gpubench.maven.baseline.InvalidBaselineException when a baseline file exists but is unusable
   */
  Loaded load(List<RunResult> runs);

  /**
   * A baseline, or the reason there is none.
   *
   * @param set the baseline, or null when there is none
   * @param notes what the reader must know about it (which runs a history chose)
   * @param missing when there is none: the violation's text where a missing baseline fails the build
   * @param missingNote when there is none: the note's text where it does not
   * @param failure when the source exists but cannot be read (a store that fails): a violation whatever the setting,
   *     since a baseline named and not used must not pass silently; null otherwise
   */
  record Loaded(BaselineSet set, List<String> notes, String missing, String missingNote, String failure) {

    /**
     * Copies the notes.
     *
     * @param set set
     * @param notes notes
     * @param missing missing text
     * @param missingNote missing note
     * @param failure failure
     */
    public Loaded {
      notes = List.copyOf(notes);
    }

    /**
     * A baseline that was found.
     *
     * @param set the baseline
     * @param notes notes
     * @return the result
     */
    public static Loaded of(BaselineSet set, List<String> notes) {
      return new Loaded(set, notes, null, null, null);
    }
  }

  /**
   * A baseline file.
   *
   * @param file the file
   * @return the source
   */
  static BaselineSource file(Path file) {
    return new BaselineSource() {
      @Override
      public String name() {
        return file.toString();
      }

      @Override
      public Loaded load(List<RunResult> runs) {
        if (BaselineFile.exists(file)) {
          return Loaded.of(BaselineFile.read(file), List.of());
        }
        return new Loaded(null, List.of(), "baseline " + file + " does not exist: nothing could be compared. Record "
            + "it with mvn verify gpubench:baseline (the goal names what it refused, if it refused), or leave "
            + "-Dgpubench.baseline unset to compare only where a baseline exists", "no baseline " + file + ": nothing "
            + "compared (record one with gpubench:baseline)", null);
      }
    };
  }
}
