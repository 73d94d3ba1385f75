package io.gpubench.maven.rules;

/**
 * A limit a case missed, or a rule or comparison that could not be satisfied.
 *
 * @param subject the case id, or what else is at fault (a rule, the baseline)
 * @param figure the figure, or a word for the kind of problem
 * @param message the whole message: subject, figure, actual and limit
 */
public record Violation(String subject, String figure, String message) {}
