/**
 * The host memory of a case, measured in the process that runs it: bytes the calling thread allocates per call, the
 * garbage collections during the trials, the process's peak resident set, and the watch that ends a worker whose
 * heap is exhausted. Read around the trials, never inside a trial's timed region.
 */
package io.gpubench.engine.memory;
