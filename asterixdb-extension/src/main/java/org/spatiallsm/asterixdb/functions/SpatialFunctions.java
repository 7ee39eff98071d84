package org.spatiallsm.asterixdb.functions;

import org.apache.asterix.common.functions.FunctionConstants;
import org.apache.asterix.om.functions.BuiltinFunctions;
import org.apache.asterix.om.functions.IFunctionCollection;
import org.apache.asterix.om.functions.IFunctionRegistrant;
import org.apache.asterix.om.typecomputer.impl.ADoubleTypeComputer;
import org.apache.hyracks.algebricks.core.algebra.functions.FunctionIdentifier;

/**
 * spatial-lsm's SQL++ functions. AsterixDB builds its function collection once per process from every
 * {@link IFunctionRegistrant} its service loader finds (this class is listed in {@code META-INF/services}); the
 * compiler resolves a call by the function's name among the registered built-ins, which {@link #register} adds too,
 * so that queries compiled after start-up find them.
 */
public final class SpatialFunctions implements IFunctionRegistrant {

    private static final long serialVersionUID = 1L;

    /** {@code spatial_min_distance(a, b)}, see {@link SpatialMinDistanceDescriptor}. */
    public static final FunctionIdentifier SPATIAL_MIN_DISTANCE =
            new FunctionIdentifier(FunctionConstants.ASTERIX_NS, "spatial-min-distance", 2);

    @Override
    public void register(IFunctionCollection collection) {
        BuiltinFunctions.addFunction(SPATIAL_MIN_DISTANCE, ADoubleTypeComputer.INSTANCE, true);
        collection.add(SpatialMinDistanceDescriptor.FACTORY);
    }
}
