/**
 * {@code bench}: benchmarks against a running cluster; results are printed, never asserted.
 */
package org.spatiallsm.cli.bench;
