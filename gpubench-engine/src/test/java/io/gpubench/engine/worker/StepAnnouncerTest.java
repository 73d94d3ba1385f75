package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A local worker's announcements of later steps: a step that runs past {@value StepAnnouncer#AFTER_MILLIS} ms is
 * announced once, counted from its own start; a step that ends sooner, and any step once its batch replies, is not.
 * Only lower bounds of time are asserted (an announcement never comes early); how late one may come on a busy machine
 * is left to the generous waits.
 */
class StepAnnouncerTest {
  private final List<Integer> said = new CopyOnWriteArrayList<>();
  private final List<Long> saidAt = new CopyOnWriteArrayList<>();
  private final StepAnnouncer announcer = new StepAnnouncer(step -> {
    saidAt.add(System.nanoTime());
    said.add(step);
  });

  @Test
  void aStepThatRunsAWhileIsAnnouncedOnceAndNotBeforeItsTime() throws Exception {
    long start = System.nanoTime();
    announcer.started(2);
    awaitSaid(1);
    assertThat(said).containsExactly(2);
    assertThat(saidAt.get(0) - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(StepAnnouncer.AFTER_MILLIS));
    Thread.sleep(3 * StepAnnouncer.AFTER_MILLIS);
    assertThat(said).as("announced once").containsExactly(2);
  }

  @Test
  void aStepStartedLaterMovesTheTimeOnAndTheOneBeforeIsNotAnnounced() throws Exception {
    announcer.started(1);
    Thread.sleep(StepAnnouncer.AFTER_MILLIS / 2);
    long second = System.nanoTime();
    announcer.started(2);
    awaitSaid(1);
    assertThat(said).as("step 1 ended when step 2 started, before its time").containsExactly(2);
    assertThat(saidAt.get(0) - second).isGreaterThanOrEqualTo(
        TimeUnit.MILLISECONDS.toNanos(StepAnnouncer.AFTER_MILLIS));
  }

  @Test
  void nothingIsAnnouncedOnceTheBatchReplies() throws Exception {
    announcer.started(3);
    announcer.replying(() -> { });
    Thread.sleep(4 * StepAnnouncer.AFTER_MILLIS);
    assertThat(said).isEmpty();
    // the thread sleeps until the next batch's later step, and still announces it
    announcer.started(1);
    awaitSaid(1);
    assertThat(said).containsExactly(1);
  }

  @Test
  void aLongStepOfEachOfManyBatchesIsAnnounced() throws Exception {
    for (int batch = 0; batch < 5; batch++) {
      announcer.started(1);
      announcer.replying(() -> { }); // a quick batch: nothing to say
      announcer.started(batch + 1);
      awaitSaid(batch + 1);
      announcer.replying(() -> { });
    }
    assertThat(said).containsExactly(1, 2, 3, 4, 5);
  }

  private void awaitSaid(int n) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (said.size() < n && System.nanoTime() - until < 0) {
      Thread.sleep(1);
    }
    assertThat(said).hasSizeGreaterThanOrEqualTo(n);
  }
}
