/**
 * The spatial-lsm command ({@link org.spatiallsm.cli.SpatialLsmCli}), its exit codes, and the options several
 * subcommands share, each declared once as a picocli mixin.
 */
package org.spatiallsm.cli;
