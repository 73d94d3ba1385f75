package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** The workers' main class is named by a string (it sits above this layer): the name must stay a real entry point. */
class WorkerLaunchTest {

  @Test
  void theMainClassNamedForTheWorkersHasAPublicStaticMain() throws Exception {
    Method main = Class.forName(WorkerLaunch.MAIN_CLASS).getMethod("main", String[].class);
    assertThat(Modifier.isStatic(main.getModifiers())).as(WorkerLaunch.MAIN_CLASS + ".main is static").isTrue();
  }
}
