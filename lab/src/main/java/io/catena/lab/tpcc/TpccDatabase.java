package io.catena.lab.tpcc;

import io.catena.client.Connection;
import io.catena.client.InvalidTransactionException;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.lab.demo.RunDatabase;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.check.ConsistencyChecker;
import io.catena.tpcc.procedure.TpccProcedures;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

/**
 * A TPC-C database at a scale, loaded with a seed ({@code catena region --preload tpcc:...} loads
 * the same), and TPC-C's transactions as procedures.
 */
final class TpccDatabase implements RunDatabase {

    private final TpccScale scale;
    private final long seed;

    TpccDatabase(TpccScale scale, long seed) {
        this.scale = scale;
        this.seed = seed;
    }

    @Override
    public Map<ChainKey, List<RowWrite>> rows() {
        return new TpccPreload(scale, seed).rows();
    }

    @Override
    public ProcedureRegistry procedures() {
        return TpccProcedures.registry();
    }

    /**
     * Fails before any terminal runs unless the region holds a TPC-C database at this scale and
     * can answer a read of a whole district, as the check afterwards needs.
     */
    @Override
    public void verify(Connection connection, String region) {
        SnapshotPartitions source = new SnapshotPartitions(connection, Version.ZERO);
        try {
            source.read(TpccSchema.district(1, 1)).toCompletableFuture().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof InvalidTransactionException tooLarge) {
                // Answers are bounded by the cluster's frame bound; a district of 3,000 customers'
                // orders is estimated at about 10 MB, over the default 8 MiB.
                throw new IllegalStateException("region " + region + " cannot answer a read of a whole district at "
                        + "this scale (" + tooLarge.getMessage() + "); set protocol.maxEpochMessageBytes: 16MiB in "
                        + "every region's file, or load fewer customers per district (--preload "
                        + "tpcc:customers=1000 and --customers 1000)", e);
            }
            throw e;
        }
        try {
            new ConsistencyChecker(source, scale, 1).verifyLayout();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("region " + region + " does not hold this run's TPC-C database ("
                    + e.getMessage() + "); start every region with --preload tpcc:warehouses="
                    + scale.warehouses() + ",customers=" + scale.customersPerDistrict() + ",items="
                    + scale.items() + ", or run with the scale it was loaded with", e);
        }
    }
}
