package io.gpubench.engine.memory;

/**
 * A process for {@code HeapWatchTest}: starts the watch and a watched thread. {@code fails}: the thread ends of an
 * error, and the watch must halt the process. {@code late}: the thread is registered a second before it starts (as a
 * thread pool registers its thread before starting it), and the process must end by itself with 0.
 */
final class EndingThread {
  private EndingThread() {}

  public static void main(String[] args) throws InterruptedException {
    HeapWatch.start();
    boolean late = args.length > 0 && args[0].equals("late");
    Thread t = new Thread(() -> {
      if (!late) {
        throw new IllegalStateException("the bench thread's own fault");
      }
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "gpubench-bench");
    t.setDaemon(true);
    HeapWatch.watch(t);
    if (late) {
      Thread.sleep(1_000); // five of the watch's periods with the thread registered and not started
      t.start();
      Thread.sleep(500);
      System.exit(0);
    }
    t.start();
    Thread.sleep(60_000);
    System.exit(0);
  }
}
