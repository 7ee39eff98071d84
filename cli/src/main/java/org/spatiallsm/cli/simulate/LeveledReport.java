package org.spatiallsm.cli.simulate;

import static org.spatiallsm.cli.simulate.AmplificationTotals.decimal;

import java.io.PrintWriter;
import java.util.Locale;

import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.partitioning.simulation.LeveledStep;
import org.spatiallsm.partitioning.simulation.LeveledSummary;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The report of {@code simulate --policy leveled} in the count model: the stack report's amplification fields plus
 * the component count of every level and the number of merges and moves.
 */
abstract class LeveledReport {

    static final ObjectMapper JSON = new ObjectMapper();

    abstract void step(LeveledStep step);

    abstract void summary(LeveledSummary summary);

    static LeveledReport table(PrintWriter out, PolicyParameters values, long flushes) {
        return new Table(out, values, flushes);
    }

    static LeveledReport json(PrintWriter out, PolicyParameters values) {
        return new Json(out, values);
    }

    /** Every parameter under its natural name: numbers as numbers, choices as words. */
    static void putParameters(ObjectNode into, PolicyParameters values) {
        ObjectNode parameters = into.putObject("parameters");
        for (ParameterSpec parameter : values.schema().parameters()) {
            switch (parameter.type()) {
                case INTEGER -> parameters.put(parameter.name(), values.getInt(parameter.name()));
                case DECIMAL -> parameters.put(parameter.name(), values.getDouble(parameter.name()));
                case CHOICE -> parameters.put(parameter.name(), values.getChoice(parameter.name()));
            }
        }
    }

    private static final class Table extends LeveledReport {
        private final PrintWriter out;
        private final String rowFormat;

        Table(PrintWriter out, PolicyParameters values, long flushes) {
            this.out = out;
            int flushWidth = Math.max("flush".length(), Long.toString(flushes).length());
            this.rowFormat = "%" + flushWidth + "s  %9s  %9s  %9s  %7s  %7s  %s%n";
            out.printf(Locale.ROOT, "policy %s %s%n", values.policy(), values.values());
            out.printf(Locale.ROOT, rowFormat, "flush", "W", "W_logged", "RA", "merges", "moves",
                    "levels (L0 first)");
        }

        @Override
        void step(LeveledStep step) {
            out.printf(Locale.ROOT, rowFormat, step.flush(), decimal(step.writeAmplification()),
                    decimal(step.writeAmplificationLogged()), decimal(step.readAmplification()), step.merges(),
                    step.moves(), step.levels());
        }

        @Override
        void summary(LeveledSummary summary) {
            out.println();
            AmplificationTotals.of(summary).printLines(out);
            AmplificationTotals.line(out, "moves", Long.toString(summary.moves()));
            AmplificationTotals.line(out, "levels (L0 first)", summary.levels().toString());
        }
    }

    private static final class Json extends LeveledReport {
        private final PrintWriter out;
        private final PolicyParameters values;

        Json(PrintWriter out, PolicyParameters values) {
            this.out = out;
            this.values = values;
        }

        @Override
        void step(LeveledStep step) {
            ObjectNode line = JSON.createObjectNode();
            line.put("flush", step.flush());
            step.levels().forEach(line.putArray("levels")::add);
            line.put("writeAmplification", step.writeAmplification());
            line.put("writeAmplificationLogged", step.writeAmplificationLogged());
            line.put("readAmplification", step.readAmplification());
            line.put("merges", step.merges());
            line.put("moves", step.moves());
            line.put("transientSpaceAmplification", step.transientSpace());
            line.put("transientSpaceOfFlush", step.transientSpaceOfFlush());
            out.println(line);
        }

        @Override
        void summary(LeveledSummary summary) {
            ObjectNode line = JSON.createObjectNode();
            ObjectNode fields = line.putObject("summary");
            fields.put("policy", values.policy());
            putParameters(fields, values);
            AmplificationTotals.of(summary).putFields(fields);
            fields.put("moves", summary.moves());
            summary.levels().forEach(fields.putArray("levels")::add);
            out.println(line);
        }
    }
}
