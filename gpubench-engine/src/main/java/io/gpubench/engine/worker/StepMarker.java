package io.gpubench.engine.worker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalInt;

/**
 * Which step of which batch a worker on this host is running, in a small file the worker maps into its memory: a
 * plain store per step, no system call, and the file keeps the last store when the process dies. The engine reads
 * it only when it has lost the worker (a death, a time limit), to name the step that was under way.
 *
 * <p>Why not a frame per step: the engine woke up for each (six a case, on top of the two or three exchanges of
 * steps and replies), and on a 2-core machine those wake-ups were most of the wire's cost per case. With a marker
 * the worker announces a step over the wire only once it has run a while ({@link WorkerMain}), which is all the
 * engine's per-step time limit needs; a step that ends at once is never announced, and the marker says which it
 * was if the worker dies in it. A worker on another host (a Slurm task) has no marker and announces every step.
 */
final class StepMarker {
  /** The variable that names a local worker's marker file. */
  static final String VARIABLE = "GPUBENCH_STEP_MARKER";

  private static final int BYTES = Long.BYTES;

  private final MappedByteBuffer map;

  private StepMarker(MappedByteBuffer map) {
    this.map = map;
  }

  /**
   * The marker file of a worker of a launch, beside its log.
   *
   * @param dir the workers' folder
   * @param name the launch's name
   * @param tasks how many workers it has
   * @param rank the worker's rank
   * @return the file
   */
  static Path file(Path dir, String name, int tasks, int rank) {
    return dir.resolve(tasks == 1 ? name + ".step" : name + "-r" + rank + ".step");
  }

  /**
   * Maps a worker's marker file, made empty.
   *
   * @param file the file
   * @return the marker
   * @throws IOException when the file cannot be made or mapped
   */
  static StepMarker open(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
      MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, BYTES);
      map.putLong(0, -1);
      return new StepMarker(map);
    }
  }

  /**
   * Marks the step under way.
   *
   * @param batch the batch's number, counted from 1 in the worker as the engine counts them
   * @param step the step's index in the batch
   */
  void at(int batch, int step) {
    // one aligned 8-byte store: whoever reads the file sees the old value or the new, never half of each
    map.putLong(0, (long) batch << 32 | step);
  }

  /**
   * The step a lost worker was running in a batch, as its marker says.
   *
   * @param file the marker file, or null where the worker has none
   * @param batch the batch the engine sent last
   * @return the step's index, or empty where the file is absent, unreadable or about another batch
   */
  static OptionalInt read(Path file, int batch) {
    if (file == null) {
      return OptionalInt.empty();
    }
    try {
      byte[] bytes = Files.readAllBytes(file);
      if (bytes.length < BYTES) {
        return OptionalInt.empty();
      }
      long v = ByteBuffer.wrap(bytes).getLong();
      return v >>> 32 == batch ? OptionalInt.of((int) v) : OptionalInt.empty();
    } catch (IOException e) {
      return OptionalInt.empty();
    }
  }
}
