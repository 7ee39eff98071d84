/**
 * What the {@code bench} commands print beside a study's run: the engine's figures from its LSM events and listings
 * against the simulators' predictions for the same flushes, as plain text tables.
 */
package org.spatiallsm.experiment.bench;
