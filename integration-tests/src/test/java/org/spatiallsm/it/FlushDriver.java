package org.spatiallsm.it;

import java.time.Duration;
import java.util.List;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;

/**
 * Drives one dataset through flushes of equal record counts: fixed-size records inserted in batches, then an
 * explicit flush on every node, so that each flush of an index partition holds one batch's share of the records.
 */
final class FlushDriver {

    /** Every record has the same size: an id, a point (for R-trees) and a 200-character string. */
    private static final String RECORD = "{\"id\": x, \"location\": create_point(to_double(x % 360) - 180.0, "
            + "to_double(x % 170) - 85.0), \"pad\": repeat(\"x\", 200)}";

    /**
     * How long a merge of this driver's small flushes may run without completing: generous (they take well under a
     * second on an idle machine), so that only a hung merge fails a test.
     */
    static final Duration MERGE_STALL = Duration.ofMinutes(5);

    private final QueryServiceClient client;
    private final LsmIntrospectionClient lsm;
    private final String dataverse;
    private final String dataset;
    private long nextId;

    FlushDriver(QueryServiceClient client, String dataverse, String dataset) {
        this.client = client;
        this.lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        this.dataverse = dataverse;
        this.dataset = dataset;
    }

    /** Creates the dataverse (dropped first) and the dataset with the given merge policy. */
    FlushDriver create(String policy, String parametersJson) {
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Padded AS { id: int64 }; CREATE DATASET " + dataset
                + "(Padded) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"" + policy + "\", \"parameters\": "
                + parametersJson + "}};");
        return this;
    }

    void insert(int records) {
        client.executeOrThrow("USE " + dataverse + "; INSERT INTO " + dataset + " (SELECT VALUE " + RECORD
                + " FROM range(" + nextId + ", " + (nextId + records - 1) + ") x);");
        nextId += records;
    }

    /** Flushes on every node; returns once the flushes are installed and the policy has scheduled its merges. */
    List<IndexComponents> flush() {
        return lsm.flush(dataverse, dataset);
    }

    List<IndexComponents> components() {
        return lsm.components(dataverse, dataset);
    }

    /**
     * Waits until no component of the dataset is merging: every merge the flushes asked for has completed. Fails only
     * when the components stop changing for {@code stall} while some still merge (a hung merge): a chain of merges
     * that keeps completing may take as long as the machine needs.
     */
    List<IndexComponents> awaitQuiescence(Duration stall) throws InterruptedException {
        List<IndexComponents> seen = List.of();
        long changed = System.nanoTime();
        while (true) {
            List<IndexComponents> components = components();
            if (components.stream().noneMatch(IndexComponents::anyMerging)) {
                return components;
            }
            if (!components.equals(seen)) {
                seen = components;
                changed = System.nanoTime();
            } else if (System.nanoTime() - changed > stall.toNanos()) {
                throw new AssertionError("merges of " + dataverse + "." + dataset + " made no progress for " + stall
                        + ": " + components);
            }
            Thread.sleep(20);
        }
    }

    /** One flush of {@code records} new records, and every merge it triggers, completed. */
    List<IndexComponents> flushAndSettle(int records) throws InterruptedException {
        insert(records);
        flush();
        return awaitQuiescence(MERGE_STALL);
    }

    List<LsmEvent> events() {
        return lsm.events(dataverse, dataset);
    }
}
