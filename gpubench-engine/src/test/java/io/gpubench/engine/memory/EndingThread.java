package io.gpubench.engine.memory;

/**
 * A process for {@code HeapWatchTest}: starts the watch, then a watched thread that ends of an error, and waits; the
 * watch must halt it.
 */
final class EndingThread {
  private EndingThread() {}

  public static void main(String[] args) throws InterruptedException {
    HeapWatch.start();
    Thread t = new Thread(() -> {
      throw new IllegalStateException("the bench thread's own fault");
    }, "gpubench-bench");
    HeapWatch.watch(t);
    t.start();
    Thread.sleep(60_000);
    System.exit(0);
  }
}
