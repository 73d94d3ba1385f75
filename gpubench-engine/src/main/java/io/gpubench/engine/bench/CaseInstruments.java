package io.gpubench.engine.bench;

import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.engine.protocol.Steps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What records a case's timed trials besides the figures, in the process that runs them: a range named after the
 * case on a profiler's timeline (NVTX, where the device offers {@link ProfilerHooks}), a profiler capture range
 * around the trials of a selected case, a JFR recording. Best effort throughout: a recorder that cannot start is
 * noted with the reason and the case runs on, since none of them is what the case measures. Started right before
 * the trials and stopped right after, in reverse order, so that a capture holds the trials, their range, and little
 * else.
 */
final class CaseInstruments {
  /** A JFR recording's media type: JFR has none registered. */
  static final String JFR_MEDIA_TYPE = "application/octet-stream";

  private final Steps.Instruments request;
  private final ProfilerHooks hooks;
  private final List<String> notes = new ArrayList<>();
  private final List<Steps.CaseFile> files = new ArrayList<>();
  private final List<String> recorded = new ArrayList<>();
  private JfrRecording jfr;
  private ProfilerHooks.Range trials;
  private ProfilerHooks.Range capture;

  private CaseInstruments(Steps.Instruments request, ProfilerHooks hooks) {
    this.request = request;
    this.hooks = hooks;
  }

  /**
   * Starts the recorders a case asks for.
   *
   * @param request what to record
   * @param hooks the device's profiler hooks, if it has any
   * @param backend the case's backend, for notes
   * @return the running recorders
   */
  static CaseInstruments start(Steps.Instruments request, Optional<ProfilerHooks> hooks, String backend) {
    CaseInstruments in = new CaseInstruments(request, hooks.orElse(null));
    // JFR first (it takes a while to start), then the capture, then the range inside it: a capture that ends at
    // cuProfilerStop holds only the events inside it, and the range must be one of them.
    if (request.jfr()) {
      in.startJfr();
    }
    if (request.capture()) {
      in.startCapture(backend);
    }
    if (in.hooks != null) {
      in.trials = in.hooks.range(request.caseId() + " trials");
    }
    return in;
  }

  private void startJfr() {
    String why = JfrRecording.unavailableReason();
    if (why != null) {
      notes.add("no JFR recording: " + why);
      return;
    }
    try {
      Path dir = Path.of(request.directory());
      Files.createDirectories(dir);
      jfr = JfrRecording.start(request.caseId(), dir.resolve("trials.jfr"));
      recorded.add("a JFR recording");
    } catch (Exception | LinkageError e) {
      notes.add("no JFR recording: it could not start: " + e);
    }
  }

  private void startCapture(String backend) {
    if (hooks == null) {
      notes.add("no profiler capture: the " + backend + " backend has no profiler API (cuProfilerStart is CUDA's);"
          + " record its host side with gpubench.jfr");
      return;
    }
    try {
      capture = hooks.capture();
    } catch (RuntimeException | LinkageError e) {
      notes.add("no profiler capture: " + e.getMessage());
      return;
    }
    Optional<String> profiler = hooks.attachedProfiler();
    profiler.ifPresent(p -> recorded.add("a capture by " + p));
    if (profiler.isEmpty()) {
      notes.add("profiler capture range opened around the trials, but no profiler is attached to this process: run "
          + "under nsys profile --capture-range=cudaProfilerApi (or ncu --profile-from-start off) to record it");
    }
  }

  /**
   * A range on the profiler's timeline for a later phase of the case (its kernel audit).
   *
   * @param phase the phase's name
   * @return the range; inert without profiler hooks
   */
  ProfilerHooks.Range phase(String phase) {
    return hooks == null ? () -> { } : hooks.range(request.caseId() + " " + phase);
  }

  /** Ends the range and the capture, then writes the JFR recording; failures become notes. */
  void stop() {
    if (trials != null) {
      trials.close();
      trials = null;
    }
    try {
      if (capture != null) {
        capture.close();
      }
    } catch (RuntimeException | LinkageError e) {
      notes.add("the profiler capture did not stop cleanly: " + e.getMessage());
    }
    capture = null;
    if (jfr != null) {
      try {
        Path file = jfr.stopAndWrite();
        files.add(new Steps.CaseFile(file.toAbsolutePath().toString(), JFR_MEDIA_TYPE));
      } catch (Exception | LinkageError e) {
        notes.add("the JFR recording could not be written: " + e);
      } finally {
        jfr.close();
        jfr = null;
      }
    }
  }

  /** Ends everything without writing anything: the case failed in its trials. Never throws. */
  void abandon() {
    try {
      if (trials != null) {
        trials.close();
      }
      if (capture != null) {
        capture.close();
      }
      if (jfr != null) {
        jfr.close();
      }
    } catch (RuntimeException | LinkageError e) {
      // a failed case's recorders are not reported
    }
    capture = null;
    trials = null;
    jfr = null;
  }

  List<Steps.CaseFile> files() {
    return List.copyOf(files);
  }

  List<String> notes() {
    return List.copyOf(notes);
  }

  List<String> recorded() {
    return List.copyOf(recorded);
  }
}
