package org.spatiallsm.cli.simulate;

import java.io.PrintWriter;
import java.util.Locale;

import org.spatiallsm.merge.simulation.SimulationSummary;
import org.spatiallsm.partitioning.simulation.LeveledSummary;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The totals every {@code simulate} summary shares, stack or leveled, printed the same way in both: as aligned
 * table lines and as JSON fields.
 */
record AmplificationTotals(long flushes, double writeAmplification, double writeAmplificationLogged,
        double readAmplification, int maxReadAmplification, double transientSpaceAmplification, long merges,
        long bytesFlushed, long bytesWrittenByMerges) {

    static AmplificationTotals of(SimulationSummary s) {
        return new AmplificationTotals(s.flushes(), s.writeAmplification(), s.writeAmplificationLogged(),
                s.readAmplification(), s.maxReadAmplification(), s.transientSpaceAmplification(), s.merges(),
                s.bytesFlushed(), s.bytesWrittenByMerges());
    }

    static AmplificationTotals of(LeveledSummary s) {
        return new AmplificationTotals(s.flushes(), s.writeAmplification(), s.writeAmplificationLogged(),
                s.readAmplification(), s.maxReadAmplification(), s.transientSpaceAmplification(), s.merges(),
                s.bytesFlushed(), s.bytesWrittenByMerges());
    }

    void printLines(PrintWriter out) {
        line(out, "flushes", Long.toString(flushes));
        line(out, "write amplification W", decimal(writeAmplification));
        line(out, "write amplification W_logged", decimal(writeAmplificationLogged));
        line(out, "read amplification (average)", decimal(readAmplification));
        line(out, "read amplification (max)", Integer.toString(maxReadAmplification));
        line(out, "transient space amplification", decimal(transientSpaceAmplification));
        line(out, "merges", Long.toString(merges));
        line(out, "bytes flushed", Long.toString(bytesFlushed));
        line(out, "bytes written by merges", Long.toString(bytesWrittenByMerges));
    }

    void putFields(ObjectNode fields) {
        fields.put("flushes", flushes);
        fields.put("writeAmplification", writeAmplification);
        fields.put("writeAmplificationLogged", writeAmplificationLogged);
        fields.put("readAmplification", readAmplification);
        fields.put("maxReadAmplification", maxReadAmplification);
        fields.put("transientSpaceAmplification", transientSpaceAmplification);
        fields.put("merges", merges);
        fields.put("bytesFlushed", bytesFlushed);
        fields.put("bytesWrittenByMerges", bytesWrittenByMerges);
    }

    /** One summary line: a label column, then the value. */
    static void line(PrintWriter out, String label, String value) {
        out.printf(Locale.ROOT, "%-30s %s%n", label, value);
    }

    static String decimal(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
