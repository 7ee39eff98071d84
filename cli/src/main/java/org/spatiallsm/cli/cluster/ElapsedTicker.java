package org.spatiallsm.cli.cluster;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.spatiallsm.load.Progress;

/**
 * While one statement runs, a line on standard error at a fixed interval ("-- COMPACT DATASET Geo.Points; still
 * running, 0:00:30 elapsed"), so that a long CREATE INDEX, COMPACT or query shows it is alive. The query service
 * says nothing until a statement is done, so elapsed time is all there is to show.
 */
final class ElapsedTicker implements AutoCloseable {

    private final String statement;
    private final PrintWriter err;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private ScheduledFuture<?> schedule;
    private boolean closed;

    /** @param nanoClock {@link System#nanoTime} but in tests */
    ElapsedTicker(String statement, PrintWriter err, LongSupplier nanoClock) {
        this.statement = statement;
        this.err = err;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
    }

    /** A ticker that prints every {@code interval} on {@code scheduler}'s thread until it is closed. */
    static ElapsedTicker every(Duration interval, ScheduledExecutorService scheduler, String statement,
            PrintWriter err) {
        ElapsedTicker ticker = new ElapsedTicker(statement, err, System::nanoTime);
        long millis = interval.toMillis();
        ticker.schedule = scheduler.scheduleAtFixedRate(ticker::tick, millis, millis, TimeUnit.MILLISECONDS);
        return ticker;
    }

    static String line(String statement, Duration elapsed) {
        return "-- " + statement + " still running, " + Progress.clock(elapsed) + " elapsed";
    }

    /** Prints the elapsed time, unless the statement is done. */
    synchronized void tick() {
        if (!closed) {
            err.println(line(statement, Duration.ofNanos(nanoClock.getAsLong() - startNanos)));
            err.flush();
        }
    }

    /** The statement is done: no line after this one returns. */
    @Override
    public synchronized void close() {
        closed = true;
        if (schedule != null) {
            schedule.cancel(false);
        }
    }
}
