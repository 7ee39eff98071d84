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
import org.apache.hyracks.algebricks.core.algebra.expressions.AbstractFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.ConstantExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.ScalarFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.functions.FunctionIdentifier;

/**
 * The function of the unnest-map that stands for a kNN search in a plan, {@code spatial-lsm:knn-search(dataverse,
 * dataset, index, x, y, wanted)}, all arguments constants: what EXPLAIN shows, and what job generation reads.
 */
record KnnSearchCall(DataverseName dataverse, String dataset, String index, double x, double y, int wanted) {

    /** An entry's fields before its primary key: the point's MBR, lower corner then upper. */
    static final int MBR_FIELDS = 4;

    static final FunctionIdentifier KNN_SEARCH = new FunctionIdentifier("spatial-lsm", "knn-search", 6);

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
                new AString(index), new ADouble(x), new ADouble(y), new AInt32(wanted))) {
            args.add(new MutableObject<>(new ConstantExpression(new AsterixConstantValue(arg))));
        }
        return new ScalarFunctionCallExpression(INFO, args);
    }

    static KnnSearchCall of(AbstractFunctionCallExpression call) throws AlgebricksException {
        List<Mutable<ILogicalExpression>> args = call.getArguments();
        return new KnnSearchCall(DataverseName.createFromCanonicalForm(string(args.get(0))), string(args.get(1)),
                string(args.get(2)), ((ADouble) constant(args.get(3))).getDoubleValue(),
                ((ADouble) constant(args.get(4))).getDoubleValue(), ((AInt32) constant(args.get(5))).getIntegerValue());
    }

    private static String string(Mutable<ILogicalExpression> arg) {
        return ((AString) constant(arg)).getStringValue();
    }

    private static IAObject constant(Mutable<ILogicalExpression> arg) {
        return ((AsterixConstantValue) ((ConstantExpression) arg.getValue()).getValue()).getObject();
    }
}
