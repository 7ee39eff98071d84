package org.spatiallsm.asterixdb.app;

import org.apache.asterix.hyracks.bootstrap.NCApplication;
import org.apache.hyracks.http.server.HttpServer;
import org.spatiallsm.asterixdb.introspection.LsmIntrospectionServlets;

/**
 * The node controller application of spatial-lsm (launched by {@code bin/spatialnc}): stock AsterixDB, except that
 * it can read and write our persisted classes and its API server answers our LSM introspection requests.
 */
public class SpatialNCApplication extends NCApplication {

    @Override
    protected void configurePersistedResourceRegistry() {
        ncServiceCtx.setPersistedResourceRegistry(new SpatialPersistedResourceRegistry());
    }

    /** Adds our endpoints to the NC API server (nc.api.port) that the stock method has just configured. */
    @Override
    protected void configureServers() throws Exception {
        super.configureServers();
        int apiPort = getApplicationContext().getExternalProperties().getNcApiPort();
        for (HttpServer server : webManager.getServers()) {
            if (server.getAddress().getPort() == apiPort) {
                LsmIntrospectionServlets.addTo(server, getApplicationContext());
            }
        }
    }
}
