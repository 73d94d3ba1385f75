package io.gpubench.cuda.internal.audit;

import io.gpubench.cuda.internal.jna.NativeStack;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Turns the frames that the unwinder hands to the trace function, one call per frame, into walks: one thread's
 * state machine.
 *
 * <p>CUPTI calls the callback at the entry and at the exit of every launch call it was asked to report. Both sites
 * sit in the same call, so both walks find the same caller: the entry's walk (the first of each pair on a thread
 * and domain) is followed to the caller; the exit's is ended at its first frame, which costs one call into Java
 * instead of a walk. Where the parity slips (an exit seen without its entry), the exits are walked instead, with
 * the same answer.
 *
 * <p>The trace function is not told where one walk ends and the next begins. A walk ends when the function returns
 * {@link NativeStack#STOP} (at the caller, at the frame limit, or at once for an exit); a walk the unwinder ends
 * on its own (a frame without unwind tables) is seen to have ended when the next frame does not continue it: it is
 * in CUPTI after a frame outside CUPTI (each walk starts in CUPTI's dispatcher), or its canonical frame address does
 * not grow (frames of one walk are ever older).
 */
final class WalkAssembler {
  private final int threadId;
  private final int maxFrames;
  private final AtomicLong sequence;
  private final Consumer<Walk> sink;
  private final long[] seen = new long[3];

  private boolean open;
  private boolean skipping;
  private int domain;
  private long walkSequence;
  private final List<Frame> frames = new ArrayList<>();
  private long lastCfa;
  private SharedObject.Origin lastOrigin;
  private long framesRead;

  WalkAssembler(int threadId, int maxFrames, AtomicLong sequence, Consumer<Walk> sink) {
    this.threadId = threadId;
    this.maxFrames = maxFrames;
    this.sequence = sequence;
    this.sink = sink;
  }

  /**
   * One frame, as the trace function receives it.
   *
   * @param frame the frame, resolved to its shared object
   * @param cfa its canonical frame address
   * @param argument the walk's argument: the callback domain, in the low 32 bits
   * @return {@link NativeStack#CONTINUE} or {@link NativeStack#STOP}
   */
  int frame(Frame frame, long cfa, long argument) {
    framesRead++;
    if (open && (frame.origin() == SharedObject.Origin.CUPTI && lastOrigin != SharedObject.Origin.CUPTI
        || Long.compareUnsigned(cfa, lastCfa) <= 0)) {
      close(null, "the unwinder stopped after " + frames.get(frames.size() - 1).describe());
    }
    if (!open) {
      begin((int) argument);
      if (skipping) {
        close(null, "not walked: the other callback of the same launch call was");
        return NativeStack.STOP;
      }
    }
    frames.add(frame);
    lastCfa = cfa;
    lastOrigin = frame.origin();
    if (!frame.origin().launchPath()) {
      close(frame, null);
      return NativeStack.STOP;
    }
    if (frames.size() >= maxFrames) {
      close(null, "no frame outside CUDA's launch path in " + maxFrames + " frames");
      return NativeStack.STOP;
    }
    return NativeStack.CONTINUE;
  }

  private void begin(int argument) {
    domain = argument == 1 || argument == 2 ? argument : 0;
    skipping = seen[domain]++ % 2 == 1;
    walkSequence = sequence.getAndIncrement();
    frames.clear();
    open = true;
  }

  private void close(Frame caller, String end) {
    sink.accept(new Walk(threadId, domain, walkSequence, skipping, caller, frames, end));
    open = false;
    frames.clear();
    lastOrigin = null;
    lastCfa = 0;
  }

  /** Ends a walk still open, at the end of an audit: the unwinder ended it and no frame came after. */
  void finish() {
    if (open) {
      close(null, frames.isEmpty() ? "no frame read"
          : "the unwinder stopped after " + frames.get(frames.size() - 1).describe());
    }
  }

  long framesRead() {
    return framesRead;
  }
}
