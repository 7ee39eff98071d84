package org.spatiallsm.asterixdb.rtree;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Optional;

import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.client.IHyracksClientConnection;
import org.apache.hyracks.api.job.JobSpecification;
import org.spatiallsm.storage.RTreeComparator;

/**
 * A client connection that makes the jobs it submits sort R-tree keys by one chosen order (or, with none, by
 * AsterixDB's default order computed fast): handed to AsterixDB's index creation (or load) for the duration of one
 * statement, it reaches the bulk-load sort that AsterixDB builds with its default order. Every other call passes
 * through unchanged.
 */
public final class OrderSwitchingConnection {

    private OrderSwitchingConnection() {
    }

    /** A change made to every job before it is submitted. */
    @FunctionalInterface
    public interface JobRewrite {
        void apply(JobSpecification job) throws AlgebricksException;
    }

    public static IHyracksClientConnection wrap(IHyracksClientConnection connection,
            Optional<RTreeComparator> order) {
        return wrap(connection, job -> RTreeLinearizers.useOrder(job, order));
    }

    public static IHyracksClientConnection wrap(IHyracksClientConnection connection, JobRewrite rewrite) {
        return (IHyracksClientConnection) Proxy.newProxyInstance(IHyracksClientConnection.class.getClassLoader(),
                new Class<?>[] { IHyracksClientConnection.class }, (proxy, method, args) -> {
                    if (args != null) {
                        for (Object argument : args) {
                            if (argument instanceof JobSpecification job) {
                                rewrite.apply(job);
                            }
                        }
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
