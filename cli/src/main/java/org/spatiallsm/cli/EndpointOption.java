package org.spatiallsm.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

import org.spatiallsm.client.QueryServiceClient;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --endpoint} and {@code --timeout}: where the cluster controller's query service answers and how long to
 * wait for it; every command that asks a cluster.
 */
public final class EndpointOption {

    private URI endpoint;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    private long timeoutSeconds;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "how long to wait for the cluster to answer a request, e.g. one SQL++ statement (default: "
                    + "${DEFAULT-VALUE}); connecting gives up after 10 s")
    void timeout(long seconds) {
        if (seconds < 1) {
            throw new ParameterException(command.commandLine(), "--timeout must be at least 1 second, not " + seconds);
        }
        timeoutSeconds = seconds;
    }

    @Option(names = "--endpoint", paramLabel = "URL", defaultValue = "http://127.0.0.1:19002",
            description = "the cluster controller's query service (default: ${DEFAULT-VALUE})")
    void endpoint(String url) {
        URI parsed;
        try {
            parsed = new URI(url);
        } catch (URISyntaxException e) {
            parsed = null;
        }
        // The HTTP client's own complaint ("URI with undefined scheme") names neither the option nor the fix.
        if (parsed == null || !("http".equals(parsed.getScheme()) || "https".equals(parsed.getScheme()))
                || parsed.getHost() == null) {
            throw new ParameterException(command.commandLine(), "--endpoint must be an http:// URL such as "
                    + "http://127.0.0.1:19002, not '" + url + "'");
        }
        endpoint = parsed;
    }

    public URI endpoint() {
        return endpoint;
    }

    public QueryServiceClient client() {
        return new QueryServiceClient(endpoint, Duration.ofSeconds(timeoutSeconds));
    }
}
