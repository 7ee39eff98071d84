package org.spatiallsm.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.cli.CliRun;

/**
 * sqlpp and components against an endpoint whose kernel accepts connections (a listening socket's backlog) but
 * that never answers: both give up after {@code --timeout} seconds with one line instead of waiting forever.
 */
class EndpointTimeoutTest {

    private ServerSocket silent;

    @TempDir
    Path dir;

    @BeforeEach
    void listenWithoutAnswering() throws IOException {
        silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void close() throws IOException {
        silent.close();
    }

    private String endpoint() {
        return "http://127.0.0.1:" + silent.getLocalPort();
    }

    @Test
    void sqlppGivesUpAfterTheTimeoutInOneLine() throws IOException {
        Path script = Files.writeString(dir.resolve("q.sqlpp"), "SELECT VALUE 1;");

        CliRun run = CliRun.of("sqlpp", "--endpoint", endpoint(), "--timeout", "1", script.toString());

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).isEqualTo("error: " + endpoint() + " accepted the connection but did not answer "
                + "/query/service within 1 s" + System.lineSeparator());
    }

    @Test
    void componentsGivesUpAfterTheTimeoutInOneLine() {
        CliRun run = CliRun.of("components", "--endpoint", endpoint(), "--timeout", "1", "--dataverse", "Tour",
                "--dataset", "CheckIns");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err().strip()).doesNotContain("\n").endsWith("did not answer /query/service within 1 s");
    }

    @Test
    void aTimeoutBelowOneSecondIsRefused() throws IOException {
        Path script = Files.writeString(dir.resolve("q.sqlpp"), "SELECT VALUE 1;");

        CliRun run = CliRun.of("sqlpp", "--endpoint", endpoint(), "--timeout", "0", script.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("error: --timeout must be at least 1 second, not 0 (see: spatial-lsm sqlpp "
                + "--help)" + System.lineSeparator());
    }
}
