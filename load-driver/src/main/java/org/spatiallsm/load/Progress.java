package org.spatiallsm.load;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Live progress of a long load on a terminal (or a log): done and total, the recent and overall rate, elapsed time
 * and ETA, every interval, and a final report on close (so even a load shorter than one interval reports once). On
 * a terminal the line rewrites itself; elsewhere each report is its own line.
 */
public final class Progress implements AutoCloseable {

    private final String label;
    private final String unit;
    private final long total;
    private final PrintStream out;
    private final boolean sameLine;
    private final AtomicLong done = new AtomicLong();
    private final long start = System.nanoTime();
    private final ScheduledExecutorService timer;
    private long lastDone;
    private long lastTime = start;
    private boolean closed;

    public Progress(String unit, long total, PrintStream out, Duration interval, boolean sameLine) {
        this("", unit, total, out, interval, sameLine);
    }

    /** @param label printed before every report, e.g. which of several runs this is */
    public Progress(String label, String unit, long total, PrintStream out, Duration interval, boolean sameLine) {
        this.label = label;
        this.unit = unit;
        this.total = total;
        this.out = out;
        this.sameLine = sameLine;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "progress");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::report, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    public void advance(long n) {
        done.addAndGet(n);
    }

    private synchronized void report() {
        // A tick that was already running when close() cancelled the timer must not print after the final line.
        if (!closed) {
            print(false);
        }
    }

    /** @param overall whether to show the rate over the whole run (the final report) or since the last report */
    private void print(boolean overall) {
        long now = System.nanoTime();
        long d = done.get();
        double rate = overall ? d / Math.max(1e-9, (now - start) / 1e9)
                : (d - lastDone) / Math.max(1e-9, (now - lastTime) / 1e9);
        lastDone = d;
        lastTime = now;
        String line = label + line(unit, d, total, rate, Duration.ofNanos(now - start));
        if (sameLine) {
            out.print("\r" + line + "   ");
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** Stops the timer and prints the final report, with the overall rate; it stays on screen. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        timer.shutdownNow();
        print(true);
        if (sameLine) {
            out.println();
        }
    }

    /** One report, e.g. {@code 40,000 / 100,000 records (40.0 %)  8,012 records/s  elapsed 0:00:05  ETA 0:00:07}. */
    static String line(String unit, long done, long total, double recentRate, Duration elapsed) {
        double overallRate = done / Math.max(1e-9, elapsed.toNanos() / 1e9);
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d", done));
        if (total >= 0) {
            s.append(String.format(Locale.ROOT, " / %,d", total));
        }
        s.append(' ').append(unit);
        if (total > 0) {
            s.append(String.format(Locale.ROOT, " (%.1f %%)", 100.0 * done / total));
        }
        s.append(String.format(Locale.ROOT, "  %,.0f %s/s", recentRate, unit)).append("  elapsed ")
                .append(clock(elapsed));
        if (total >= 0) {
            s.append("  ETA ").append(overallRate > 0 ? clock(Duration.ofSeconds(
                    (long) Math.ceil((total - done) / overallRate))) : "?");
        }
        return s.toString();
    }

    /** h:mm:ss */
    public static String clock(Duration d) {
        long seconds = d.toSeconds();
        return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    }
}
