package io.catena.catenae.message;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import java.util.List;

/**
 * Coordinator to chain server for a read-only transaction. With {@code at} null: report the
 * newest version at which these rows and partitions are stable here (and read them there); with
 * {@code at} set: read them at that version. A partition is stable where its chain key is, so
 * reading every row of it at that version is as consistent as reading one.
 *
 * <p>{@code partitions} comes last because it was added last: on the wire it is left out when
 * empty, so a read of rows alone is encoded as before it existed.
 */
public record SnapshotRead(long queryId, List<RowKey> keys, Version at, List<ChainKey> partitions)
        implements CatenaMessage {

    public SnapshotRead {
        keys = List.copyOf(keys);
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }

    /** A read of rows only. */
    public SnapshotRead(long queryId, List<RowKey> keys, Version at) {
        this(queryId, keys, at, List.of());
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.SNAPSHOT_READ;
    }
}
