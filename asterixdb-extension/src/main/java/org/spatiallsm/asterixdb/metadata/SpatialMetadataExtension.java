package org.spatiallsm.asterixdb.metadata;

import java.rmi.RemoteException;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

import org.apache.asterix.common.dataflow.ICcApplicationContext;
import org.apache.asterix.metadata.MetadataManager;
import org.apache.asterix.metadata.MetadataTransactionContext;
import org.apache.asterix.metadata.api.ExtensionMetadataDataset;
import org.apache.asterix.metadata.api.IMetadataExtension;
import org.apache.asterix.metadata.entities.CompactionPolicy;
import org.apache.asterix.metadata.entitytupletranslators.MetadataTupleTranslatorProvider;
import org.apache.asterix.metadata.utils.MetadataConstants;
import org.apache.hyracks.algebricks.core.algebra.metadata.IMetadataProvider;
import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.spatiallsm.asterixdb.app.SpatialLsmExtension;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies;

/**
 * Makes spatial-lsm known to AsterixDB's metadata: our merge policies (DDL resolves a policy name through
 * {@code Metadata.CompactionPolicy}, and there is no DDL to add rows there) and the {@code SpatialLsm.IndexStorage}
 * view, both installed when the metadata node boots.
 */
public class SpatialMetadataExtension extends SpatialLsmExtension implements IMetadataExtension {

    public SpatialMetadataExtension() {
        super("spatial-lsm-metadata");
    }

    /** Hands out {@link SpatialDataset}s, through which indexes get their own storage options. */
    @Override
    public Function<ICcApplicationContext, IMetadataProvider<?, ?>> getMetadataProviderFactory() {
        return SpatialMetadataProvider::new;
    }

    @Override
    public MetadataTupleTranslatorProvider getMetadataTupleTranslatorProvider() {
        return null;
    }

    @Override
    public List<ExtensionMetadataDataset> getExtensionIndexes() {
        return Collections.emptyList();
    }

    /** Runs at every boot of the metadata node, so only rows that are missing are added. */
    @Override
    public void initializeMetadata(INCServiceContext ctx) throws HyracksDataException, RemoteException {
        MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
        try {
            for (EngineMergePolicies.Registration policy : EngineMergePolicies.ALL) {
                if (MetadataManager.INSTANCE.getCompactionPolicy(tx, MetadataConstants.METADATA_DATAVERSE_NAME,
                        policy.policyName()) == null) {
                    MetadataManager.INSTANCE.addCompactionPolicy(tx,
                            new CompactionPolicy(MetadataConstants.METADATA_DATAVERSE_NAME, policy.policyName(),
                                    policy.factoryClass().getName()));
                }
            }
            IndexStorageView.install(tx);
            MetadataManager.INSTANCE.commitTransaction(tx);
        } catch (Exception e) {
            MetadataManager.INSTANCE.abortTransaction(tx);
            throw HyracksDataException.create(e);
        }
    }
}
