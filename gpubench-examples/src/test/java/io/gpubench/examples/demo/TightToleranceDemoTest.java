package io.gpubench.examples.demo;

import io.gpubench.examples.QuietEngine;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** Shows the failure a user sees when a tolerance is missed: every missed bound, with its figure and allowance. */
class TightToleranceDemoTest {
  @TempDir Path out;

  @Test
  void anFp16GemmMissesAnFp32AllowanceOnEveryBound() {
    QuietEngine.kit()
        .selectors(selectClass(TightToleranceDemo.class))
        .configurationParameter("gpubench.include", "TightToleranceDemo")
        .configurationParameter("gpubench.output-dir", out.toString())
        .execute()
        .testEvents()
        .assertThatEvents()
        .haveExactly(1, event(test(), finishedWithFailure(instanceOf(AssertionFailedError.class), message(m ->
            m.startsWith("matmul [m=128,n=128,k=128, FP16, cpu] missed its tolerance:")
                && m.matches("(?s).*maxAbs \\S+ > allowed 0\\.0001000.*")
                && m.matches("(?s).*rms \\S+ > allowed 1\\.000e-05.*")
                && m.matches("(?s).*psnrDb \\S+ < allowed 100\\.0.*")))));
  }
}
