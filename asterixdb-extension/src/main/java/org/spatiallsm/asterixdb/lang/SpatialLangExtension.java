package org.spatiallsm.asterixdb.lang;


import java.util.ArrayList;
import java.util.List;

import org.apache.asterix.algebra.base.ILangExtension;
import org.apache.asterix.common.dataflow.ICcApplicationContext;
import org.apache.asterix.compiler.provider.DefaultRuleSetFactory;
import org.apache.asterix.compiler.provider.ILangCompilationProvider;
import org.apache.asterix.compiler.provider.IRuleSetFactory;
import org.apache.asterix.compiler.provider.SqlppCompilationProvider;
import org.apache.asterix.lang.common.base.IParserFactory;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.algebricks.common.utils.Pair;
import org.apache.hyracks.algebricks.compiler.rewriter.rulecontrollers.SequentialOnceRuleController;
import org.apache.hyracks.algebricks.core.rewriter.base.AbstractRuleController;
import org.apache.hyracks.algebricks.core.rewriter.base.IAlgebraicRewriteRule;
import org.spatiallsm.asterixdb.app.SpatialLsmExtension;
import org.spatiallsm.asterixdb.knn.KnnIndexRule;
import org.spatiallsm.asterixdb.knn.KnnJoinRule;
import org.spatiallsm.sqlpp.SpatialSqlppParserFactory;

/**
 * Makes SQL++ on the CC and the NCs use spatial-lsm's parser, and adds spatial-lsm's optimizer rules (kNN queries
 * through an R-tree index, {@link KnnIndexRule}, and kNN joins, {@link KnnJoinRule}) to AsterixDB's.
 */
public class SpatialLangExtension extends SpatialLsmExtension implements ILangExtension {

    public SpatialLangExtension() {
        super("spatial-lsm-sqlpp");
    }

    @Override
    public ILangCompilationProvider getLangCompilationProvider(Language language) {
        return language == Language.SQLPP ? new SpatialSqlppCompilationProvider() : null;
    }

    private static final class SpatialSqlppCompilationProvider extends SqlppCompilationProvider {
        @Override
        public IParserFactory getParserFactory() {
            return new SpatialSqlppParserFactory();
        }

        @Override
        public IRuleSetFactory getRuleSetFactory() {
            return new SpatialRuleSetFactory();
        }
    }

    /**
     * AsterixDB's rules, then the kNN rewrite once at the end of the logical rewrites: the plan is final there
     * (access methods chosen, assignments in place) and still logical, so the rewrite's unnest-maps get their
     * physical operators, exchanges and top-k sort with the rest of the plan.
     */
    private static final class SpatialRuleSetFactory extends DefaultRuleSetFactory {
        @Override
        public List<Pair<AbstractRuleController, List<IAlgebraicRewriteRule>>> getLogicalRewrites(
                ICcApplicationContext appCtx) throws AlgebricksException {
            List<Pair<AbstractRuleController, List<IAlgebraicRewriteRule>>> rewrites =
                    new ArrayList<>(super.getLogicalRewrites(appCtx));
            rewrites.add(new Pair<>(new SequentialOnceRuleController(true), List.of(new KnnIndexRule(),
                    new KnnJoinRule())));
            return rewrites;
        }
    }
}
