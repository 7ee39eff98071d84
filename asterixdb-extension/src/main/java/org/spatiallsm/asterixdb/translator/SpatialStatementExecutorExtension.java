package org.spatiallsm.asterixdb.translator;

import java.util.List;
import java.util.concurrent.ExecutorService;

import org.apache.asterix.app.cc.IStatementExecutorExtension;
import org.apache.asterix.common.api.ExtensionId;
import org.apache.asterix.translator.IStatementExecutorFactory;
import org.apache.hyracks.algebricks.common.utils.Pair;

/** Installs {@link SpatialQueryTranslator} as the CC's statement executor. */
public class SpatialStatementExecutorExtension implements IStatementExecutorExtension {

    public static final ExtensionId ID = new ExtensionId("spatial-lsm-statements", 1);

    @Override
    public ExtensionId getId() {
        return ID;
    }

    @Override
    public void configure(List<Pair<String, String>> args) {
        // 0.9.8 always passes an empty list; nothing to configure.
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
