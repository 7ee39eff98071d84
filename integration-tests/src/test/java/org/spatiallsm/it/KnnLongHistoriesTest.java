package org.spatiallsm.it;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * {@link KnnQueryTest}'s random histories, longer and with more queries per round (about 80 s per policy on a
 * loaded machine). A class of its own: the shared cluster's execution runs every test of its classes.
 */
@Tag("extended") // ./scripts/test --extended runs it
@ExtendWith(SpatialClusterExtension.class)
class KnnLongHistoriesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = KnnQueryTest.POLICIES)
    void answersEqualTheFullScansOverLongerHistories(String dataverse, String datasetPolicy, String indexOptions,
            SpatialTestCluster cluster) {
        KnnQueryTest.randomHistory(cluster.client(), dataverse + "Long", datasetPolicy, indexOptions, 10, 10);
    }
}
