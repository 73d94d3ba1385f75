/**
 * A command-line listing of the backends this classpath offers, in the spirit of GPU-Insights'
 * {@code check_env.py}: every backend found through {@link java.util.ServiceLoader}, what it runs on, and for each
 * one that cannot run, why. It needs no Maven: {@code java -cp 'lib/*' io.gpubench.engine.diagnostics.Diagnostics}.
 */
package io.gpubench.engine.diagnostics;
