package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Component;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.FlushEdit;
import org.spatiallsm.partitioning.leveled.ComponentMbr;

/** A component holding a NaN or infinite coordinate has the plane as MBR; its manifest line reads back exactly. */
class NonFiniteManifestTest {

    @Test
    void thePlaneSurvivesAManifestLine() throws Exception {
        FlushEdit flush = new FlushEdit(new Component("4_4", 0, ComponentMbr.PLANE, 3, 8192));

        String line = LeveledManifest.encode(flush);

        assertThat(line).contains("\"-Infinity\"", "\"Infinity\"").doesNotContain("NaN");
        assertThat(LeveledManifest.decode(line)).isEqualTo(flush);
    }
}
