/**
 * The experiment harness: a study's configurations run one after another against a cluster, and every raw sample
 * (one row per query, per flush and merge, per throughput interval, per component sample) lands as CSV in a run
 * folder that a report turns into plots. See docs/experiments.md.
 */
package org.spatiallsm.experiment;
