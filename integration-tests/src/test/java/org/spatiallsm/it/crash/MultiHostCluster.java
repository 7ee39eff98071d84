package org.spatiallsm.it.crash;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The distribution's {@code cluster-conf/multi-host} template on three "machines" that are loopback addresses of one
 * machine: the CC on {@value #CC_ADDRESS}, NC {@code nc1} on 127.0.0.3 and {@code nc2} on 127.0.0.4, each started the
 * way docs/configuration.md ("Several machines") tells an operator: the template edited, one NC service per NC
 * machine and the CC each started from a working directory of its own with the stock launchers, and the helper's
 * {@code wait_for_cluster}. Each machine's directory under the cluster's root holds its working directory's files
 * and, for an NC, its data.
 */
final class MultiHostCluster implements NodeFiles {

    static final String CC_ADDRESS = "127.0.0.2";
    /** The NC ids of the template, and the address of the machine each runs on. */
    static final Map<String, String> NODES = Map.of("nc1", "127.0.0.3", "nc2", "127.0.0.4");
    /** The template's placeholder addresses, which step 2 of the procedure replaces. */
    private static final Map<String, String> TEMPLATE_ADDRESSES = Map.of("cc", "10.0.0.10", "nc/nc1", "10.0.0.11",
            "nc/nc2", "10.0.0.12");
    /** The template's data root on every NC machine; here each NC's machine directory has its own. */
    private static final String TEMPLATE_DATA = "/data/spatial-lsm";
    /** The NCs' heap: the template's 16 GB is for a machine of its own, not for three on a shared one. */
    private static final String TEMPLATE_HEAP = "-Xmx16g";
    private static final String NC_HEAP = "-Xmx2g";
    private static final Duration WAIT_FOR_CLUSTER = Duration.ofMinutes(10);
    private static final Duration EXIT_TIMEOUT = Duration.ofMinutes(2);

    private final Path home;
    private final Path root;
    private final Path conf;
    private final Map<String, Process> services = new LinkedHashMap<>();
    private Process cc;

    /**
     * Writes the configuration of step 2 into {@code root/conf}: the template's addresses replaced, each NC's data
     * under its machine directory, its own {@code nc.api.port} (19004, 19005: the NCs share one machine here), and
     * {@code ccSettings} (e.g. heartbeat settings) added to {@code [cc]}.
     */
    MultiHostCluster(Path home, Path root, List<String> ccSettings) throws IOException {
        this.home = home;
        this.root = root;
        this.conf = root.resolve("conf");
        Files.createDirectories(conf);
        Path template = home.resolve("cluster-conf/multi-host");
        Files.write(conf.resolve("cc.conf"), ccConf(Files.readAllLines(template.resolve("cc.conf")), ccSettings));
        for (String node : NODES.keySet()) {
            Files.write(conf.resolve("nc-service-" + node + ".conf"),
                    ncServiceConf(Files.readAllLines(template.resolve("nc-service.conf")), NODES.get(node)));
            Files.createDirectories(machine(node));
        }
        Files.createDirectories(machine("cc"));
    }

    /** The query service, as the CLI's {@code --endpoint} names it. */
    static URI queryEndpoint() {
        return URI.create("http://" + CC_ADDRESS + ":19002");
    }

    /** A machine's directory: its working directory, and for an NC the root of its data. */
    Path machine(String name) {
        return root.resolve(name);
    }

    /**
     * Steps 3 and 4: an NC service on each NC machine, the CC, and {@code asterixhelper wait_for_cluster}; returns
     * once the cluster is ACTIVE.
     */
    void start() throws IOException, InterruptedException {
        for (String node : NODES.keySet()) {
            services.put(node, launch(machine(node), "ncservice.log", "bin/asterixncservice", "-config-file",
                    conf.resolve("nc-service-" + node + ".conf").toString()));
        }
        cc = launch(machine("cc"), "cc.out", "bin/spatialcc", "-config-file", conf.resolve("cc.conf").toString());
        waitForCluster();
    }

    /** {@code asterixhelper -clusteraddress <cc-address> wait_for_cluster}: the cluster is ACTIVE, or this throws. */
    void waitForCluster() throws IOException, InterruptedException {
        String output = command(home.resolve("bin/asterixhelper").toString(), "-clusteraddress", CC_ADDRESS,
                "wait_for_cluster", "-timeout", Long.toString(WAIT_FOR_CLUSTER.toSeconds()));
        if (!output.isEmpty()) {
            System.out.println("asterixhelper wait_for_cluster: " + output);
        }
    }

    /** {@code kill -9} of NC {@code node} alone: its NC service, the CC and the other NC go on. */
    void killNode(String node) {
        List<ProcessHandle> ncs = services.get(node).descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("NCDriver")).toList();
        if (ncs.size() != 1) {
            throw new IllegalStateException("the NC service of " + node + " runs " + ncs.size() + " NCs, not 1");
        }
        ncs.get(0).destroyForcibly();
        await(ncs.get(0), "NC " + node);
    }

    /**
     * The recovery of a dead NC whose NC service still runs, as docs/configuration.md gives it: {@code curl -X POST
     * 'http://<cc-address>:16001/rest/startnode?node=<id>'}; returns curl's output, the CC's answer.
     */
    String startNode(String node) throws IOException, InterruptedException {
        return command("curl", "-sS", "-X", "POST", "http://" + CC_ADDRESS + ":16001/rest/startnode?node=" + node);
    }

    /**
     * Step 5: {@code asterixhelper shutdown_cluster_all}, then waits until the CC, the NC services and the NCs have
     * exited.
     */
    void stop() throws IOException, InterruptedException {
        List<ProcessHandle> all = processes();
        command(home.resolve("bin/asterixhelper").toString(), "-clusteraddress", CC_ADDRESS, "shutdown_cluster_all");
        for (ProcessHandle process : all) {
            await(process, "process " + process.pid() + " after shutdown_cluster_all");
        }
    }

    /** {@code kill -9} of every process still running: after a failure. */
    void killAll() {
        List<ProcessHandle> all = processes();
        all.forEach(ProcessHandle::destroyForcibly);
        all.forEach(process -> await(process, "process " + process.pid()));
    }

    /** The NCs' own logs ({@code logs/nc-<id>.log}) and their NC services' output ({@code ncservice.log}). */
    @Override
    public List<String> nodeLogLines(String text) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String node : NODES.keySet()) {
            List<Path> logs = new ArrayList<>(List.of(machine(node).resolve("ncservice.log")));
            Path logDirectory = machine(node).resolve("logs");
            if (Files.isDirectory(logDirectory)) {
                try (Stream<Path> files = Files.list(logDirectory)) {
                    files.filter(p -> p.getFileName().toString().startsWith("nc-")).sorted().forEach(logs::add);
                }
            }
            for (Path log : logs.stream().filter(Files::isRegularFile).toList()) {
                try (Stream<String> content = Files.lines(log, StandardCharsets.ISO_8859_1)) {
                    content.filter(line -> line.contains(text))
                            .forEach(line -> lines.add(root.relativize(log) + ": " + line));
                }
            }
        }
        return lines;
    }

    /** {@code <machine>/data/iodevice/storage} of each NC: the template's one iodevice, under the machine. */
    @Override
    public List<Path> storageRoots() {
        return NODES.keySet().stream().sorted().map(node -> dataRoot(node).resolve("iodevice/storage"))
                .filter(Files::isDirectory).toList();
    }

    private Path dataRoot(String node) {
        return machine(node).resolve("data");
    }

    /** Every process of the cluster that runs: the CC, the NC services and their descendants (the NCs). */
    private List<ProcessHandle> processes() {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process service : services.values()) {
            service.descendants().forEach(all::add);
            all.add(service.toHandle());
        }
        if (cc != null) {
            cc.descendants().forEach(all::add);
            all.add(cc.toHandle());
        }
        return all.stream().filter(ProcessHandle::isAlive).toList();
    }

    private static void await(ProcessHandle process, String what) {
        try {
            process.onExit().get(EXIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(what + " (pid " + process.pid() + ") did not exit within " + EXIT_TIMEOUT,
                    e);
        }
    }

    /** Starts {@code <home>/<launcher> args} in {@code directory}, its output to {@code log} there, as {@code &}. */
    private Process launch(Path directory, String log, String launcher, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(home.resolve(launcher).toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(directory.resolve(log).toFile()).start();
    }

    /** Runs a command to its end; returns its output, or throws with it when the exit code is not 0. */
    private static String command(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!process.waitFor(WAIT_FOR_CLUSTER.plusMinutes(1).toSeconds(), TimeUnit.SECONDS)
                || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }

    /**
     * The template's {@code cc.conf} as step 2 edits it: in {@code [cc]} and each {@code [nc/<id>]}, the placeholder
     * address replaced; in each {@code [nc/<id>]}, the data paths moved under the NC's machine directory and an
     * {@code nc.api.port} added; the NCs' heap made smaller; {@code ccSettings} appended to {@code [cc]}. Throws when
     * the template lacks a line it edits, so that a changed template fails here rather than run something else.
     */
    private List<String> ccConf(List<String> template, List<String> ccSettings) {
        List<String> edited = new ArrayList<>();
        List<String> sectionsEdited = new ArrayList<>();
        String section = "";
        int apiPort = 19004;
        boolean heapEdited = false;
        for (String line : template) {
            if (line.startsWith("[")) {
                section = line.substring(1, line.indexOf(']'));
            }
            String placeholder = TEMPLATE_ADDRESSES.get(section);
            if (placeholder != null && line.equals("address=" + placeholder)) {
                String node = section.substring(section.indexOf('/') + 1);
                edited.add("address=" + (section.equals("cc") ? CC_ADDRESS : NODES.get(node)));
                if (section.equals("cc")) {
                    edited.addAll(ccSettings);
                } else {
                    edited.add("nc.api.port=" + apiPort++);
                }
                sectionsEdited.add(section);
                continue;
            }
            if (section.startsWith("nc/") && line.contains("=" + TEMPLATE_DATA)) {
                line = line.replace(TEMPLATE_DATA, dataRoot(section.substring(3)).toString());
            }
            if (section.equals("nc") && line.startsWith("jvm.args=") && line.contains(TEMPLATE_HEAP)) {
                line = line.replace(TEMPLATE_HEAP, NC_HEAP);
                heapEdited = true;
            }
            edited.add(line);
        }
        if (sectionsEdited.size() != TEMPLATE_ADDRESSES.size() || !heapEdited) {
            throw new IllegalStateException("cluster-conf/multi-host/cc.conf no longer has the lines this test edits: "
                    + "addresses " + TEMPLATE_ADDRESSES + " (edited " + sectionsEdited + "), [nc] jvm.args with "
                    + TEMPLATE_HEAP);
        }
        return edited;
    }

    /** The template's {@code nc-service.conf} listening on {@code address} only (its commented-out setting). */
    private static List<String> ncServiceConf(List<String> template, String address) {
        if (template.stream().noneMatch(line -> line.startsWith(";address="))) {
            throw new IllegalStateException("cluster-conf/multi-host/nc-service.conf has no ;address= line");
        }
        return template.stream().map(line -> line.startsWith(";address=") ? "address=" + address : line).toList();
    }
}
