package org.spatiallsm.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.QueryFormat;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.SpatialQueries;

/** Loads through real socket feeds and HTTP into the in-process cluster, and checks what arrived. */
@ExtendWith(SpatialClusterExtension.class)
class LoaderClusterTest {

    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(logBytes, true);

    private static RecordGenerator generator(String distribution, String shape, long seed) {
        return new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed), RecordShapes.named(shape),
                seed);
    }

    private static Loader.Options options(String dataset, Loader.Transport transport, FeedMode mode, String feed,
            int port) {
        return options(dataset, transport, mode, feed, port, null);
    }

    private static Loader.Options options(String dataset, Loader.Transport transport, FeedMode mode, String feed,
            int port, Path clusterDataDir) {
        return options(dataset, port, null, clusterDataDir, transport, mode, feed);
    }

    private static Loader.Options options(String dataset, int port, String with, Path clusterDataDir,
            Loader.Transport transport, FeedMode mode, String feed) {
        return new Loader.Options(new DatasetName("LoadIT", dataset), transport, mode, feed, "127.0.0.1", port, 250,
                0, true, with, true, Duration.ofSeconds(30), 5, clusterDataDir, Duration.ofMillis(200));
    }

    private static long metadataCount(QueryServiceClient client, String query) {
        return client.executeOrThrow(query).results().get(0).asLong();
    }

    @Test
    void generatedRecordsArriveThroughASocketFeedIntactAndQueryable(QueryServiceClient client) throws IOException {
        RecordGenerator data = generator("osm-like", "spatial", 11);
        LoadReport report = new Loader(client, log, false).load(new GeneratedRecords(data, 1, 5000), data.shape(),
                options("Osm", Loader.Transport.FEED, FeedMode.INSERT, null, 10101));

        assertThat(report.verified()).as(report.summary()).isTrue();
        assertThat(report.summary()).endsWith("OK: nothing lost, the 5 records read back are intact");
        assertThat(report.found()).isEqualTo(5000);
        assertThat(report.sent()).isEqualTo(5000);
        // The final progress report comes however fast the records went out (no 200 ms tick needed).
        assertThat(logBytes.toString()).contains("created feed LoadIT.OsmFeed (insert",
                "5,000 / 5,000 records (100.0 %)", "records/s", "ETA 0:00:00");
        // The points arrived exactly: range counts on the cluster equal the counts over the generated points.
        SpatialQueries queries = new SpatialQueries(data, 1, 5000, 3);
        for (int q = 0; q < 10; q++) {
            SpatialQueries.Rectangle r = queries.rectangle(q, List.of(1.0, 2.0));
            long expected = 0;
            for (long id = 1; id <= 5000; id++) {
                GeoPoint p = data.point(id);
                expected += r.window().contains(p) ? 1 : 0;
            }
            String statement = QueryFormat.SQLPP.rectangle(q, r, "LoadIT.Osm", "loc");
            assertThat(client.executeOrThrow(statement).results().get(0).asLong()).as(statement).isEqualTo(expected)
                    .isPositive();
        }
        assertThat(client.executeOrThrow("EXPLAIN " + QueryFormat.SQLPP.rectangle(0, queries.rectangle(0,
                List.of(3.0)), "LoadIT.Osm", "loc")).plan()).contains("RTREE_SEARCH");
    }

    @Test
    void tweetsLoadAndUpsertOverExistingIds(QueryServiceClient client) throws IOException {
        RecordGenerator tweets = generator("uniform", "tweet", 5);
        Loader loader = new Loader(client, log, false);
        assertThat(loader.load(new GeneratedRecords(tweets, 0, 1000), tweets.shape(),
                options("Tweets", Loader.Transport.FEED, FeedMode.INSERT, "TweetInserts", 10102)).verified()).isTrue();

        RecordGenerator newer = generator("uniform", "tweet", 6);
        LoadReport upsert = loader.load(new GeneratedRecords(newer, 500, 1000), newer.shape(),
                options("Tweets", Loader.Transport.FEED, FeedMode.UPSERT, "TweetUpserts", 10103));

        assertThat(upsert.verified()).as(upsert.summary()).isTrue();
        assertThat(upsert.notes()).anySatisfy(n -> assertThat(n).contains("500 of these ids existed", "replaced"));
        assertThat(new Catalog(client).count(new DatasetName("LoadIT", "Tweets"))).isEqualTo(1500);
    }

    @Test
    void anExistingFeedInAnotherModeIsRefusedNotSilentlyUsed(QueryServiceClient client) throws IOException {
        RecordGenerator data = generator("uniform", "point", 1);
        Loader loader = new Loader(client, log, false);
        loader.load(new GeneratedRecords(data, 0, 10), data.shape(),
                options("Modes", Loader.Transport.FEED, FeedMode.INSERT, null, 10104));
        assertThatThrownBy(() -> loader.load(new GeneratedRecords(data, 10, 10), data.shape(),
                options("Modes", Loader.Transport.FEED, FeedMode.UPSERT, null, 10104)))
                .isInstanceOf(LoadException.class)
                .hasMessage("feed LoadIT.ModesFeed exists and is an insert feed, not upsert; choose another feed "
                        + "name or drop it");
    }

    @Test
    void duplicateKeysInInsertModeAreReportedAsMissing(QueryServiceClient client, @TempDir Path dir)
            throws IOException {
        RecordGenerator data = generator("uniform", "point", 2);
        Loader loader = new Loader(client, log, false);
        loader.load(new GeneratedRecords(data, 0, 100), data.shape(),
                options("Dups", Loader.Transport.FEED, FeedMode.INSERT, null, 10105));
        // Ids 90..189: the first ten exist already, and an insert feed drops them without a trace.
        List<String> lines = new ArrayList<>();
        for (long id = 90; id < 190; id++) {
            lines.add(RecordFormat.ADM.format(data.record(id)));
        }
        Path file = Files.write(dir.resolve("dups.adm"), lines);

        LoadReport report = loader.load(new FileRecords(file), null,
                options("Dups", Loader.Transport.FEED, FeedMode.INSERT, null, 10105));

        assertThat(report.verified()).isFalse();
        assertThat(report.missing()).isEqualTo(10);
        assertThat(report.summary()).contains("dataset holds 90 of the 100 records sent", "NOT VERIFIED: 10 records "
                + "missing", "dropped without a failed-record entry");
    }

    @Test
    void recordsTheParserRejectsAreCountedAndShownFromTheFailedRecordLog(QueryServiceClient client,
            SpatialTestCluster cluster, @TempDir Path dir) throws IOException {
        RecordGenerator data = generator("uniform", "point", 3);
        List<String> lines = new ArrayList<>();
        for (long id = 0; id < 50; id++) {
            lines.add(RecordFormat.ADM.format(data.record(id)));
        }
        lines.set(20, "{\"id\": 20, \"loc\": \"not a point\"}");
        Path file = Files.write(dir.resolve("bad.adm"), lines);
        RecordShape shape = RecordShapes.named("point");

        // The in-process NCs do not publish their iodevices: tell the loader where their storage lies.
        LoadReport report = new Loader(client, log, false).load(new FileRecords(file), shape,
                options("Rejects", Loader.Transport.FEED, FeedMode.INSERT, null, 10106, cluster.storageRoot()));

        assertThat(report.verified()).isFalse();
        assertThat(report.missing()).isEqualTo(1);
        assertThat(report.parserFailures()).isEqualTo(1);
        assertThat(report.failedRecords()).anySatisfy(line -> assertThat(line).contains("not a point"));
        assertThat(report.summary()).contains("the feed's parser rejected 1 records");
    }

    @Test
    void httpInsertBatchesLoadTheSameRecords(QueryServiceClient client) throws IOException {
        RecordGenerator data = generator("gaussian", "tweet", 4);
        LoadReport report = new Loader(client, log, false).load(new GeneratedRecords(data, 0, 1100), data.shape(),
                options("ViaHttp", Loader.Transport.HTTP, FeedMode.INSERT, null, 0));

        assertThat(report.verified()).as(report.summary()).isTrue();
        assertThat(report.transport()).isEqualTo("HTTP INSERT batches");
    }

    @Test
    void aDatasetOfAnotherTypeIsRefusedBeforeAnythingIsSent(QueryServiceClient client) {
        client.executeOrThrow("CREATE DATAVERSE LoadIT IF NOT EXISTS; USE LoadIT; "
                + "CREATE TYPE OtherType AS CLOSED { id: int64, loc: string }; "
                + "CREATE DATASET Other(OtherType) PRIMARY KEY id;");
        RecordGenerator data = generator("uniform", "point", 1);

        assertThatThrownBy(() -> new Loader(client, log, false).load(new GeneratedRecords(data, 0, 10), data.shape(),
                options("Other", Loader.Transport.FEED, FeedMode.INSERT, null, 10107)))
                .isInstanceOf(LoadException.class)
                .hasMessage("dataset LoadIT.Other cannot take point records: field loc is string, the records have "
                        + "point");
        assertThat(new Catalog(client).feed("LoadIT", "OtherFeed")).isEmpty();
    }

    @Test
    void aFeedThatIsAlreadyRunningIsLeftAlone(QueryServiceClient client) {
        RecordGenerator data = generator("uniform", "point", 1);
        DatasetSetup.ensure(new Catalog(client), new DatasetName("LoadIT", "Busy"), data.shape(), true, null, false);
        client.executeOrThrow("USE LoadIT; CREATE FEED BusyFeed WITH {\"adapter-name\": \"socket_adapter\", "
                + "\"sockets\": \"127.0.0.1:10108\", \"address-type\": \"IP\", \"type-name\": \"BusyType\", "
                + "\"format\": \"adm\"}; CONNECT FEED BusyFeed TO DATASET Busy; START FEED BusyFeed;");
        try {
            assertThatThrownBy(() -> new Loader(client, log, false).load(new GeneratedRecords(data, 0, 10),
                    data.shape(), options("Busy", Loader.Transport.FEED, FeedMode.UPSERT, null, 10108)))
                    .isInstanceOf(LoadException.class)
                    .hasMessageStartingWith("feed LoadIT.BusyFeed is already running; stop it first");
        } finally {
            client.executeOrThrow("USE LoadIT; STOP FEED BusyFeed;");
        }
    }

    @Test
    void aBusyFeedPortIsOneLineAndLeavesNeitherFeedNorDatasetBehind(QueryServiceClient client) throws IOException {
        RecordGenerator data = generator("uniform", "point", 7);
        Loader loader = new Loader(client, log, false);
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> loader.load(new GeneratedRecords(data, 0, 10), data.shape(),
                    options("Blocked", Loader.Transport.FEED, FeedMode.INSERT, null, port)))
                    .isInstanceOf(LoadException.class)
                    .hasMessage("feed LoadIT.BlockedFeed cannot listen on 127.0.0.1:" + port + ": another feed or "
                            + "program holds that port; give a free one with --feed-address, or leave "
                            + "--feed-address out to have one picked");
        }
        assertThat(new Catalog(client).feed("LoadIT", "BlockedFeed")).isEmpty();
        assertThat(new Catalog(client).datasetType(new DatasetName("LoadIT", "Blocked"))).isEmpty();
        assertThat(metadataCount(client, "SELECT VALUE COUNT(*) FROM Metadata.`Datatype` t "
                + "WHERE t.DataverseName = 'LoadIT' AND t.DatatypeName = 'BlockedType';")).isZero();

        // Without an address a free port is picked, and the feed made for it is dropped after the load.
        LoadReport retry = loader.load(new GeneratedRecords(data, 0, 10), data.shape(),
                options("Blocked", Loader.Transport.FEED, FeedMode.INSERT, null, 0));
        assertThat(retry.verified()).as(retry.summary()).isTrue();
        assertThat(new Catalog(client).feed("LoadIT", "BlockedFeed")).isEmpty();
    }

    @Test
    void indexWithConfiguresTheCreatedRTreeAndBothWithsAreRefusedForAnExistingDataset(QueryServiceClient client)
            throws IOException {
        RecordGenerator data = generator("uniform", "point", 8);
        Loader loader = new Loader(client, log, false);
        loader.load(new GeneratedRecords(data, 0, 10), data.shape(), new Loader.Options(
                new DatasetName("LoadIT", "Configured"), Loader.Transport.HTTP, FeedMode.INSERT, null, "127.0.0.1", 0,
                250, 0, true, null, true, "{\"merge-policy\": {\"name\": \"tiered\"}, \"comparator\": \"simple\"}",
                Duration.ofSeconds(30), 5, null, Duration.ofMillis(200)));

        assertThat(client.executeOrThrow("SELECT s.MergePolicy, s.MergePolicySetOn, s.Comparator FROM "
                + "SpatialLsm.IndexStorage s WHERE s.DataverseName = \"LoadIT\" AND s.DatasetName = \"Configured\" "
                + "AND s.IndexName = \"ConfiguredLocation\";").results().toString())
                .isEqualTo("[{\"MergePolicy\":\"tiered\",\"MergePolicySetOn\":\"index\",\"Comparator\":\"simple\"}]");
        assertThatThrownBy(() -> loader.load(new GeneratedRecords(data, 10, 10), data.shape(),
                options("Configured", 0, "{\"merge-policy\": {\"name\": \"binomial\"}}", null,
                        Loader.Transport.HTTP, FeedMode.INSERT, null)))
                .isInstanceOf(LoadException.class)
                .hasMessage("dataset LoadIT.Configured exists already, and --with only configures a dataset that "
                        + "--create creates; leave --with out to load into it as it is");
        assertThatThrownBy(() -> DatasetSetup.ensure(new Catalog(client), new DatasetName("LoadIT", "Configured"),
                data.shape(), true, null, true, "{\"comparator\": \"hilbert\"}"))
                .isInstanceOf(LoadException.class)
                .hasMessage("dataset LoadIT.Configured exists already, and --index-with only configures the R-tree of "
                        + "a dataset that --create creates; leave --index-with out to load into it as it is");
        assertThat(new Catalog(client).count(new DatasetName("LoadIT", "Configured"))).isEqualTo(10);
    }

    @Test
    void aFileOfRecordsWrittenOverSeveralLinesIsCountedByRecords(QueryServiceClient client, @TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("pretty.adm"), """
                {
                  "id": 1,
                  "loc": point("2.5,48.5")
                }
                {
                  "id": 2,
                  "loc": point("-3.5,40.25")
                }
                """);
        LoadReport report = new Loader(client, log, false).load(new FileRecords(file), RecordShapes.named("point"),
                options("Pretty", Loader.Transport.FEED, FeedMode.INSERT, null, 0));

        assertThat(report.verified()).as(report.summary()).isTrue();
        assertThat(report.sent()).isEqualTo(2);
        assertThat(report.summary()).contains("dataset holds 2 of the 2 records sent")
                .endsWith("OK: nothing lost (counted only: the records' content was not read back)");
    }
    @Test
    void aFeedStoppedMidLoadIsStartedAgainAndExactlyTheMissingRecordsAreResent(QueryServiceClient client)
            throws IOException {
        RecordGenerator data = generator("uniform", "point", 9);
        Loader loader = new Loader(client, log, false);
        // Ten keys are stored before: the insert feed refuses them without failing, and they are no loss.
        assertThat(loader.load(new GeneratedRecords(data, 100, 10), data.shape(),
                options("Cut", Loader.Transport.HTTP, FeedMode.INSERT, null, 0)).verified()).isTrue();
        GeneratedRecords all = new GeneratedRecords(data, 0, 4000);
        // Stopping the feed when half the records are sent, as a node's failure does: what was unread is lost.
        KeyedRecords stopsTheFeedHalfway = new KeyedRecords() {
            private boolean stopped;

            @Override
            public String keyField() {
                return all.keyField();
            }

            @Override
            public long firstKey() {
                return all.firstKey();
            }

            @Override
            public long count() {
                return all.count();
            }

            @Override
            public String record(long key) {
                if (key == 2000 && !stopped) {
                    stopped = true;
                    client.executeOrThrow("STOP FEED LoadIT.CutFeed;");
                }
                return all.record(key);
            }

            @Override
            public String description() {
                return all.description();
            }
        };

        LoadReport report = loader.load(stopsTheFeedHalfway, data.shape(),
                options("Cut", Loader.Transport.FEED, FeedMode.INSERT, "CutFeed", 10110));

        assertThat(report.verified()).as(report.summary()).isTrue();
        assertThat(report.found()).isEqualTo(4000);
        assertThat(report.notes()).anySatisfy(note -> assertThat(note).contains("resent the", "records the dataset "
                + "lacked (keys ")).anySatisfy(note -> assertThat(note).contains("10 of these ids existed"));
        assertThat(logBytes.toString()).contains("resending the ", "resending: ");
        assertThat(new Catalog(client).count(new DatasetName("LoadIT", "Cut"))).isEqualTo(4000);
    }
}
