import io.gpubench.it.EngineRun;
import org.junit.jupiter.api.Test;

/** One engine run of the cases in cases.json, as fast as this build's Speed says. */
class BenchmarksTest {

  @Test
  void run() {
    EngineRun.of("cases.json").slower(Speed.factor()).write();
  }
}
