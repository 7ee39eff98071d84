package org.spatiallsm.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The elapsed-time lines of a long statement, on a clock the test moves. */
class ElapsedTickerTest {

    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final StringWriter err = new StringWriter();

    @Test
    void eachTickPrintsTheTimeSinceTheStatementStarted() {
        ElapsedTicker ticker = new ElapsedTicker("COMPACT DATASET Geo.Points;", new PrintWriter(err), nanos::get);
        nanos.addAndGet(Duration.ofSeconds(10).toNanos());
        ticker.tick();
        nanos.addAndGet(Duration.ofMinutes(61).toNanos());
        ticker.tick();

        assertThat(err.toString().lines()).containsExactly(
                "-- COMPACT DATASET Geo.Points; still running, 0:00:10 elapsed",
                "-- COMPACT DATASET Geo.Points; still running, 1:01:10 elapsed");
    }

    @Test
    void noLineOnceTheStatementIsDone() {
        ElapsedTicker ticker = new ElapsedTicker("SELECT VALUE 1;", new PrintWriter(err), nanos::get);
        ticker.close();
        ticker.tick();

        assertThat(err.toString()).isEmpty();
    }
}
