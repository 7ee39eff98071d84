/**
 * {@code generate} and {@code load}: deterministic records and queries, and loading them into a dataset.
 */
package org.spatiallsm.cli.load;
