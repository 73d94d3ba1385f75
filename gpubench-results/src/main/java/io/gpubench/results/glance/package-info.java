/**
 * What every report shows first, so that a run of a hundred cases reads at a glance: skipped cases folded into one
 * group per reason, and flags as short codes with their meaning kept for hover, legend and the case's own section.
 * The console summary, the Markdown summary and the HTML report all read a run through these.
 */
package io.gpubench.results.glance;
