package org.spatiallsm.experiment.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.LongFunction;

import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.RecordTransport;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.experiment.study.OrganisationStatements;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.LoadException;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.RecordShape;

/**
 * The harness of the bench commands that compare index types on one loaded dataset ({@code bench grid-density},
 * {@code bench index-join}): a scratch dataverse with one dataset {@code Data}, loaded once, then for each index in
 * turn CREATE INDEX, a measurement, DROP INDEX. The experiments' runner gives every configuration a fresh dataset
 * instead, which here would load the same records once per index. An index whose DDL or measurement AsterixDB
 * refuses gets its one-line error, and the others run on. Only one index exists at a time: with two on the field, a
 * query could be answered through either, and every index has the same name, {@link OrganisationStatements#INDEX},
 * under which the measurements find its counters and size. So a kept sweep keeps its last index only.
 */
public final class IndexSweep {

    /**
     * What the sweep measures on one index, created on the loaded dataset; the sweep drops it afterwards unless it is
     * the last index of a kept sweep.
     */
    @FunctionalInterface
    public interface Measurement<T> {
        T measure(Organisation index) throws Exception;
    }

    /** Fills the empty dataset; returns the seconds it took. */
    @FunctionalInterface
    public interface Load {
        double load() throws Exception;
    }

    private final QueryServiceClient client;
    private final String dataverse;
    private final DatasetName dataset;
    private final RecordShape shape;
    private final OrganisationStatements sql;
    private final PrintWriter progress;

    /**
     * @param nonPoint whether the indexed field holds rectangles (House and Lake squares), not points
     * @param progress where each step is reported, one line each
     */
    public IndexSweep(QueryServiceClient client, String dataverse, RecordShape shape, boolean nonPoint,
            PrintWriter progress) {
        this.client = client;
        this.dataverse = dataverse;
        this.dataset = new DatasetName(dataverse, "Data");
        this.shape = shape;
        this.sql = new OrganisationStatements(dataset, shape, nonPoint);
        this.progress = progress;
    }

    /**
     * Recreates the scratch dataverse, loads it, measures each index in turn, and drops the dataverse unless kept.
     * {@code keep} keeps the dataverse, its dataset and the last index, to query or inspect them afterwards.
     *
     * @param with   the dataset's WITH clause (e.g. its merge policy), or empty
     * @param failed the result of an index AsterixDB refused, from the index and its one-line error
     */
    public <T> List<T> run(String with, boolean keep, Load load, List<Organisation> indexes,
            Measurement<T> measurement, BiFunction<Organisation, String, T> failed) throws Exception {
        String scratch = Sqlpp.identifier(dataverse);
        client.executeOrThrow("DROP DATAVERSE " + scratch + " IF EXISTS; CREATE DATAVERSE " + scratch + ";");
        client.executeOrThrow(DatasetSetup.createStatements(dataset, shape, with, false));
        double seconds = load.load();
        progress("loaded in %.1f s", seconds);
        List<T> results = new ArrayList<>();
        for (int i = 0; i < indexes.size(); i++) {
            Organisation index = indexes.get(i);
            try {
                results.add(measurement.measure(index));
            } catch (QueryFailedException e) {
                results.add(failed.apply(index, firstLine(e.getMessage())));
                progress("%s: error: %s", index.label(), firstLine(e.getMessage()));
            } finally {
                if (!keep || i < indexes.size() - 1) {
                    client.executeOrThrow(sql.dropIndex()); // the next index needs the name
                }
            }
        }
        if (!keep) {
            client.executeOrThrow("DROP DATAVERSE " + scratch + ";");
        }
        return results;
    }

    /** Loads {@code records} records (ids 0 ..) through the experiments' transport; the seconds it took. */
    public double load(RecordTransport transport, LongFunction<String> record, long records) throws Exception {
        return transport.loadAll(new ClusterSession(client, dataverse), dataset, DatasetSetup.typeNameFor(dataset),
                shape.idField(), record, records);
    }

    /**
     * Loads {@code records} records (ids 0 ..) with LOAD DATASET from an ADM file written to this machine's temporary
     * directory, which the NCs must read (stock AsterixDB has no spatial-lsm feed adapter), then checks their count;
     * the seconds it took.
     */
    public double loadFile(LongFunction<String> record, long records) {
        long start = System.nanoTime();
        Path file = null;
        try {
            file = Files.createTempFile("spatial-lsm-sweep", ".adm");
            try (BufferedWriter out = Files.newBufferedWriter(file)) {
                for (long id = 0; id < records; id++) {
                    out.write(record.apply(id));
                    out.newLine();
                }
            }
            client.executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse()) + "; LOAD DATASET "
                    + Sqlpp.identifier(dataset.dataset()) + " USING localfs ((\"path\"=\"127.0.0.1://"
                    + file.toAbsolutePath() + "\"), (\"format\"=\"adm\"));");
        } catch (IOException e) {
            throw new LoadException("cannot write the records to a temporary file: " + e.getMessage(), e);
        } finally {
            deleteQuietly(file);
        }
        long found = client.executeOrThrow("SELECT VALUE COUNT(*) FROM " + dataset.sql() + ";").results().get(0)
                .asLong();
        if (found != records) {
            throw new LoadException(String.format(Locale.ROOT, "LOAD DATASET loaded %,d of %,d records", found,
                    records));
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static void deleteQuietly(Path file) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // A temporary file left behind is harmless; the measurement goes on.
        }
    }

    public QueryServiceClient client() {
        return client;
    }

    public DatasetName dataset() {
        return dataset;
    }

    public RecordShape shape() {
        return shape;
    }

    public OrganisationStatements sql() {
        return sql;
    }

    /** One line of progress. */
    public void progress(String format, Object... values) {
        progress.printf(Locale.ROOT, format + "%n", values);
        progress.flush();
    }

    /** The first line of an error message: AsterixDB's can run on with a stack of causes. */
    static String firstLine(String message) {
        if (message == null) {
            return "failed";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).strip();
    }
}
