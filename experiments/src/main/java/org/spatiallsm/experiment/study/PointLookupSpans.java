package org.spatiallsm.experiment.study;

import java.io.IOException;

import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.CsvFile;
import org.spatiallsm.load.DatasetName;

/**
 * The primary index's point lookups of a merge-policy configuration, split by who made them: the writes (an
 * INSERT's duplicate check looks up a key the index does not hold yet; an UPSERT looks up its key, held or not) and
 * the study's lookups of existing records. The listing's counters are read after each share's writes and after its
 * lookups; what grew between two readings belongs to the span between them (flushes and merges search nothing).
 */
final class PointLookupSpans {

    private final ConfigurationRun run;
    private final DatasetName dataset;
    private final String index;
    /** The index is new: its counters start at 0. */
    private BloomFilterReadings last = BloomFilterReadings.NONE;
    private BloomFilterReadings writes = BloomFilterReadings.NONE;
    private BloomFilterReadings lookups = BloomFilterReadings.NONE;

    PointLookupSpans(ConfigurationRun run, DatasetName dataset, String index) {
        this.run = run;
        this.dataset = dataset;
        this.index = index;
    }

    void writesDone() {
        BloomFilterReadings now = reading();
        writes = writes.plus(now.since(last));
        last = now;
    }

    void lookupsDone() {
        BloomFilterReadings now = reading();
        lookups = lookups.plus(now.since(last));
        last = now;
    }

    /** A row per span, its sizes those of the index at the end. */
    void write(CsvFile file) throws IOException {
        BloomFilterReadings end = reading();
        writes = writes.plus(end.since(last));
        row(file, "writes", writes, end);
        row(file, "lookups", lookups, end);
    }

    private static void row(CsvFile file, String phase, BloomFilterReadings span, BloomFilterReadings end)
            throws IOException {
        file.row(phase, kept(span.lookups()), kept(span.searches()), kept(span.opened()), kept(span.skipped()),
                kept(span.tested()), kept(span.rejected()),
                span.tested() < 0 ? null : span.tested() - span.rejected(), kept(span.falsePositives()),
                kept(span.pagesRead()), kept(span.filterPagesRead()), kept(end.filterBytes()),
                kept(end.componentBytes()));
    }

    private static Long kept(long counter) {
        return counter < 0 ? null : counter;
    }

    private BloomFilterReadings reading() {
        return BloomFilterReadings.of(run.cluster().lsm().typedListings(dataset.dataverse(), dataset.dataset()),
                index);
    }
}
