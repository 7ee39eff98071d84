package org.spatiallsm.testcluster;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Opt-in to share the in-process cluster with other test classes: {@code @ExtendWith(SpatialClusterExtension.class)}
 * plus the tag {@value #TAG}, whose classes a module's build may run in one JVM (see integration-tests' pom), which
 * saves a JVM and a cluster start and stop per class. A class still finds no dataverse of an earlier class (they are
 * dropped when it starts), but the NCs' LSM event files keep earlier classes' lines: a class that reads events must
 * use dataverse names no other class uses. Classes that need another configuration or their own cluster, or that
 * leave the cluster in a state a drop cannot undo, do not opt in.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(SharedSpatialCluster.TAG)
@ExtendWith(SpatialClusterExtension.class)
public @interface SharedSpatialCluster {

    String TAG = "shared-cluster";
}
