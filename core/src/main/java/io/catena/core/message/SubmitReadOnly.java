package io.catena.core.message;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import java.util.List;

/**
 * Client to coordinator: read these rows and these whole partitions from one consistent committed
 * snapshot of this region. {@code minVersion} (e.g. the version of the client's last commit)
 * makes the read wait until the snapshot includes it; {@link Version#ZERO} means any snapshot.
 *
 * <p>The answer is a {@link TxnReply} whose reads are, in this order: one result per row of
 * {@code keys}, as asked (null row: absent), then every existing row of each partition of
 * {@code partitions}, partitions as asked and rows in clustering-key order. Its length is
 * therefore known only from the keys; a partition's rows are the results naming its chain key.
 *
 * <p>{@code partitions} comes last because it was added last: on the wire it is left out when
 * empty, so a read of rows alone is encoded as before it existed.
 */
public record SubmitReadOnly(RequestId request, List<RowKey> keys, Version minVersion, List<ChainKey> partitions)
        implements Message {

    public SubmitReadOnly {
        keys = List.copyOf(keys);
        if (minVersion == null) {
            minVersion = Version.ZERO;
        }
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }

    /** A read of rows only. */
    public SubmitReadOnly(RequestId request, List<RowKey> keys, Version minVersion) {
        this(request, keys, minVersion, List.of());
    }

    @Override
    public MessageType type() {
        return MessageType.SUBMIT_READ_ONLY;
    }
}
