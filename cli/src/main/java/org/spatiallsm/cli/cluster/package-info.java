/**
 * Commands on a running cluster's datasets: {@code sqlpp} runs statements, {@code components} lists the disk
 * components and search counters of a dataset's indexes.
 */
package org.spatiallsm.cli.cluster;
