package org.spatiallsm.it;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * {@link KnnQueryTest}'s random histories (the R-tree's and the organisations'), longer and with more queries per
 * round (about 80 s per policy on a loaded machine). A class of its own: the shared cluster's execution runs every
 * test of its classes.
 */
@Tag("extended") // ./scripts/test --extended runs it
@ExtendWith(SpatialClusterExtension.class)
class KnnLongHistoriesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = KnnQueryTest.POLICIES + KnnQueryTest.ORGANISATIONS)
    void answersEqualTheFullScansOverLongerHistories(String dataverse, String datasetPolicy, String indexes,
            SpatialTestCluster cluster) {
        KnnQueryTest.randomHistory(cluster.client(), dataverse + "Long", datasetPolicy, indexes, 10, 10);
    }
}
