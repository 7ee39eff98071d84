package org.spatiallsm.asterixdb.app;

import org.apache.asterix.common.utils.Servlets;
import org.apache.asterix.hyracks.bootstrap.CCApplication;
import org.apache.hyracks.http.api.IServlet;
import org.apache.hyracks.http.server.HttpServer;

/**
 * The cluster controller application of spatial-lsm (launched by {@code bin/spatialcc}): stock AsterixDB, except
 * that {@code /admin/rebalance} refuses datasets it cannot move before it suspends any feed.
 */
public class SpatialCCApplication extends CCApplication {

    @Override
    protected IServlet createServlet(HttpServer server, String key, String... paths) {
        if (Servlets.REBALANCE.equals(key)) {
            return new SpatialRebalanceServlet(server.ctx(), paths, appCtx);
        }
        return super.createServlet(server, key, paths);
    }
}
