package io.gpubench.api.result;

/**
 * How a case was warmed up before its trials: the declared calls (the first checked against the reference, the
 * others against it), then rounds of calls made as trials make them until the time per call stopped falling and the
 * JIT compiler stopped compiling, or the time cap.
 *
 * @param end how it ended
 * @param detail the figures behind the end, such as {@code "steady after 7 rounds (0.41 s): 52.1 µs per call, 0.3%
 *     above the round two before; no JIT compilation in the last 2 rounds"}
 * @param seconds host seconds spent warming up, the declared calls included
 * @param rounds rounds of calls after the declared calls
 */
public record Warmup(WarmupEnd end, String detail, double seconds, int rounds) {}
