package org.spatiallsm.asterixdb.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HoldPointsTest {

    private static final Duration GENEROUS = Duration.ofMinutes(1);

    @AfterEach
    void disarm() {
        System.clearProperty(HoldPoints.PROPERTY);
    }

    @Test
    void theArmedVisitWaitsUntilReleasedAndOtherVisitsPass() throws Exception {
        System.setProperty(HoldPoints.PROPERTY, "test.hold@2");
        HoldPoints.reach("test.hold");
        HoldPoints.reach("test.other");
        CompletableFuture<String> held = CompletableFuture.supplyAsync(() -> {
            HoldPoints.reach("test.hold");
            return "went on";
        });
        assertThat(HoldPoints.awaitHeld("test.hold", GENEROUS)).isTrue();
        assertThat(held).isNotDone();
        HoldPoints.release("test.hold");
        assertThat(held.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS)).isEqualTo("went on");
        HoldPoints.reach("test.hold");
    }

    @Test
    void armingAgainStartsANewCountAndANewHold() throws Exception {
        for (int round = 0; round < 2; round++) {
            System.setProperty(HoldPoints.PROPERTY, "test.again");
            CompletableFuture<Void> held = CompletableFuture.runAsync(() -> HoldPoints.reach("test.again"));
            assertThat(HoldPoints.awaitHeld("test.again", GENEROUS)).isTrue();
            System.clearProperty(HoldPoints.PROPERTY);
            HoldPoints.release("test.again");
            held.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void everyCrashPointIsAHoldPoint() throws Exception {
        System.setProperty(HoldPoints.PROPERTY, "test.crash");
        CompletableFuture<Void> held = CompletableFuture.runAsync(() -> CrashPoints.reach("test.crash"));
        assertThat(HoldPoints.awaitHeld("test.crash", GENEROUS)).isTrue();
        HoldPoints.release("test.crash");
        held.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS);
    }
}
