package io.catena.server.region;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import java.util.List;
import java.util.Map;

/**
 * Rows a cluster starts with, written straight into a region's store below every epoch's
 * versions, identically in every region, as if a transaction before time had written them. This is
 * how benchmarks and the demo load their data without running it through the protocol.
 */
public final class InitialRows {

    /** The version every initial row carries: epoch 0, which no transaction can have. */
    public static final Version VERSION = Version.of(0, 1);

    private InitialRows() {
    }

    public static void load(StorageEngine store, Map<ChainKey, List<RowWrite>> rows) {
        rows.forEach((key, writes) -> store.apply(key, VERSION, writes).toCompletableFuture().join());
    }
}
