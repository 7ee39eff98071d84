package org.spatiallsm.it;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * {@link KnnJoinCheck} on more records and more joins than {@link KnnQueryTest}'s case, through a leveled R-tree and
 * the organisations too. A class of its own: the shared cluster's execution runs every test of its classes.
 */
@Tag("extended") // ./scripts/test --extended runs it
@ExtendWith(SpatialClusterExtension.class)
class KnnJoinLongTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            KnnJoinRTree    | TYPE RTREE
            KnnJoinLeveled  | TYPE RTREE WITH {"merge-policy": {"name": "leveled", "parameters": \
            {"level0-components": 2, "size-ratio": 2, "max-component-entries": 40, "partitioning": "str"}}}
            KnnJoinDhvb     | TYPE DHVBTREE
            KnnJoinSif      | TYPE SIF(-180.0, -90.0, 180.0, 90.0)
            """)
    void joinsEqualAModel(String dataverse, String index, SpatialTestCluster cluster) {
        KnnJoinCheck.check(cluster.client(), dataverse, index, 2000, 150, 8);
    }
}
