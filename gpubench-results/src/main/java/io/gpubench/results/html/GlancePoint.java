package io.gpubench.results.html;

/**
 * One case on the run's first view.
 *
 * @param position the case's place in the run, from 0
 * @param share the share of its roofline bound its median reached: bound over time
 * @param name its display name
 * @param status its status, or {@code FLAGGED} for a passed case with a flag
 * @param time its median with the interval, as the table shows it
 * @param anchor its card's element id
 */
record GlancePoint(int position, double share, String name, String status, String time, String anchor) {}
