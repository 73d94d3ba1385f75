package io.gpubench.maven.verdict;

/** What to do with a baseline recorded in another environment (other hardware, driver or library versions). */
public enum EnvironmentPolicy {
  /** Refuse to compare: a violation that fails the build. */
  FAIL,
  /** Compare anyway, with a warning that names the differences. */
  WARN
}
