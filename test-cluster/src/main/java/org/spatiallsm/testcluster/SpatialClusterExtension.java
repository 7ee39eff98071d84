package org.spatiallsm.testcluster;

import java.nio.file.Path;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.spatiallsm.client.QueryServiceClient;

/**
 * JUnit 5 extension: {@code @ExtendWith(SpatialClusterExtension.class)} gives a test class a running in-process
 * cluster. Starting one takes seconds, so all test classes of a JVM share one, stopped when the JVM's tests end.
 * Test methods may take a {@link QueryServiceClient} or the {@link SpatialTestCluster} as a parameter.
 */
public final class SpatialClusterExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(SpatialClusterExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == QueryServiceClient.class || type == SpatialTestCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        SpatialTestCluster cluster = cluster(context);
        return parameter.getParameter().getType() == SpatialTestCluster.class ? cluster : cluster.client();
    }

    private static SpatialTestCluster cluster(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(SharedCluster.class, key -> SharedCluster.start(), SharedCluster.class).cluster;
    }

    /** Closed by JUnit when the root context closes, i.e. after the last test class of the JVM. */
    private record SharedCluster(SpatialTestCluster cluster) implements ExtensionContext.Store.CloseableResource {
        static SharedCluster start() {
            SpatialTestCluster cluster = new SpatialTestCluster(Path.of("target", "spatial-test-cluster"));
            try {
                cluster.start();
            } catch (Exception e) {
                throw new IllegalStateException("the in-process spatial-lsm cluster did not start", e);
            }
            return new SharedCluster(cluster);
        }

        @Override
        public void close() throws Exception {
            cluster.stop();
        }
    }
}
