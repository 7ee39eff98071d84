/**
 * The {@code bench} commands' measurements: the engine's figures from a study's LSM events and listings against the
 * simulators' predictions for the same flushes, and the sweeps that compare index types on one loaded dataset
 * ({@link org.spatiallsm.experiment.bench.IndexSweep}), as plain text tables. The {@code cli} module keeps only
 * their command-line shells.
 */
package org.spatiallsm.experiment.bench;
