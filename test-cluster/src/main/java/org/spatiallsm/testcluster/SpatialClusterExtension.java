package org.spatiallsm.testcluster;

import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.spatiallsm.client.QueryServiceClient;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * JUnit 5 extension: {@code @ExtendWith(SpatialClusterExtension.class)} gives a test class a running in-process
 * cluster. Starting one takes seconds, so all test classes of a JVM share one, stopped when the JVM's tests end; each
 * class starts without the dataverses of the classes before it (see {@link SharedSpatialCluster}).
 * Test methods may take a {@link QueryServiceClient} or the {@link SpatialTestCluster} as a parameter.
 */
public final class SpatialClusterExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(SpatialClusterExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        SharedCluster shared = shared(context);
        Class<?> testClass = context.getRequiredTestClass();
        if (shared.servedClass != null && shared.servedClass != testClass) {
            shared.forgetEarlierClasses();
        }
        shared.servedClass = testClass;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == QueryServiceClient.class || type == SpatialTestCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        SpatialTestCluster cluster = shared(context).cluster;
        return parameter.getParameter().getType() == SpatialTestCluster.class ? cluster : cluster.client();
    }

    private static SharedCluster shared(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(SharedCluster.class, key -> SharedCluster.start(), SharedCluster.class);
    }

    /** Closed by JUnit when the root context closes, i.e. after the last test class of the JVM. */
    private static final class SharedCluster implements ExtensionContext.Store.CloseableResource {
        private final SpatialTestCluster cluster;
        /** The dataverses of a clean start (Default, Metadata, the metadata extension's). */
        private final Set<String> cleanStartDataverses;
        /** The test class the cluster was last handed to. */
        private Class<?> servedClass;

        private SharedCluster(SpatialTestCluster cluster) {
            this.cluster = cluster;
            this.cleanStartDataverses = dataverses(cluster.client());
        }

        static SharedCluster start() {
            SpatialTestCluster cluster = new SpatialTestCluster(Path.of("target", "spatial-test-cluster"));
            try {
                cluster.start();
            } catch (Exception e) {
                throw new IllegalStateException("the in-process spatial-lsm cluster did not start", e);
            }
            return new SharedCluster(cluster);
        }

        /**
         * Drops every dataverse an earlier class created, so that the next class finds the cluster as a clean start
         * leaves it (storage files and memory components go with them). Should a drop fail (say, a feed still runs),
         * the cluster is started afresh instead.
         */
        void forgetEarlierClasses() throws Exception {
            QueryServiceClient client = cluster.client();
            try {
                for (String dataverse : dataverses(client)) {
                    if (!cleanStartDataverses.contains(dataverse)) {
                        client.executeOrThrow("DROP DATAVERSE `" + dataverse + "`;");
                    }
                }
            } catch (RuntimeException e) {
                cluster.stop();
                cluster.start();
            }
        }

        private static Set<String> dataverses(QueryServiceClient client) {
            return client.executeOrThrow("SELECT VALUE d.DataverseName FROM Metadata.`Dataverse` d;").results()
                    .stream().map(JsonNode::asText).collect(Collectors.toSet());
        }

        @Override
        public void close() throws Exception {
            cluster.stop();
        }
    }
}
