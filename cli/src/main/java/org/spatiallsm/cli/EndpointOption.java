package org.spatiallsm.cli;

import java.net.URI;

import org.spatiallsm.client.QueryServiceClient;

import picocli.CommandLine.Option;

/** {@code --endpoint}: where the cluster controller's query service answers; every command that asks a cluster. */
public final class EndpointOption {

    @Option(names = "--endpoint", paramLabel = "URL", defaultValue = "http://127.0.0.1:19002",
            description = "the cluster controller's query service (default: ${DEFAULT-VALUE})")
    private URI endpoint;

    public URI endpoint() {
        return endpoint;
    }

    public QueryServiceClient client() {
        return new QueryServiceClient(endpoint);
    }
}
