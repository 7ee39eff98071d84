package org.spatiallsm.asterixdb.crash;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultPointsTest {

    @AfterEach
    void disarm() {
        System.clearProperty(FaultPoints.PROPERTY);
    }

    @Test
    void onlyTheArmedVisitOfTheArmedPointFails() {
        System.setProperty(FaultPoints.PROPERTY, "test.armed@2");
        assertThatCode(() -> FaultPoints.reach("test.other")).doesNotThrowAnyException();
        assertThatCode(() -> FaultPoints.reach("test.armed")).doesNotThrowAnyException();
        assertThatThrownBy(() -> FaultPoints.reach("test.armed")).isInstanceOf(IOException.class)
                .hasMessageContaining("No space left on device").hasMessageContaining("test.armed, visit 2");
        assertThatCode(() -> FaultPoints.reach("test.armed")).doesNotThrowAnyException();
    }

    @Test
    void withoutTheVisitTheFirstFails() {
        System.setProperty(FaultPoints.PROPERTY, "test.first");
        assertThatThrownBy(() -> FaultPoints.reach("test.first")).isInstanceOf(IOException.class);
        assertThatCode(() -> FaultPoints.reach("test.first")).doesNotThrowAnyException();
    }

    @Test
    void unarmedPointsNeverFail() {
        assertThatCode(() -> FaultPoints.reach("test.unarmed")).doesNotThrowAnyException();
    }

    @Test
    void severalPointsMayBeArmedAtOnce() {
        System.setProperty(FaultPoints.PROPERTY, "test.one@2, test.two");
        assertThatCode(() -> FaultPoints.reach("test.one")).doesNotThrowAnyException();
        assertThatThrownBy(() -> FaultPoints.reach("test.two")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> FaultPoints.reach("test.one")).isInstanceOf(IOException.class);
    }

    /** A running JVM is armed, re-armed and disarmed through the file; visits count from each change of its text. */
    @Test
    void aFileArmsPointsInARunningJvm(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("armed");
        System.setProperty(FaultPoints.PROPERTY, "file:" + file);
        assertThatCode(() -> FaultPoints.reach("test.file")).doesNotThrowAnyException();
        Files.writeString(file, "test.file@2\n");
        assertThatCode(() -> FaultPoints.reach("test.file")).doesNotThrowAnyException();
        assertThatThrownBy(() -> FaultPoints.reach("test.file")).isInstanceOf(IOException.class)
                .hasMessageContaining("test.file, visit 2");
        Files.writeString(file, "test.file");
        assertThatThrownBy(() -> FaultPoints.reach("test.file")).isInstanceOf(IOException.class)
                .hasMessageContaining("test.file, visit 1");
        Files.writeString(file, "");
        assertThatCode(() -> FaultPoints.reach("test.file")).doesNotThrowAnyException();
    }
}
