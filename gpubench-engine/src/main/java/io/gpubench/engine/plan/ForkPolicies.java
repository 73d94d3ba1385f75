package io.gpubench.engine.plan;

import io.gpubench.api.Fork;
import io.gpubench.api.ForkMode;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.platform.engine.ConfigurationParameters;

/** A class's isolation: its {@code @Fork} with the run's {@code gpubench.fork.*} keys over it. */
final class ForkPolicies {

  private ForkPolicies() {}

  /**
   * The policy of a class.
   *
   * @param type the benchmark class
   * @param p the run's parameters
   * @return the policy
   * @throws InvalidDeclarationException naming the class, the key or attribute, and the value
   */
  static ForkPolicy of(Class<?> type, ConfigurationParameters p) {
    Fork declared = type.getAnnotation(Fork.class);
    ForkMode mode = declared == null ? ForkMode.DEFAULT : declared.value();
    String key = p.get(Constants.FORK).filter(s -> !s.isBlank()).orElse(null);
    if (key != null) {
      mode = parse(type, Constants.FORK, key, ForkMode::parse);
    }
    if (mode == ForkMode.DEFAULT) {
      mode = ForkMode.DEVICE;
    }
    List<String> jvmArgs = new ArrayList<>();
    p.get(Constants.FORK_JVM_ARGS).filter(s -> !s.isBlank())
        .ifPresent(s -> jvmArgs.addAll(Arrays.asList(s.trim().split("\\s+"))));
    if (declared != null) {
      jvmArgs.addAll(Arrays.asList(declared.jvmArgs()));
    }
    int timeout = declared == null || declared.timeoutSeconds() == 0 ? ForkPolicy.DEFAULT_TIMEOUT_SECONDS
        : declared.timeoutSeconds();
    if (declared != null && declared.timeoutSeconds() < 0) {
      throw new InvalidDeclarationException(type, "@Fork(timeoutSeconds)",
          declared.timeoutSeconds() + " is negative; give seconds, or 0 for the run's default");
    }
    timeout = seconds(type, p, Constants.FORK_TIMEOUT_SECONDS, timeout);
    int start = seconds(type, p, Constants.FORK_START_TIMEOUT_SECONDS, ForkPolicy.DEFAULT_START_TIMEOUT_SECONDS);
    return new ForkPolicy(mode, jvmArgs, timeout, start);
  }

  private static int seconds(Class<?> type, ConfigurationParameters p, String key, int fallback) {
    String v = p.get(key).filter(s -> !s.isBlank()).orElse(null);
    if (v == null) {
      return fallback;
    }
    int s = parse(type, key, v, Integer::parseInt);
    if (s <= 0) {
      throw new InvalidDeclarationException(type, "configuration " + key, "\"" + v + "\" is not a positive number of"
          + " seconds");
    }
    return s;
  }

  private static <T> T parse(Class<?> type, String key, String value, java.util.function.Function<String, T> parser) {
    try {
      return parser.apply(value.trim());
    } catch (IllegalArgumentException e) {
      throw new InvalidDeclarationException(type, "configuration " + key, "\"" + value + "\" is invalid: "
          + e.getMessage());
    }
  }
}
