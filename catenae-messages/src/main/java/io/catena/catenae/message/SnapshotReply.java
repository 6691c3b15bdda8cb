package io.catena.catenae.message;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Version;
import java.util.List;

/**
 * Chain server to coordinator: what a {@link SnapshotRead} read at {@code version}, or nothing
 * with {@code version} null when the read is older than the history kept (retry with a newer
 * snapshot). {@code rows} holds one result per row of the read's keys, as asked, then every
 * existing row of each of its partitions, partitions as asked and rows in clustering-key order.
 */
public record SnapshotReply(long queryId, int server, Version version, List<ReadResult> rows) implements CatenaMessage {
    public SnapshotReply {
        rows = List.copyOf(rows);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.SNAPSHOT_REPLY;
    }
}
