package io.gpubench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * DJL logs through SLF4J. The examples bind it to slf4j-simple at WARN (the parent POM says why): no "No SLF4J
 * providers" warnings open a run, DJL's warnings and errors still reach stderr, its INFO does not, and the GPU-count
 * warning DJL gives on every probe of a machine without a driver is left to gpubench's own skip reason.
 */
class LoggingBindingTest {

  @Test
  void djlLogsThroughSlf4jSimpleAtWarn() {
    assertThat(LoggerFactory.getILoggerFactory().getClass().getName()).isEqualTo("org.slf4j.simple.SimpleLoggerFactory");
    var djl = LoggerFactory.getLogger("ai.djl.pytorch.engine.PtEngine");
    assertThat(djl.isWarnEnabled()).isTrue();
    assertThat(djl.isInfoEnabled()).isFalse();
    var cudaProbe = LoggerFactory.getLogger("ai.djl.util.cuda.CudaUtils");
    assertThat(cudaProbe.isWarnEnabled()).isFalse();
    assertThat(cudaProbe.isErrorEnabled()).isTrue();
  }
}
