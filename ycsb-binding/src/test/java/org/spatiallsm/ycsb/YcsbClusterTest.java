package org.spatiallsm.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;

import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** YCSB's own client, run as a user runs it, against the in-process cluster through this binding. */
@ExtendWith(SpatialClusterExtension.class)
class YcsbClusterTest {

    private static final Path WORKLOADS = Path.of(System.getProperty("spatiallsm.workloads.dir", "../workloads"));

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    /** {@code java site.ycsb.Client -db <binding> args...}, with this JVM's classpath. */
    private Run ycsb(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "site.ycsb.Client", "-db",
                SpatialLsmClient.class.getName()));
        command.addAll(List.of(args));
        File out = dir.resolve("out.txt").toFile();
        File err = dir.resolve("err.txt").toFile();
        Process process = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("YCSB finished").isTrue();
        return new Run(process.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    private static long count(QueryServiceClient client, String dataset) {
        return client.executeOrThrow("SELECT VALUE COUNT(*) FROM " + dataset + ";").results().get(0).asLong();
    }

    @Test
    void spatialLoadThenRoundsOfFeedInsertsAndRangeReads(QueryServiceClient client) throws Exception {
        String[] common = { "-p", "db.dataverse=YcsbSpatial", "-p", "db.feedport=10301", "-p",
            "spatiallsm.distribution=osm-like", "-p", "recordcount=3000", "-threads", "2" };
        Run load = ycsb(concat(new String[] { "-load", "-P", WORKLOADS.resolve("spatial-load").toString() },
                common));

        assertThat(load.exit()).as(load.err()).isZero();
        // YCSB's latency histogram ("Operations") can miss a few operations under load; the status counts and the
        // feed's own count are what prove every record arrived.
        assertThat(load.out()).contains("[INSERT], Return=OK, 3000");
        assertThat(load.err()).contains("feed YcsbSpatial.PointsFeed took in 3,000 of the 3,000 records sent");
        assertThat(count(client, "YcsbSpatial.Points")).isEqualTo(3000);

        Run rounds = ycsb(concat(new String[] { "-t", "-P", WORKLOADS.resolve("spatial-rounds").toString(), "-p",
            "operationcount=1100", "-p", "rounds.inserts=500", "-p", "rounds.reads=50" }, common));

        assertThat(rounds.exit()).as(rounds.err()).isZero();
        // Every range read is centred on an inserted record, so none comes back empty (NOT_FOUND).
        assertThat(rounds.out()).contains("[INSERT], Return=OK, 1000", "[READ], Return=OK, 100")
                .doesNotContain("Return=NOT_FOUND", "Return=ERROR");
        assertThat(count(client, "YcsbSpatial.Points")).isEqualTo(4000);
    }

    @Test
    void coreWorkloadKeepsItsDataIntactThroughFeedInsertsAndHttpOperations(QueryServiceClient client)
            throws Exception {
        String[] common = { "-P", WORKLOADS.resolve("workloada").toString(), "-p", "db.dataverse=YcsbCore", "-p",
            "db.feedport=10302", "-p", "recordcount=500", "-p", "fieldlength=20", "-p", "dataintegrity=true",
            "-threads", "2" };
        Run load = ycsb(concat(new String[] { "-load" }, common));
        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(load.out()).contains("[INSERT], Return=OK, 500");

        Run run = ycsb(concat(new String[] { "-t", "-p", "operationcount=400", "-p", "readproportion=0.4", "-p",
            "updateproportion=0.3", "-p", "scanproportion=0.2", "-p", "insertproportion=0.1", "-p",
            "db.batchupdates=3" }, common));

        assertThat(run.exit()).as(run.err()).isZero();
        // dataintegrity makes YCSB compare every field it reads with what it wrote ([VERIFY]).
        assertThat(run.out()).contains("[READ], Return=OK", "[UPDATE], Return=OK", "[SCAN], Return=OK",
                "[INSERT], Return=OK", "[VERIFY], Return=OK").doesNotContain("Return=ERROR",
                        "Return=UNEXPECTED_STATE");
        assertThat(count(client, "YcsbCore.usertable")).isGreaterThan(500);
    }

    @Test
    void deleteAndReadBackThroughTheBindingDirectly(QueryServiceClient client) throws Exception {
        Properties properties = new Properties();
        properties.setProperty("db.dataverse", "YcsbDirect");
        properties.setProperty("db.feedenabled", "false");
        SpatialLsmClient db = new SpatialLsmClient();
        db.setProperties(properties);
        db.init();
        HashMap<String, ByteIterator> values = new HashMap<>();
        values.put("field0", new StringByteIterator("hello \"quoted\" \\ world"));
        assertThat(db.insert("usertable", "user1", values)).isEqualTo(Status.OK);

        HashMap<String, ByteIterator> read = new HashMap<>();
        assertThat(db.read("usertable", "user1", null, read)).isEqualTo(Status.OK);
        assertThat(read.get("field0").toString()).isEqualTo("hello \"quoted\" \\ world");
        assertThat(db.delete("usertable", "user1")).isEqualTo(Status.OK);
        assertThat(db.read("usertable", "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
        db.cleanup();
    }

    @Test
    void anUnreachableClusterIsOneLineAndANonZeroExit() throws Exception {
        Run run = ycsb("-load", "-P", WORKLOADS.resolve("workloada").toString(), "-p", "recordcount=10", "-p",
                "db.url=http://127.0.0.1:1/query/service");

        assertThat(run.exit()).isEqualTo(3);
        assertThat(run.err()).contains("error: no spatial-lsm cluster answers at http://127.0.0.1:1")
                .doesNotContain("Exception");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
