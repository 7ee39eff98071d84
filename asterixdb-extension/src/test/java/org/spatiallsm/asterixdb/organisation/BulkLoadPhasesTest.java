package org.spatiallsm.asterixdb.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BulkLoadPhasesTest {

    private static final long MS = 1_000_000;

    @Test
    void splitsTheLoadersLifeIntoItsPhases() {
        BulkLoadPhases phases = new BulkLoadPhases("p0", 1_000 * MS);
        phases.tupleArrived(1_400 * MS); // 400 ms waiting for the upstream sort
        phases.entry();
        phases.entry();
        phases.tupleBuffered(30 * MS);
        phases.tupleArrived(1_900 * MS);
        phases.entry();
        phases.entry();
        phases.tupleBuffered(20 * MS);
        phases.received(2_000 * MS, 1, 4_096, 10 * MS);
        phases.loaded(100 * MS);
        phases.loaded(50 * MS);
        phases.ended(2_000 * MS, 2_250 * MS, 2_260 * MS);

        assertThat(phases.describe()).isEqualTo("spatial-lsm bulk load: index=p0 tuples=2 entries=4 runs=1"
                + " spilledBytes=4096 waitMs=400 receiveMs=600 bufferMs=50 spillMs=10 mergeMs=100 loadMs=150"
                + " btreeEndMs=10 totalMs=1260");
    }

    @Test
    void anEmptyLoadWaitsUntilItsEnd() {
        BulkLoadPhases phases = new BulkLoadPhases("p1", 0);
        phases.received(70 * MS, 0, 0, 0);
        phases.ended(70 * MS, 70 * MS, 75 * MS);

        assertThat(phases.describe()).contains("tuples=0 entries=0 runs=0", "waitMs=70 receiveMs=0",
                "mergeMs=0 loadMs=0 btreeEndMs=5 totalMs=75");
    }
}
