import io.gpubench.it.EngineRun;
import org.junit.jupiter.api.Test;

/** The other Surefire fork: an engine run of the 512 case and the skipped CUDA case. */
class SecondForkTest {

  @Test
  void run() {
    EngineRun.of("cases.json").only("*[m=512,*", "*[cuda]").write();
  }
}
