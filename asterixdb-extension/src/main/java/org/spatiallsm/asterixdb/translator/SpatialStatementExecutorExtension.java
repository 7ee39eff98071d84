package org.spatiallsm.asterixdb.translator;

import java.util.concurrent.ExecutorService;

import org.apache.asterix.app.cc.IStatementExecutorExtension;
import org.apache.asterix.translator.IStatementExecutorFactory;
import org.spatiallsm.asterixdb.app.SpatialLsmExtension;

/** Installs {@link SpatialQueryTranslator} as the CC's statement executor. */
public class SpatialStatementExecutorExtension extends SpatialLsmExtension implements IStatementExecutorExtension {

    public SpatialStatementExecutorExtension() {
        super("spatial-lsm-statements");
    }

    /** Only for callers of the deprecated API; AsterixDB 0.9.8 itself calls the overload with an executor. */
    @Override
    public IStatementExecutorFactory getQueryTranslatorFactory() {
        throw new UnsupportedOperationException("use getStatementExecutorFactory(ExecutorService)");
    }

    @Override
    public IStatementExecutorFactory getStatementExecutorFactory(ExecutorService executorService) {
        return (appCtx, statements, output, compilationProvider, storageComponentProvider,
                responsePrinter) -> new SpatialQueryTranslator(appCtx, statements, output, compilationProvider,
                        executorService, responsePrinter);
    }
}
