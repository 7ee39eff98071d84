package org.spatiallsm.it.crash;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The assembled distribution's cluster, started and stopped through its own scripts, with its CC, NC services and
 * NCs as separate processes that a crash test can kill. The NCs' JVM options come from {@code [nc] jvm.args} of
 * {@code cc.conf} (the NC service passes them as {@code JAVA_OPTS} to {@code bin/spatialnc}), so each start writes
 * a copy of the local layout's configuration with the extra options; the CC's come from {@code JAVA_OPTS}, which
 * {@code start-cluster} passes on to {@code bin/spatialcc}.
 */
final class DistributionCluster implements NodeFiles {

    /**
     * How long start-cluster may wait for ACTIVE (its own default, 120 s, is near what a start takes on a loaded
     * 2-core machine), and how long a script may run.
     */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration SCRIPT_TIMEOUT = START_TIMEOUT.plusMinutes(1);
    private static final Duration EXIT_TIMEOUT = Duration.ofMinutes(1);
    /** The prefix of the NC services' pid files in {@code run/}: {@code nc-service<i>.pid}. */
    private static final String NC_SERVICE = "nc-service";
    /** The CC's own web server (Hyracks' {@code console.listen.port}, 16001 by default; the layout keeps it). */
    private static final String CC_WEB = "http://127.0.0.1:16001";
    /** The {@code index} field of an LSM event line. */
    private static final Pattern INDEX_FIELD = Pattern.compile("\"index\":\"([^\"]*)\"");

    private final Path home;
    private final Path var;
    private final String ccJvmOptions;

    /** A cluster whose data and logs live in {@code var}; the CC runs with {@code ccJvmOptions} on every start. */
    DistributionCluster(Path home, Path var, String ccJvmOptions) {
        this.home = home;
        this.var = var;
        this.ccJvmOptions = ccJvmOptions;
    }

    /** The distribution the build assembled (integration-tests' surefire names it), checked to exist. */
    static Path assembledHome() {
        Path home = Path.of(System.getProperty("spatiallsm.dist.dir", "../distribution/target/spatial-lsm"));
        if (!Files.isExecutable(home.resolve("bin/start-cluster"))) {
            throw new IllegalStateException("no assembled distribution at " + home
                    + ": build it with mvn -pl distribution -am package -DskipTests");
        }
        return home;
    }

    Path var() {
        return var;
    }

    /**
     * Starts the cluster, the NCs with {@code ncJvmOptions} added (e.g. a crash point), and returns once it is
     * ACTIVE ({@code start-cluster} waits for that).
     */
    void start(String ncJvmOptions) throws IOException, InterruptedException {
        Path conf = writeConfiguration(ncJvmOptions);
        Result start = run(List.of(home.resolve("bin/start-cluster").toString(), conf.toString()));
        if (start.exitCode() != 0) {
            throw new IllegalStateException("start-cluster failed (exit " + start.exitCode() + "): "
                    + start.output().strip());
        }
    }

    /** A clean stop: the cluster flushes and its processes end. */
    void stop() throws IOException, InterruptedException {
        run(List.of(home.resolve("bin/stop-cluster").toString()));
    }

    /** The NC processes: the children of the NC services that start-cluster recorded. */
    List<ProcessHandle> nodeControllers() throws IOException {
        List<ProcessHandle> ncs = new ArrayList<>();
        for (ProcessHandle service : recorded(NC_SERVICE)) {
            service.children().forEach(ncs::add);
        }
        return ncs;
    }

    /**
     * Completes with the first NC that exits (e.g. at a crash point), after killing every other process of the
     * cluster as a power loss would: whatever the client had in flight fails at once.
     */
    CompletableFuture<ProcessHandle> killAllWhenANodeExits() throws IOException {
        List<ProcessHandle> ncs = nodeControllers();
        if (ncs.isEmpty()) {
            throw new IllegalStateException("the cluster in " + var + " has no running NC");
        }
        CompletableFuture<ProcessHandle> first = CompletableFuture
                .anyOf(ncs.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new))
                .thenApply(ProcessHandle.class::cast);
        return first.thenApply(exited -> {
            try {
                killAll();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return exited;
        });
    }

    /** {@code kill -9} of the NCs first, then the NC services and the CC; returns when every one has exited. */
    void killAll() throws IOException {
        List<ProcessHandle> processes = new ArrayList<>(nodeControllers());
        processes.addAll(recorded(NC_SERVICE));
        processes.addAll(recorded("cc"));
        processes.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : processes) {
            try {
                process.onExit().get(EXIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("process " + process.pid() + " did not exit after kill -9", e);
            }
        }
    }

    /**
     * {@code kill -9} of NC {@code node} (1 or 2: the NC that {@code nc-service<node>} started), and of nothing else:
     * its NC service, the CC and the other NC go on. Returns once it exited.
     */
    void killNode(int node) throws IOException {
        List<ProcessHandle> ncs = new ArrayList<>();
        recorded(NC_SERVICE + node + ".").forEach(service -> service.children().forEach(ncs::add));
        if (ncs.size() != 1) {
            throw new IllegalStateException("NC service " + node + " of the cluster in " + var + " runs " + ncs.size()
                    + " NCs, not 1");
        }
        ncs.get(0).destroyForcibly();
        try {
            ncs.get(0).onExit().get(EXIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("NC " + node + " (pid " + ncs.get(0).pid() + ") did not exit after kill -9",
                    e);
        }
    }

    /**
     * Asks the CC to start NC {@code node} again through its NC service, which waits for the CC again once its NC
     * exited ({@code POST /rest/startnode} of the CC's web port, as the operations guide does); the NC recovers its
     * own data. Returns whether the CC could start it (not while the NC service has not yet seen its NC exit); the
     * NC joins later.
     */
    boolean startNode(int node) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(CC_WEB + "/rest/startnode?node=asterix_nc" + node))
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 && response.body().contains("\"status\":true");
    }

    /**
     * The lines of the NC logs (all starts so far) that contain {@code text}: the NCs' own logs
     * ({@code nc-asterix_nc<i>.log}) and their NC services' ({@code nc-service<i>.log}), which receive the NCs'
     * standard output and error.
     */
    @Override
    public List<String> nodeLogLines(String text) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> logs = Files.list(var.resolve("logs"))) {
            for (Path log : logs.filter(p -> p.getFileName().toString().startsWith("nc-")).sorted().toList()) {
                try (Stream<String> content = Files.lines(log, StandardCharsets.ISO_8859_1)) {
                    content.filter(line -> line.contains(text)).forEach(line -> lines.add(log.getFileName() + ": "
                            + line));
                }
            }
        }
        return lines;
    }

    /**
     * How many lines of the NCs' LSM event files ({@code logs/spatial-lsm-events-*.jsonl}, see introspection.md)
     * report {@code event} (e.g. {@code merge-scheduled} or {@code merge}), per index (the event's {@code index}
     * field: the dataset's name for its primary index), over every partition.
     */
    Map<String, Long> lsmEventsByIndex(String event) throws IOException {
        String field = "\"event\":\"" + event + "\"";
        Map<String, Long> counts = new TreeMap<>();
        try (Stream<Path> logs = Files.list(var.resolve("logs"))) {
            for (Path log : logs.filter(p -> p.getFileName().toString().startsWith("spatial-lsm-events-")).toList()) {
                try (Stream<String> content = Files.lines(log, StandardCharsets.ISO_8859_1)) {
                    content.filter(line -> line.contains(field)).map(INDEX_FIELD::matcher).filter(Matcher::find)
                            .forEach(index -> counts.merge(index.group(1), 1L, Long::sum));
                }
            }
        }
        return counts;
    }

    /** The storage directory of every NC: {@code data/nc<i>/iodevice/storage}. */
    @Override
    public List<Path> storageRoots() throws IOException {
        try (Stream<Path> nodes = Files.list(var.resolve("data"))) {
            return nodes.map(node -> node.resolve("iodevice/storage")).filter(Files::isDirectory).sorted().toList();
        }
    }

    private List<ProcessHandle> recorded(String prefix) throws IOException {
        List<ProcessHandle> processes = new ArrayList<>();
        Path run = var.resolve("run");
        if (!Files.isDirectory(run)) {
            return processes;
        }
        try (Stream<Path> pids = Files.list(run)) {
            for (Path pidFile : pids.filter(p -> p.getFileName().toString().startsWith(prefix)).toList()) {
                Optional<ProcessHandle> process = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()));
                process.filter(ProcessHandle::isAlive).ifPresent(processes::add);
            }
        }
        return processes;
    }

    /** The local layout's configuration with {@code ncJvmOptions} appended to {@code [nc] jvm.args}. */
    private Path writeConfiguration(String ncJvmOptions) throws IOException {
        Path source = home.resolve("cluster-conf/local");
        Path target = var.resolve("conf");
        Files.createDirectories(target);
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : files.toList()) {
                Files.copy(file, target.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path ccConf = target.resolve("cc.conf");
        List<String> lines = Files.readAllLines(ccConf);
        if (lines.stream().noneMatch(line -> line.startsWith("jvm.args="))) {
            throw new IllegalStateException(source + "/cc.conf has no [nc] jvm.args line to extend");
        }
        Files.write(ccConf, lines.stream()
                .map(line -> line.startsWith("jvm.args=") ? (line + " " + ncJvmOptions).strip() : line).toList());
        return target;
    }

    private record Result(int exitCode, String output) {
    }

    private Result run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("SPATIAL_LSM_VAR", var.toString());
        env.put("JAVA_OPTS", ccJvmOptions);
        env.put("SPATIAL_LSM_START_TIMEOUT", Long.toString(START_TIMEOUT.toSeconds()));
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(SCRIPT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " did not finish within " + SCRIPT_TIMEOUT);
        }
        return new Result(process.exitValue(), new String(process.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8));
    }
}
