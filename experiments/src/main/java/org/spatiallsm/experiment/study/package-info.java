/** The studies of the published work, each a {@link org.spatiallsm.experiment.Study}. */
package org.spatiallsm.experiment.study;
