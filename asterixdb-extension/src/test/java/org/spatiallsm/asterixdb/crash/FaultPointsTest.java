package org.spatiallsm.asterixdb.crash;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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
}
