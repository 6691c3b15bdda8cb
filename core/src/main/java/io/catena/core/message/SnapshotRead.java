package io.catena.core.message;

import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import java.util.List;

/**
 * Coordinator to chain server for a read-only transaction. With {@code at} null: report the
 * newest version at which these rows are stable here (and read them there); with {@code at}
 * set: read them at that version.
 */
public record SnapshotRead(long queryId, List<RowKey> keys, Version at) implements Message {
    public SnapshotRead {
        keys = List.copyOf(keys);
    }

    @Override
    public MessageType type() {
        return MessageType.SNAPSHOT_READ;
    }
}
