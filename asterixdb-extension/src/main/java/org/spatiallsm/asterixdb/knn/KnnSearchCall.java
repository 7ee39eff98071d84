package org.spatiallsm.asterixdb.knn;

import java.util.ArrayList;
import java.util.List;

import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.om.base.ADouble;
import org.apache.asterix.om.base.AInt32;
import org.apache.asterix.om.base.AString;
import org.apache.asterix.om.base.IAObject;
import org.apache.asterix.om.constants.AsterixConstantValue;
import org.apache.asterix.om.functions.FunctionInfo;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.commons.lang3.mutable.Mutable;
import org.apache.commons.lang3.mutable.MutableObject;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalExpression;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalVariable;
import org.apache.hyracks.algebricks.core.algebra.expressions.AbstractFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.ConstantExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.ScalarFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.VariableReferenceExpression;
import org.apache.hyracks.algebricks.core.algebra.functions.FunctionIdentifier;

/**
 * The function of the unnest-map that stands for a kNN search in a plan, {@code spatial-lsm:knn-search(dataverse,
 * dataset, index, x, y, wanted)}, all arguments constants, or {@code knn-search(dataverse, dataset, index, $point,
 * wanted)} in a kNN join, where each input tuple's {@code $point} is its query point: what EXPLAIN shows, and what
 * job generation reads.
 *
 * @param point the input's variable that holds the query point, or null for the constant {@code x, y}
 */
record KnnSearchCall(DataverseName dataverse, String dataset, String index, double x, double y, LogicalVariable point,
        int wanted) {

    /** A search for the nearest entries to a constant point. */
    KnnSearchCall(DataverseName dataverse, String dataset, String index, double x, double y, int wanted) {
        this(dataverse, dataset, index, x, y, null, wanted);
    }

    /** A search for the nearest entries to each input tuple's point. */
    KnnSearchCall(DataverseName dataverse, String dataset, String index, LogicalVariable point, int wanted) {
        this(dataverse, dataset, index, Double.NaN, Double.NaN, point, wanted);
    }

    /** An entry's fields before its primary key: the point's MBR, lower corner then upper. */
    static final int MBR_FIELDS = 4;

    static final FunctionIdentifier KNN_SEARCH = new FunctionIdentifier("spatial-lsm", "knn-search",
            FunctionIdentifier.VARARGS);

    /** Never evaluated as a function: only its unnest-map's variables, typed one by one, are. */
    private static final FunctionInfo INFO = new KnnSearchInfo();

    private static final class KnnSearchInfo extends FunctionInfo {
        private static final long serialVersionUID = 1L;

        KnnSearchInfo() {
            super(KNN_SEARCH, (expr, env, mp) -> BuiltinType.ANY, true);
        }
    }

    ScalarFunctionCallExpression toExpression() {
        List<Mutable<ILogicalExpression>> args = new ArrayList<>();
        for (IAObject arg : List.of(new AString(dataverse.getCanonicalForm()), new AString(dataset),
                new AString(index))) {
            args.add(argument(arg));
        }
        if (point == null) {
            args.add(argument(new ADouble(x)));
            args.add(argument(new ADouble(y)));
        } else {
            args.add(new MutableObject<>(new VariableReferenceExpression(point)));
        }
        args.add(argument(new AInt32(wanted)));
        return new ScalarFunctionCallExpression(INFO, args);
    }

    private static Mutable<ILogicalExpression> argument(IAObject value) {
        return new MutableObject<>(new ConstantExpression(new AsterixConstantValue(value)));
    }

    static KnnSearchCall of(AbstractFunctionCallExpression call) throws AlgebricksException {
        List<Mutable<ILogicalExpression>> args = call.getArguments();
        DataverseName dataverse = DataverseName.createFromCanonicalForm(string(args.get(0)));
        int wanted = ((AInt32) constant(args.get(args.size() - 1))).getIntegerValue();
        if (args.size() == 5) {
            return new KnnSearchCall(dataverse, string(args.get(1)), string(args.get(2)),
                    ((VariableReferenceExpression) args.get(3).getValue()).getVariableReference(), wanted);
        }
        return new KnnSearchCall(dataverse, string(args.get(1)), string(args.get(2)),
                ((ADouble) constant(args.get(3))).getDoubleValue(), ((ADouble) constant(args.get(4))).getDoubleValue(),
                wanted);
    }

    private static String string(Mutable<ILogicalExpression> arg) {
        return ((AString) constant(arg)).getStringValue();
    }

    private static IAObject constant(Mutable<ILogicalExpression> arg) {
        return ((AsterixConstantValue) ((ConstantExpression) arg.getValue()).getValue()).getObject();
    }
}
