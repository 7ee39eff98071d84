/** {@code spatial-lsm experiment}: the command shell over the experiments module's harness. */
package org.spatiallsm.cli.experiment;
