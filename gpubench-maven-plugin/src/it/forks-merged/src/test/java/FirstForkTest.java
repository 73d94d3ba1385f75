import io.gpubench.it.EngineRun;
import org.junit.jupiter.api.Test;

/** One Surefire fork: an engine run of the 256 CPU case. */
class FirstForkTest {

  @Test
  void run() {
    EngineRun.of("cases.json").only("*[m=256,*][cpu]").write();
  }
}
