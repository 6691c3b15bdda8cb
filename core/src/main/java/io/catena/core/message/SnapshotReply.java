package io.catena.core.message;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Version;
import java.util.List;

/** Chain server to coordinator: the rows read at {@code version}. */
public record SnapshotReply(long queryId, int server, Version version, List<ReadResult> rows) implements Message {
    public SnapshotReply {
        rows = List.copyOf(rows);
    }

    @Override
    public MessageType type() {
        return MessageType.SNAPSHOT_REPLY;
    }
}
