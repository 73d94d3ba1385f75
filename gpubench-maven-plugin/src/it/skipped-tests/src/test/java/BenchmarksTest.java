import io.gpubench.it.EngineRun;
import org.junit.jupiter.api.Test;

/** The test phase of a benchmark project: one engine run of the cases in cases.json, shaped by -D switches. */
class BenchmarksTest {

  @Test
  void run() {
    if (Boolean.getBoolean("it.noRun")) {
      return; // the benchmarks are not in this build (an include removed, -Dtest=SomeOtherTest)
    }
    EngineRun run = EngineRun.of("cases.json").throttled(System.getProperty("it.throttled"))
        .shared(System.getProperty("it.shared"));
    if (System.getProperty("it.killedAfter") != null) {
      run.killedAfter(Integer.getInteger("it.killedAfter"));
    }
    run.write();
  }
}
