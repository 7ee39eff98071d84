/**
 * {@code simulate}: merge policies replayed without a cluster, by flush counts or with real points.
 */
package org.spatiallsm.cli.simulate;
